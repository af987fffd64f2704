/**
 * Swagger 2.0 parameters as the conversion reads them: a `$ref` to `#/parameters/X` stands
 * for what it names, and body and form parameters are the ones OpenAPI 3 turns into a
 * request body.
 */
import { HTTP_METHODS } from '../../shared/document/methods.js';
import { member } from '../../shared/document/read.js';
import { resolveRef } from '../../shared/document/pointer.js';

/** The parameter `entry` is, following one `$ref` into the document's `parameters`. */
export function resolveParameter(original: unknown, entry: unknown): unknown {
  const ref = member(entry, '$ref');
  if (typeof ref !== 'string') return entry;
  return ref.startsWith('#/parameters/') ? resolveRef(original, ref) : undefined;
}

/** A body or form parameter: part of the request body in OpenAPI 3, not of `parameters`. */
export function isBodyLike(parameter: unknown): boolean {
  const where = member(parameter, 'in');
  return where === 'body' || where === 'formData';
}

/** The HTTP methods a Swagger 2.0 path item may hold: OpenAPI 3's, but `trace`. */
export const OPERATION_KEYS: ReadonlySet<string> = new Set(
  HTTP_METHODS.filter((method) => method !== 'trace'),
);
