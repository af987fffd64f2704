/**
 * Binary bodies (`application/octet-stream`, `image/*`, `application/pdf`, `*\/*`, …). Kept
 * apart from the JSON path so that only operations that name these functions bundle them.
 */
import type { EncodedBody } from './wire.js';
import type { RequestContext } from './sdk-error.js';
import { InvalidRequestError } from './request-errors.js';
import type { Exchange } from './operation.js';

/**
 * What a binary request body may be. A `Blob` (or `File`), an `ArrayBuffer` or a typed array
 * (`Uint8Array`, a Node `Buffer`) can be sent again on a retry; a `ReadableStream` is read
 * as it is sent, so a call with one is never retried: its error is thrown as it comes.
 */
export type BinaryBody = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>;

const FALLBACK_TYPE = 'application/octet-stream';

/**
 * Sends bytes with the declared media type. Where the spec only gives a pattern (`*\/*`,
 * `image/*`), a Blob's own type says which one it is, else `application/octet-stream`.
 */
export function encodeBinaryBody(
  body: unknown,
  contentType: string,
  context: RequestContext,
): EncodedBody {
  const wildcard = contentType.includes('*');
  if (body instanceof Blob) {
    const own = body.type;
    return { body, contentType: wildcard ? own || FALLBACK_TYPE : contentType };
  }
  const type = wildcard ? FALLBACK_TYPE : contentType;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return { body, contentType: type };
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
    return { body: body as ReadableStream<Uint8Array>, contentType: type, oneShot: true };
  throw new InvalidRequestError(
    `${context.operationId}: the body must be a Blob, ArrayBuffer, typed array or ReadableStream (${contentType}), got ${describe(body)}`,
    context,
    'body',
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return Array.isArray(value) ? 'an array' : 'an object';
}

/**
 * The success body as a `Blob` typed by the response's Content-Type. The body is already read
 * (the timeout covers it); `asResponse()` gives the `Response` itself for `.body` as a stream
 * or `.arrayBuffer()`.
 */
export function decodeBinaryBody(exchange: Exchange): Blob {
  return new Blob([exchange.bytes], { type: exchange.headers.get('content-type') ?? '' });
}
