/**
 * Header and cookie parameters that are lists or objects, written in OpenAPI's styles for
 * their location (the style examples of OpenAPI 3.1 §4.8.12.4): a header's simple style
 * `a,b`, `k1,v1,k2,v2` or, exploded, `k1=v1,k2=v2`; a cookie's form style `name=a,b` and
 * `name=k1,v1,k2,v2` or, exploded, `name=a; name=b` and `k1=v1; k2=v2`. Named by the
 * descriptors of operations that take such parameters, as their `encodeParameters`.
 */
import type { RequestContext } from '../core/sdk-error.js';
import type { HeaderRecord } from '../core/wire.js';
import type {
  OperationDescriptor,
  OperationInput,
  ParameterDescriptor,
} from '../core/operation.js';
import { encodeParameters, setChecked } from '../core/params.js';
import { refuse } from './refuse.js';
import { requireScalar, scalarText } from '../core/url.js';

/**
 * `encodeParameters` (params.ts), writing lists and objects in headers and cookies too: the
 * headers' values are made texts and handed on with the query, and the `Cookie` header is
 * written here, since an exploded list or object is several pairs. `asIs` writes the values of
 * cookies in OpenAPI 3.2's `cookie` style (cookie-style.ts passes it; other bundles leave it out).
 */
export function encodeParameterForms(
  descriptor: OperationDescriptor,
  input: OperationInput,
  context: RequestContext,
  headers: HeaderRecord,
  asIs?: CookieText,
): string {
  const query = encodeParameters(
    descriptor,
    {
      ...input,
      headers: headerTexts(descriptor.headers ?? [], input.headers, context),
      cookies: undefined,
    },
    context,
    headers,
  );
  const pairs: string[] = [];
  for (const [name, value] of Object.entries((input.cookies ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const argument = `cookies.${name}`;
    // Cookie names are case-sensitive.
    const parameter = descriptor.cookies?.find((p) => p.name === name);
    if (parameter === undefined)
      throw refuse(context, argument, `unknown cookie parameter "${name}"`);
    pairs.push(...cookiePairs(parameter, value, argument, context, asIs));
  }
  if (pairs.length > 0) setChecked(headers, 'cookie', pairs.join('; '), 'cookies', context);
  return query;
}

/**
 * The call's header parameters with lists and objects written as their texts (an empty one
 * left out: an empty header would read as one empty item); names the operation does not
 * declare are kept, for `encodeParameters` to refuse.
 */
function headerTexts(
  declared: readonly ParameterDescriptor[],
  values: object | undefined,
  context: RequestContext,
): object | undefined {
  if (values === undefined || values === null) return values;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    // Header names are case-insensitive.
    const parameter = declared.find((p) => p.name.toLowerCase() === name.toLowerCase());
    const text =
      parameter === undefined || value === undefined || value === null
        ? value
        : headerText(parameter, value, `headers.${name}`, context);
    // Defined rather than assigned: a header named `__proto__` must stay a header.
    Object.defineProperty(out, name, {
      value: text,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * A value as OpenAPI's forms see it: one text, the texts of a list's elements, or an object's
 * members as `[key, text]` (null and undefined elements and members left out, as a query list
 * leaves them out). Anything nested deeper is refused: no style writes it.
 */
type WireValue =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'list'; readonly texts: readonly string[] }
  | { readonly kind: 'object'; readonly members: readonly (readonly [string, string])[] };

function wireValue(value: unknown, argument: string, context: RequestContext): WireValue {
  const text = scalarText(value, argument, context);
  if (text !== undefined) return { kind: 'text', text };
  if (Array.isArray(value))
    return {
      kind: 'list',
      texts: value
        .map((item, i) => [item, `${argument}[${i}]`] as const)
        .filter(([item]) => item !== undefined && item !== null)
        .map(([item, at]) => requireScalar(item, at, context)),
    };
  if (typeof value === 'object' && value !== null)
    return {
      kind: 'object',
      members: Object.entries(value)
        .filter(([, member]) => member !== undefined && member !== null)
        .map(([key, member]) => [key, requireScalar(member, `${argument}.${key}`, context)]),
    };
  return { kind: 'text', text: requireScalar(value, argument, context) };
}

/**
 * A header parameter's value in the simple style: `a,b` for a list, `k1,v1,k2,v2` for an
 * object (`k1=v1,k2=v2` exploded). Items are sent as they are, like a single header value,
 * so an item holding a comma (or an exploded key holding `=`) is refused: the server could
 * not tell it from the separator. Undefined for an empty list or object.
 */
function headerText(
  parameter: ParameterDescriptor,
  value: unknown,
  argument: string,
  context: RequestContext,
): string | undefined {
  const wire = wireValue(value, argument, context);
  if (wire.kind === 'text') return wire.text;
  if ((wire.kind === 'list' ? wire.texts : wire.members).length === 0) return undefined;
  const item = (text: string, at: string, also = '') => {
    if (text.includes(',') || (also !== '' && text.includes(also)))
      throw refuse(
        context,
        at,
        `${at} must not contain "${text.includes(',') ? ',' : also}", which separates the parts of header ${JSON.stringify(parameter.name)}`,
      );
    return text;
  };
  if (wire.kind === 'list') return wire.texts.map((t, i) => item(t, `${argument}[${i}]`)).join(',');
  return wire.members
    .map(([key, text]) =>
      parameter.explode === true
        ? `${item(key, `${argument}.${key}`, '=')}=${item(text, `${argument}.${key}`)}`
        : `${item(key, `${argument}.${key}`)},${item(text, `${argument}.${key}`)}`,
    )
    .join(',');
}

/**
 * A cookie parameter as `name=value` pairs in the form style (exploded unless the descriptor
 * says otherwise): `name=a,b` or `name=a; name=b` for a list, `name=k1,v1,k2,v2` or
 * `k1=v1; k2=v2` for an object. Keys and values are percent-encoded, or in OpenAPI 3.2's
 * `cookie` style sent as they are (the caller escapes what needs it, as RFC 6265 leaves to the
 * server); an empty list or object sends nothing.
 */
function cookiePairs(
  parameter: ParameterDescriptor,
  value: unknown,
  argument: string,
  context: RequestContext,
  asIs: CookieText | undefined,
): string[] {
  const { name } = parameter;
  const exploded = parameter.explode !== false;
  const wire = wireValue(value, argument, context);
  // `key` is an object's key, which `=` would end in an exploded pair.
  const at = (text: string, where: string, key = false) =>
    parameter.style === 'cookie' && asIs
      ? asIs(text, where, wire.kind === 'text' || exploded ? (key ? ';=' : ';') : ';,', context)
      : encodeText(text, where, context);
  if (wire.kind === 'text') return [`${name}=${at(wire.text, argument)}`];
  if (wire.kind === 'list') {
    const texts = wire.texts.map((t, i) => at(t, `${argument}[${i}]`));
    if (texts.length === 0) return [];
    return exploded ? texts.map((t) => `${name}=${t}`) : [`${name}=${texts.join(',')}`];
  }
  const members = wire.members.map(
    ([key, text]) => [at(key, `${argument}.${key}`, true), at(text, `${argument}.${key}`)] as const,
  );
  if (members.length === 0) return [];
  return exploded
    ? members.map(([key, text]) => `${key}=${text}`)
    : [`${name}=${members.map(([key, text]) => `${key},${text}`).join(',')}`];
}

/**
 * Writes a cookie-style value as it is, refusing one that holds a character of `separators`
 * (see cookie-style.ts).
 */
export type CookieText = (
  text: string,
  argument: string,
  separators: string,
  context: RequestContext,
) => string;

/** Percent-encoded text, refused when it is not valid Unicode (a lone surrogate). */
function encodeText(text: string, argument: string, context: RequestContext): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw refuse(context, argument, `${argument} is not valid Unicode text`);
  }
}
