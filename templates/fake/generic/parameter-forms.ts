/**
 * Path, header and cookie parameters read back from the forms the client writes them in
 * (OpenAPI's style table, see `pathText` of runtime/core/url.ts and runtime/core/params.ts): a list
 * from `a,b`, `.a.b` or `;ids=a;ids=b`, an object from `k1,v1,k2,v2` or `k1=v1,k2=v2`, and a
 * cookie list or object from its `name=a; name=b` or `k1=v1; k2=v2` pairs. Whether a
 * parameter is a list or an object comes from its validator's fields, as for query lists;
 * what it is then is checked by the validator, which names the field at fault.
 */
import type { ParameterDescriptor } from '../../runtime/core/operation.js';
import type { FieldConstraints } from '../../runtime/core/standard-schema.js';
import { define } from '../own.js';

type Fields = Readonly<Record<string, FieldConstraints>> | undefined;

/** `[k1, v1, k2, v2]` or `['k1=v1', 'k2=v2']` as an object. */
function members(parts: readonly string[], exploded: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (exploded)
    for (const part of parts) {
      const at = part.indexOf('=');
      define(out, at < 0 ? part : part.slice(0, at), at < 0 ? '' : part.slice(at + 1));
    }
  else for (let i = 0; i + 1 < parts.length; i += 2) define(out, parts[i]!, parts[i + 1]!);
  return out;
}

/** A text split into a list or an object as the field wants, with `separator` between parts. */
function shaped(
  text: string,
  field: FieldConstraints | undefined,
  exploded: boolean,
  separator: string,
  decode: (part: string) => string = (part) => part,
): unknown {
  if (field?.type === 'array') return text === '' ? [] : text.split(separator).map(decode);
  if (field?.type === 'object')
    return members(text === '' ? [] : text.split(separator).map(decode), exploded);
  return decode(text);
}

/**
 * Header parameters: `a,b` is a list and `k1,v1,k2,v2` (or exploded `k1=v1,k2=v2`) an object
 * where the parameter's field is one. Items are trimmed: a server may join repeated header
 * lines with `, `.
 */
export function headerValues(
  headers: Headers,
  declared: readonly ParameterDescriptor[] = [],
  fields: Fields,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, explode } of declared) {
    const value = headers.get(name);
    if (value === null) continue;
    define(
      out,
      name,
      shaped(value, fields?.[name], explode === true, ',', (p) => p.trim()),
    );
  }
  return out;
}

/**
 * Cookie parameters from the `Cookie` header, each value percent-decoded (as it is in the 3.2
 * `cookie` style): a list from its
 * repeated pairs (exploded, the form style's default) or from `name=a,b`, an object from the
 * pairs named after its fields or from `name=k1,v1,k2,v2`.
 */
export function cookieValues(
  headers: Headers,
  declared: readonly ParameterDescriptor[] = [],
  fields: Fields,
): Record<string, unknown> {
  const sent = new Map<string, string[]>();
  for (const pair of (headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = percentDecoded(pair.slice(0, at).trim());
    sent.set(name, [...(sent.get(name) ?? []), pair.slice(at + 1).trim()]);
  }
  const out: Record<string, unknown> = {};
  for (const { name, explode, style } of declared) {
    const field = fields?.[name];
    const exploded = explode !== false;
    // OpenAPI 3.2's cookie style sends values as they are: nothing to decode.
    const decoded = style === 'cookie' ? (text: string) => text : percentDecoded;
    if (exploded && field?.type === 'object') {
      const object: Record<string, string> = {};
      for (const key of Object.keys(field.fields ?? {}))
        if (sent.has(key)) define(object, key, decoded(sent.get(key)!.at(-1)!));
      if (Object.keys(object).length > 0) define(out, name, object);
      continue;
    }
    const values = sent.get(name);
    if (values === undefined) continue;
    if (exploded && field?.type === 'array') define(out, name, values.map(decoded));
    else define(out, name, shaped(values.at(-1)!, field, false, ',', decoded));
  }
  return out;
}

/**
 * Path parameters, as the router found them (one segment each, percent-decoded), read in
 * their styles: `template` is the path with each parameter written the RFC 6570 way
 * (`/tags/{;tag*}`) where any is not in the simple style or explodes.
 */
export function pathValues(
  params: Readonly<Record<string, string>>,
  template: string | undefined,
  fields: Fields,
): Record<string, unknown> {
  const styles = new Map<string, { operator: string; explode: boolean }>();
  for (const [, expression] of (template ?? '').matchAll(/\{([^{}]+)\}/g)) {
    const operator = /^[.;]/.test(expression!) ? expression!.charAt(0) : '';
    const explode = expression!.endsWith('*');
    styles.set(expression!.slice(operator.length, explode ? -1 : undefined), { operator, explode });
  }
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(params)) {
    const { operator, explode } = styles.get(name) ?? { operator: '', explode: false };
    const field = fields?.[name];
    let text = raw;
    if (operator === '.') text = text.replace(/^\./, '');
    else if (operator === ';' && !(explode && field?.type === 'object'))
      text = text.startsWith(`;${name}=`)
        ? text.slice(name.length + 2)
        : text.replace(/^;[^=]*/, '');
    else if (operator === ';') text = text.replace(/^;/, '');
    const separator =
      !explode || operator === ''
        ? ','
        : operator === ';' && field?.type === 'array'
          ? `;${name}=`
          : operator;
    define(out, name, shaped(text, field, explode, separator));
  }
  return out;
}

/**
 * A query parameter written in a style beyond the form style's scalars and lists (see
 * runtime/internal/query-styles.ts), read back; undefined when the URL does not carry it.
 * deepObject: `created[gt]=1` and `a[b][c]=1` as objects, `expand[]=a` or `expand[0]=a` as a
 * list. Delimited: `a b` or `a|b` split. An object in the form style from `R,100,G,200`, or
 * exploded from the pairs named after its fields.
 */
export function styledQueryValue(
  search: URLSearchParams,
  { name, style, explode }: ParameterDescriptor,
  field: FieldConstraints | undefined,
): unknown {
  if (style === 'deepObject') {
    const root: Record<string, unknown> = {};
    for (const [key, value] of search)
      if (key.startsWith(`${name}[`) && key.endsWith(']'))
        deepPut(root, [name, ...key.slice(name.length + 1, -1).split('][')], value);
    return root[name];
  }
  if (explode !== false && field?.type === 'object') {
    const object: Record<string, string> = {};
    for (const key of Object.keys(field.fields ?? {}))
      if (search.has(key)) define(object, key, search.get(key)!);
    return Object.keys(object).length > 0 ? object : undefined;
  }
  const text = search.get(name);
  if (text === null) return undefined;
  const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
  return shaped(text, field, false, separator);
}

/**
 * Puts `value` at `path` (`['a', 'b', 'c']` for `a[b][c]`), making an object for a named
 * step and a list for `[]` (appended) or `[0]`. Own properties only, defined rather than
 * assigned, so that `a[__proto__][x]` makes a member and reaches no prototype; a key that
 * goes through a text (`a[b]=1&a[b][c]=2`) is dropped.
 */
export function deepPut(
  root: Record<string, unknown>,
  path: readonly string[],
  value: string,
): void {
  let container: unknown = root;
  for (let i = 0; i < path.length; i++) {
    if (typeof container !== 'object' || container === null) return;
    const holder = container as Record<string, unknown>;
    const step = path[i] === '' && Array.isArray(holder) ? String(holder.length) : path[i]!;
    if (i === path.length - 1) return define(holder, step, value);
    const next = path[i + 1]!;
    if (!Object.hasOwn(holder, step))
      define(holder, step, next === '' || /^\d+$/.test(next) ? [] : {});
    container = holder[step];
  }
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
