/**
 * Failures that are not an HTTP error status: bad configuration, arguments refused before
 * sending, transport failures, cancellation, and responses the client cannot use.
 */
import { SdkError, where, type RequestContext } from './sdk-error.js';
// In modules of their own, so that the `/fetch` client's validation bundles them without the rest.
export { invalidResponseMessage, ResponseValidationError } from './response-validation-error.js';
export { InvalidRequestError } from './invalid-request-error.js';

/** A client option is missing or wrong; thrown by the constructor, naming the option. */
export class ConfigurationError extends SdkError {
  static {
    this.prototype.name = 'ConfigurationError';
  }
  /** The option at fault, for example `baseUrl`. */
  declare readonly option: string | undefined;

  constructor(message: string, option?: string) {
    super(message);
    this.option = option;
  }
}

/**
 * The client refused to send the token over plain HTTP to a host that is not this machine:
 * anyone on the path could read it. `allowInsecureHttp: true` lifts the rule.
 */
export class InsecureTransportError extends ConfigurationError {
  static {
    this.prototype.name = 'InsecureTransportError';
  }
}

/** `tokenProvider` threw, or returned something that is not a usable token. Not retried. */
export class TokenProviderError extends SdkError {
  static {
    this.prototype.name = 'TokenProviderError';
  }
}

/** No complete response arrived: DNS, refused or reset connection, TLS, or the body was cut off. */
export class ConnectionError extends SdkError {
  static {
    this.prototype.name = 'ConnectionError';
  }
  /** Which attempt failed, counting from 1. */
  declare readonly attempt: number;
  /**
   * The response status when the headers had arrived before the failure. For an operation
   * that is not retry-safe (one that starts something) a 2xx here means the server did act on it.
   */
  declare readonly status: number | undefined;

  constructor(
    message: string,
    context: RequestContext,
    attempt: number,
    cause?: unknown,
    status?: number,
  ) {
    super(message, { context, cause });
    this.attempt = attempt;
    this.status = status;
  }
}

/**
 * An attempt took longer than `timeoutMs` (`reason: 'attempt'`), or the call as a whole
 * ran out of `deadlineMs` (`reason: 'deadline'`).
 */
export class TimeoutError extends ConnectionError {
  static {
    this.prototype.name = 'TimeoutError';
  }
  /** The limit that ran out, in milliseconds: `timeoutMs` or `deadlineMs` of the call. */
  declare readonly timeoutMs: number;
  /** Whether one attempt (`timeoutMs`) or the whole call with its retries (`deadlineMs`) ran out of time. */
  declare readonly reason: 'attempt' | 'deadline';

  /**
   * @param waiting `'token'` when the attempt was still waiting for `tokenProvider`; else it
   * was waiting for the response, or (with `status`) its body.
   */
  constructor(
    context: RequestContext,
    attempt: number,
    timeoutMs: number,
    reason: 'attempt' | 'deadline',
    status?: number,
    waiting?: 'token',
  ) {
    super(
      `${context.operationId} timed out after ${timeoutMs} ms (${reason === 'deadline' ? 'deadlineMs' : 'timeoutMs'}, attempt ${attempt})${waiting === 'token' ? ' while waiting for the tokenProvider' : status === undefined ? '' : ` while reading the ${status} response's body`}${where(context)}`,
      context,
      attempt,
      undefined,
      status,
    );
    this.timeoutMs = timeoutMs;
    this.reason = reason;
  }
}

/**
 * A response body passed `maxResponseBytes` (counted after decompression), so the client
 * stopped reading it. Not retried: the same answer would pass the limit again.
 */
export class ResponseTooLargeError extends SdkError {
  static {
    this.prototype.name = 'ResponseTooLargeError';
  }
  /** The status of the response whose body was too large. */
  declare readonly status: number;
  /** The limit it passed, in bytes: the call's `maxResponseBytes`. */
  declare readonly maxResponseBytes: number;

  constructor(context: RequestContext, status: number, maxResponseBytes: number) {
    super(
      `${context.operationId}: the ${status} response's body passed maxResponseBytes (${maxResponseBytes}); not retried${where(context)}`,
      { context },
    );
    this.status = status;
    this.maxResponseBytes = maxResponseBytes;
  }
}

/** The caller's `AbortSignal` fired. The name matches DOM aborts, so `error.name === 'AbortError'` checks keep working. */
export class AbortError extends SdkError {
  static {
    this.prototype.name = 'AbortError';
  }

  constructor(context: RequestContext, reason?: unknown) {
    super(`${context.operationId} was aborted by the caller${where(context)}`, {
      context,
      cause: reason,
    });
  }
}

/** A success response whose body is not the JSON it should be: HTML, truncated, empty, or plain text. */
export class ResponseParseError extends SdkError {
  static {
    this.prototype.name = 'ResponseParseError';
  }
  /** The (success) status the unreadable body came with. */
  declare readonly status: number;
  /** The response's `content-type`, when it had one. */
  declare readonly contentType: string | undefined;
  /** The start of the body, printable and scrubbed of secrets. */
  declare readonly snippet: string;

  constructor(
    problem: string,
    context: RequestContext,
    status: number,
    contentType: string | undefined,
    snippet: string,
  ) {
    super(
      `${context.operationId} got ${status} with ${problem}${contentType ? ` (${contentType})` : ''}${snippet && `: ${JSON.stringify(snippet)}`}${where(context)}`,
      { context },
    );
    this.status = status;
    this.contentType = contentType;
    this.snippet = snippet;
  }
}
