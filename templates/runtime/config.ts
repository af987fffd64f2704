/**
 * Turns `ClientOptions` into checked settings once, at construction, so that a typo or a
 * missing token fails where the client is created, with the option named, instead of on
 * the first request in production.
 */
import { refusedPort } from './fetch-refusal.js';
import { LOG_LEVELS, RuntimeLogger } from './logger.js';
import type { ClientHooks } from './hooks.js';
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_VALIDATION_MODE,
  type ClientMeta,
  type ClientOptions,
  type FetchLike,
  type HeadersOption,
  type ValidationMode,
} from './options.js';
import { SecretScrubber } from './redact.js';
import { readEnv } from './runtime-globals.js';
import { ConfigurationError, InsecureTransportError } from './request-errors.js';
import { isInsecureForCredentials, urlPrefix } from './url.js';

export interface ResolvedConfig {
  readonly meta: ClientMeta;
  readonly baseUrl: URL;
  /** `baseUrl`'s origin and path without the trailing slash, made once (see `urlPrefix`). */
  readonly urlPrefix: string;
  /** `baseUrl`'s origin, made once. */
  readonly origin: string;
  /** Where each attempt's token comes from: the fixed token, or the provider, asked every time. */
  readonly tokenSource:
    | { readonly kind: 'static'; readonly token: string }
    | { readonly kind: 'provider'; readonly provide: () => string | Promise<string> };
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryDelayMs: number;
  readonly deadlineMs: number | undefined;
  readonly fetch: FetchLike;
  readonly headers: HeadersOption;
  readonly validateResponses: ValidationMode;
  readonly validateRequests: boolean;
  readonly hooks: ClientHooks;
  readonly allowInsecureHttp: boolean;
  readonly scrubber: SecretScrubber;
  readonly logger: RuntimeLogger;
}

const VALIDATION_MODES: readonly ValidationMode[] = ['strict', 'warn', 'off'];

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

/** A number option's bounds. */
export interface NumberRule {
  readonly integer?: boolean;
  readonly min: number;
  readonly max: number;
}

/** What an option must be: a kind of value, one of a list of words, or a number in a range. */
export type OptionRule = 'function' | 'boolean' | 'object' | readonly string[] | NumberRule;

/**
 * The options checked by kind, one table for the client's options and (the first five) a
 * call's: one checker writes every message, instead of a hand-written branch per option.
 */
export const OPTION_RULES = {
  timeoutMs: { min: 1, max: 2_147_483_647 },
  maxRetries: { integer: true, min: 0, max: 20 },
  deadlineMs: { min: 1, max: 2_147_483_647 },
  validateResponses: VALIDATION_MODES,
  validateRequests: 'boolean',
  maxRetryDelayMs: { min: 0, max: 600_000 },
  logLevel: LOG_LEVELS,
  tokenProvider: 'function',
  fetch: 'function',
  hooks: 'object',
} as const satisfies Record<string, OptionRule>;

/** Why `value` does not fit `rule`, naming the option as `name`; undefined when it fits or is left out. */
export function optionProblem(value: unknown, name: string, rule: OptionRule): string | undefined {
  if (value === undefined) return undefined;
  let expected: string;
  if (typeof rule === 'string') {
    if (rule === 'object' ? typeof value === 'object' && value !== null : typeof value === rule)
      return undefined;
    expected = rule === 'boolean' ? 'true or false' : `a${rule === 'object' ? 'n' : ''} ${rule}`;
  } else if (Array.isArray(rule)) {
    if (rule.includes(value as string)) return undefined;
    expected = `one of ${rule.map((word) => `'${word}'`).join(', ')}`;
  } else {
    const { integer, min, max } = rule as NumberRule;
    if (
      typeof value === 'number' &&
      (integer ? Number.isInteger(value) : Number.isFinite(value)) &&
      value >= min &&
      value <= max
    )
      return undefined;
    expected = `${integer ? 'an integer' : 'a number'} from ${min} to ${max}`;
  }
  // A string is shown only where it should have been one of a few words: elsewhere it could
  // be a secret put in the wrong option.
  const got =
    typeof value === 'string' && Array.isArray(rule)
      ? JSON.stringify(value.slice(0, 50))
      : typeof value === 'number' || typeof value === 'boolean'
        ? value
        : value === null
          ? 'null'
          : typeof value;
  return `${name} must be ${expected}, got ${got}`;
}

export function checkHeaders(headers: unknown, name: string): string | undefined {
  if (headers === undefined) return undefined;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    return `${name} must be an object of header names to values`;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === 'authorization')
      return `${name} must not set Authorization; pass the token as \`token\` or \`tokenProvider\``;
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') return `${name}.${key} must be a string or null`;
    try {
      new Headers([[key, value]]);
    } catch {
      return `${name}.${key} is not a valid header name or value`;
    }
  }
  return undefined;
}

function parseBaseUrl(options: ClientOptions, meta: ClientMeta): URL {
  let raw: string;
  if (options.baseUrl !== undefined) {
    raw = options.baseUrl;
  } else {
    const name = options.environment ?? meta.defaultEnvironment;
    const url = Object.prototype.hasOwnProperty.call(meta.environments, name)
      ? meta.environments[name]
      : undefined;
    if (url === undefined) {
      throw new ConfigurationError(
        `environment must be one of ${Object.keys(meta.environments)
          .map((e) => JSON.stringify(e))
          .join(', ')}, got ${JSON.stringify(name)}`,
        'environment',
      );
    }
    raw = url;
  }
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new ConfigurationError(
      `baseUrl must be an absolute http(s) URL such as https://api.example.com, got ${JSON.stringify(String(raw).slice(0, 100))}`,
      'baseUrl',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigurationError(`baseUrl must use http or https, got ${url.protocol}`, 'baseUrl');
  // fetch refuses URLs with credentials, and the token is the only credential to send.
  if (url.username !== '' || url.password !== '')
    throw new ConfigurationError('baseUrl must not contain a user name or password', 'baseUrl');
  if (url.search !== '' || url.hash !== '')
    throw new ConfigurationError('baseUrl must not have a query string or fragment', 'baseUrl');
  // Only for the global fetch, which follows the Fetch standard; another (node-fetch, a test
  // double) may well reach the port, and its refusal is caught when it happens.
  const refused = options.fetch === undefined ? refusedPort(url) : undefined;
  if (refused) throw new ConfigurationError(`baseUrl ${url.origin}: ${refused}`, 'baseUrl');
  if (isInsecureForCredentials(url) && options.allowInsecureHttp !== true) {
    throw new InsecureTransportError(
      `baseUrl ${url.origin} uses plain http to a host that is not this machine, which would expose the token to the network; use https, or set allowInsecureHttp: true on a trusted test network`,
      'baseUrl',
    );
  }
  return url;
}

export function resolveConfig(options: ClientOptions, meta: ClientMeta): ResolvedConfig {
  if (typeof options !== 'object' || options === null)
    throw new ConfigurationError('options must be an object', 'options');
  const scrubber = new SecretScrubber();

  if (options.token !== undefined && options.tokenProvider !== undefined) {
    throw new ConfigurationError('give either token or tokenProvider, not both', 'token');
  }
  for (const key of Object.keys(OPTION_RULES) as (keyof typeof OPTION_RULES)[]) {
    const problem = optionProblem(options[key], key, OPTION_RULES[key]);
    if (problem) throw new ConfigurationError(problem, key);
  }
  let tokenSource: ResolvedConfig['tokenSource'];
  if (options.tokenProvider !== undefined) {
    tokenSource = { kind: 'provider', provide: options.tokenProvider };
  } else {
    const envVar = meta.tokenEnvVar;
    const token = options.token ?? (envVar === undefined ? undefined : readEnv(envVar));
    if (token === undefined) {
      const orEnv = envVar === undefined ? '' : `, or set the ${envVar} environment variable`;
      throw new ConfigurationError(
        `no API token: pass the token option (or tokenProvider)${orEnv}`,
        'token',
      );
    }
    const problem = tokenProblem(token);
    if (problem) throw new ConfigurationError(`token ${problem}`, 'token');
    scrubber.remember(token);
    tokenSource = { kind: 'static', token };
  }

  const headerProblem = checkHeaders(options.headers, 'headers');
  if (headerProblem) throw new ConfigurationError(headerProblem, 'headers');
  if (options.fetch === undefined && typeof globalThis.fetch !== 'function') {
    throw new ConfigurationError(
      'this runtime has no global fetch (Node 18+ and browsers do); pass one as the fetch option',
      'fetch',
    );
  }

  const baseUrl = parseBaseUrl(options, meta);
  const logger = new RuntimeLogger(scrubber, options.logger, options.logLevel, meta.sdkName);
  if (options.allowInsecureHttp === true && isInsecureForCredentials(baseUrl)) {
    logger.warn(`allowInsecureHttp is set: the token is sent over plain http to ${baseUrl.origin}`);
  }
  return {
    meta,
    baseUrl,
    urlPrefix: urlPrefix(baseUrl),
    origin: baseUrl.origin,
    tokenSource,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS,
    deadlineMs: options.deadlineMs,
    // Looked up on each call, not bound once, so a fetch installed later (a polyfill, a
    // test's stub) is used, and so the browser's fetch is called with the right `this`.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers: options.headers ?? {},
    validateResponses: options.validateResponses ?? DEFAULT_VALIDATION_MODE,
    validateRequests: options.validateRequests ?? true,
    hooks: options.hooks ?? {},
    allowInsecureHttp: options.allowInsecureHttp === true,
    scrubber,
    logger,
  };
}
