/**
 * Text bodies (`text/plain`, `text/xml`, `application/xml`, `text/csv`, …): a string goes out
 * as it is, with the declared Content-Type, and a text response comes back as a string. Kept
 * apart from the JSON path so that only operations that name these functions bundle them.
 */
import type { EncodedBody } from '../core/wire.js';
import type { RequestContext } from '../core/sdk-error.js';
import { InvalidRequestError } from '../core/request-errors.js';
import type { Exchange } from '../core/operation.js';

/** Sends a string body with the operation's declared media type. */
export function encodeTextBody(
  body: unknown,
  contentType: string,
  context: RequestContext,
): EncodedBody {
  if (typeof body !== 'string')
    throw new InvalidRequestError(
      `${context.operationId}: the body must be a string (${contentType}), got ${body === null ? 'null' : typeof body}`,
      context,
      'body',
    );
  return { body, contentType };
}

/** The success body as a string, decoded as UTF-8 (an empty body is the empty string). */
export function decodeTextBody(exchange: Exchange): string {
  return exchange.text;
}
