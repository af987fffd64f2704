/**
 * Keeping credentials out of everything the client shows: headers in hooks and logs, URLs
 * and bodies in errors, and any text that came back from the server. The token itself is
 * remembered by a `SecretScrubber` so it can be cut out even where it was echoed back.
 */

export const REDACTED = '[REDACTED]';

/** Header names whose values are credentials, or may be. */
export const SENSITIVE_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|api[-_]?key|password/i;

/** Body keys whose values are credentials, hidden when an error is printed or serialised. */
const SENSITIVE_KEY = /secret|token|password|authorization/i;

/**
 * `Bearer <anything>` and JWT-shaped strings, cut even when we do not know the exact value;
 * one pattern, so text is walked once.
 */
const SECRET_PATTERN =
  /\b(Bearer)\s+[^\s"',;]+|\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/gi;

/** Whether text could hold either pattern: one cheap test before the replace, on every URL. */
const MAYBE_SECRET = /bearer|eyJ/i;

export const scrubPatterns = (text: string): string =>
  MAYBE_SECRET.test(text)
    ? text.replace(SECRET_PATTERN, (_, bearer?: string) =>
        bearer ? `${bearer} ${REDACTED}` : REDACTED,
      )
    : text;

/**
 * Remembers the secrets a client has used (the static token, or the last few values a
 * token provider returned) and removes them from text and data before they are shown.
 */
export class SecretScrubber {
  #secrets: string[] = [];

  /** Tokens shorter than 8 are not scrubbed by value (cutting every "a" would wreck messages); 8 are kept. */
  remember(secret: string): void {
    if (secret.length > 7 && !this.#secrets.includes(secret))
      this.#secrets = [secret, ...this.#secrets.slice(0, 7)];
  }

  text(text: string): string {
    for (const secret of this.#secrets) text = text.split(secret).join(REDACTED);
    return scrubPatterns(text);
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
export function redactHeaders(headers: Headers, scrubber: SecretScrubber): Record<string, string> {
  const out: Record<string, string> = {};
  // Headers iterate with lower-case names already.
  headers.forEach((value, name) => {
    out[name] = SENSITIVE_HEADER.test(name) ? REDACTED : scrubber.text(value);
  });
  return out;
}

/**
 * A URL fit for messages and logs: user and password removed (they are credentials). The
 * query string stays: in this API it holds coordinates, filters and page numbers, which are
 * what one needs to reproduce a failure, and never credentials.
 */
export function safeUrl(url: string | URL): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '[unparseable URL]';
  }
  // Built from the parts, never by assigning to the parsed URL: React Native's own URL has
  // getters only. `host` holds no credentials.
  return scrubPatterns(
    u.username || u.password ? `${u.protocol}//${u.host}${u.pathname}${u.search}${u.hash}` : u.href,
  );
}

/**
 * A short, printable excerpt of a body for error messages: control characters and runs of
 * whitespace made one space, secrets cut, at most `max` characters.
 */
export function bodySnippet(text: string, scrubber: SecretScrubber, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const clean = scrubber.text(text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim());
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/**
 * A copy of `value` with every string passed through `map` (and, with `hideKeys`, the values
 * of secret-looking keys hidden): the one deep walk that scrubbing, redaction and errors'
 * `toJSON` share. Deeper than 32 levels is left as it is.
 */
export function mapStrings(
  value: unknown,
  map: (text: string) => string,
  hideKeys?: boolean,
  depth = 0,
): unknown {
  if (typeof value === 'string') return map(value);
  if (depth > 32 || !value || typeof value !== 'object') return value;
  const walk = (v: unknown): unknown => mapStrings(v, map, hideKeys, depth + 1);
  if (Array.isArray(value)) return value.map(walk);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = hideKeys && v != null && SENSITIVE_KEY.test(k) ? REDACTED : walk(v);
  return out;
}
