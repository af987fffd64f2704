/**
 * What Svelte Query 6 infers from the generated options, checked by the compiler against the
 * real @tanstack/svelte-query types (`frameworks.test.ts` compiles this file). Svelte 5 Query
 * takes the options as an accessor, `createQuery(() => options)`, read again when the runes
 * state it reads changes; the result is a reactive object read as `query.data`. Nothing here
 * runs (a `.ts` file has no runes): the functions are only called for their types. Each
 * `@ts-expect-error` is a line that must not compile.
 */
import {
  createInfiniteQuery,
  createMutation,
  createQuery,
  type InfiniteData,
} from '@tanstack/svelte-query';
import { expectTypeOf } from 'vitest';
import type {
  ChargingSession,
  ConnectClient,
  Page,
  Station,
  User,
} from '../../../generated/src/index.js';
import {
  stationsAroundInfiniteQueryOptions,
  usersChargingStartMutationOptions,
  usersCreateMutationOptions,
  usersListQueryOptions,
  usersRetrieveQueryOptions,
  type StationsAroundError,
  type UsersChargingStartError,
  type UsersChargingStartVariables,
  type UsersCreateVariables,
  type UsersListError,
  type UsersRetrieveError,
} from '../../../generated/src/query.js';

declare const client: ConnectClient;
/** A component's prop, as `let { userId } = $props()` would give it. */
declare const props: { userId: string };

export function queries(): void {
  // Read inside the accessor, the prop is tracked: a new id refetches.
  const user = createQuery(() => usersRetrieveQueryOptions(client, props.userId));
  expectTypeOf(user.data).toEqualTypeOf<User | undefined>();
  expectTypeOf(user.error).toEqualTypeOf<UsersRetrieveError | null>();

  const users = createQuery(() => usersListQueryOptions(client, { page_size: 5 }));
  expectTypeOf(users.data).toEqualTypeOf<Page<User> | undefined>();
  expectTypeOf(users.error).toEqualTypeOf<UsersListError | null>();
}

export function infinite(): void {
  const around = { latitude: 52.52, longitude: 13.405, distance: 3000, page_size: 5 };
  const stations = createInfiniteQuery(() => stationsAroundInfiniteQueryOptions(client, around));
  expectTypeOf(stations.data).toEqualTypeOf<InfiniteData<Page<Station>> | undefined>();
  expectTypeOf(stations.data!.pages).toEqualTypeOf<Page<Station>[]>();
  expectTypeOf(stations.error).toEqualTypeOf<StationsAroundError | null>();
  expectTypeOf(stations.hasNextPage).toEqualTypeOf<boolean>();
}

export function mutations(): void {
  const start = createMutation(() => usersChargingStartMutationOptions(client));
  expectTypeOf(start.data).toEqualTypeOf<ChargingSession | undefined>();
  expectTypeOf(start.error).toEqualTypeOf<UsersChargingStartError | null>();
  expectTypeOf(start.variables).toEqualTypeOf<UsersChargingStartVariables | undefined>();
  start.mutate({ userId: 'u', body: { evse_id: 'DE*ABC*E1', payment_method_id: 'pm_1' } });
  // @ts-expect-error the body is required
  start.mutate({ userId: 'u' });

  const create = createMutation(() => usersCreateMutationOptions(client));
  expectTypeOf(create.mutate).parameter(0).toEqualTypeOf<UsersCreateVariables>();
  expectTypeOf(create.data).toEqualTypeOf<User | undefined>();
}

export function errors(): void {
  const start = createMutation(() => usersChargingStartMutationOptions(client));
  start.error?.is?.('already_charging');
  // @ts-expect-error starting never answers `already_stopped`
  start.error?.is?.('already_stopped');
  const user = createQuery(() => usersRetrieveQueryOptions(client, 'user-1'));
  // @ts-expect-error a user lookup declares no error type
  user.error?.is?.('validation_error');
}
