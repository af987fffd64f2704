/**
 * The error of an argument refused before anything is sent, in one shape everywhere:
 * `usersRetrieve: path parameter "user_id" is required`, naming the argument at fault.
 */
import type { RequestContext } from '../core/sdk-error.js';
import { InvalidRequestError } from '../core/request-errors.js';

export function refuse(
  context: RequestContext,
  argument: string,
  problem: string,
): InvalidRequestError {
  return new InvalidRequestError(`${context.operationId}: ${problem}`, context, argument);
}
