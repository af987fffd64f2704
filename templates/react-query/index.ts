/**
 * TanStack Query hooks over an openapi-fetch style client, as openapi-react-query 0.5 gives
 * them: `createClient(fetchClient)` returns `queryOptions`, `useQuery`, `useSuspenseQuery`,
 * `useInfiniteQuery` and `useMutation`, each called with a method, a path and the init the
 * client would take. Queries are keyed `[method, path, init]`, so a key prefix (`['get',
 * '/notes']`) invalidates every query of that path.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useSuspenseQuery,
  type QueryClient,
  type QueryFunctionContext,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import type { MediaType } from '../fetch/helpers.js';
import type { FetchClient } from './fetch-shape.js';
import type { OpenapiQueryClient } from './types.js';

export type * from './fetch-shape.js';
export type {
  MethodResponse,
  OpenapiQueryClient,
  QueryKey,
  QueryOptionsFunction,
  UseInfiniteQueryMethod,
  UseMutationMethod,
  UseQueryMethod,
  UseSuspenseQueryMethod,
} from './types.js';

/** Any init a call takes: params, body, fetch's own options. */
type AnyInit = {
  readonly params?: { readonly query?: Record<string, unknown> } & Record<string, unknown>;
  readonly [key: string]: unknown;
};

/** A client method as this module calls it, its path and init already checked by the hook's types. */
type CallMethod = (
  path: string,
  init?: AnyInit,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

type AnyKey = readonly [method: string, path: string, init?: AnyInit];

type InfiniteOptions = Omit<
  UseInfiniteQueryOptions<unknown, unknown, unknown, AnyKey, unknown>,
  'queryKey' | 'queryFn'
>;

/** The hooks for the operations `client` knows. */
export default function createClient<Paths extends {}, Media extends MediaType = MediaType>(
  client: FetchClient<Paths, Media>,
): OpenapiQueryClient<Paths, Media> {
  const methodOf = (method: string) =>
    (client as unknown as Record<string, CallMethod>)[method.toUpperCase()]!;

  // The error body is thrown as it is (not wrapped), so `error` in a hook's result is the
  // body the spec declares; a falsy one is not thrown, as openapi-react-query does not.
  const queryFn = async ({
    queryKey: [method, path, init],
    signal,
  }: QueryFunctionContext<AnyKey>) => {
    const { data, error, response } = await methodOf(method)(path, { signal, ...init });
    if (error) throw error;
    // TanStack refuses `undefined` as a query's data, and a bodiless answer has none.
    if (response.status === 204 || response.headers.get('Content-Length') === '0')
      return data ?? null;
    return data;
  };

  const queryOptions = (method: string, path: string, init?: AnyInit, options?: object) => ({
    // No init, no third member: `['get', '/a']` and `['get', '/a', {}]` are different keys.
    queryKey: (init === undefined ? [method, path] : [method, path, init]) as AnyKey,
    queryFn,
    ...options,
  });

  const hooks = {
    queryOptions,
    useQuery: (
      method: string,
      path: string,
      init?: AnyInit,
      options?: object,
      queryClient?: QueryClient,
    ) => useQuery(queryOptions(method, path, init, options), queryClient),
    useSuspenseQuery: (
      method: string,
      path: string,
      init?: AnyInit,
      options?: object,
      queryClient?: QueryClient,
    ) => useSuspenseQuery(queryOptions(method, path, init, options), queryClient),
    useInfiniteQuery: (
      method: string,
      path: string,
      init: AnyInit | undefined,
      { pageParamName = 'cursor', ...options }: { pageParamName?: string } & InfiniteOptions,
      queryClient?: QueryClient,
    ) =>
      useInfiniteQuery(
        {
          queryKey: queryOptions(method, path, init).queryKey,
          queryFn: async ({ queryKey: [method, path, init], pageParam = 0, signal }) => {
            // The page goes into the query, beside (and over) the init's own query parameters.
            const { data, error } = await methodOf(method)(path, {
              ...init,
              signal,
              params: {
                ...init?.params,
                query: { ...init?.params?.query, [pageParamName]: pageParam },
              },
            });
            if (error) throw error;
            return data;
          },
          ...options,
        },
        queryClient,
      ),
    useMutation: (method: string, path: string, options?: object, queryClient?: QueryClient) =>
      useMutation(
        {
          mutationKey: [method, path],
          mutationFn: async (init?: AnyInit) => {
            const { data, error } = await methodOf(method)(path, init);
            if (error) throw error;
            return data;
          },
          ...options,
        },
        queryClient,
      ),
  };
  // The implementations take their arguments loosely; the types above are what callers see.
  return hooks as unknown as OpenapiQueryClient<Paths, Media>;
}
