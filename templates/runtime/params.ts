/**
 * Query, header and cookie parameters. An operation that declares any names
 * `encodeParameters` in its descriptor, so a bundle of operations that take only path
 * parameters leaves all of this out.
 *
 * Lists and objects are written in OpenAPI's styles for their location (the style examples
 * of OpenAPI 3.1 §4.8.12.4): a header's simple style `a,b`, `k1,v1,k2,v2` or, exploded,
 * `k1=v1,k2=v2`; a cookie's form style `name=a,b` and `name=k1,v1,k2,v2` or, exploded,
 * `name=a; name=b` and `k1=v1; k2=v2`.
 */
import type { RequestContext } from './sdk-error.js';
import { putHeader, type HeaderRecord } from './headers.js';
import type { OperationDescriptor, OperationInput, ParameterDescriptor } from './operation.js';
import { refuse } from './refuse.js';
import { encodeQuery, requireScalar, scalarText } from './url.js';

/**
 * Sets the call's header and cookie parameters on `headers` and returns its query string
 * (without `?`, empty for none), refusing undeclared names and values no header may hold.
 */
export function encodeParameters(
  descriptor: OperationDescriptor,
  input: OperationInput,
  context: RequestContext,
  headers: HeaderRecord,
): string {
  // Header names are case-insensitive; cookie names are not.
  for (const [parameter, name, value, argument] of given(
    'header',
    descriptor.headers,
    input.headers,
    context,
    true,
  )) {
    const text = headerText(parameter, value, argument, context);
    // An empty list or object is sent as nothing: an empty header would read as one empty item.
    if (text !== undefined) setChecked(headers, name, text, argument, context);
  }
  // `a=1; b=x%20y`: each value percent-encoded, since a cookie value may not hold spaces,
  // commas or semicolons; the commas and `=` of a list or object's form stay as they are.
  const pairs: string[] = [];
  for (const [parameter, , value, argument] of given(
    'cookie',
    descriptor.cookies,
    input.cookies,
    context,
    false,
  ))
    pairs.push(...cookiePairs(parameter, value, argument, context));
  if (pairs.length > 0) setChecked(headers, 'cookie', pairs.join('; '), 'cookies', context);
  // No query, no work: most calls pass none.
  return input.query === undefined
    ? ''
    : encodeQuery(descriptor.query ?? [], input.query, context).toString();
}

/**
 * The header or cookie parameters the caller gave, as `[parameter, name as the caller spelt
 * it, value, argument]`: undefined and null skipped, undeclared names refused before anything
 * is sent.
 */
function given(
  kind: 'header' | 'cookie',
  declared: readonly ParameterDescriptor[] | undefined,
  values: object | undefined,
  context: RequestContext,
  anyCase: boolean,
): [parameter: ParameterDescriptor, name: string, value: unknown, argument: string][] {
  // Most calls pass none of these: no work for them.
  if (values === undefined || values === null) return [];
  const key = (name: string) => (anyCase ? name.toLowerCase() : name);
  const known = new Map((declared ?? []).map((p) => [key(p.name), p]));
  const out: [ParameterDescriptor, string, unknown, string][] = [];
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const argument = `${kind}s.${name}`;
    const parameter = known.get(key(name));
    if (parameter === undefined)
      throw refuse(context, argument, `unknown ${kind} parameter "${name}"`);
    out.push([parameter, name, value, argument]);
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
 * `k1=v1; k2=v2` for an object. Keys and values are percent-encoded; an empty list or object
 * sends nothing.
 */
function cookiePairs(
  parameter: ParameterDescriptor,
  value: unknown,
  argument: string,
  context: RequestContext,
): string[] {
  const { name } = parameter;
  const exploded = parameter.explode !== false;
  const wire = wireValue(value, argument, context);
  const at = (text: string, where: string) => encodeText(text, where, context);
  if (wire.kind === 'text') return [`${name}=${at(wire.text, argument)}`];
  if (wire.kind === 'list') {
    const texts = wire.texts.map((t, i) => at(t, `${argument}[${i}]`));
    if (texts.length === 0) return [];
    return exploded ? texts.map((t) => `${name}=${t}`) : [`${name}=${texts.join(',')}`];
  }
  const members = wire.members.map(
    ([key, text]) => [at(key, `${argument}.${key}`), at(text, `${argument}.${key}`)] as const,
  );
  if (members.length === 0) return [];
  return exploded
    ? members.map(([key, text]) => `${key}=${text}`)
    : [`${name}=${members.map(([key, text]) => `${key},${text}`).join(',')}`];
}

/** Percent-encoded text, refused when it is not valid Unicode (a lone surrogate). */
function encodeText(text: string, argument: string, context: RequestContext): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw refuse(context, argument, `${argument} is not valid Unicode text`);
  }
}

/** Sets a header parameter, refusing a value that no header may hold. */
function setChecked(
  headers: HeaderRecord,
  name: string,
  value: string,
  argument: string,
  context: RequestContext,
): void {
  try {
    putHeader(headers, name, value);
  } catch {
    throw refuse(context, argument, `${argument} is not a valid header value`);
  }
}
