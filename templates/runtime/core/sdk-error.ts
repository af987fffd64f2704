/**
 * The root of every error the client throws. Errors end up in logs, crash reporters and
 * `JSON.stringify` calls, so the base class controls how they print: `toJSON` and Node's
 * inspection hook show a fixed set of fields that subclasses declare, never the request's
 * headers, with secret-looking body fields hidden.
 */
import { clip, mapStrings, scrubPatterns, shortUrl } from '../internal/redact.js';

/** Node's `util.inspect` looks for this key; using the registered symbol needs no import of node:util. */
export const INSPECT_CUSTOM: unique symbol = Symbol.for('nodejs.util.inspect.custom') as never;

/** Where a failure happened; `url` has already been made safe to show. */
export interface RequestContext {
  /** The spec's operationId, for example `usersRetrieve`. */
  readonly operationId: string;
  /** The HTTP method, upper case. */
  readonly method: string;
  /** The request URL without credentials. */
  readonly url: string;
}

/** The ` [GET https://…]` that ends every message about a request, its URL shortened. */
export const where = (context: RequestContext): string =>
  ` [${context.method} ${shortUrl(context.url)}]`;

/** Per-error scrubbers, set by the client that raised the error; kept off the object so nothing prints them. */
const scrubbers = new WeakMap<SdkError, (text: string) => string>();

/**
 * Lets an error cut the client's own token out of what it prints, including the
 * description of a cause that came from code we do not control.
 */
export function bindScrubber<E extends SdkError>(error: E, scrub: (text: string) => string): E {
  scrubbers.set(error, scrub);
  return error;
}

/**
 * The base of every error the client throws, so one `instanceof SdkError` catches them
 * all. Printing one (`console.log`, `JSON.stringify`, `util.inspect`) shows the operation,
 * method, URL and the subclass's fields, never the token or the request headers.
 *
 * @example
 * try {
 *   await client.users.retrieve('user-123');
 * } catch (error) {
 *   if (error instanceof SdkError) console.error(error.operationId, error.message);
 *   else throw error;
 * }
 */
export class SdkError extends Error {
  static {
    this.prototype.name = 'SdkError';
  }

  /** The spec's operationId of the call that failed, when the failure belongs to one. */
  declare readonly operationId?: string;
  /** The HTTP method of the failed call, upper case. */
  declare readonly method?: string;
  /** The request URL without credentials. */
  declare readonly url?: string;

  constructor(
    message: string,
    options?: { cause?: unknown; context?: RequestContext | undefined },
  ) {
    // An undefined cause is no cause: subclasses pass theirs through without checking.
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    const context = options?.context;
    if (context) ({ operationId: this.operationId, method: this.method, url: this.url } = context);
  }

  /**
   * What `JSON.stringify` shows: name, message, request context and the subclass's fields
   * (its own enumerable properties: a subclass hides one by defining it non-enumerable) that
   * are set, secrets hidden and the URL shortened (`url` on the error keeps all of it). It
   * never throws: an error is printed where something already went wrong.
   */
  toJSON(): Record<string, unknown> {
    try {
      const out = mapStrings(
        Object.assign({ name: this.name, message: this.message }, this),
        scrubPatterns,
        true,
      ) as Record<string, unknown>;
      for (const key in out) if (out[key] === undefined) delete out[key];
      if (typeof out['url'] === 'string') out['url'] = shortUrl(out['url']);
      if (this.cause !== undefined) out['cause'] = describeCause(this.cause);
      const scrub = scrubbers.get(this);
      return scrub ? (mapStrings(out, scrub) as Record<string, unknown>) : out;
    } catch {
      // A subclass's field or a cause with a throwing getter: the message alone still prints.
      return { name: String(this.name), message: String(this.message) };
    }
  }

  [INSPECT_CUSTOM](): string {
    const { name: _name, message: _message, ...fields } = this.toJSON();
    const head = this.stack ?? `${this.name}: ${this.message}`;
    try {
      return Object.keys(fields).length ? `${head} ${JSON.stringify(fields, null, 2)}` : head;
    } catch {
      return head;
    }
  }
}

/**
 * One line per level of a cause chain (`TypeError: fetch failed ← Error: connect ECONNREFUSED`),
 * scrubbed: causes come from fetch implementations and token providers we do not control.
 */
export function describeCause(cause: unknown): string {
  const parts: string[] = [];
  for (let depth = 0; depth < 4 && cause != null; depth++) {
    if (cause instanceof Error) {
      const code = (cause as { code?: unknown }).code;
      parts.push(`${cause.name}: ${cause.message}${typeof code === 'string' ? ` (${code})` : ''}`);
      cause = cause.cause;
    } else {
      // A thrown primitive is shown as itself; an object by its tag, since its own toString
      // may throw or print a secret.
      parts.push(
        // Object(x) is x itself exactly for objects and functions.
        Object(cause) === cause ? Object.prototype.toString.call(cause) : String(cause),
      );
      break;
    }
  }
  // A cause's message is someone else's text, of any length: a message quotes its start.
  return scrubPatterns(clip(parts.join(' ← '), 1000));
}
