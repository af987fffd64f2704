/**
 * What Solid Query infers from the generated options, checked by the compiler against the real
 * @tanstack/solid-query types (`frameworks.test.ts` compiles this file). Solid takes the
 * options as an accessor, `useQuery(() => options)`, read again when the signals it reads
 * change. Nothing here runs: the primitives are only called for their types. Each
 * `@ts-expect-error` is a line that must not compile.
 */
import {
  createInfiniteQuery,
  createMutation,
  createQuery,
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
} from '@tanstack/solid-query';
import { createSignal } from 'solid-js';
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

export function queries(): void {
  const user = useQuery(() => usersRetrieveQueryOptions(client, 'user-1'));
  expectTypeOf(user.data).toEqualTypeOf<User | undefined>();
  expectTypeOf(user.error).toEqualTypeOf<UsersRetrieveError | null>();

  // The accessor is how an argument reacts: a signal read inside it refetches on change.
  const [userId] = createSignal('user-1');
  const followed = createQuery(() => usersRetrieveQueryOptions(client, userId()));
  expectTypeOf(followed.data).toEqualTypeOf<User | undefined>();

  const users = createQuery(() => usersListQueryOptions(client, { page_size: 5 }));
  expectTypeOf(users.data).toEqualTypeOf<Page<User> | undefined>();
  expectTypeOf(users.error).toEqualTypeOf<UsersListError | null>();
}

export function infinite(): void {
  const around = { latitude: 52.52, longitude: 13.405, distance: 3000, page_size: 5 };
  const stations = useInfiniteQuery(() => stationsAroundInfiniteQueryOptions(client, around));
  expectTypeOf(stations.data).toEqualTypeOf<InfiniteData<Page<Station>> | undefined>();
  expectTypeOf(stations.data!.pages).toEqualTypeOf<Page<Station>[]>();
  expectTypeOf(stations.error).toEqualTypeOf<StationsAroundError | null>();
  expectTypeOf(
    createInfiniteQuery(() => stationsAroundInfiniteQueryOptions(client, around)).hasNextPage,
  ).toEqualTypeOf<boolean>();
}

export function mutations(): void {
  const start = useMutation(() => usersChargingStartMutationOptions(client));
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
  const start = useMutation(() => usersChargingStartMutationOptions(client));
  start.error?.is?.('already_charging');
  // @ts-expect-error starting never answers `already_stopped`
  start.error?.is?.('already_stopped');
  const user = useQuery(() => usersRetrieveQueryOptions(client, 'user-1'));
  // @ts-expect-error a user lookup declares no error type
  user.error?.is?.('validation_error');
}
