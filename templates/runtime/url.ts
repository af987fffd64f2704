/**
 * Request URLs: the base address, the path template with its parameters percent-encoded,
 * and the query string in the form style (OpenAPI's default) (one pair per array element).
 */
import type { RequestContext } from './sdk-error.js';
import type { QueryParameter } from './operation.js';
import { InvalidRequestError } from './request-errors.js';

const PLACEHOLDER = /\{([^{}]+)\}/g;

/**
 * `/api/v1/users/{user_id}/` with `{user_id: 'a b'}` → `/api/v1/users/a%20b/`. A list is
 * written the way OpenAPI's path styles (RFC 6570) say, each element percent-encoded and the
 * separators left as they are: `{ids}` → `1,2,3` (simple), `{.ids}` → `.1,2,3` (label),
 * `{;ids}` → `;ids=1,2,3` (matrix), and with `*` (explode) `.1.2.3` or `;ids=1;ids=2;ids=3`.
 */
export function renderPath(
  template: string,
  params: Readonly<Record<string, unknown>> | undefined,
  context: RequestContext,
): string {
  const { literals, placeholders } = parseTemplate(template);
  let path = literals[0]!;
  for (let i = 0; i < placeholders.length; i++) {
    const placeholder = placeholders[i]!;
    const value = params?.[placeholder.name];
    path += renderPlaceholder(placeholder, value, context) + literals[i + 1]!;
  }
  for (const key of Object.keys(params ?? {})) {
    if (!placeholders.some((p) => p.name === key))
      throw new InvalidRequestError(
        `${context.operationId}: unknown path parameter "${key}"`,
        context,
        `path.${key}`,
      );
  }
  return path;
}

function renderPlaceholder(
  { name, operator, explode }: Placeholder,
  value: unknown,
  context: RequestContext,
): string {
  const texts = Array.isArray(value)
    ? value.map((item, i) => segmentText(item, name, `${name}[${i}]`, context))
    : [segmentText(value, name, name, context)];
  const prefix = operator === ';' ? `;${name}=` : operator;
  const separator = !explode ? ',' : prefix;
  const joined = texts.join(separator);
  const rendered = operator === ';' && joined === '' ? `;${name}` : prefix + joined;
  if (rendered === '' || rendered === '.' || rendered === '..') {
    // An empty segment drops out of the URL, and `.` and `..` are resolved by URL parsers,
    // moving the request to another path.
    throw new InvalidRequestError(
      `${context.operationId}: path parameter "${name}" must not be ${rendered === '' ? 'empty' : JSON.stringify(rendered)}`,
      context,
      `path.${name}`,
    );
  }
  return rendered;
}

/** One value (or list element) of a path parameter, percent-encoded. */
function segmentText(
  value: unknown,
  name: string,
  argument: string,
  context: RequestContext,
): string {
  if (value === undefined || value === null) {
    throw new InvalidRequestError(
      `${context.operationId}: path parameter "${argument}" is required`,
      context,
      `path.${argument}`,
    );
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new InvalidRequestError(
      `${context.operationId}: path parameter "${argument}" must be a finite number, got ${value}`,
      context,
      `path.${argument}`,
    );
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new InvalidRequestError(
      `${context.operationId}: path parameter "${argument}" must be a string, got ${typeof value}`,
      context,
      `path.${argument}`,
    );
  }
  try {
    return encodeURIComponent(String(value));
  } catch {
    // Only a lone UTF-16 surrogate makes encodeURIComponent throw.
    throw new InvalidRequestError(
      `${context.operationId}: path parameter "${name}" is not valid Unicode text`,
      context,
      `path.${argument}`,
    );
  }
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
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new InvalidRequestError(
        `${context.operationId}: ${argument} must be a finite number, got ${value}`,
        context,
        argument,
      );
    return String(value);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime()))
      throw new InvalidRequestError(
        `${context.operationId}: ${argument} is an invalid Date`,
        context,
        argument,
      );
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
    if (values[key] !== undefined && !declared.some((p) => p.name === key)) {
      const list =
        declared.length > 0
          ? `; it takes ${declared.map((p) => p.name).join(', ')}`
          : '; it takes none';
      throw new InvalidRequestError(
        `${context.operationId}: unknown query parameter "${key}"${list}`,
        context,
        `query.${key}`,
      );
    }
  }
  for (const parameter of declared) {
    const value = values[parameter.name];
    if (value === undefined || value === null) continue;
    const argument = `query.${parameter.name}`;
    if (Array.isArray(value)) {
      const texts = value
        .filter((v) => v !== undefined && v !== null)
        .map((v, i) => requireScalar(v, `${argument}[${i}]`, context));
      if (parameter.explode === false) {
        if (texts.length > 0) params.append(parameter.name, texts.join(','));
      } else {
        for (const text of texts) params.append(parameter.name, text);
      }
      continue;
    }
    params.append(parameter.name, requireScalar(value, argument, context));
  }
  return params;
}

function requireScalar(value: unknown, argument: string, context: RequestContext): string {
  const text = scalarText(value, argument, context);
  if (text === undefined) {
    throw new InvalidRequestError(
      `${context.operationId}: ${argument} must be a string, number or boolean, got ${Array.isArray(value) ? 'array' : typeof value}`,
      context,
      argument,
    );
  }
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
