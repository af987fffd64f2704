/**
 * Request headers, layered: the client's defaults, the client's `headers` option, the
 * operation's header parameters, the call's `headers`, then the body's content type.
 * `Authorization` is added per attempt by the request loop and cannot be set anywhere else.
 */
import type { ClientMeta } from './options.js';
import { nodeVersion, runsInBrowser } from './runtime-globals.js';

/**
 * `Accept`, and who is calling: the client header the spec names (`meta.clientHeader`)
 * everywhere, because browsers do not let scripts set `User-Agent`; `User-Agent` as well
 * outside browsers. Both name the package's version and, as a comment, the API version it was
 * generated from (`name/2.0.0 (api 1.4.0)`), since the two move independently and the
 * provider's logs need both.
 */
export function defaultHeaders(meta: ClientMeta): Headers {
  const client = `${meta.sdkName}/${meta.sdkVersion}${meta.apiVersion === undefined ? '' : ` (api ${meta.apiVersion})`}`;
  const headers = new Headers({ accept: 'application/json' });
  if (meta.clientHeader !== undefined) headers.set(meta.clientHeader, client);
  if (!runsInBrowser()) {
    const node = nodeVersion();
    headers.set('user-agent', node === undefined ? client : `${client} node/${node}`);
  }
  return headers;
}

/**
 * Lays `extra` (the client's or a call's `headers`, named `name` in messages) over `target`:
 * `null` removes a header, `undefined` leaves it. Returns why `extra` is refused, or
 * undefined; checking and setting are one pass, since the Headers object does the checking.
 */
export function layerHeaders(target: Headers, extra: unknown, name: string): string | undefined {
  if (extra === undefined) return undefined;
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra))
    return `${name} must be an object of header names to values`;
  for (const [key, value] of Object.entries(extra)) {
    if (key.toLowerCase() === 'authorization')
      return `${name} must not set Authorization; pass the token as \`token\` or \`tokenProvider\``;
    if (value !== undefined && value !== null && typeof value !== 'string')
      return `${name}.${key} must be a string or null`;
    try {
      if (value === null) target.delete(key);
      else if (value !== undefined) target.set(key, value);
    } catch {
      return `${name}.${key} is not a valid header name or value`;
    }
  }
  return undefined;
}
