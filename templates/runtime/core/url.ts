/**
 * Request URLs: the base address, the path template with its parameters percent-encoded,
 * and the query string in the form style (OpenAPI's default) (one pair per array element).
 */
import type { RequestContext } from './sdk-error.js';
import type { QueryParameter } from './operation.js';
import { refuse } from '../internal/refuse.js';

const PLACEHOLDER = /\{([^{}]+)\}/g;

/**
 * `/api/v1/users/{user_id}/` with `{user_id: 'a b'}` → `/api/v1/users/a%20b/`: the simple
 * style, OpenAPI's default, a list written `1,2,3`. What most operations need, kept apart from
 * the other styles ({@link renderPath}) so that their bundles leave those out.
 */
export function simplePath(
  template: string,
  params: Readonly<Record<string, unknown>> | undefined,
  context: RequestContext,
): string {
  // Split once per template: `['/u/', 'id', '/']`, the odd parts the placeholders' names.
  let parts = SPLIT.get(template);
  if (parts === undefined) {
    // Templates come from the generated descriptors, a fixed set; the cap only guards odd callers.
    if (SPLIT.size >= 1000) SPLIT.clear();
    SPLIT.set(template, (parts = template.split(/[{}]/)));
  }
  let path = parts[0]!;
  let given = 0;
  for (let i = 1; i < parts.length; i += 2) {
    const value = params?.[parts[i]!];
    if (value !== undefined) given++;
    path += pathText(parts[i]!, value, '', ',', context) + parts[i + 1];
  }
  // Every parameter given was used, unless some name is not in the template.
  if (params !== undefined && Object.keys(params).length > given)
    for (const key in params)
      if (!parts.some((name, i) => i % 2 === 1 && name === key))
        throw refuse(context, `path.${key}`, `unknown path parameter "${key}"`);
  return path;
}

const SPLIT = new Map<string, readonly string[]>();

/**
 * A path template in any of OpenAPI's path styles (RFC 6570), each element percent-encoded
 * and the separators left as they are: `{ids}` → `1,2,3` (simple), `{.ids}` → `.1,2,3`
 * (label), `{;ids}` → `;ids=1,2,3` (matrix), and with `*` (explode) `.1.2.3` or
 * `;ids=1;ids=2;ids=3`. Named by the descriptors whose paths need it.
 */
export function renderPath(
  template: string,
  params: Readonly<Record<string, unknown>> | undefined,
  context: RequestContext,
): string {
  const { literals, placeholders } = parseTemplate(template);
  let path = literals[0]!;
  for (let i = 0; i < placeholders.length; i++) {
    const { name, operator, explode } = placeholders[i]!;
    const value = params?.[name];
    const prefix = operator === ';' ? `;${name}=` : operator;
    // Between list elements: a comma, or exploded, the operator again (`;ids=` for a matrix).
    const text = isMembers(value)
      ? membersText(name, value, operator, explode, context)
      : pathText(name, value, prefix, explode && operator !== '' ? prefix : ',', context);
    path += (operator === ';' && text === prefix ? `;${name}` : text) + literals[i + 1]!;
  }
  for (const key in params) {
    if (!placeholders.some((p) => p.name === key))
      throw refuse(context, `path.${key}`, `unknown path parameter "${key}"`);
  }
  return path;
}

/**
 * A path parameter's text: `prefix`, then its value or its list's elements percent-encoded
 * and joined by `separator`. An empty segment drops out of the URL, and `.` and `..` are
 * resolved by URL parsers, moving the request to another path: all three are refused.
 */
function pathText(
  name: string,
  value: unknown,
  prefix: string,
  separator: string,
  context: RequestContext,
): string {
  const text =
    prefix +
    (Array.isArray(value)
      ? value.map((item, i) => segmentText(item, `${name}[${i}]`, context)).join(separator)
      : segmentText(value, name, context));
  if (text === '' || text === '.' || text === '..')
    throw refuse(
      context,
      `path.${name}`,
      `path parameter "${name}" must not be ${text === '' ? 'empty' : JSON.stringify(text)}`,
    );
  return text;
}

/**
 * A path parameter that is an object, in a style (`operator`: `''` simple, `.` label, `;`
 * matrix), as OpenAPI's style table writes `{R: 100, G: 200}`: `R,100,G,200`, `.R,100,G,200`
 * or `;color=R,100,G,200`, and exploded `R=100,G=200`, `.R=100.G=200` or `;R=100;G=200`.
 * Keys and values are percent-encoded; null and undefined members are left out.
 */
function membersText(
  name: string,
  value: object,
  operator: '' | '.' | ';',
  explode: boolean,
  context: RequestContext,
): string {
  const pairs: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || member === null) continue;
    const k = segmentText(key, `${name}.${key}`, context);
    // A boolean member is written as its text, as a query writes one.
    const v = segmentText(
      typeof member === 'boolean' ? String(member) : member,
      `${name}.${key}`,
      context,
    );
    pairs.push(explode ? `${k}=${v}` : `${k},${v}`);
  }
  // No members: written as an empty list would be, and refused where that is (`pathText`).
  if (pairs.length === 0)
    return pathText(name, [], operator === ';' ? `;${name}=` : operator, ',', context);
  return explode
    ? operator + pairs.join(operator === '' ? ',' : operator)
    : (operator === ';' ? `;${name}=` : operator) + pairs.join(',');
}

/** A plain object (not a list or a Date): a path parameter written as key-value pairs. */
function isMembers(value: unknown): value is object {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

/** One value (or list element) of a path parameter, percent-encoded. */
function segmentText(value: unknown, argument: string, context: RequestContext): string {
  let problem =
    value === undefined || value === null
      ? 'is required'
      : typeof value === 'number' && !Number.isFinite(value)
        ? `must be a finite number, got ${value}`
        : typeof value !== 'string' && typeof value !== 'number'
          ? `must be a string, got ${typeof value}`
          : undefined;
  if (problem === undefined) {
    try {
      return encodeURIComponent(value as string | number);
    } catch {
      // Only a lone UTF-16 surrogate makes encodeURIComponent throw.
      problem = 'is not valid Unicode text';
    }
  }
  throw refuse(context, `path.${argument}`, `path parameter "${argument}" ${problem}`);
}

/** A placeholder of a path template: `{ids}`, or with a style, `{.ids}`, `{;ids*}`. */
interface Placeholder {
  readonly name: string;
  /** `''` simple, `.` label, `;` matrix. */
  readonly operator: '' | '.' | ';';
  readonly explode: boolean;
}

/** A path template split into the text around its placeholders and their names: `/u/{id}/` → `['/u/', '/']`, `[id]`. */
interface PathTemplate {
  readonly literals: readonly string[];
  readonly placeholders: readonly Placeholder[];
}

/** Split once per template: a regex replace with a callback on every call showed up in profiles. */
const TEMPLATES = new Map<string, PathTemplate>();
const MAX_TEMPLATES = 1000;

function parseTemplate(template: string): PathTemplate {
  let parsed = TEMPLATES.get(template);
  if (parsed === undefined) {
    const literals: string[] = [];
    const placeholders: Placeholder[] = [];
    let end = 0;
    for (const match of template.matchAll(PLACEHOLDER)) {
      literals.push(template.slice(end, match.index));
      placeholders.push(placeholderOf(match[1]!));
      end = match.index + match[0].length;
    }
    literals.push(template.slice(end));
    parsed = { literals, placeholders };
    // Templates come from the generated descriptors, a fixed set; the cap only guards odd callers.
    if (TEMPLATES.size >= MAX_TEMPLATES) TEMPLATES.clear();
    TEMPLATES.set(template, parsed);
  }
  return parsed;
}

function placeholderOf(expression: string): Placeholder {
  const first = expression.charAt(0);
  const operator = first === '.' || first === ';' ? first : '';
  const explode = expression.endsWith('*') && expression.length > operator.length + 1;
  const name = expression.slice(operator.length, explode ? -1 : undefined);
  return { name, operator, explode };
}

/** The text of a string, finite number, boolean, bigint or Date; undefined for anything else. */
export function scalarText(
  value: unknown,
  argument: string,
  context: RequestContext,
): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw refuse(context, argument, `${argument} must be a finite number, got ${value}`);
    return String(value);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime()))
      throw refuse(context, argument, `${argument} is an invalid Date`);
    return value.toISOString();
  }
  return undefined;
}

/**
 * The query string for the declared parameters, in declaration order (stable URLs make logs
 * and caches agree). Keys the operation does not declare are refused rather than dropped or
 * sent: a misspelt filter such as `only_avaliable` would otherwise return unfiltered data
 * without a word.
 */
export function encodeQuery(
  declared: readonly QueryParameter[],
  query: object | undefined,
  context: RequestContext,
): URLSearchParams {
  const params = new URLSearchParams();
  if (query === undefined || query === null) return params;
  const values = query as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(values)) {
    if (values[key] !== undefined && !declared.some((p) => p.name === key))
      throw refuse(
        context,
        `query.${key}`,
        `unknown query parameter "${key}"; it takes ${declared.map((p) => p.name).join(', ') || 'none'}`,
      );
  }
  for (const { name, explode } of declared) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    const argument = `query.${name}`;
    if (Array.isArray(value)) {
      const texts = value
        .filter((v) => v !== undefined && v !== null)
        .map((v, i) => requireScalar(v, `${argument}[${i}]`, context));
      if (explode !== false) for (const text of texts) params.append(name, text);
      else if (texts.length > 0) params.append(name, texts.join(','));
    } else params.append(name, requireScalar(value, argument, context));
  }
  return params;
}

/** The text of a parameter's value, which must be a scalar. */
export function requireScalar(value: unknown, argument: string, context: RequestContext): string {
  const text = scalarText(value, argument, context);
  if (text === undefined)
    throw refuse(
      context,
      argument,
      `${argument} must be a string, number or boolean, got ${Array.isArray(value) ? 'array' : typeof value}`,
    );
  return text;
}

/** The base URL's origin and path prefix, without a trailing slash: what every path is appended to. */
export function urlPrefix(base: URL): string {
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
}

/**
 * The base URL's origin and path prefix joined with a rendered path and query. `base` may be
 * the prefix already made by {@link urlPrefix}: the client keeps it, since reading a URL's
 * parts on every call showed up in profiles.
 */
export function joinUrl(
  base: URL | string,
  path: string,
  query?: URLSearchParams | string,
): string {
  const prefix = typeof base === 'string' ? base : urlPrefix(base);
  const search = query === undefined ? '' : query.toString();
  return `${prefix}${path}${search === '' ? '' : `?${search}`}`;
}

/** True for hosts that are this machine: plain HTTP to them never leaves it. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether sending a bearer token to `url` could expose it to the network. */
export function isInsecureForCredentials(url: URL): boolean {
  return url.protocol !== 'https:' && !isLoopbackHost(url.hostname);
}

/**
 * A key under which two spellings of the same page URL compare equal (parameter order and
 * escaping vary between servers), so a repeated `next` link is recognised.
 */
export function pageUrlKey(url: string): string {
  // Built from the parts, never by assigning to the parsed URL: React Native's own URL has
  // getters only.
  const parsed = new URL(url);
  const query = new URLSearchParams(parsed.search);
  query.sort();
  const search = query.toString();
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}${search ? `?${search}` : ''}`;
}
