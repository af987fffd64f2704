/**
 * What TanStack Query infers from the generated options, checked by the compiler against the
 * real @tanstack/react-query and @tanstack/query-core types (`types.test.ts` compiles this file
 * with skipLibCheck off; the repo's tsc checks it too). Nothing here runs: the hooks are only
 * called for their types. Each `@ts-expect-error` is a line that must not compile.
 */
import {
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useSuspenseQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import {
  ApiError,
  ConflictError,
  createConnectCore,
  SdkError,
  type ChargingSession,
  type ConnectClient,
  type Page,
  type User,
} from '../../../generated/src/index.js';
import {
  connectApiQueryKey,
  usersChargingSessionsListQueryKey,
  usersChargingStartMutationOptions,
  usersCreateMutationOptions,
  usersDeleteMutationOptions,
  usersListInfiniteQueryKey,
  usersListInfiniteQueryOptions,
  usersListQueryKey,
  usersRetrieveQueryKey,
  usersRetrieveQueryOptions,
  type UsersChargingStartError,
  type UsersChargingStartVariables,
  type UsersChargingStopError,
  type UsersCreateError,
  type UsersCreateVariables,
  type UsersListError,
  type UsersRetrieveError,
  type StationsAroundError,
  type UsersBillingDetailsUpdateError,
} from '../../../generated/src/query.js';
import * as query from '../../../generated/src/query.js';

declare const client: ConnectClient;
const core = createConnectCore({ token: 'token' });

export function queries(): void {
  // A read: the data is the operation's result, the error its own error type.
  const user = useQuery(usersRetrieveQueryOptions(client, 'user-1'));
  expectTypeOf(user.data).toEqualTypeOf<User | undefined>();
  expectTypeOf(user.error).toEqualTypeOf<UsersRetrieveError | null>();
  expectTypeOf(
    useSuspenseQuery(usersRetrieveQueryOptions(core, 'user-1')).data,
  ).toEqualTypeOf<User>();

  // TanStack's `queryOptions()` over ours tags the key, so the cache reads back typed.
  const tagged = queryOptions(usersRetrieveQueryOptions(client, 'user-1'));
  const queryClient = new QueryClient();
  expectTypeOf(queryClient.getQueryData(tagged.queryKey)).toEqualTypeOf<User | undefined>();
  expectTypeOf(queryClient.fetchQuery(usersRetrieveQueryOptions(client, 'u'))).toEqualTypeOf<
    Promise<User>
  >();

  // Keys: the root, the path, the query last; no page number in an infinite key.
  expectTypeOf(usersRetrieveQueryKey('u')).toEqualTypeOf<
    readonly ['connect-api', 'users', string, {}]
  >();
  expectTypeOf(usersListQueryKey({ page: 2 })[0]).toEqualTypeOf<'connect-api'>();
  expectTypeOf(connectApiQueryKey).toEqualTypeOf<readonly ['connect-api']>();
  // @ts-expect-error the page is the infinite query's data, not part of its key
  usersListInfiniteQueryKey({ page: 2 });
  usersListInfiniteQueryKey({ search: 'flo', page_size: 20 });
}

export function infinite(): void {
  const users = useInfiniteQuery(usersListInfiniteQueryOptions(client, { page_size: 20 }));
  // TanStack's hook types its data's page parameters `unknown`; the client's fetch keeps ours.
  expectTypeOf(users.data).toEqualTypeOf<InfiniteData<Page<User>> | undefined>();
  expectTypeOf(users.error).toEqualTypeOf<UsersListError | null>();
  expectTypeOf(users.fetchNextPage).returns.resolves.toHaveProperty('data');

  const options = usersListInfiniteQueryOptions(core);
  expectTypeOf(options.initialPageParam).toEqualTypeOf<number | null>();
  expectTypeOf(options.getNextPageParam).returns.toEqualTypeOf<number | undefined>();
  expectTypeOf(new QueryClient().fetchInfiniteQuery(options)).toEqualTypeOf<
    Promise<InfiniteData<Page<User>, number | null>>
  >();
  const observer = new InfiniteQueryObserver(new QueryClient(), options);
  expectTypeOf(observer.getCurrentResult().error).toEqualTypeOf<UsersListError | null>();
}

export function mutations(): void {
  const start = useMutation(usersChargingStartMutationOptions(client));
  expectTypeOf(start.data).toEqualTypeOf<ChargingSession | undefined>();
  expectTypeOf(start.error).toEqualTypeOf<UsersChargingStartError | null>();
  expectTypeOf(start.variables).toEqualTypeOf<UsersChargingStartVariables | undefined>();
  start.mutate({ userId: 'u', body: { evse_id: 'DE*ABC*E1', payment_method_id: 'pm_1' } });
  // @ts-expect-error the body is required
  start.mutate({ userId: 'u' });

  // A deletion answers no body.
  expectTypeOf(useMutation(usersDeleteMutationOptions(core)).data).toEqualTypeOf<
    void | undefined
  >();

  // The invalidated keys can be extended from the variables, typed.
  usersChargingStartMutationOptions(client, {
    invalidates: (variables, keys) => [
      ...keys,
      usersChargingSessionsListQueryKey(variables.userId),
    ],
    request: { timeoutMs: 90_000 },
  });
  usersCreateMutationOptions(client, { invalidates: [connectApiQueryKey] });

  const observer = new MutationObserver(new QueryClient(), usersCreateMutationOptions(core));
  expectTypeOf(observer.mutate).parameter(0).toEqualTypeOf<UsersCreateVariables>();
}

export function errors(start: UsersChargingStartError, stop: UsersChargingStopError): void {
  // `is` takes only the error types the operation declares.
  start.is?.('already_charging');
  // @ts-expect-error starting never answers `already_stopped`
  start.is?.('already_stopped');
  stop.is?.('already_stopped');
  // @ts-expect-error nor does stopping answer `already_charging`
  stop.is?.('already_charging');

  // `instanceof ApiError`, the usual check, keeps the narrowing and gives the status.
  if (start instanceof ApiError) {
    expectTypeOf(start.status).toEqualTypeOf<number>();
    if (start.is('payment_error')) expectTypeOf(start.errorType).toEqualTypeOf<'payment_error'>();
    // @ts-expect-error still only the declared types
    start.is('already_stopped');
  } else {
    // Anything else the client throws: no connection, a timeout, a response not as the spec says.
    expectTypeOf(start).toMatchTypeOf<SdkError>();
    expectTypeOf(start.is).toEqualTypeOf<undefined>();
  }
  // Narrowed to a status class, `is` takes every listed type again (what remains to narrow).
  if (start instanceof ConflictError) start.is('already_stopped');
  // Everything is an SdkError, so TanStack's default `Error` takes it.
  expectTypeOf(start).toMatchTypeOf<Error>();
}

export function retrieveDeclaresNoErrorType(error: UsersRetrieveError): void {
  // @ts-expect-error a user lookup answers 403 and 404 with a detail only, no error type
  error.is?.('validation_error');
}

export function invalidInputIsAValidationError(
  create: UsersCreateError,
  around: StationsAroundError,
  billing: UsersBillingDetailsUpdateError,
): void {
  // A 400 of invalid input carries the shared error body, whose type the provider documents as
  // `validation_error`: that is the one type these operations take.
  create.is?.('validation_error');
  around.is?.('validation_error');
  billing.is?.('validation_error');
  // @ts-expect-error creating a user never answers a payment error
  create.is?.('payment_error');
  // @ts-expect-error a station search never answers `already_charging`
  around.is?.('already_charging');
  // @ts-expect-error saving billing details never answers `billing_data_required`
  billing.is?.('billing_data_required');
}

export function setupIntentIsAMutation(): void {
  // Each call mints a single-use secret: a mutation, never a cached query (`x-sdk-query: write`).
  const create = useMutation(query.usersPaymentMethodsCreateSetupIntentMutationOptions(client));
  create.mutate({ userId: 'u' });
  expectTypeOf(create.data?.setup_intent_client_secret).toEqualTypeOf<string | undefined>();
  // @ts-expect-error no query options: useQuery would cache the secret and mint one per refetch
  query.usersPaymentMethodsCreateSetupIntentQueryOptions(client, 'u');
}
