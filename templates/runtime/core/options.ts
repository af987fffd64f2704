/**
 * The client's options and their defaults. Every option can be set on the client; the
 * per-call ones (`RequestOptions`) override it for one call.
 */
import type { ApiErrorClass } from './errors.js';
import type { ClientHooks } from './hooks.js';
import type { Logger, LogLevel } from './logger.js';
import type { BodyEncoding } from './wire.js';

/**
 * What to do when a response body does not match its declared type:
 * - `'strict'` throws `ResponseValidationError` naming the JSON path;
 * - `'warn'` (default) reports it through the logger (the console unless `logger` or
 *   `logLevel` say otherwise; once per operation and field) and `hooks.onValidationIssue`
 *   (every time), then returns the data: the provider adds fields and enum values over
 *   time, and a new value should show up in monitoring, not stop production calls;
 * - `'off'` skips the check.
 * Unknown extra properties always pass.
 */
export type ValidationMode = 'strict' | 'warn' | 'off';

/** The servers the spec names; `baseUrl` reaches any other. */
export type Environment = 'production' | 'playground';

/** What the generated client tells the runtime about itself. */
export interface ClientMeta {
  /** The npm package name, sent in the `User-Agent` header. */
  readonly sdkName: string;
  /** The package's own version, sent beside the name. */
  readonly sdkVersion: string;
  /** The API version the package was generated from (`info.version`), sent as a comment: `(api 1.4.0)`. */
  readonly apiVersion?: string;
  /** Environment name → base URL. */
  readonly environments: Readonly<Record<string, string>>;
  /** The environment used when neither `environment` nor `baseUrl` is given. */
  readonly defaultEnvironment: string;
  /** The environment variable the token is read from in Node when none is given; none when absent. */
  readonly tokenEnvVar?: string;
  /**
   * A header that names the package and versions like `User-Agent` does, for browsers, which
   * do not let scripts set `User-Agent`; none when absent. Sent outside browsers, and from
   * browsers when `sendClientHeader` asks (see there why not by default).
   */
  readonly clientHeader?: string;
  /**
   * Error classes for statuses the spec declares beyond the runtime's own (402, 423 …), so
   * `catch` can tell them apart; the rest become the runtime's classes or `ApiError`.
   */
  readonly errorClasses?: Readonly<Record<number, ApiErrorClass>>;
}

/** A `fetch` implementation; the global one, undici's or a test double all fit. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Extra headers; `null` removes a header the client would send by default. */
export type HeadersOption = Readonly<Record<string, string | null | undefined>>;

/** How a client talks to the API: credentials, server, timeouts, retries, validation, logging and hooks. */
export interface ClientOptions {
  /**
   * The API token. Falls back to the environment variable the spec names, if any, in Node
   * (the package README says which).
   * `undefined` is accepted as "not given" so `process.env.X` can be passed under `exactOptionalPropertyTypes`.
   */
  token?: string | undefined;
  /** Called before every attempt, for tokens that rotate. Give this or `token`, not both. */
  tokenProvider?: () => string | Promise<string>;
  /**
   * `'bearer'` (the default) sends the token as `Authorization: Bearer …`, and a client
   * without one is refused at construction. `'none'` sends no `Authorization` and takes no
   * token: for a browser app that calls its own backend (`baseUrl`), which checks the user's
   * session (a cookie, see `credentials`) and adds the token on its way to the API, so the
   * token never ships to a browser. Being explicit keeps a token that is merely missing (an
   * unset environment variable) an error where the client is made.
   */
  auth?: 'bearer' | 'none';
  /** Which server to talk to; default `'production'`. */
  environment?: Environment | undefined;
  /**
   * An absolute http(s) URL that overrides `environment`, for example a local mock server. In
   * a browser it may be relative to the page, such as `'/api'` for the app's own backend.
   */
  baseUrl?: string | undefined;
  /**
   * Whether requests carry cookies, as fetch's `credentials`: `'same-origin'` (fetch's
   * default) sends them to the page's own origin, `'include'` to another origin as well
   * (whose CORS answer must then allow credentials), `'omit'` never.
   */
  credentials?: 'omit' | 'same-origin' | 'include';
  /**
   * Whether requests carry the header that names the client (`meta.clientHeader`, a custom
   * `x-…-client` header the spec names). Default: yes outside browsers, no in browsers. A browser may send a
   * custom header to another origin only after a preflight the server allows it in, and a
   * usual CORS set-up does not (django-cors-headers' default list holds `accept`,
   * `authorization`, `content-type`, `user-agent`, `x-csrftoken` and `x-requested-with`), so
   * the browser would block every call. Set it once the API's CORS configuration allows it.
   */
  sendClientHeader?: boolean;
  /** Per-attempt timeout; default 60 000 ms, generous because some operations do slow work before answering. */
  timeoutMs?: number;
  /** Retries after the first attempt for retry-safe operations; default 2. */
  maxRetries?: number;
  /** Cap on one backoff delay; default 8 000 ms. Retry-After is honoured up to 60 s regardless. */
  maxRetryDelayMs?: number;
  /**
   * Bound on a whole call, attempts, waits and getting the token included; default none
   * (attempts are bounded by `timeoutMs`).
   */
  deadlineMs?: number;
  /**
   * Most bytes of one response body the client reads, counted after decompression; default
   * 16 MiB (see {@link DEFAULT_MAX_RESPONSE_BYTES}). Reading stops as soon as a body passes
   * it, with `ResponseTooLargeError`, which is not retried.
   */
  maxResponseBytes?: number;
  /**
   * Most pages one walk over a list fetches (`for await`, `iterPages()`, `nextPage()` chains);
   * default 10 000. Passing it throws `PaginationError` rather than ending as if the list were complete.
   */
  maxPages?: number;
  /** The `fetch` to send requests with; default the global one. For proxies, test doubles or instrumentation. */
  fetch?: FetchLike;
  /** Headers sent with every request. `Authorization` cannot be set here: use `token`. */
  headers?: HeadersOption;
  /** Default `'warn'`; see {@link ValidationMode}. */
  validateResponses?: ValidationMode;
  /**
   * Check arguments against the spec's constraints (bounds, lengths, patterns, enums,
   * required members) before sending; default true. Off only to send what the spec forbids,
   * for example when testing a server's own validation.
   */
  validateRequests?: boolean;
  /**
   * Where log lines go; default the console. Only warnings and errors are logged unless
   * `logLevel` says otherwise, for example a response that does not match its type
   * (once per operation and field).
   */
  logger?: Logger;
  /** The least severe level logged; default `'warn'`. `'off'` logs nothing. */
  logLevel?: LogLevel;
  /** Callbacks that observe every attempt (for metrics and tracing); they cannot change requests. */
  hooks?: ClientHooks;
  /**
   * Allows sending the token over plain http to hosts other than this machine. Only for
   * test networks: anyone on the path can read the token.
   */
  allowInsecureHttp?: boolean;
}

/** Settings for one call; each overrides the client's option of the same name. */
export interface RequestOptions {
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
  /** Retries after the first attempt; only retry-safe operations are ever retried. */
  maxRetries?: number;
  /** Bound on the whole call in milliseconds, attempts and waits included. */
  deadlineMs?: number;
  /** Most bytes of the response body read, after decompression; see {@link ClientOptions.maxResponseBytes}. */
  maxResponseBytes?: number;
  /** Most pages a walk from this call fetches; see {@link ClientOptions.maxPages}. */
  maxPages?: number;
  /** Aborts the call at once, also while it waits to retry; no further attempt is made. */
  signal?: AbortSignal | undefined;
  /** Extra headers for this call, merged over the client's. */
  headers?: HeadersOption;
  /** Body encoding, when the operation accepts more than JSON. */
  encoding?: BodyEncoding;
  /** How to treat a response that does not match its type; see {@link ValidationMode}. */
  validateResponses?: ValidationMode;
  /** Whether to check the arguments against the spec before sending; see {@link ClientOptions.validateRequests}. */
  validateRequests?: boolean;
}

/** Default per-attempt timeout: generous, because some operations do slow work before answering. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** Default cap on one backoff wait. */
export const DEFAULT_MAX_RETRY_DELAY_MS = 8_000;
/**
 * Default limit on one response body, decompressed: 16 MiB. A page of a hundred records of
 * a JSON API is a few hundred kilobytes, so this is dozens of times the largest real answer,
 * while a phone holds 16 MiB of text and its parsed JSON without trouble. Without a limit,
 * a stream that never ends is read for the whole timeout (about 4 GB in 60 s on a fast
 * link), and a small gzip body can inflate to gigabytes.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/**
 * Default bound on the pages of one walk. Walks also stop at a page without items and at a
 * repeated link; this bounds a server that hands out fresh, non-empty pages for ever.
 */
export const DEFAULT_MAX_PAGES = 10_000;
/** Default response validation: report mismatches, return the data. */
export const DEFAULT_VALIDATION_MODE: ValidationMode = 'warn';
