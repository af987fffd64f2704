/**
 * Request bodies. JSON is the default and is encoded here; form, multipart, text and binary
 * are offered only where the operation lists them (the server parses each encoding
 * differently, and a silent fallback would hide the difference), by the encoder its
 * descriptor names.
 */
import type { RequestContext } from './sdk-error.js';
import type { BodyEncoding, OperationDescriptor } from './operation.js';
import { InvalidRequestError } from './request-errors.js';

/** What fetch can send: strings and forms, and the bytes of a binary body. */
export type WireBody =
  | string
  | URLSearchParams
  | FormData
  | Blob
  | ArrayBuffer
  | ArrayBufferView
  | ReadableStream<Uint8Array>;

export interface EncodedBody {
  /** Everything but a stream can be sent again on a retry. */
  readonly body: WireBody | undefined;
  /** Unset for multipart, where fetch writes the header with its boundary. */
  readonly contentType: string | undefined;
  /** A stream is read as it is sent, so it can be sent once only: no retry, and fetch needs `duplex`. */
  readonly oneShot?: boolean;
}

const NO_BODY: EncodedBody = { body: undefined, contentType: undefined };

export function encodeBody(
  descriptor: OperationDescriptor,
  body: unknown,
  requested: BodyEncoding | undefined,
  context: RequestContext,
): EncodedBody {
  if (body === undefined) {
    if (requested !== undefined && descriptor.bodyEncodings.length === 0) {
      throw new InvalidRequestError(
        `${context.operationId} takes no request body, so options.encoding does not apply`,
        context,
        'options.encoding',
      );
    }
    return NO_BODY;
  }
  if (descriptor.bodyEncodings.length === 0) {
    throw new InvalidRequestError(`${context.operationId} takes no request body`, context, 'body');
  }
  const encoding =
    requested ??
    (descriptor.bodyEncodings.includes('json') ? 'json' : descriptor.bodyEncodings[0]!);
  if (!descriptor.bodyEncodings.includes(encoding)) {
    throw new InvalidRequestError(
      `${context.operationId} does not accept a ${encoding} body; it accepts ${descriptor.bodyEncodings.join(', ')}`,
      context,
      'options.encoding',
    );
  }
  if (encoding === 'json')
    return {
      body: jsonText(body, context),
      contentType: descriptor.bodyContentType ?? 'application/json',
    };
  // Every other encoder comes with the descriptor (form-body.ts, text-body.ts,
  // binary-body.ts), so a client that only sends JSON does not carry them.
  const encoder = descriptor.encoders?.[encoding];
  if (encoder === undefined)
    throw new InvalidRequestError(
      `${context.operationId} has no ${encoding} encoder`,
      context,
      'options.encoding',
    );
  return encoder(body, descriptor.bodyContentType ?? '*/*', context);
}

/** The body as JSON text; cycles and bigints are the caller's mistake, refused before sending. */
export function jsonText(body: unknown, context: RequestContext): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    // Cycles and bigints: report them as the caller's mistake, before anything is sent.
    throw new InvalidRequestError(
      `${context.operationId}: the body cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`,
      context,
      'body',
    );
  }
}
