/**
 * Turns `ClientOptions` into checked settings once, at construction, so that a typo or a
 * missing token fails where the client is created, with the option named, instead of on
 * the first request in production.
 */
import { refusedPort } from './fetch-refusal.js';
import { defaultHeaders, layerHeaders } from './headers.js';
import { LOG_LEVELS, RuntimeLogger } from '../core/logger.js';
import type { ClientHooks } from '../core/hooks.js';
import {
  DEFAULT_MAX_PAGES,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_VALIDATION_MODE,
  type ClientMeta,
  type ClientOptions,
  type FetchLike,
  type RequestOptions,
  type ValidationMode,
} from '../core/options.js';
import type { CallSettings } from '../core/operation.js';
import type { HeaderRecord } from '../core/wire.js';
import { SecretScrubber } from './redact.js';
import { pageAddress, readEnv, runsInBrowser } from './runtime-globals.js';
import { MAX_TIMER_MS } from './runtime-env.js';
import { ConfigurationError, InsecureTransportError } from '../core/request-errors.js';
import { isInsecureForCredentials, urlPrefix } from '../core/url.js';

export interface ResolvedConfig {
  readonly meta: ClientMeta;
  readonly baseUrl: URL;
  /** `baseUrl`'s origin and path without the trailing slash, made once (see `urlPrefix`). */
  readonly urlPrefix: string;
  /**
   * Where each attempt's token comes from: the provider, asked every time, when there is one.
   * Neither with `auth: 'none'`, whose requests carry no `Authorization`.
   */
  readonly token: string | undefined;
  readonly provide: (() => string | Promise<string>) | undefined;
  /** fetch's `credentials`, when the options set it. */
  readonly credentials: ClientOptions['credentials'];
  /** The settings of a call that passes no options (most calls), made once. */
  readonly settings: CallSettings;
  readonly fetch: FetchLike;
  /**
   * The default headers with the `headers` option laid over them, checked and made once:
   * each call copies them, since checking names and values per request showed up in profiles.
   */
  readonly defaultHeaders: Readonly<HeaderRecord>;
  readonly hooks: ClientHooks;
  readonly scrubber: SecretScrubber;
  readonly logger: RuntimeLogger;
}

/** Why `token` cannot be sent as a bearer token, or undefined when it can. */
export function tokenProblem(token: unknown): string | undefined {
  if (typeof token !== 'string')
    return `must be a string, got ${token === null ? 'null' : typeof token}`;
  if (token.trim() === '') return 'is empty';
  if (/^bearer\s/i.test(token)) return "must be the token alone, without the 'Bearer ' prefix";
  // Visible ASCII only: anything else is either a copy-paste accident (a newline) or would
  // let the value inject another header.
  if (!/^[\x21-\x7e]+$/.test(token))
    return 'contains spaces, control characters or non-ASCII characters';
  return undefined;
}

/** A number option's bounds, and whether it must be a whole number. */
export type NumberRule = readonly [min: number, max: number, integer?: true];

/** What an option must be: a kind of value, one of a list of words, or a number in a range. */
export type OptionRule = 'function' | 'boolean' | 'object' | readonly string[] | NumberRule;

/**
 * The options a call may set that are checked by kind; each also exists on the client. One
 * table for both, so one checker writes every message instead of a branch per option.
 */
export const CALL_OPTION_RULES = {
  timeoutMs: [1, MAX_TIMER_MS],
  maxRetries: [0, 20, true],
  deadlineMs: [1, MAX_TIMER_MS],
  validateResponses: ['strict', 'warn', 'off'] satisfies ValidationMode[],
  validateRequests: 'boolean',
  maxResponseBytes: [1, 2 ** 53, true],
  maxPages: [1, 2 ** 53, true],
  // Every option both may set has a rule (headers are checked by name and value, in headers.ts).
} as const satisfies Record<
  Exclude<keyof RequestOptions & keyof ClientOptions, 'headers'>,
  OptionRule
>;

/** The options only a client has, checked by kind. */
export const CLIENT_OPTION_RULES = {
  ...CALL_OPTION_RULES,
  maxRetryDelayMs: [0, 600_000],
  logLevel: LOG_LEVELS,
  tokenProvider: 'function',
  fetch: 'function',
  hooks: 'object',
  auth: ['bearer', 'none'],
  credentials: ['omit', 'same-origin', 'include'],
  sendClientHeader: 'boolean',
} as const satisfies Partial<Record<keyof ClientOptions, OptionRule>>;

/** Why `value` does not fit `rule`, naming the option as `name`; undefined when it fits or is left out. */
export function optionProblem(value: unknown, name: string, rule: OptionRule): string | undefined {
  if (value === undefined) return undefined;
  let expected: string;
  if (typeof rule === 'string') {
    if (typeof value === rule && value !== null) return undefined;
    expected = rule === 'boolean' ? 'true or false' : `a${rule === 'object' ? 'n' : ''} ${rule}`;
  } else if (typeof rule[0] === 'string') {
    if ((rule as readonly unknown[]).includes(value)) return undefined;
    expected = `one of ${rule.map((word) => `'${word}'`).join(', ')}`;
  } else {
    const [min, max, integer] = rule as NumberRule;
    // NaN and the infinities fail the bounds.
    if (typeof value === 'number' && value >= min && value <= max) {
      if (!integer || Number.isInteger(value)) return undefined;
    }
    expected = `${integer ? 'an integer' : 'a number'} from ${min} to ${max}`;
  }
  // A string is shown only where it should have been one of a few words: elsewhere it could
  // be a secret put in the wrong option.
  const got =
    typeof value === 'string' && typeof rule[0] === 'string' && typeof rule !== 'string'
      ? JSON.stringify(value.slice(0, 50))
      : typeof value === 'number' || typeof value === 'boolean' || value === null
        ? String(value)
        : typeof value;
  return `${name} must be ${expected}, got ${got}`;
}

/** The settings of a call that passes no options: the client's options, else the defaults. */
function settingsOf(options: ClientOptions): CallSettings {
  const settings: Record<string, unknown> = {
    timeoutMs: DEFAULT_TIMEOUT_MS,
    maxRetries: DEFAULT_MAX_RETRIES,
    maxRetryDelayMs: DEFAULT_MAX_RETRY_DELAY_MS,
    deadlineMs: undefined,
    validateResponses: DEFAULT_VALIDATION_MODE,
    validateRequests: true,
    maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
    maxPages: DEFAULT_MAX_PAGES,
  };
  for (const key in settings) {
    const value = options[key as keyof ClientOptions];
    if (value !== undefined) settings[key] = value;
  }
  // Only a call has a signal.
  settings['signal'] = undefined;
  return settings as unknown as CallSettings;
}

/** The base URL the options name, checked: why it is refused, else the parsed URL. */
function parseBaseUrl(options: ClientOptions, meta: ClientMeta, logger: RuntimeLogger): URL {
  let raw: string | undefined = options.baseUrl;
  if (raw === undefined) {
    const name = options.environment ?? meta.defaultEnvironment;
    raw = Object.prototype.hasOwnProperty.call(meta.environments, name)
      ? meta.environments[name]
      : undefined;
    // The same message as every other option of a few words.
    if (raw === undefined)
      throw new ConfigurationError(
        optionProblem(name ?? null, 'environment', Object.keys(meta.environments))!,
        'environment',
      );
  }
  let url: URL;
  try {
    // Relative to the page in a browser (`/api`); elsewhere there is nothing to be relative to.
    url = new URL(String(raw), pageAddress());
  } catch {
    throw new ConfigurationError(
      `baseUrl must be an absolute http(s) URL, got ${JSON.stringify(String(raw).slice(0, 100))}`,
      'baseUrl',
    );
  }
  const problem = baseUrlProblem(url, options);
  if (problem !== undefined) throw new ConfigurationError(`baseUrl ${problem}`, 'baseUrl');
  // Without a token (`auth: 'none'`) there is none to expose.
  if (options.auth !== 'none' && isInsecureForCredentials(url)) {
    if (options.allowInsecureHttp !== true)
      throw new InsecureTransportError(
        `baseUrl ${url.origin} uses plain http to another machine, which would expose the token; use https, or allowInsecureHttp: true on a trusted network`,
        'baseUrl',
      );
    logger.warn(`allowInsecureHttp is set: the token is sent over plain http to ${url.origin}`);
  }
  return url;
}

/** Why a parsed base URL cannot be used, or undefined when it can. */
function baseUrlProblem(url: URL, options: ClientOptions): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `must use http or https, got ${url.protocol}`;
  // fetch refuses URLs with credentials, and the token is the only credential to send.
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password';
  if (url.search !== '' || url.hash !== '') return 'must not have a query string or fragment';
  // Only for the global fetch, which follows the Fetch standard; another (node-fetch, a test
  // double) may well reach the port, and its refusal is caught when it happens.
  const port = options.fetch === undefined ? refusedPort(url) : undefined;
  return port === undefined ? undefined : `${url.origin}: ${port}`;
}

export function resolveConfig(options: ClientOptions, meta: ClientMeta): ResolvedConfig {
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError('options must be an object', 'options');
  const scrubber = new SecretScrubber();

  if (options.token !== undefined && options.tokenProvider !== undefined)
    throw new ConfigurationError('give either token or tokenProvider, not both', 'token');
  for (const key in CLIENT_OPTION_RULES) {
    const problem = optionProblem(
      options[key as keyof typeof CLIENT_OPTION_RULES],
      key,
      CLIENT_OPTION_RULES[key as keyof typeof CLIENT_OPTION_RULES],
    );
    if (problem) throw new ConfigurationError(problem, key);
  }
  const provide = options.tokenProvider;
  const envVar = meta.tokenEnvVar;
  const none = options.auth === 'none';
  // The point of `auth: 'none'` is a token that stays on the backend the client calls.
  if (none && (provide || options.token !== undefined || options.baseUrl === undefined))
    throw new ConfigurationError(
      "auth: 'none' takes no token and needs baseUrl: your backend, which adds the token",
      'auth',
    );
  const token = provide || none ? undefined : (options.token ?? (envVar && readEnv(envVar)));
  if (!provide && !none) {
    if (token === undefined)
      throw new ConfigurationError(
        `no API token: pass the token option (or tokenProvider)${envVar ? `, or set the ${envVar} environment variable` : ''}${runsInBrowser() ? "; a browser app should rather call its own backend, with auth: 'none'" : ''}`,
        'token',
      );
    const problem = tokenProblem(token);
    if (problem) throw new ConfigurationError(`token ${problem}`, 'token');
    scrubber.remember(token);
  }

  if (options.fetch === undefined && typeof globalThis.fetch !== 'function')
    throw new ConfigurationError(
      'there is no global fetch here; pass one as the fetch option',
      'fetch',
    );
  const headers = defaultHeaders(meta, options.sendClientHeader);
  const headerProblem = layerHeaders(headers, options.headers, 'headers');
  if (headerProblem) throw new ConfigurationError(headerProblem, 'headers');
  // A Content-Type belongs to a body: each call sets its body's own, so a call without a
  // body does not have to remove one.
  delete headers['content-type'];

  const logger = new RuntimeLogger(scrubber, options.logger, options.logLevel, meta.sdkName);
  const baseUrl = parseBaseUrl(options, meta, logger);
  return {
    meta,
    baseUrl,
    urlPrefix: urlPrefix(baseUrl),
    token: token as string | undefined,
    provide,
    credentials: options.credentials,
    settings: settingsOf(options),
    // Looked up on each call, not bound once, so a fetch installed later (a polyfill, a
    // test's stub) is used, and so the browser's fetch is called with the right `this`.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    defaultHeaders: headers,
    hooks: options.hooks ?? {},
    scrubber,
    logger,
  };
}
