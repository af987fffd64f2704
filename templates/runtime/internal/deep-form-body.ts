/**
 * Urlencoded form bodies whose fields the spec encodes in the deepObject style (Stripe's):
 * objects and lists nested with brackets, `address[city]=Berlin`, `metadata[crm]=42`,
 * `items[0][price]=p`, instead of JSON text. Lists take their index (`[0]`), so the members
 * of one item of a list of objects stay together. Only operations with such fields name this
 * encoder (with the fields' names), so other bundles leave it out.
 */
import type { EncodedBody } from '../core/wire.js';
import { encodeFormBody } from './form-body.js';
import type { RequestContext } from '../core/sdk-error.js';
import { refuse } from './refuse.js';
import { requireScalar } from '../core/url.js';

/** Levels a nested field may have: a cycle would otherwise never end. */
const MAX_DEPTH = 32;

/**
 * Sends an object of fields as `application/x-www-form-urlencoded`, the `deep` fields' objects
 * and lists with brackets; every other field as `encodeFormBody` writes it.
 */
export function encodeDeepFormBody(
  body: unknown,
  context: RequestContext,
  deep: readonly string[],
): EncodedBody {
  const form = new URLSearchParams();
  // encodeFormBody refuses a body that is not an object of fields.
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return encodeFormBody(body, '', context);
  for (const [key, value] of Object.entries(body)) {
    if (deep.includes(key) && isNested(value)) nest(form, key, value, `body.${key}`, context, 0);
    else
      for (const [k, v] of encodeFormBody({ [key]: value }, '', context).body as URLSearchParams)
        form.append(k, v);
  }
  return { body: form, contentType: 'application/x-www-form-urlencoded' };
}

function isNested(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

/** `name[key]…=text` for every scalar under `value`; undefined left out, null the empty text. */
function nest(
  form: URLSearchParams,
  name: string,
  value: unknown,
  argument: string,
  context: RequestContext,
  depth: number,
): void {
  if (value === undefined) return;
  if (value === null) form.append(name, '');
  else if (!isNested(value) || value instanceof Blob)
    form.append(name, requireScalar(value, argument, context));
  else if (depth >= MAX_DEPTH)
    throw refuse(context, argument, `${argument} nests deeper than ${MAX_DEPTH} levels`);
  else if (Array.isArray(value))
    value.forEach((item, i) =>
      nest(form, `${name}[${i}]`, item, `${argument}[${i}]`, context, depth + 1),
    );
  else
    for (const [key, member] of Object.entries(value))
      nest(form, `${name}[${key}]`, member, `${argument}.${key}`, context, depth + 1);
}
