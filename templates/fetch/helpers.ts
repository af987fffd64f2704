/**
 * Type-level readers of an openapi-typescript `paths` type: which paths have a method, what an
 * operation answers on success and on error, which request keys are required. They keep the
 * names and results openapi-typescript-helpers gives, so code that imported them from there
 * imports them from here unchanged.
 */

/** The methods a path item may hold, spelled as openapi-typescript spells its keys. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** The statuses read as success; `2XX` is the range key openapi-typescript writes. */
export type OkStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207 | '2XX';

/**
 * The statuses read as an error, in the order `FirstErrorStatus` prefers them: server errors
 * first, since a client can do least about them, then client errors, then `default`.
 */
type ErrorStatusOrder = [
  500,
  501,
  502,
  503,
  504,
  505,
  506,
  507,
  508,
  510,
  511,
  '5XX',
  400,
  401,
  402,
  403,
  404,
  405,
  406,
  407,
  408,
  409,
  410,
  411,
  412,
  413,
  414,
  415,
  416,
  417,
  418,
  420,
  421,
  422,
  423,
  424,
  425,
  426,
  427,
  428,
  429,
  430,
  431,
  444,
  450,
  451,
  497,
  498,
  499,
  '4XX',
  'default',
];

export type ErrorStatus = ErrorStatusOrder[number];

export type OKStatusUnion<T> = FilterKeys<T, OkStatus>;

/** The response of the first error status (in `ErrorStatusOrder`) an operation declares. */
export type FirstErrorStatus<
  T,
  Order extends readonly unknown[] = ErrorStatusOrder,
> = Order extends readonly [infer Status extends PropertyKey, ...infer Rest]
  ? T extends { [K in Status]: any }
    ? T[Status & keyof T]
    : FirstErrorStatus<T, Rest>
  : never;

/** The paths whose item holds `Method`. */
export type PathsWithMethod<Paths extends {}, Method extends HttpMethod> = {
  [Path in keyof Paths]: Paths[Path] extends { [K in Method]: any } ? Path : never;
}[keyof Paths];

export interface OperationObject {
  parameters: any;
  requestBody: any;
  responses: any;
}

export type PathItemObject = { [M in HttpMethod]: OperationObject } & { parameters?: any };

export type ResponseObjectMap<T> = T extends { responses: any } ? T['responses'] : unknown;

export type ResponseContent<T> = T extends { content: any } ? T['content'] : unknown;

export type OperationRequestBody<T> = 'requestBody' extends keyof T ? T['requestBody'] : never;

type PickRequestBody<T> = 'requestBody' extends keyof T ? Pick<T, 'requestBody'> : never;

/** Whether an operation's body may be left out (`requestBody?:` in openapi-typescript's output). */
export type IsOperationRequestBodyOptional<T> =
  RequiredKeysOf<PickRequestBody<T>> extends never ? true : false;

export type OperationRequestBodyMediaContent<T> =
  IsOperationRequestBodyOptional<T> extends true
    ? ResponseContent<NonNullable<OperationRequestBody<T>>> | undefined
    : ResponseContent<OperationRequestBody<T>>;

/** The body an operation takes, in any of its media types; `| undefined` when it is optional. */
export type OperationRequestBodyContent<T> =
  FilterKeys<OperationRequestBodyMediaContent<T>, MediaType> extends never
    ? FilterKeys<NonNullable<OperationRequestBodyMediaContent<T>>, MediaType> | undefined
    : FilterKeys<OperationRequestBodyMediaContent<T>, MediaType>;

/**
 * The content of the responses with a status in `ResponseCode`, narrowed to `Media` when the
 * response has content of that type, else all its content.
 */
export type GetResponseContent<
  T extends Record<string | number, any>,
  Media extends MediaType = MediaType,
  ResponseCode extends keyof T = keyof T,
> = ResponseCode extends keyof T
  ? {
      [K in ResponseCode]: T[K]['content'] extends Record<string, any>
        ? FilterKeys<T[K]['content'], Media> extends never
          ? T[K]['content']
          : FilterKeys<T[K]['content'], Media>
        : K extends keyof T
          ? T[K]['content']
          : never;
    }[ResponseCode]
  : never;

export type SuccessResponse<
  T extends Record<string | number, any>,
  Media extends MediaType = MediaType,
> = GetResponseContent<T, Media, OkStatus>;

export type ErrorResponse<
  T extends Record<string | number, any>,
  Media extends MediaType = MediaType,
> = GetResponseContent<T, Media, ErrorStatus>;

export type SuccessResponseJSON<PathMethod extends Record<string | number, any>> = SuccessResponse<
  ResponseObjectMap<PathMethod>,
  `${string}/json`
>;

export type ErrorResponseJSON<PathMethod extends Record<string | number, any>> = ErrorResponse<
  ResponseObjectMap<PathMethod>,
  `${string}/json`
>;

export type RequestBodyJSON<PathMethod> = JSONLike<
  FilterKeys<OperationRequestBody<PathMethod>, 'content'>
>;

/** The values of `Obj` under the keys that match `Matchers`. */
export type FilterKeys<Obj, Matchers> = Obj[keyof Obj & Matchers];

export type GetValueWithDefault<Obj, KeyPattern, Default> = Obj extends any
  ? FilterKeys<Obj, KeyPattern> extends never
    ? Default
    : FilterKeys<Obj, KeyPattern>
  : never;

export type MediaType = `${string}/${string}`;

export type JSONLike<T> = FilterKeys<T, `${string}/json`>;

export type FindRequiredKeys<T, K extends keyof T> = K extends unknown
  ? undefined extends T[K]
    ? never
    : K
  : K;

export type HasRequiredKeys<T> = FindRequiredKeys<T, keyof T>;

type RequiredKeysOfHelper<T> = { [K in keyof T]: {} extends Pick<T, K> ? never : K }[keyof T];

/** The keys of `T` that are not optional; never when all are. */
export type RequiredKeysOf<T> =
  RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;

/** A readOnly property's type, as openapi-typescript writes it with `--read-write-markers`. */
export type $Read<T> = { readonly $read: T };

/** A writeOnly property's type, as openapi-typescript writes it with `--read-write-markers`. */
export type $Write<T> = { readonly $write: T };

/** `T` as a response carries it: writeOnly properties left out, readOnly markers removed. */
export type Readable<T> =
  T extends $Write<any>
    ? never
    : T extends $Read<infer U>
      ? Readable<U>
      : T extends (infer E)[]
        ? Readable<E>[]
        : T extends object
          ? { [K in keyof T as NonNullable<T[K]> extends $Write<any> ? never : K]: Readable<T[K]> }
          : T;

/** `T` as a request sends it: readOnly properties left out (and refused), writeOnly markers removed. */
export type Writable<T> =
  T extends $Read<any>
    ? never
    : T extends $Write<infer U>
      ? Writable<U>
      : T extends (infer E)[]
        ? Writable<E>[]
        : T extends object
          ? {
              [K in keyof T as NonNullable<T[K]> extends $Read<any> ? never : K]: Writable<T[K]>;
            } & { [K in keyof T as NonNullable<T[K]> extends $Read<any> ? K : never]?: never }
          : T;
