/**
 * Errors for HTTP error statuses: one class per status most APIs use (400, 401, 403, 404,
 * 409, 422, 429, 5xx, as openai-node has them), so callers can
 * `catch (e) { if (e instanceof ConflictError && e.errorType === '…') … }`. Classes for other
 * statuses are generated for the statuses a spec declares and reach `apiErrorClassFor`
 * through the client's meta. The generator reads `RUNTIME_ERROR_CLASSES` for its doc comments.
 */
import { isRecord } from './guard.js';
import { clip, shortUrl } from '../internal/redact.js';
import { SdkError, type RequestContext } from './sdk-error.js';

/**
 * The two error shapes the API sends (`{detail}` and `{detail, error: {type, details, …}}`),
 * typed loosely so the generated `Detail` and `ErrorDetail` types are assignable to it.
 */
export interface ErrorBody {
  /** The server's human-readable message. */
  detail?: string;
  /**
   * The machine-readable part of a validation or payment error. A field only one API sends
   * stays in `body`, read by that API's hand-written layer, so other clients never carry it.
   */
  error?: {
    type?: string;
    details?: string;
  };
}

export interface ApiErrorInit {
  readonly context: RequestContext;
  readonly status: number;
  readonly statusText?: string;
  /** Response headers, already redacted. */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON body, already scrubbed of the token; undefined when the body was empty or not JSON. */
  readonly body: unknown;
  /** A printable excerpt when the body was not JSON (a proxy's HTML page, say). */
  readonly snippet?: string;
  /** What Retry-After asked for, when the error was not retried because of it. */
  readonly retryAfterMs?: number;
  /** Why the client did not act on the response, when that needs saying (a redirect, say). */
  readonly note?: string;
}

/**
 * The error types the API's spec lists. Empty here, so the runtime names no API's types; the
 * generated package fills it in by declaration merging
 * (`declare module './runtime/core/errors.js' { interface KnownErrorTypes { type: ErrorType } }`).
 */
export interface KnownErrorTypes {}

/** The `error.type` values the spec lists, or `string` when it lists none. */
export type KnownErrorType = KnownErrorTypes extends { readonly type: infer T extends string }
  ? T
  : string;

/**
 * `value[key]` when `value` is an object (not an array) that holds a string there itself:
 * keys of a body are data, so nothing is read through its prototype (a `__proto__` key the
 * server sent is an own property of the scrubbed copy, see `mapStrings`).
 */
const stringAt = (value: unknown, key: string): string | undefined => {
  // Parsed JSON: only an object can hold a string under a key (a string's or array's own
  // properties are never named like the API's fields).
  if (value == null || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
  const v = (value as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : undefined;
};

/** The server's text a message quotes; `detail` and `body` keep all of it. */
const quoted = (text: string): string => clip(text, 500);

/**
 * The server answered with an error status. Each status the API uses has its own subclass
 * (`NotFoundError`, `ConflictError` …); other statuses arrive as `ApiError` itself. The
 * body's `detail` and `error.type` are lifted onto the error as `detail` and `errorType`.
 *
 * Compare `errorType` with {@link ApiError.is}: its parameter takes only the types the spec
 * lists, so a misspelt type fails to compile, while `errorType` itself stays open to types
 * the API adds later.
 *
 * @example
 * try {
 *   await client.orders.create({ item: 'a-1' });
 * } catch (error) {
 *   if (error instanceof ApiError && error.is('already_ordered')) return;
 *   throw error;
 * }
 */
export class ApiError extends SdkError {
  static {
    this.prototype.name = 'ApiError';
  }
  declare readonly operationId: string;
  /** The HTTP method of the failed call, upper case. */
  declare readonly method: string;
  declare readonly url: string;
  /** The response's HTTP status, for example 404. */
  declare readonly status: number;
  /** Response headers with lower-case names; credentials and cookies redacted. */
  declare readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body when it was a JSON object, else undefined. */
  declare readonly body: ErrorBody | undefined;
  /** `body.detail`, the server's human-readable message. */
  declare readonly detail: string | undefined;
  /**
   * `body.error.type`, for example `already_ordered` or `validation_error`: one of the
   * types the spec lists, or one added since (the `string & {}` keeps editor completion).
   */
  declare readonly errorType: KnownErrorType | (string & {}) | undefined;
  /** `body.error.details`, usually which field was wrong. */
  declare readonly errorDetails: string | undefined;
  /** The server's request id (`x-request-id` and similar headers), to quote to support. */
  declare readonly requestId: string | undefined;
  /** The server's Retry-After in ms, when present. */
  declare readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit) {
    const { context, status, statusText, headers, snippet } = init;
    const body = isRecord(init.body) ? (init.body as ErrorBody) : undefined;
    const inner = body?.error;
    const detail = stringAt(body, 'detail');
    const errorType = stringAt(inner, 'type');
    const errorDetails = stringAt(inner, 'details');
    // `detail` and `errorDetails`, leaving out either when the other already says it.
    const said =
      detail && errorDetails
        ? detail.includes(errorDetails)
          ? [detail]
          : errorDetails.includes(detail)
            ? [errorDetails]
            : [detail, errorDetails]
        : [detail, errorDetails];
    const text = quoted([...said, init.note].filter(Boolean).join(' — '));
    super(
      `${status}${statusText ? ` ${statusText}` : ''}${errorType ? ` (${quoted(errorType)})` : ''}: ${
        text ||
        (snippet ? `body is not JSON: ${JSON.stringify(snippet)}` : 'no details in the response')
      } [${context.operationId} ${context.method} ${shortUrl(context.url)}]`,
      { context },
    );
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.detail = detail;
    this.errorType = errorType;
    this.errorDetails = errorDetails;
    this.requestId =
      headers['x-request-id'] ?? headers['request-id'] ?? headers['x-correlation-id'];
    this.retryAfterMs = init.retryAfterMs;
  }

  /**
   * Whether `errorType` is `type`, narrowing it. `type` takes only the types the spec lists,
   * so `error.is('already_ordere')` does not compile where `errorType === 'already_ordere'`
   * would, silently never matching.
   */
  is<const T extends KnownErrorType>(type: T): this is this & { readonly errorType: T } {
    return this.errorType === type;
  }
}

/** 400: the request was invalid; `errorDetails` usually names the field. */
export class BadRequestError extends ApiError {
  static {
    this.prototype.name = 'BadRequestError';
  }
}
/** 401: the token is missing, malformed or revoked. */
export class AuthenticationError extends ApiError {
  static {
    this.prototype.name = 'AuthenticationError';
  }
}
/** 403: the token may not do this. */
export class PermissionDeniedError extends ApiError {
  static {
    this.prototype.name = 'PermissionDeniedError';
  }
}
/** 404: no such resource. */
export class NotFoundError extends ApiError {
  static {
    this.prototype.name = 'NotFoundError';
  }
}
/** 409: the request conflicts with the resource's state (it may already be what was asked); never retried. */
export class ConflictError extends ApiError {
  static {
    this.prototype.name = 'ConflictError';
  }
}
/** 422: the request was well-formed but its content was refused; `errorDetails` usually says why. */
export class UnprocessableEntityError extends ApiError {
  static {
    this.prototype.name = 'UnprocessableEntityError';
  }
}
/** 429: too many requests; `retryAfterMs` says when to come back, if the server said. */
export class RateLimitError extends ApiError {
  static {
    this.prototype.name = 'RateLimitError';
  }
}
/** 500 and above: the server failed. */
export class InternalServerError extends ApiError {
  static {
    this.prototype.name = 'InternalServerError';
  }
}

/** A constructor of `ApiError` or one of its status subclasses. */
export type ApiErrorClass = new (init: ApiErrorInit) => ApiError;

/** The runtime's own classes by status; 500 and above are `InternalServerError`. */
export const RUNTIME_ERROR_CLASSES: Readonly<Record<number, ApiErrorClass>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/**
 * The class an error status becomes: the runtime's table, then `extra` (the generated
 * classes for other statuses the spec declares), `InternalServerError` from 500, else `ApiError`.
 */
export const apiErrorClassFor = (
  status: number,
  extra?: Readonly<Record<number, ApiErrorClass>>,
): ApiErrorClass =>
  RUNTIME_ERROR_CLASSES[status] ??
  extra?.[status] ??
  (status >= 500 ? InternalServerError : ApiError);
