/**
 * The error of a response body that does not match its type, apart from the other request
 * errors: the `/fetch` entry's `validation()` throws it too, and an app bundling that alone
 * should not carry every error class the package's client has.
 */
import { SdkError, where, type RequestContext } from './sdk-error.js';
import { describeFailure, formatGuardPath, type GuardFailure } from './guard.js';

/**
 * The body parsed but does not match the declared type (thrown with
 * `validateResponses: 'strict'`). `data` holds what arrived; it is left out of printing.
 */
export class ResponseValidationError extends SdkError {
  static {
    this.prototype.name = 'ResponseValidationError';
  }
  /** JSON path of the first mismatch, for example `$.results[3].evses[0].status`. */
  declare readonly path: string;
  /** What the spec says belongs at `path`, for example `string`. */
  declare readonly expected: string;
  /** What arrived there instead, for example `number`. */
  declare readonly found: string;
  /** The generated type the body should have matched, for example `PaginatedOrderList`. */
  declare readonly responseType: string | undefined;
  /** The parsed body as it arrived; not printed, as it can be large and hold personal data. */
  declare readonly data: unknown;

  constructor(
    failure: GuardFailure,
    context: RequestContext,
    responseType: string | undefined,
    data: unknown,
  ) {
    super(invalidResponseMessage(failure, context, responseType), { context });
    this.path = formatGuardPath(failure);
    this.expected = failure.expected;
    this.found = failure.found;
    this.responseType = responseType;
    // Not enumerable (defineProperty's default): response data can be large and holds personal data.
    Object.defineProperty(this, 'data', { value: data });
  }
}

/** What a body that does not match its type is called, thrown (`'strict'`) or logged (`'warn'`). */
export const invalidResponseMessage = (
  failure: GuardFailure,
  context: RequestContext,
  responseType: string | undefined,
): string =>
  `${context.operationId} returned an invalid ${responseType ?? 'response'}: ${describeFailure(failure)}${where(context)}`;
