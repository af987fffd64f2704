/**
 * The types of the query client's functions, named and shaped as openapi-react-query's, so a
 * project that annotates with them keeps compiling after switching its import.
 */
import type {
  InfiniteData,
  QueryClient,
  SkipToken,
  UseInfiniteQueryOptions,
  UseInfiniteQueryResult,
  UseMutationOptions,
  UseMutationResult,
  UseQueryOptions,
  UseQueryResult,
  UseSuspenseQueryOptions,
  UseSuspenseQueryResult,
} from '@tanstack/react-query';
import type {
  FilterKeys,
  HttpMethod,
  MediaType,
  PathsWithMethod,
  RequiredKeysOf,
} from '../fetch/helpers.js';
import type { FetchResponse as CallResponse, MaybeOptionalInit } from '../fetch/types.js';

/*
 * The hooks take any `paths` type, an interface too (openapi-typescript writes one), where
 * the `./fetch` entry's types want an operation object and a method known to be the path's
 * own; these two say so for them.
 */

/** A call's init for the operation at `Path` and `Method`, as the `./fetch` client takes it. */
type InitOf<Paths, Path extends keyof Paths, Method extends HttpMethod> = MaybeOptionalInit<
  Paths[Path],
  Method & keyof Paths[Path]
>;

/** What a call to the operation resolves to, as the `./fetch` client gives it. */
type FetchResponse<Operation, Init, Media extends MediaType> =
  Operation extends Record<string | number, any> ? CallResponse<Operation, Init, Media> : never;

/** What `select` makes of the data, or the data itself when there is no `select`. */
type Selected<Data, Select> = Select extends (data: Data) => infer Result ? Result : Data;

/** An init may carry keys the operation does not declare (fetch's own, a custom fetch's). */
type OpenInit<Init> = Init & { [key: string]: unknown };

/** The arguments after the path: the init first, required when the operation requires some of it. */
type InitThen<Init, Rest extends unknown[]> =
  RequiredKeysOf<Init> extends never ? [OpenInit<Init>?, ...Rest] : [OpenInit<Init>, ...Rest];

/** A call's `{ data, error }` for one operation, every member present. */
type Outcome<
  Paths extends {},
  Method extends HttpMethod,
  Path extends keyof Paths,
  Init,
  Media extends MediaType,
> = Required<FetchResponse<FilterKeys<Paths[Path], Method>, Init, Media>>;

/** A query's key: the method, the path, and the init when one was given. */
export type QueryKey<
  Paths extends {},
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init = InitOf<Paths, Path, Method>,
> = Init extends undefined ? readonly [Method, Path] : readonly [Method, Path, Init];

type QueryOptionsOf<
  Result extends { data: unknown; error: unknown },
  Select,
  Key extends readonly unknown[],
> = UseQueryOptions<Result['data'], Result['error'], Selected<Result['data'], Select>, Key>;

export type QueryOptionsFunction<Paths extends {}, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends InitOf<Paths, Path, Method>,
  Result extends Outcome<Paths, Method, Path, Init, Media>,
  Options extends Omit<
    QueryOptionsOf<Result, Options['select'], QueryKey<Paths, Method, Path>>,
    'queryKey' | 'queryFn'
  >,
>(
  method: Method,
  path: Path,
  ...[init, options]: InitThen<Init, [Options?]>
) => NoInfer<
  Omit<QueryOptionsOf<Result, Options['select'], QueryKey<Paths, Method, Path>>, 'queryFn'> & {
    // Always a function here, so `fetchQuery` and `useQueries` accept the options as they are.
    queryFn: Exclude<
      QueryOptionsOf<Result, Options['select'], QueryKey<Paths, Method, Path>>['queryFn'],
      SkipToken | undefined
    >;
  }
>;

/**
 * What `useQuery` and `useSuspenseQuery` differ in: the options they take and the result they
 * give, looked up by `Kind` so that one signature serves both.
 */
interface QueryHookTypes<Data, Error, Select, Key extends readonly unknown[]> {
  query: {
    options: UseQueryOptions<Data, Error, Selected<Data, Select>, Key>;
    result: UseQueryResult<Selected<Data, Select>, Error>;
  };
  suspense: {
    options: UseSuspenseQueryOptions<Data, Error, Selected<Data, Select>, Key>;
    result: UseSuspenseQueryResult<Selected<Data, Select>, Error>;
  };
}

/** A query hook: the method, the path, the init the client takes, then options and a QueryClient. */
type QueryHook<
  Paths extends {},
  Media extends MediaType,
  Kind extends keyof QueryHookTypes<0, 0, 0, []>,
> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends InitOf<Paths, Path, Method>,
  Result extends Outcome<Paths, Method, Path, Init, Media>,
  Options extends Omit<
    QueryHookTypes<
      Result['data'],
      Result['error'],
      Options['select'],
      QueryKey<Paths, Method, Path>
    >[Kind]['options'],
    'queryKey' | 'queryFn'
  > & { select?: unknown },
>(
  method: Method,
  url: Path,
  ...[init, options, queryClient]: InitThen<Init, [Options?, QueryClient?]>
) => QueryHookTypes<Result['data'], Result['error'], Options['select'], []>[Kind]['result'];

export type UseQueryMethod<Paths extends {}, Media extends MediaType> = QueryHook<
  Paths,
  Media,
  'query'
>;

export type UseSuspenseQueryMethod<Paths extends {}, Media extends MediaType> = QueryHook<
  Paths,
  Media,
  'suspense'
>;

export type UseInfiniteQueryMethod<Paths extends {}, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends InitOf<Paths, Path, Method>,
  Result extends Outcome<Paths, Method, Path, Init, Media>,
  Options extends Omit<
    UseInfiniteQueryOptions<
      Result['data'],
      Result['error'],
      Selected<InfiniteData<Result['data']>, Options['select']>,
      QueryKey<Paths, Method, Path>,
      unknown
    >,
    'queryKey' | 'queryFn'
  > & {
    /** The query parameter the page goes in; `cursor` unless named. */
    pageParamName?: string;
  },
>(
  method: Method,
  url: Path,
  init: OpenInit<Init>,
  options: Options,
  queryClient?: QueryClient,
) => UseInfiniteQueryResult<
  Selected<InfiniteData<Result['data']>, Options['select']>,
  Result['error']
>;

export type UseMutationMethod<Paths extends {}, Media extends MediaType> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends InitOf<Paths, Path, Method>,
  Result extends Outcome<Paths, Method, Path, Init, Media>,
  TOnMutateResult = unknown,
>(
  method: Method,
  url: Path,
  options?: Omit<
    UseMutationOptions<Result['data'], Result['error'], Init, TOnMutateResult>,
    'mutationKey' | 'mutationFn'
  >,
  queryClient?: QueryClient,
) => UseMutationResult<Result['data'], Result['error'], Init, TOnMutateResult>;

/** What `createClient` returns. */
export interface OpenapiQueryClient<Paths extends {}, Media extends MediaType = MediaType> {
  queryOptions: QueryOptionsFunction<Paths, Media>;
  useQuery: UseQueryMethod<Paths, Media>;
  useSuspenseQuery: UseSuspenseQueryMethod<Paths, Media>;
  useInfiniteQuery: UseInfiniteQueryMethod<Paths, Media>;
  useMutation: UseMutationMethod<Paths, Media>;
}

/** The success body of one operation, for the client `createClient` made. */
export type MethodResponse<
  CreatedClient extends OpenapiQueryClient<any, any>,
  Method extends HttpMethod,
  Path extends (CreatedClient extends OpenapiQueryClient<infer Paths, infer _Media>
    ? PathsWithMethod<Paths, Method>
    : never),
  Options = object,
> =
  CreatedClient extends OpenapiQueryClient<
    infer Paths extends { [key: string]: any },
    infer Media extends MediaType
  >
    ? NonNullable<FetchResponse<FilterKeys<Paths[Path], Method>, Options, Media>['data']>
    : never;
