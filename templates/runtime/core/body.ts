/**
 * Request bodies. JSON is the default and is encoded here; form, multipart, text and binary
 * are offered only where the operation lists them (the server parses each encoding
 * differently, and a silent fallback would hide the difference), by the encoder its
 * descriptor names.
 */
import type { RequestContext } from './sdk-error.js';
import type { OperationDescriptor } from './operation.js';
import type { BodyEncoding, EncodedBody } from './wire.js';
import { refuse } from '../internal/refuse.js';

/**
 * A call's body as fetch sends it, by the encoding the call asks for (`options.encoding`) or
 * else JSON, or else the operation's first. Named by the descriptors of operations that take
 * a body; the request builder refuses a body for the others itself.
 */
export function encodeBody(
  descriptor: OperationDescriptor,
  body: unknown,
  requested: BodyEncoding | undefined,
  context: RequestContext,
): EncodedBody {
  const accepted = descriptor.bodyEncodings ?? [];
  const encoding = requested ?? (accepted.includes('json') ? 'json' : accepted[0]);
  if (encoding === undefined || !accepted.includes(encoding))
    throw refuse(
      context,
      'options.encoding',
      `does not accept a ${encoding} body; it accepts ${accepted.join(', ')}`,
    );
  if (body === undefined) return { body: undefined, contentType: undefined };
  if (encoding === 'json')
    return {
      body: jsonText(body, context),
      contentType: descriptor.bodyContentType ?? 'application/json',
    };
  // Every other encoder comes with the descriptor (form-body.ts, text-body.ts,
  // binary-body.ts), so a client that only sends JSON does not carry them.
  const encoder = descriptor.encoders?.[encoding];
  if (encoder === undefined)
    throw refuse(context, 'options.encoding', `has no ${encoding} encoder`);
  return encoder(body, descriptor.bodyContentType ?? '*/*', context);
}

/** The body as JSON text; cycles and bigints are the caller's mistake, refused before sending. */
export function jsonText(body: unknown, context: RequestContext): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    throw refuse(
      context,
      'body',
      `the body cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
