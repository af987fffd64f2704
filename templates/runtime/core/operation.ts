/**
 * What the generator knows about one operation, as plain data. Each generated operation
 * function passes its descriptor and the caller's arguments to the core, which does all
 * the HTTP work; the generated code itself stays declarative and small.
 *
 * Also the request and the exchange a descriptor's parts are handed (`PreparedRequest`,
 * `Exchange`): they name the descriptor and it names them, so they are declared together,
 * and this module imports no module of the request loop. Its types are the loop's vocabulary,
 * which keeps the loop's modules (prepare, send, attempt, the response readers) free of
 * importing types from each other.
 */
import type { Check } from './guard.js';
import type { RequestHookEvent } from './hooks.js';
import type { ValidationMode } from './options.js';
import type { RequestContext } from './sdk-error.js';
import type { BodyEncoding, EncodedBody, HeaderRecord, WireBody } from './wire.js';

// Named with the descriptor, whose `bodyEncodings` lists them, as it always was.
export type { BodyEncoding } from './wire.js';

/**
 * The HTTP methods an operation can use: the common ones, QUERY (a read that carries a body),
 * and any other an OpenAPI 3.2 document names (`LINK`, `PURGE`).
 */
export type HttpMethod =
  'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'QUERY' | (string & {});

/**
 * Turns a form, multipart, text or binary body into what fetch sends, with its Content-Type. Operations that
 * need one name it in their descriptor, so code that only sends JSON never bundles it.
 */
export type BodyEncoder = (
  body: unknown,
  contentType: string,
  context: RequestContext,
) => EncodedBody;

/** Turns a call's body into what fetch sends, by the encoding the call or the operation chooses. */
export type RequestBodyEncoder = (
  descriptor: OperationDescriptor,
  body: unknown,
  requested: BodyEncoding | undefined,
  context: RequestContext,
) => EncodedBody;

/**
 * Writes the parameters a plain path cannot carry (see `OperationDescriptor.encodeParameters`):
 * sets the header and cookie parameters on the call's `headers` and returns the query string,
 * without `?`, empty for none.
 */
export type ParameterEncoder = (
  descriptor: OperationDescriptor,
  input: OperationInput,
  context: RequestContext,
  headers: HeaderRecord,
) => string;

/** Throws for the first argument that breaks the descriptor's `inputChecks`. */
export type InputChecker = (
  descriptor: OperationDescriptor,
  input: OperationInput,
  context: RequestContext,
) => void;

/** Renders the path template with the call's path parameters, percent-encoded. */
export type PathRenderer = (
  template: string,
  params: Readonly<Record<string, unknown>> | undefined,
  context: RequestContext,
) => string;

/** Reads a success body that is not JSON (text, bytes); named by the descriptor like the encoder. */
export type ResponseDecoder = (exchange: Exchange) => unknown;

/**
 * A descriptor's `stream`: the exchange of a response that is a stream, handed over before its
 * body is read, or undefined for any other response. Generated as a call of `openStream`
 * (event-stream.ts) with the operation's `StreamItem`, so that only bundles of operations that
 * stream carry that module.
 */
export type StreamOpener = (
  attempt: AttemptInFlight,
  response: Response,
  sentAt: number,
) => StreamedExchange | undefined;

/**
 * The request loop's attempt in flight, as a descriptor's `stream` is handed it. Empty here so
 * that the descriptor's types name no module of the loop; internal/attempt.ts fills it in by
 * declaration merging (it is that module's `Attempt`), as the package fills in
 * `KnownErrorTypes`.
 */
export interface AttemptInFlight {}

/** The exchange a descriptor's `stream` gives back: the loop's `Received`, filled in like `AttemptInFlight`. */
export interface StreamedExchange {}

/**
 * What is known about one query, header or cookie parameter: its name on the wire, whether
 * the spec requires it, and how an array is written. It is the one description of a
 * parameter: the generated descriptors carry it, and the fake server's contract
 * (`testing/contract.ts`) extends it with the value's schema. A field is written only where it
 * differs from its default, so that a descriptor stays small.
 */
export interface ParameterDescriptor {
  /** Name on the wire. */
  readonly name: string;
  /**
   * The spec requires it; absent when it is optional. The generated input checks refuse a
   * call that leaves it out (unless `validateRequests` is off), and the fake server answers
   * 400 to a request without a required query parameter.
   */
  readonly required?: boolean;
  /**
   * OpenAPI's `explode`, absent where it is the location's default: true for query and cookie
   * parameters (form style), false for headers (simple style). Exploded, a query or cookie
   * list is one `name=value` pair per element, and an object's members are `key=value` pairs
   * (`k1=v1,k2=v2` in a header); otherwise a list is comma-joined, `a,b`, and an object
   * `k1,v1,k2,v2`.
   */
  readonly explode?: boolean;
  /**
   * A query parameter's style where it is not `form` (OpenAPI's default): `spaceDelimited`
   * and `pipeDelimited` join a list (or an object's keys and values) with `%20` or `|`;
   * `deepObject` writes `created[gt]=1`. Its operation names `encodeStyledQuery`. A cookie's
   * `cookie` (OpenAPI 3.2) writes the form style's pairs with each value as it is, not
   * percent-encoded; its operation names `encodeCookieStyle`.
   */
  readonly style?: 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'cookie';
  /**
   * A deepObject list as `expand[0]=a` (the document's `x-sdk-deep-object-arrays: indices`);
   * absent for the default, `expand[]=a`.
   */
  readonly arrays?: 'indices';
  /** OpenAPI's `allowReserved`: reserved characters such as `/` and `:` are sent as they are. */
  readonly allowReserved?: boolean;
  /**
   * An OpenAPI 3.2 `in: querystring` parameter whose value is the whole query string: its JSON
   * text (`json`) or the text itself (`text`), percent-encoded. Its operation names
   * `encodeQueryText`.
   */
  readonly querystring?: 'json' | 'text';
}

/**
 * Writes the query string (without `?`) in the styles a descriptor's parameters name
 * (`encodeStyledQuery` of query-styles.ts).
 */
export type QueryStringEncoder = (
  declared: readonly ParameterDescriptor[],
  query: object | undefined,
  context: RequestContext,
) => string;

/** A query parameter of an operation (the name the package has always exported). */
export type QueryParameter = ParameterDescriptor;

/** A header parameter of an operation. */
export type HeaderParameter = ParameterDescriptor;

/** A parameter sent as `name=value` in the request's one `Cookie` header. */
export type CookieParameter = ParameterDescriptor;

/**
 * Generated guards over the caller's arguments, in the request ("write") view of the spec:
 * bounds, lengths, patterns, enums, required members and types. The runtime runs them before
 * sending, so a call the server would refuse fails at once, naming the argument.
 */
export interface InputChecks {
  /** Over the path parameters by wire name. */
  readonly path?: Check;
  /** Over the query object; undeclared keys are refused separately, by the URL encoder. */
  readonly query?: Check;
  /** Over the header parameters by wire name. */
  readonly headers?: Check;
  /** Over the cookie parameters by wire name. */
  readonly cookies?: Check;
  /** Over the body; a body left out is only refused when `bodyRequired`. */
  readonly body?: Check;
  /** Whether the spec requires a body, so that leaving it out is refused too. */
  readonly bodyRequired?: boolean;
}

/** What the generated code tells the runtime about one operation: plain data, read by the request pipeline. */
export interface OperationDescriptor {
  /** The spec's operationId, used in errors, logs and hooks. */
  readonly id: string;
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** Path template relative to the server, for example `/api/v1/users/{user_id}/`. */
  readonly path: string;
  /**
   * A query the spec's path key carries (`beta=true` of `/responses/{id}?beta=true`), sent
   * with every call before the call's own query by `encodeParameters`, which the descriptor
   * then names.
   */
  readonly fixedQuery?: string;
  /** The query parameters it takes, in spec order; absent when it takes none. */
  readonly query?: readonly QueryParameter[];
  /** The header parameters it takes, if any. */
  readonly headers?: readonly HeaderParameter[];
  /** The cookie parameters it takes, if any. */
  readonly cookies?: readonly CookieParameter[];
  /** Encodings the operation accepts for its body, JSON first; absent or empty when it has no body. */
  readonly bodyEncodings?: readonly BodyEncoding[];
  /**
   * The declared media type of a JSON, text or binary body when it is not `application/json`
   * (`application/vnd.x+json`, `text/xml`, `image/png`, `*\/*`).
   */
  readonly bodyContentType?: string;
  /**
   * The encoder of each encoding but JSON in `bodyEncodings` (form, multipart, text, binary),
   * named by the generated code so that a bundle only carries the encoders its operations use.
   */
  readonly encoders?: Readonly<Partial<Record<Exclude<BodyEncoding, 'json'>, BodyEncoder>>>;
  /**
   * Writes the body (`encodeBody` of body.ts); named by the operations that take one, so that
   * a bundle of operations without a body leaves body encoding out. A call that passes a body
   * to an operation without one is refused.
   */
  readonly encodeBody?: RequestBodyEncoder;
  /**
   * Writes the query, header and cookie parameters (`encodeParameters` of params.ts); named
   * by the operations that declare any. Without it, a call that passes one is refused as
   * unknown.
   */
  readonly encodeParameters?: ParameterEncoder;
  /**
   * Writes the query in styles other than the form style of scalars and lists
   * (`encodeStyledQuery` of query-styles.ts): objects, delimited lists, deepObject,
   * allowReserved. Named only by operations that use one, so other bundles leave it out.
   */
  readonly encodeQuery?: QueryStringEncoder;
  /**
   * Renders a path whose parameters use the label or matrix style or explode
   * (`renderPath` of url.ts); without it the path is rendered in the simple style, which is
   * OpenAPI's default.
   */
  readonly renderPath?: PathRenderer;
  /** The `Accept` header of an operation whose success body is not JSON. */
  readonly accept?: string;
  /** Reads a success body that is not JSON; absent for JSON and empty responses. */
  readonly decode?: ResponseDecoder;
  /**
   * An answer that may be a stream of events, JSON lines or JSON texts (`openStream` of
   * event-stream.ts, with the item's guard): read as it comes, whenever the response's
   * Content-Type says it is one. Named only by operations that may stream.
   */
  readonly stream?: StreamOpener;
  /**
   * Whether the client may send the request again on its own after a failure. Comes from
   * the spec's `x-retry-safe`, else from the method (GET, HEAD, OPTIONS, PUT, DELETE safe).
   */
  readonly retrySafe: boolean;
  /**
   * The 2xx statuses the spec declares, in order. The client takes any 2xx as success (a
   * server may answer 200 where the spec says 201); whether it reads a body depends on
   * `check` and `responseType`, never on the status, except that 204, 205 and HEAD have none.
   */
  readonly successStatuses: readonly number[];
  /** Checks of the arguments before sending; absent when the operation declares nothing to check. */
  readonly inputChecks?: InputChecks;
  /**
   * Runs `inputChecks` (`checkInput` of request-checks.ts) unless `validateRequests` is off;
   * named with them, so that a bundle of operations without checks leaves it out.
   */
  readonly checkInput?: InputChecker;
  /** Validates a success body when response validation is on; absent for empty responses. */
  readonly check?: Check;
  /** Name of the response type, for messages such as `Invalid PaginatedPetList`. */
  readonly responseType?: string;
}

/** The settings of one call: the client's options with the call's own laid over them, checked. */
export interface CallSettings {
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryDelayMs: number;
  readonly deadlineMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  readonly validateResponses: ValidationMode;
  readonly validateRequests: boolean;
  readonly maxResponseBytes: number;
  readonly maxPages: number;
}

/** A request ready to send: the call's URL, headers and body, made once for all its attempts. */
export interface PreparedRequest {
  readonly descriptor: OperationDescriptor;
  /** For errors, logs and hooks: the URL without credentials. */
  readonly context: RequestContext;
  readonly url: string;
  /** The call's own copy, lower-case names; the request loop sets `authorization` on it per attempt. */
  readonly headers: HeaderRecord;
  readonly body: WireBody | undefined;
  /** The body is a stream: it can be sent once only (see `EncodedBody.oneShot`). */
  readonly oneShot?: boolean;
  readonly settings: CallSettings;
}

/** A 2xx response read whole (or a stream's, handed over unread): what decoders and guards read. */
export interface Exchange {
  readonly request: PreparedRequest;
  /** The 2xx response, unread, for `asResponse()` and `withResponse()`; made on first access. */
  readonly response: Response;
  /** Status and headers of that response, readable without making the copy. */
  readonly status: number;
  readonly headers: Headers;
  /** The body as text, read under the attempt's timeout. */
  readonly text: string;
  /** The same body as bytes, for binary responses. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly attempt: number;
  /** The attempt's hook event, for reporting a body that later proves unusable. */
  readonly event: RequestHookEvent;
}

/** The caller's arguments, sorted by where they go. */
export interface OperationInput {
  /**
   * Path parameter values by wire name; each (each element of a list, each key and value of an
   * object) is percent-encoded into the template. `object` rather than a record of scalars: a
   * generated interface has no index signature to match one.
   */
  readonly path?:
    Readonly<Record<string, string | number | readonly (string | number)[] | object>> | undefined;
  /** Query parameter values by wire name; undefined ones are left out. */
  readonly query?: object | undefined;
  /** Header parameter values by wire name. */
  readonly headers?: object | undefined;
  /** Cookie parameter values by wire name. */
  readonly cookies?: object | undefined;
  /** The request body, encoded as the options or the operation say. */
  readonly body?: unknown;
}
