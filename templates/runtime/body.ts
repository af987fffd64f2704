/**
 * Request bodies in the three encodings an OpenAPI document can declare. JSON is the default; form
 * and multipart are offered only where the operation lists them, because the server parses
 * each encoding differently and a silent fallback would hide the difference.
 */
import type { RequestContext } from './sdk-error.js';
import type { BodyEncoding, OperationDescriptor } from './operation.js';
import { InvalidRequestError } from './request-errors.js';
import { scalarText } from './url.js';

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
  if (encoding === 'text' || encoding === 'binary') {
    // The encoder comes with the descriptor (text-body.ts, binary-body.ts), so a client that
    // only sends JSON does not carry it.
    if (descriptor.encodeBody === undefined)
      throw new InvalidRequestError(
        `${context.operationId} has no ${encoding} encoder`,
        context,
        'options.encoding',
      );
    return descriptor.encodeBody(body, descriptor.bodyContentType ?? '*/*', context);
  }
  switch (encoding) {
    case 'json':
      return {
        body: jsonText(body, context),
        contentType: descriptor.bodyContentType ?? 'application/json',
      };
    case 'form':
      return {
        body: formFields(
          body,
          context,
          'form',
          (form, k, v) => form.append(k, String(v)),
          new URLSearchParams(),
        ),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'multipart':
      return {
        body: formFields(
          body,
          context,
          'multipart',
          (form, k, v) => form.append(k, v),
          new FormData(),
        ),
        contentType: undefined,
      };
  }
}

function jsonText(body: unknown, context: RequestContext): string {
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

type Append<F> = (form: F, key: string, value: string | Blob) => void;

/**
 * Fields of a form body. Primitives become their text and `null` the empty string (how
 * Django reads a cleared field); `undefined` is left out. Arrays of primitives repeat the
 * key, the form-style convention the API uses for lists. Objects, and arrays holding
 * objects, are sent as JSON text: Django REST Framework's JSONField parses form input that
 * way, and there is no other agreed form encoding for nested data.
 */
function formFields<F>(
  body: unknown,
  context: RequestContext,
  encoding: 'form' | 'multipart',
  append: Append<F>,
  form: F,
): F {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || body instanceof Blob) {
    throw new InvalidRequestError(
      `${context.operationId}: a ${encoding} body must be an object of fields`,
      context,
      'body',
    );
  }
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const argument = `body.${key}`;
    if (
      value instanceof Blob ||
      (Array.isArray(value) && value.length > 0 && value.every((v) => v instanceof Blob))
    ) {
      if (encoding === 'form') {
        throw new InvalidRequestError(
          `${context.operationId}: ${argument} is a file, which only a multipart body can carry`,
          context,
          argument,
        );
      }
      for (const file of Array.isArray(value) ? value : [value]) append(form, key, file as Blob);
    } else if (Array.isArray(value) && value.every(isScalarField)) {
      value.forEach((item, i) => append(form, key, fieldText(item, `${argument}[${i}]`, context)));
    } else if (isScalarField(value)) {
      append(form, key, fieldText(value, argument, context));
    } else {
      append(form, key, jsonText(value, context));
    }
  }
  return form;
}

function isScalarField(value: unknown): boolean {
  const type = typeof value;
  return (
    value === null ||
    type === 'string' ||
    type === 'number' ||
    type === 'boolean' ||
    type === 'bigint' ||
    value instanceof Date
  );
}

function fieldText(value: unknown, argument: string, context: RequestContext): string {
  return value === null ? '' : (scalarText(value, argument, context) ?? '');
}
