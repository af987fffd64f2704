/**
 * The shape of an openapi-fetch client, as the query hooks see it: the `paths` type an
 * openapi-typescript document gives (a path, then a method, then `parameters`, `requestBody`
 * and `responses` by status and media type), the init a call takes and the
 * `{ data, error, response }` it resolves to. Written here rather than imported, so that this
 * module depends on nothing but TanStack Query; any client with these methods fits.
 */

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export type MediaType = `${string}/${string}`;

/** The values of `Source` under the keys that match `Matchers`. */
export type FilterKeys<Source, Matchers> = Source[keyof Source & Matchers];

/** The keys of `Source` that may not be left out. */
export type RequiredKeysOf<Source> =
  RequiredKeyNames<Source> extends undefined ? never : RequiredKeyNames<Source>;

type RequiredKeyNames<Source> = {
  [Key in keyof Source]: {} extends Pick<Source, Key> ? never : Key;
}[keyof Source];

/** The paths that have an operation for `Method`. */
export type PathsWithMethod<Paths extends {}, Method extends HttpMethod> = {
  [Path in keyof Paths]: Paths[Path] extends { [Key in Method]: any } ? Path : never;
}[keyof Paths];

/** openapi-typescript's marker of a read-only property (`--read-write-markers`). */
export type $Read<Value> = { readonly $read: Value };
/** openapi-typescript's marker of a write-only property. */
export type $Write<Value> = { readonly $write: Value };

/** A response body's type: write-only properties are never sent back. */
export type Readable<Value> =
  Value extends $Write<any>
    ? never
    : Value extends $Read<infer Inner>
      ? Readable<Inner>
      : Value extends (infer Item)[]
        ? Readable<Item>[]
        : Value extends object
          ? {
              [
                Key in keyof Value as NonNullable<Value[Key]> extends $Write<any> ? never : Key
              ]: Readable<Value[Key]>;
            }
          : Value;

/** A request body's type: read-only properties are not the client's to send. */
export type Writable<Value> =
  Value extends $Read<any>
    ? never
    : Value extends $Write<infer Inner>
      ? Writable<Inner>
      : Value extends (infer Item)[]
        ? Writable<Item>[]
        : Value extends object
          ? {
              [
                Key in keyof Value as NonNullable<Value[Key]> extends $Read<any> ? never : Key
              ]: Writable<Value[Key]>;
            } & {
              [
                Key in keyof Value as NonNullable<Value[Key]> extends $Read<any> ? Key : never
              ]?: never;
            }
          : Value;

/** The statuses whose body is `data`. */
export type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | '2XX';

/** The statuses whose body is `error`: every 4xx and 5xx openapi-fetch knows, and `default`. */
export type ErrorStatus =
  | 500
  | 501
  | 502
  | 503
  | 504
  | 505
  | 506
  | 507
  | 508
  | 510
  | 511
  | '5XX'
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 406
  | 407
  | 408
  | 409
  | 410
  | 411
  | 412
  | 413
  | 414
  | 415
  | 416
  | 417
  | 418
  | 420
  | 421
  | 422
  | 423
  | 424
  | 425
  | 426
  | 427
  | 428
  | 429
  | 430
  | 431
  | 444
  | 450
  | 451
  | 497
  | 498
  | 499
  | '4XX'
  | 'default';

/** An operation's `responses`. */
// Upstream answers `unknown` for an operation without responses; no keys does the same here.
export type ResponseObjectMap<Operation> = Operation extends {
  responses: infer Responses extends Record<string | number, any>;
}
  ? Responses
  : Record<never, never>;

/** The bodies of the responses with one of `Statuses`, in `Media` when they have it. */
export type ResponseContent<
  Responses extends Record<string | number, any>,
  Media extends MediaType,
  Statuses extends keyof Responses,
> = Statuses extends keyof Responses
  ? {
      [Status in Statuses]: Responses[Status]['content'] extends Record<string, any>
        ? FilterKeys<Responses[Status]['content'], Media> extends never
          ? Responses[Status]['content']
          : FilterKeys<Responses[Status]['content'], Media>
        : Status extends keyof Responses
          ? Responses[Status]['content']
          : never;
    }[Statuses]
  : never;

export type SuccessResponse<
  Responses extends Record<string | number, any>,
  Media extends MediaType = MediaType,
> = ResponseContent<Responses, Media, OkStatus>;

export type ErrorResponse<
  Responses extends Record<string | number, any>,
  Media extends MediaType = MediaType,
> = ResponseContent<Responses, Media, ErrorStatus>;

type RequestBodyOf<Operation> = 'requestBody' extends keyof Operation
  ? Operation['requestBody']
  : never;
type IsBodyOptional<Operation> =
  RequiredKeysOf<
    'requestBody' extends keyof Operation ? Pick<Operation, 'requestBody'> : never
  > extends never
    ? true
    : false;
type BodyContent<Operation> =
  IsBodyOptional<Operation> extends true
    ? | (NonNullable<RequestBodyOf<Operation>> extends { content: infer Content }
          ? Content
          : unknown)
      | undefined
    : RequestBodyOf<Operation> extends { content: infer Content }
      ? Content
      : unknown;

/** The body an operation takes, in whichever media type it declares. */
export type RequestBodyContent<Operation> =
  FilterKeys<BodyContent<Operation>, MediaType> extends never
    ? FilterKeys<NonNullable<BodyContent<Operation>>, MediaType> | undefined
    : FilterKeys<BodyContent<Operation>, MediaType>;

/** `params` (required when a parameter is) and `body` (required when the body is). */
export type ParamsOption<Operation> = Operation extends { parameters: any }
  ? RequiredKeysOf<Operation['parameters']> extends never
    ? { params?: Operation['parameters'] }
    : { params: Operation['parameters'] }
  : { params?: { query?: Record<string, unknown> } };

export type RequestBodyOption<Operation> =
  Writable<RequestBodyContent<Operation>> extends never
    ? { body?: never }
    : IsBodyOptional<Operation> extends true
      ? { body?: Writable<RequestBodyContent<Operation>> }
      : { body: Writable<RequestBodyContent<Operation>> };

/** How a response body is read, as openapi-fetch's `parseAs`. */
export type ParseAs = 'json' | 'text' | 'blob' | 'arrayBuffer' | 'stream';

type ParsedBody<Value> = {
  json: Value;
  text: string;
  blob: Blob;
  arrayBuffer: ArrayBuffer;
  stream: Response['body'];
};

type ParseAsResponse<Value, Init> = Init extends { parseAs: ParseAs }
  ? ParsedBody<Value>[Init['parseAs']]
  : Value;

/**
 * What a call takes: the operation's params and body, and fetch's own init (a signal among
 * it). The client's further options (serializers, `parseAs`, headers, middleware) pass through
 * as unknown keys, which openapi-fetch's init type allows too.
 */
export type FetchOptions<Operation> = ParamsOption<Operation> &
  RequestBodyOption<Operation> & { parseAs?: ParseAs; baseUrl?: string } & Omit<
    RequestInit,
    'body' | 'headers'
  >;

/** A call's init: optional when the operation requires nothing. */
export type MaybeOptionalInit<PathItem, Method> =
  RequiredKeysOf<FetchOptions<FilterKeys<PathItem, Method>>> extends never
    ? FetchOptions<FilterKeys<PathItem, Method>> | undefined
    : FetchOptions<FilterKeys<PathItem, Method>>;

/** What a call resolves to: the success body as `data`, or the error body as `error`. */
export type FetchResponse<Operation, Init, Media extends MediaType> =
  | {
      data: ParseAsResponse<Readable<SuccessResponse<ResponseObjectMap<Operation>, Media>>, Init>;
      error?: never;
      response: Response;
    }
  | {
      data?: never;
      error: Readable<ErrorResponse<ResponseObjectMap<Operation>, Media>>;
      response: Response;
    };

/** The init argument: optional when nothing in it is required, and open to further keys. */
type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** One of the client's method functions (`GET`, `POST`…). */
export type FetchMethod<Paths extends {}, Method extends HttpMethod, Media extends MediaType> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<FetchResponse<FilterKeys<Paths[Path], Method>, Init, Media>>;

/** A client method as the hooks call it: `GET(path, init)` and the like. */
export type CallableMethod = (
  url: never,
  ...init: never[]
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The part of an openapi-fetch client the hooks call: one function per HTTP method. Typed
 * loosely on purpose: TypeScript can only read `Paths` back out of a client type through the
 * very declaration that made it (openapi-fetch's own `Client`), never through a look-alike
 * such as `FetchMethod` above, so a client from elsewhere names its paths when the hooks are
 * made, `createClient<paths>(fetchClient)`, and the hooks check every call against them.
 */
export interface FetchClient<Paths extends {}, Media extends MediaType = MediaType> {
  GET: CallableMethod;
  PUT: CallableMethod;
  POST: CallableMethod;
  DELETE: CallableMethod;
  OPTIONS: CallableMethod;
  HEAD: CallableMethod;
  PATCH: CallableMethod;
  TRACE: CallableMethod;
  /** Never present: names `Paths` and `Media`, so that a client type declaring them passes them on. */
  readonly '~types'?: { readonly paths: Paths; readonly media: Media };
}
