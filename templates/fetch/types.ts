/**
 * The client's public types, generic over an openapi-typescript `paths` type: what a call
 * takes (`FetchOptions`), what it resolves to (`FetchResponse`), middleware, and the client
 * itself. Their names and shapes are openapi-fetch's, so code written against it compiles.
 */
import type {
  ErrorResponse,
  FilterKeys,
  HttpMethod,
  IsOperationRequestBodyOptional,
  MediaType,
  OperationRequestBodyContent,
  PathsWithMethod,
  Readable,
  RequiredKeysOf,
  ResponseObjectMap,
  SuccessResponse,
  Writable,
} from './helpers.js';
import type { Validate } from './validation.js';

/**
 * Sends one request: the client's `fetch` at the bottom, and around it what an extra adds
 * (a retry loop, a timeout). Middleware runs outside it, once per call.
 */
export type Send = (request: Request) => Promise<Response>;

/**
 * One of our extras that wrap the send step (`retries(…)`, `timeout(…)`): off unless passed,
 * and only what is passed is bundled. The client hands the `timeout` slot `finished`, which
 * settles once the call is done with the response (its body read, a stream handed over, or
 * the call failed), so that a wrapper can bound the body's reading too; `retry` has no use
 * for it and is not given one.
 */
export type SendWrapper = (send: Send, finished?: Promise<void>) => Send;

/** The options of a client, and the defaults of each of its calls. */
export interface ClientOptions extends Omit<RequestInit, 'headers'> {
  /** Prefix of every request's URL; a trailing slash is dropped. */
  baseUrl?: string;
  /** The fetch to send with; `globalThis.fetch` by default. */
  fetch?: (input: Request) => Promise<Response>;
  /** The Request class to build requests with; `globalThis.Request` by default. */
  Request?: typeof Request;
  querySerializer?: QuerySerializer<unknown> | QuerySerializerOptions;
  bodySerializer?: BodySerializer<unknown>;
  pathSerializer?: PathSerializer;
  headers?: HeadersOptions;
  /** Passed to fetch as its second argument, where fetch is undici's (Node): a dispatcher, say. */
  requestInitExt?: Record<string, unknown>;
  /** Our extra, off by default: send again on failure (`retries(…)` from this entry). */
  retry?: SendWrapper;
  /**
   * Our extra, off by default: give up on an attempt that takes too long, reading its body
   * included (`timeout(…)`). A body cut off is not retried: middleware has seen its response.
   */
  timeout?: SendWrapper;
  /** Our extra, off by default: check JSON success bodies (`validation(…)`). */
  validate?: Validate;
  /**
   * Most bytes of a body the client reads itself (every `parseAs` but `stream`, and error
   * bodies), after decompression; 16 MiB by default. Past it the call rejects with a
   * `ResponseTooLargeError` and the rest is not downloaded. `Infinity` reads as openapi-fetch.
   */
  maxResponseBytes?: number;
}

/** Headers as a `Headers`, pairs or a record; in a record `null` removes a header set before. */
export type HeadersOptions =
  | Required<RequestInit>['headers']
  | Record<string, string | number | boolean | (string | number | boolean)[] | null | undefined>;

export type QuerySerializer<T> = (
  query: T extends { parameters: any }
    ? NonNullable<T['parameters']['query']>
    : Record<string, unknown>,
) => string;

/** How query arrays and objects are written (OpenAPI's `style` and `explode`). */
export type QuerySerializerOptions = {
  /** `form` and exploded by default: `?id=1&id=2`. */
  array?: { style: 'form' | 'spaceDelimited' | 'pipeDelimited'; explode: boolean };
  /** `deepObject` and exploded by default: `?filter[name]=x`. */
  object?: { style: 'form' | 'deepObject'; explode: boolean };
  /** Send `:/?#[]@!$&'()*+,;=` in values as they are instead of percent-encoded; false by default. */
  allowReserved?: boolean;
};

export type BodySerializer<T> = (body: OperationRequestBodyContent<T>) => any;

export type PathSerializer = (pathname: string, pathParams: Record<string, unknown>) => string;

type BodyType<T = unknown> = {
  json: T;
  text: Awaited<ReturnType<Response['text']>>;
  blob: Awaited<ReturnType<Response['blob']>>;
  arrayBuffer: Awaited<ReturnType<Response['arrayBuffer']>>;
  stream: Response['body'];
};

/** How a successful response's body is read; `json` by default. */
export type ParseAs = keyof BodyType;

export type ParseAsResponse<T, Options> = Options extends { parseAs: ParseAs }
  ? BodyType<T>[Options['parseAs']]
  : T;

export interface DefaultParamsOption {
  params?: { query?: Record<string, unknown> };
}

/** `params`, required when the operation has a required parameter. */
export type ParamsOption<T> = T extends { parameters: any }
  ? RequiredKeysOf<T['parameters']> extends never
    ? { params?: T['parameters'] }
    : { params: T['parameters'] }
  : DefaultParamsOption;

/** `body`, required when the operation's body is; readOnly properties cannot be sent. */
export type RequestBodyOption<T> =
  Writable<OperationRequestBodyContent<T>> extends never
    ? { body?: never }
    : IsOperationRequestBodyOptional<T> extends true
      ? { body?: Writable<OperationRequestBodyContent<T>> }
      : { body: Writable<OperationRequestBodyContent<T>> };

export type FetchOptions<T> = RequestOptions<T> & Omit<RequestInit, 'body' | 'headers'>;

/** What a call resolves to: `data` on success, `error` otherwise, and the response either way. */
export type FetchResponse<
  T extends Record<string | number, any>,
  Options,
  Media extends MediaType,
> =
  | {
      data: ParseAsResponse<Readable<SuccessResponse<ResponseObjectMap<T>, Media>>, Options>;
      error?: never;
      response: Response;
    }
  | {
      data?: never;
      error: Readable<ErrorResponse<ResponseObjectMap<T>, Media>>;
      response: Response;
    };

export type RequestOptions<T> = ParamsOption<T> &
  RequestBodyOption<T> & {
    baseUrl?: string;
    querySerializer?: QuerySerializer<T> | QuerySerializerOptions;
    bodySerializer?: BodySerializer<T>;
    pathSerializer?: PathSerializer;
    parseAs?: ParseAs;
    fetch?: ClientOptions['fetch'];
    headers?: HeadersOptions;
    middleware?: Middleware[];
    /** This call's retries, instead of the client's (`retries(…)`). */
    retry?: SendWrapper;
    /** This call's timeout, instead of the client's (`timeout(…)`). */
    timeout?: SendWrapper;
    /** This call's validation, instead of the client's (`validation(…)`). */
    validate?: Validate;
    /** This call's limit on the body it reads, instead of the client's. */
    maxResponseBytes?: number;
  };

/** The options a call ended up with, as middleware sees them. */
export type MergedOptions<T = unknown> = {
  baseUrl: string;
  parseAs: ParseAs;
  querySerializer: QuerySerializer<T>;
  bodySerializer: BodySerializer<T>;
  pathSerializer: PathSerializer;
  fetch: typeof globalThis.fetch;
};

export interface MiddlewareRequestParams {
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  path?: Record<string, unknown>;
  cookie?: Record<string, unknown>;
}

export interface MiddlewareCallbackParams {
  /** The request as it stands: what earlier middleware made of it. */
  request: Request;
  /** The path as the document writes it, braces included: `/pets/{id}`. */
  readonly schemaPath: string;
  /** The call's `params`. */
  readonly params: MiddlewareRequestParams;
  /** Unique for the call, the same in each of its callbacks. */
  readonly id: string;
  readonly options: MergedOptions;
}

type MiddlewareOnRequest = (
  options: MiddlewareCallbackParams,
) => void | Request | Response | undefined | Promise<Request | Response | undefined | void>;

type MiddlewareOnResponse = (
  options: MiddlewareCallbackParams & { response: Response },
) => void | Response | undefined | Promise<Response | undefined | void>;

type MiddlewareOnError = (
  options: MiddlewareCallbackParams & { error: unknown },
) => void | Response | Error | Promise<void | Response | Error>;

/** At least one of the three callbacks. */
export type Middleware =
  | {
      onRequest: MiddlewareOnRequest;
      onResponse?: MiddlewareOnResponse;
      onError?: MiddlewareOnError;
    }
  | {
      onRequest?: MiddlewareOnRequest;
      onResponse: MiddlewareOnResponse;
      onError?: MiddlewareOnError;
    }
  | {
      onRequest?: MiddlewareOnRequest;
      onResponse?: MiddlewareOnResponse;
      onError: MiddlewareOnError;
    };

/** A call's `init`, required when it has a required key (a path parameter, a body). */
export type MaybeOptionalInit<Params, Location extends keyof Params> =
  RequiredKeysOf<FetchOptions<FilterKeys<Params, Location>>> extends never
    ? FetchOptions<FilterKeys<Params, Location>> | undefined
    : FetchOptions<FilterKeys<Params, Location>>;

/**
 * The `init` argument as a rest tuple, optional or not. Other keys are let through only
 * here, after inference: earlier, TypeScript could no longer tell whether init is required.
 */
type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

export type ClientMethod<
  Paths extends Record<string, Record<HttpMethod, {}>>,
  Method extends HttpMethod,
  Media extends MediaType,
> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<FetchResponse<Paths[Path][Method], Init, Media>>;

export type ClientRequestMethod<
  Paths extends Record<string, Record<HttpMethod, {}>>,
  Media extends MediaType,
> = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  method: Method,
  url: Path,
  ...init: InitParam<Init>
) => Promise<FetchResponse<Paths[Path][Method], Init, Media>>;

export type ClientForPath<
  PathInfo extends Record<string | number, any>,
  Media extends MediaType,
> = {
  [Method in keyof PathInfo as Uppercase<string & Method>]: <
    Init extends MaybeOptionalInit<PathInfo, Method>,
  >(
    ...init: InitParam<Init>
  ) => Promise<FetchResponse<PathInfo[Method], Init, Media>>;
};

export interface Client<Paths extends {}, Media extends MediaType = MediaType> {
  request: ClientRequestMethod<Paths, Media>;
  GET: ClientMethod<Paths, 'get', Media>;
  PUT: ClientMethod<Paths, 'put', Media>;
  POST: ClientMethod<Paths, 'post', Media>;
  DELETE: ClientMethod<Paths, 'delete', Media>;
  OPTIONS: ClientMethod<Paths, 'options', Media>;
  HEAD: ClientMethod<Paths, 'head', Media>;
  PATCH: ClientMethod<Paths, 'patch', Media>;
  TRACE: ClientMethod<Paths, 'trace', Media>;
  /** Adds middleware for every later call, after what is there. */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
  /**
   * Never present at run time: names `Paths` and `Media`, so that the package's
   * `./react-query` hooks read them off a client (`createClient(fetchClient)`), as
   * openapi-react-query reads them off openapi-fetch's own client type.
   */
  readonly '~types'?: { readonly paths: Paths; readonly media: Media };
}

export type ClientPathsWithMethod<
  CreatedClient extends Client<any, any>,
  Method extends HttpMethod,
> =
  CreatedClient extends Client<infer Paths, infer _Media> ? PathsWithMethod<Paths, Method> : never;

export type MethodResponse<
  CreatedClient extends Client<any, any>,
  Method extends HttpMethod,
  Path extends ClientPathsWithMethod<CreatedClient, Method>,
  Options = {},
> =
  CreatedClient extends Client<
    infer Paths extends { [key: string]: any },
    infer Media extends MediaType
  >
    ? NonNullable<FetchResponse<Paths[Path][Method], Options, Media>['data']>
    : never;

export type PathBasedClient<
  Paths extends Record<string | number, any>,
  Media extends MediaType = MediaType,
> = { [Path in keyof Paths]: ClientForPath<Paths[Path], Media> };
