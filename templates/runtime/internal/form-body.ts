/**
 * Form bodies: `application/x-www-form-urlencoded` and `multipart/form-data`. Kept apart from
 * the JSON path: an operation that accepts a form names these encoders in its descriptor, so a
 * bundle of JSON-only operations never carries them.
 */
import { jsonText } from '../core/body.js';
import type { EncodedBody } from '../core/wire.js';
import type { RequestContext } from '../core/sdk-error.js';
import { InvalidRequestError } from '../core/request-errors.js';
import { scalarText } from '../core/url.js';

/** Sends an object of fields as `application/x-www-form-urlencoded`. */
export function encodeFormBody(
  body: unknown,
  _contentType: string,
  context: RequestContext,
): EncodedBody {
  const form = new URLSearchParams();
  fields(body, context, false, (k, v) => form.append(k, v as string));
  return { body: form, contentType: 'application/x-www-form-urlencoded' };
}

/** Sends an object of fields, files among them, as `multipart/form-data`. */
export function encodeMultipartBody(
  body: unknown,
  _contentType: string,
  context: RequestContext,
): EncodedBody {
  const form = new FormData();
  fields(body, context, true, (k, v) => form.append(k, v));
  // Unset: fetch writes the header with its boundary.
  return { body: form, contentType: undefined };
}

/**
 * Fields of a form body. Primitives become their text and `null` the empty string (how
 * Django reads a cleared field); `undefined` is left out. Arrays of primitives repeat the
 * key, the form-style convention the API uses for lists. Objects, and arrays holding
 * objects, are sent as JSON text: Django REST Framework's JSONField parses form input that
 * way. A field whose encoding says deepObject is nested with brackets instead, by
 * deep-form-body.ts, which the operations with such fields name.
 */
function fields(
  body: unknown,
  context: RequestContext,
  multipart: boolean,
  append: (key: string, value: string | Blob) => void,
): void {
  const encoding = multipart ? 'multipart' : 'form';
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
      if (!multipart) {
        throw new InvalidRequestError(
          `${context.operationId}: ${argument} is a file, which only a multipart body can carry`,
          context,
          argument,
        );
      }
      for (const file of Array.isArray(value) ? value : [value]) append(key, file as Blob);
    } else if (Array.isArray(value) && value.every(isScalarField)) {
      value.forEach((item, i) => append(key, fieldText(item, `${argument}[${i}]`, context)));
    } else if (isScalarField(value)) {
      append(key, fieldText(value, argument, context));
    } else {
      append(key, jsonText(value, context));
    }
  }
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
