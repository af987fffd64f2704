/**
 * Request headers, layered: the client's defaults, the client's `headers` option, the
 * operation's header parameters, the call's `headers`, then the body's content type.
 * `Authorization` is added per attempt by the request loop and cannot be set anywhere else.
 *
 * They travel as a plain record with lower-case names, not a `Headers` object: fetch copies
 * whatever it is given into its own list anyway, and a `Headers` object per call (built,
 * validated on every `set`, then iterated by fetch) cost more than the rest of a small call's
 * preparation. Only names and values the caller supplies are checked, by the platform's own
 * rules (see `checkedValue`).
 */
import type { ClientMeta } from '../core/options.js';
import { REDACTED, SENSITIVE_HEADER, type SecretScrubber } from './redact.js';
import { nodeVersion, runsInBrowser } from './runtime-globals.js';
import type { HeaderRecord } from '../core/wire.js';

/**
 * `Accept`, and who is calling: `User-Agent` and the client header the spec names
 * (`meta.clientHeader`) outside browsers. Both name the package's version and, as a comment,
 * the API version it was generated from (`name/2.0.0 (api 1.4.0)`), since the two move
 * independently and the provider's logs need both. Browsers do not let scripts set
 * `User-Agent`, and send the client header only when `sendClientHeader` asks: a custom header
 * needs a CORS preflight that a usual set-up refuses (django-cors-headers' default list does
 * not hold it), which would block every call. `Accept: application/json` is one a browser
 * sends without asking.
 */
export function defaultHeaders(meta: ClientMeta, sendClientHeader?: boolean): HeaderRecord {
  const client = `${meta.sdkName}/${meta.sdkVersion}${meta.apiVersion === undefined ? '' : ` (api ${meta.apiVersion})`}`;
  const headers: HeaderRecord = { accept: 'application/json' };
  const browser = runsInBrowser();
  if (meta.clientHeader !== undefined && (sendClientHeader ?? !browser))
    putHeader(headers, meta.clientHeader, client);
  if (!browser) {
    const node = nodeVersion();
    headers['user-agent'] = node === undefined ? client : `${client} node/${node}`;
  }
  return headers;
}

/** One `Headers` object, made on first need, that checks caller-supplied names and values. */
let checker: Headers | undefined;

/**
 * `value` as fetch would send it under `name` (surrounding whitespace trimmed); throws a
 * TypeError for a name or value no header may hold, exactly as `Headers.set` does.
 */
function checkedValue(name: string, value: string): string {
  const headers = (checker ??= new Headers());
  headers.set(name, value);
  const normalized = headers.get(name)!;
  headers.delete(name);
  return normalized;
}

/**
 * Sets a caller-supplied header on `target` under its lower-case name, checked like
 * `Headers.set` (throws a TypeError when the name or value is not valid); `null` removes it.
 */
export function putHeader(target: HeaderRecord, name: string, value: string | null): void {
  const key = name.toLowerCase();
  if (value === null) {
    checkedValue(name, '');
    delete target[key];
  } else {
    // Defined rather than assigned: a header named `__proto__` must stay a header.
    Object.defineProperty(target, key, {
      value: checkedValue(name, value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

/**
 * Lays `extra` (the client's or a call's `headers`, named `name` in messages) over `target`:
 * `null` removes a header, `undefined` leaves it. Returns why `extra` is refused, or
 * undefined; checking and setting are one pass.
 */
export function layerHeaders(
  target: HeaderRecord,
  extra: unknown,
  name: string,
): string | undefined {
  if (extra === undefined) return undefined;
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra))
    return `${name} must be an object of header names to values`;
  for (const [key, value] of Object.entries(extra)) {
    if (key.toLowerCase() === 'authorization')
      return `${name} must not set Authorization; pass the token as \`token\` or \`tokenProvider\``;
    if (value !== undefined && value !== null && typeof value !== 'string')
      return `${name}.${key} must be a string or null`;
    try {
      if (value !== undefined) putHeader(target, key, value);
    } catch {
      return `${name}.${key} is not a valid header name or value`;
    }
  }
  return undefined;
}

/** Request headers for hooks and logs: sorted by name as `Headers` lists them, credentials hidden. */
export function redactRequestHeaders(
  headers: HeaderRecord,
  scrubber: SecretScrubber,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers).sort())
    out[name] = SENSITIVE_HEADER.test(name) ? REDACTED : scrubber.text(headers[name]!);
  return out;
}
