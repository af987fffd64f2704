/**
 * What Vue Query infers from the generated options, checked by the compiler against the real
 * @tanstack/vue-query types (`frameworks.test.ts` compiles this file; `vue-browser.test.ts` runs
 * the same calls in Chromium). Vue Query answers refs, read as `.value`, and takes the options
 * as a computed or a getter when an argument is reactive. Nothing here runs: the composables
 * are only called for their types. Each `@ts-expect-error` is a line that must not compile.
 */
import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/vue-query';
import { computed, ref } from 'vue';
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
  const user = useQuery(usersRetrieveQueryOptions(client, 'user-1'));
  expectTypeOf(user.data.value).toEqualTypeOf<User | undefined>();
  expectTypeOf(user.error.value).toEqualTypeOf<UsersRetrieveError | null>();

  // A reactive argument: the options as a computed, or a getter, follow the ref.
  const userId = ref('user-1');
  const followed = useQuery(computed(() => usersRetrieveQueryOptions(client, userId.value)));
  expectTypeOf(followed.data.value).toEqualTypeOf<User | undefined>();
  expectTypeOf(followed.error.value).toEqualTypeOf<UsersRetrieveError | null>();
  const got = useQuery(() => usersRetrieveQueryOptions(client, userId.value));
  expectTypeOf(got.data.value).toEqualTypeOf<User | undefined>();

  const users = useQuery(usersListQueryOptions(client, { page_size: 5 }));
  expectTypeOf(users.data.value).toEqualTypeOf<Page<User> | undefined>();
  expectTypeOf(users.error.value).toEqualTypeOf<UsersListError | null>();
}

export function infinite(): void {
  const around = { latitude: 52.52, longitude: 13.405, distance: 3000, page_size: 5 };
  const stations = useInfiniteQuery(stationsAroundInfiniteQueryOptions(client, around));
  expectTypeOf(stations.data.value).toEqualTypeOf<InfiniteData<Page<Station>> | undefined>();
  expectTypeOf(stations.data.value!.pages).toEqualTypeOf<Page<Station>[]>();
  expectTypeOf(stations.error.value).toEqualTypeOf<StationsAroundError | null>();
  expectTypeOf(stations.hasNextPage.value).toEqualTypeOf<boolean>();
}

export function mutations(): void {
  const start = useMutation(usersChargingStartMutationOptions(client));
  expectTypeOf(start.data.value).toEqualTypeOf<ChargingSession | undefined>();
  expectTypeOf(start.error.value).toEqualTypeOf<UsersChargingStartError | null>();
  expectTypeOf(start.variables.value).toEqualTypeOf<UsersChargingStartVariables | undefined>();
  start.mutate({ userId: 'u', body: { evse_id: 'DE*ABC*E1', payment_method_id: 'pm_1' } });
  // @ts-expect-error the body is required
  start.mutate({ userId: 'u' });

  const create = useMutation(usersCreateMutationOptions(client));
  expectTypeOf(create.mutate).parameter(0).toEqualTypeOf<UsersCreateVariables>();
  expectTypeOf(create.data.value).toEqualTypeOf<User | undefined>();
}

export function errors(): void {
  const start = useMutation(usersChargingStartMutationOptions(client));
  start.error.value?.is?.('already_charging');
  // @ts-expect-error starting never answers `already_stopped`
  start.error.value?.is?.('already_stopped');
  const user = useQuery(usersRetrieveQueryOptions(client, 'user-1'));
  // @ts-expect-error a user lookup declares no error type
  user.error.value?.is?.('validation_error');
}
