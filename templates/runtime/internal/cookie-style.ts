/**
 * Cookies in OpenAPI 3.2's `cookie` style: the form style's pairs (`name=a; name=b`,
 * `k1=v1; k2=v2`, `name=a,b`) with each value sent as it is, not percent-encoded; the caller
 * escapes what needs escaping, as the specification leaves to the API. Named by the descriptors
 * of operations that take such cookies (`encodeParameters: encodeCookieStyle`), so other
 * bundles leave it out.
 */
import type { RequestContext } from '../core/sdk-error.js';
import type { HeaderRecord } from '../core/wire.js';
import type { OperationDescriptor, OperationInput } from '../core/operation.js';
import { refuse } from './refuse.js';
import { encodeParameterForms } from './wire-forms.js';

/** `encodeParameterForms` (wire-forms.ts), with the cookie style's values written as they are. */
export function encodeCookieStyle(
  descriptor: OperationDescriptor,
  input: OperationInput,
  context: RequestContext,
  headers: HeaderRecord,
): string {
  return encodeParameterForms(descriptor, input, context, headers, unescaped);
}

/**
 * A value as it is, refused when it holds a character of `separators` (`;` ends a pair; `,`
 * separates the items of a joined list or object, `=` an exploded key from its value), which
 * the server could not tell from the syntax. What no header may hold is refused when the
 * header is set.
 */
function unescaped(
  text: string,
  argument: string,
  separators: string,
  context: RequestContext,
): string {
  const found = [...separators].find((c) => text.includes(c));
  if (found !== undefined)
    throw refuse(
      context,
      argument,
      `${argument} must not contain "${found}" in the cookie style, which sends values unescaped; escape it as the API expects`,
    );
  return text;
}
