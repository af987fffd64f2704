/**
 * The error of arguments refused before sending, apart from the other request errors: the
 * `/fetch` entry's `validation()` throws it too, and an app bundling that alone should not
 * carry every error class the package's client has.
 */
import { SdkError, type RequestContext } from './sdk-error.js';

/** An argument the client refused before sending anything (a path parameter of `..`, an unknown query key …). */
export class InvalidRequestError extends SdkError {
  static {
    this.prototype.name = 'InvalidRequestError';
  }
  /** The argument at fault, for example `path.user_id` or `query.distance`. */
  declare readonly argument: string | undefined;

  constructor(message: string, context: RequestContext, argument?: string) {
    super(message, { context });
    this.argument = argument;
  }
}
