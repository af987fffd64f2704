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

/** A character that may continue a token: a short secret beside one is part of a longer word. */
const WORD = /[\w.~+/-]/;

/**
 * Remembers the secrets a client has used (the static token, or the last few values a
 * token provider returned) and removes them from text and data before they are shown.
 */
export class SecretScrubber {
  #secrets: string[] = [];

  /**
   * Remembers a secret; the last 8 are kept. One of 8 characters or more is cut wherever it
   * appears. A shorter one is cut only where it stands alone, not inside a longer word:
   * cutting every `abc` out of `abcdef` would wreck messages, while an echoed token stands
   * alone (in a JSON string, a header value, after `=` in a query).
   */
  remember(secret: string): void {
    if (secret !== '' && !this.#secrets.includes(secret))
      this.#secrets = [secret, ...this.#secrets.slice(0, 7)];
  }

  text(text: string): string {
    for (const secret of this.#secrets) {
      const parts = text.split(secret);
      text = parts[0]!;
      for (let i = 1; i < parts.length; i++)
        text +=
          (secret.length > 7 || !(WORD.test(text.slice(-1)) || WORD.test(parts[i]![0] ?? ''))
            ? REDACTED
            : secret) + parts[i];
    }
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

/** `text` cut to `max` characters and an ellipsis, when it is longer: how a message quotes text it did not write. */
export const clip = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max)}…` : text;

/** The longest URL a message quotes; `error.url` keeps the whole one. */
export const MESSAGE_URL_CHARS = 200;

/**
 * A URL short enough for a message: a query of 100,000 values would otherwise make every
 * message, log line and crash report about the call hundreds of kilobytes long. The start
 * (origin, path, the first parameters) is what tells calls apart, so the end is cut.
 */
export const shortUrl = (url: string): string =>
  url.length > MESSAGE_URL_CHARS
    ? `${url.slice(0, MESSAGE_URL_CHARS)}… (${url.length - MESSAGE_URL_CHARS} more characters)`
    : url;

/**
 * A short, printable excerpt of a body for error messages: control characters and runs of
 * whitespace made one space, secrets cut, at most `max` characters.
 */
export function bodySnippet(text: string, scrubber: SecretScrubber, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const clean = scrubber.text(text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim());
  return clip(clean, max);
}

/** How deep `mapStrings` copies; deeper values are replaced by {@link TOO_DEEP}. */
export const MAX_COPY_DEPTH = 32;

/** What stands in for a value nested deeper than the copy goes. */
export const TOO_DEEP = '[nested too deep]';

/**
 * A copy of `value` with every string passed through `map` (and, with `hideKeys`, the values
 * of secret-looking keys hidden): the one deep walk that scrubbing, redaction and errors'
 * `toJSON` share. A value deeper than 32 levels becomes {@link TOO_DEEP}: handing back the
 * original below that would show strings that were never scrubbed, and a body nested 5,000
 * levels would make printing the error overflow the stack. Keys are copied as data: a
 * `__proto__` key becomes an own property, never the copy's prototype.
 */
export function mapStrings(
  value: unknown,
  map: (text: string) => string,
  hideKeys?: boolean,
  depth = 0,
): unknown {
  if (typeof value === 'string') return map(value);
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_COPY_DEPTH) return TOO_DEEP;
  const walk = (v: unknown): unknown => mapStrings(v, map, hideKeys, depth + 1);
  if (Array.isArray(value)) return value.map(walk);
  // fromEntries defines each key as an own property, as JSON.parse does: a `__proto__` key
  // stays data, where assigning it would set the copy's prototype. Keys are text the server
  // chose too: a token can be one.
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      map(k),
      hideKeys && v != null && SENSITIVE_KEY.test(k) ? REDACTED : walk(v),
    ]),
  );
}
