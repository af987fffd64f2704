/**
 * How a call's parameters and body become a URL, headers and a body: OpenAPI's parameter
 * styles (simple, label, matrix for the path; form, spaceDelimited, pipeDelimited, deepObject
 * for the query), JSON bodies, and header merging. Each function gives the text openapi-fetch
 * gives for the same input, so URLs a server already accepts stay the same.
 */
import type {
  HeadersOptions,
  PathSerializer,
  QuerySerializer,
  QuerySerializerOptions,
} from './types.js';

interface Reserved {
  /** Send reserved characters as they are instead of percent-encoded. */
  allowReserved?: boolean;
}

type ObjectStyle = 'simple' | 'label' | 'matrix' | 'form' | 'deepObject';
type ArrayStyle = 'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited';

const encode = (value: unknown, options: Reserved | undefined): string =>
  options?.allowReserved === true ? String(value) : encodeURIComponent(value as string);

/** What separates exploded members in the styles that prefix each with a character. */
const prefixed = (style: string): string | undefined =>
  style === 'simple' ? ',' : style === 'label' ? '.' : style === 'matrix' ? ';' : undefined;

/** `name=value`, or '' for a missing value; nested values need a serializer of the caller's own. */
export function serializePrimitiveParam(name: string, value: string, options?: Reserved): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object')
    throw new Error(
      'Deeply-nested arrays/objects are not supported. Provide your own `querySerializer()` to handle these.',
    );
  return `${name}=${encode(value, options)}`;
}

/** An object parameter in one of OpenAPI's styles: `role,admin,name,x`, `filter[name]=x` … */
export function serializeObjectParam(
  name: string,
  value: Record<string, unknown>,
  options: { style: ObjectStyle; explode: boolean } & Reserved,
): string {
  if (!value || typeof value !== 'object') return '';
  const { style } = options;
  if (style !== 'deepObject' && !options.explode) {
    // Unexploded: keys and values alternate in one comma-separated list.
    const list = Object.entries(value)
      .flatMap(([key, member]) => [key, encode(member, options)])
      .join(',');
    if (style === 'form') return `${name}=${list}`;
    if (style === 'label') return `.${list}`;
    if (style === 'matrix') return `;${name}=${list}`;
    return list;
  }
  const joiner = prefixed(style) ?? '&';
  const members = Object.entries(value).map(([key, member]) =>
    serializePrimitiveParam(
      style === 'deepObject' ? `${name}[${key}]` : key,
      member as string,
      options,
    ),
  );
  const text = members.join(joiner);
  return style === 'label' || style === 'matrix' ? `${joiner}${text}` : text;
}

/** An array parameter in one of OpenAPI's styles: `id=1&id=2`, `id=1,2`, `.1.2` … */
export function serializeArrayParam(
  name: string,
  value: unknown[],
  options: { style: ArrayStyle; explode: boolean } & Reserved,
): string {
  if (!Array.isArray(value)) return '';
  const { style } = options;
  if (!options.explode) {
    const joiner = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
    const list = value.map((member) => encode(member, options)).join(joiner);
    if (style === 'simple') return list;
    if (style === 'label') return `.${list}`;
    if (style === 'matrix') return `;${name}=${list}`;
    return `${name}=${list}`;
  }
  const joiner = prefixed(style) ?? '&';
  const members = value.map((member) =>
    style === 'simple' || style === 'label'
      ? encode(member, options)
      : serializePrimitiveParam(name, member as string, options),
  );
  const text = members.join(joiner);
  return style === 'label' || style === 'matrix' ? `${joiner}${text}` : text;
}

/**
 * The query string (without `?`) for `options`: arrays `form` and exploded, objects
 * `deepObject` and exploded, unless told otherwise. Missing values and empty arrays are left
 * out, as a parameter that is not there.
 */
export function createQuerySerializer<T = unknown>(
  options?: QuerySerializerOptions,
): (queryParams: T) => string {
  return (queryParams) => {
    const parts: string[] = [];
    if (!queryParams || typeof queryParams !== 'object') return '';
    const allowReserved = options?.allowReserved || false;
    for (const [name, value] of Object.entries(queryParams)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) {
        if (value.length > 0)
          parts.push(
            serializeArrayParam(name, value, {
              style: 'form',
              explode: true,
              ...options?.array,
              allowReserved,
            }),
          );
      } else if (typeof value === 'object') {
        parts.push(
          serializeObjectParam(name, value as Record<string, unknown>, {
            style: 'deepObject',
            explode: true,
            ...options?.object,
            allowReserved,
          }),
        );
      } else parts.push(serializePrimitiveParam(name, value as string, options));
    }
    return parts.join('&');
  };
}

/** `{name}`, `{name*}`, `{.name}`, `{;name*}`: a path template's parameters, RFC 6570 style. */
const PATH_PARAM = /\{[^{}]+\}/g;

/**
 * Fills a path template's parameters, each in the style its braces name: `{id}` simple,
 * `{.id}` label, `{;id}` matrix, a trailing `*` exploded. A parameter without a value stays
 * as written, so the server's 404 shows which one was missing.
 */
export function defaultPathSerializer(
  pathname: string,
  pathParams: Record<string, unknown>,
): string {
  let url = pathname;
  for (const placeholder of pathname.match(PATH_PARAM) ?? []) {
    let name = placeholder.slice(1, -1);
    const explode = name.endsWith('*');
    if (explode) name = name.slice(0, -1);
    const style = name.startsWith('.') ? 'label' : name.startsWith(';') ? 'matrix' : 'simple';
    if (style !== 'simple') name = name.slice(1);
    const value = pathParams?.[name];
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value)
      ? serializeArrayParam(name, value, { style, explode })
      : typeof value === 'object'
        ? serializeObjectParam(name, value as Record<string, unknown>, { style, explode })
        : style === 'matrix'
          ? `;${serializePrimitiveParam(name, value as string)}`
          : `${style === 'label' ? '.' : ''}${encodeURIComponent(value as string)}`;
    url = url.replace(placeholder, text);
  }
  return url;
}

/**
 * A body as JSON, but FormData as it is (fetch writes its boundary) and a body sent as
 * `application/x-www-form-urlencoded` as URL-encoded pairs.
 */
export function defaultBodySerializer<T>(
  body: T,
  headers?: Headers | Record<string, string>,
): string {
  if (body instanceof FormData) return body as unknown as string;
  if (headers) {
    const contentType =
      headers instanceof Headers
        ? headers.get('Content-Type')
        : (headers['Content-Type'] ?? headers['content-type']);
    if (contentType === 'application/x-www-form-urlencoded')
      return new URLSearchParams(body as Record<string, string>).toString();
  }
  return JSON.stringify(body);
}

/** The base URL, the path with its parameters filled in, and the query. */
export function createFinalURL<O>(
  pathname: string,
  options: {
    baseUrl: string;
    params: { query?: Record<string, unknown>; path?: Record<string, unknown> };
    querySerializer: QuerySerializer<O>;
    pathSerializer: PathSerializer;
  },
): string {
  let url = `${options.baseUrl}${pathname}`;
  if (options.params?.path) url = options.pathSerializer(url, options.params.path);
  // A serializer of the caller's own may put the `?` in itself.
  const search = options.querySerializer((options.params.query ?? {}) as never).replace(/^\?/, '');
  return search ? `${url}?${search}` : url;
}

/**
 * One `Headers` from several sources, later ones winning: `null` removes a header, an array
 * sends it once per value, `undefined` leaves it as it was.
 */
export function mergeHeaders(...allHeaders: (HeadersOptions | undefined)[]): Headers {
  const merged = new Headers();
  for (const source of allHeaders) {
    if (!source || typeof source !== 'object') continue;
    const entries = source instanceof Headers ? source.entries() : Object.entries(source);
    for (const [key, value] of entries) {
      if (value === null) merged.delete(key);
      else if (Array.isArray(value)) for (const each of value) merged.append(key, String(each));
      else if (value !== undefined) merged.set(key, String(value));
    }
  }
  return merged;
}

export function removeTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
