/**
 * Keeping credentials out of everything the client shows: headers in hooks and logs, URLs
 * and bodies in errors, and any text that came back from the server. The token itself is
 * remembered by a `SecretScrubber` so it can be cut out even where it was echoed back.
 */

export const REDACTED = '[REDACTED]';

/** Header names whose values are credentials, or may be. */
const SENSITIVE_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|api[-_]?key|password/i;

/** Body keys whose values are credentials, hidden when an error is printed or serialised. */
const SENSITIVE_KEY = /secret|token|password|authorization/i;

/** `Bearer <anything>` and JWT-shaped strings, cut even when we do not know the exact value. */
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

/** Tokens shorter than this are not scrubbed by value: cutting every "a" would wreck messages. */
const MIN_SECRET_LENGTH = 8;
const MAX_REMEMBERED = 8;

export function isSensitiveHeaderName(name: string): boolean {
  return SENSITIVE_HEADER.test(name);
}

/** Whether text could hold either pattern: one test instead of two replaces on every URL. */
const MAYBE_SECRET = /bearer|eyJ/i;

export function scrubPatterns(text: string): string {
  if (!MAYBE_SECRET.test(text)) return text;
  return text.replace(BEARER, `$1 ${REDACTED}`).replace(JWT, REDACTED);
}

/**
 * Remembers the secrets a client has used (the static token, or the last few values a
 * token provider returned) and removes them from text and data before they are shown.
 */
export class SecretScrubber {
  #secrets: string[] = [];

  remember(secret: string): void {
    if (secret.length < MIN_SECRET_LENGTH || this.#secrets.includes(secret)) return;
    this.#secrets.unshift(secret);
    this.#secrets.length = Math.min(this.#secrets.length, MAX_REMEMBERED);
  }

  text(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.split(secret).join(REDACTED);
    return scrubPatterns(out);
  }

  /** A copy of parsed JSON with every string scrubbed; used for error bodies the server sent. */
  value(value: unknown): unknown {
    return mapStrings(value, (text) => this.text(text));
  }

  /** Keeps inspection of a client from listing its secrets. */
  toJSON(): string {
    return REDACTED;
  }
}

/** Response or request headers as a plain object with lower-case names and credentials hidden. */
export function redactHeaders(
  headers: Headers | Readonly<Record<string, string>>,
  scrubber?: SecretScrubber,
): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    out[key] = isSensitiveHeaderName(key)
      ? REDACTED
      : scrubber
        ? scrubber.text(value)
        : scrubPatterns(value);
  }
  return out;
}

/**
 * A URL fit for messages and logs: user and password removed (they are credentials). The
 * query string stays: in this API it holds coordinates, filters and page numbers, which are
 * what one needs to reproduce a failure, and never credentials.
 */
export function safeUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '[unparseable URL]';
  }
  // Built from the parts, never by assigning to the parsed URL: React Native's own URL has
  // getters only. `host` holds no credentials.
  return scrubPatterns(
    parsed.username === '' && parsed.password === ''
      ? parsed.href
      : `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}`,
  );
}

/**
 * A short, printable excerpt of a body for error messages: control characters dropped,
 * whitespace collapsed, secrets cut, at most `max` characters.
 */
export function bodySnippet(text: string, scrubber?: SecretScrubber, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const printable = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const clean = scrubber ? scrubber.text(printable) : scrubPatterns(printable);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** A copy of `value` with the values of secret-looking keys hidden, for printing. */
export function redactSecretFields(value: unknown): unknown {
  return mapStrings(value, scrubPatterns, true);
}

/**
 * A copy of `value` with every string passed through `map` (and, with `hideKeys`, the values
 * of secret-looking keys hidden): the one deep walk that scrubbing, redaction and errors'
 * `toJSON` share. Deeper than 32 levels is left as it is.
 */
export function mapStrings(
  value: unknown,
  map: (text: string) => string,
  hideKeys = false,
  depth = 0,
): unknown {
  if (typeof value === 'string') return map(value);
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map, hideKeys, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] =
      hideKeys && SENSITIVE_KEY.test(k) && v !== null && v !== undefined
        ? REDACTED
        : mapStrings(v, map, hideKeys, depth + 1);
  return out;
}
