/**
 * Everything about a request that can be decided before sending it: URL, headers, body and
 * the call's settings. All argument checks happen here, so a bad argument fails before any
 * byte leaves the machine.
 */
import type { RequestContext } from './sdk-error.js';
import { optionProblem, OPTION_RULES, type ResolvedConfig } from './config.js';
import { encodeBody, type WireBody } from './body.js';
import { buildRequestHeaders } from './headers.js';
import type { OperationDescriptor, OperationInput } from './operation.js';
import type { RequestOptions, ValidationMode } from './options.js';
import { safeUrl, scrubPatterns } from './redact.js';
import { checkInput } from './request-checks.js';
import { InvalidRequestError } from './request-errors.js';
import { encodeQuery, joinUrl, renderPath } from './url.js';

export interface CallSettings {
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxRetryDelayMs: number;
  readonly deadlineMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  readonly validateResponses: ValidationMode;
  readonly validateRequests: boolean;
}

export interface PreparedRequest {
  readonly descriptor: OperationDescriptor;
  /** For errors, logs and hooks: the URL without credentials. */
  readonly context: RequestContext;
  readonly url: string;
  readonly headers: Headers;
  readonly body: WireBody | undefined;
  /** The body is a stream: it can be sent once only (see `EncodedBody.oneShot`). */
  readonly oneShot?: boolean;
  readonly settings: CallSettings;
}

/** Where the request goes: built from the descriptor and the caller's input, or a `next` link as given. */
export type RequestTarget = { readonly input: OperationInput } | { readonly url: string };

export function callSettings(
  config: ResolvedConfig,
  options: RequestOptions,
  context: RequestContext,
): CallSettings {
  if (typeof options !== 'object' || options === null)
    throw new InvalidRequestError(
      `${context.operationId}: options must be an object`,
      context,
      'options',
    );
  // Most calls pass no options: their settings are the client's own, made once per client.
  if (isEmpty(options)) {
    let settings = CLIENT_SETTINGS.get(config);
    if (settings === undefined) {
      settings = settingsOf(config, options);
      CLIENT_SETTINGS.set(config, settings);
    }
    return settings;
  }
  for (const key of CALL_OPTIONS) {
    const problem = optionProblem(options[key], `options.${key}`, OPTION_RULES[key]);
    if (problem)
      throw new InvalidRequestError(
        `${context.operationId}: ${problem}`,
        context,
        `options.${key}`,
      );
  }
  // Duck-typed: a signal from another realm (an iframe, a test environment) is still a signal.
  const signal = options.signal as Partial<AbortSignal> | undefined;
  if (
    signal !== undefined &&
    (typeof signal !== 'object' ||
      signal === null ||
      typeof signal.aborted !== 'boolean' ||
      typeof signal.addEventListener !== 'function')
  ) {
    throw new InvalidRequestError(
      `${context.operationId}: options.signal must be an AbortSignal`,
      context,
      'options.signal',
    );
  }
  return settingsOf(config, options);
}

/** The options a call may set that are checked by kind (OPTION_RULES). */
const CALL_OPTIONS = [
  'timeoutMs',
  'maxRetries',
  'deadlineMs',
  'validateResponses',
  'validateRequests',
] as const;

/** The settings of calls without options, by client; they never change once made. */
const CLIENT_SETTINGS = new WeakMap<ResolvedConfig, CallSettings>();

function isEmpty(options: object): boolean {
  for (const _ in options) return false;
  return true;
}

function settingsOf(config: ResolvedConfig, options: RequestOptions): CallSettings {
  return {
    timeoutMs: options.timeoutMs ?? config.timeoutMs,
    maxRetries: options.maxRetries ?? config.maxRetries,
    maxRetryDelayMs: config.maxRetryDelayMs,
    deadlineMs: options.deadlineMs ?? config.deadlineMs,
    signal: options.signal,
    validateResponses: options.validateResponses ?? config.validateResponses,
    validateRequests: options.validateRequests ?? config.validateRequests,
  };
}

export function prepareRequest(
  config: ResolvedConfig,
  descriptor: OperationDescriptor,
  target: RequestTarget,
  options: RequestOptions = {},
): PreparedRequest {
  // Until the URL is known, errors name the path template (the base URL holds no credentials).
  let context: RequestContext = {
    operationId: descriptor.id,
    method: descriptor.method,
    url: config.urlPrefix + descriptor.path,
  };
  let url: string;
  let input: OperationInput = {};
  if ('url' in target) {
    url = target.url;
  } else {
    input = target.input ?? {};
    if (typeof input !== 'object' || input === null)
      throw new InvalidRequestError(`${descriptor.id}: input must be an object`, context, 'input');
    const path = renderPath(descriptor.path, input.path, context);
    // No query, no work: most calls pass none.
    const query =
      input.query === undefined ? '' : encodeQuery(descriptor.query, input.query, context);
    url = joinUrl(config.urlPrefix, path, query);
  }
  // A URL built here starts with the base URL, which holds no user name or password (the
  // config refuses them), so only a `next` link needs parsing to strip credentials.
  context = { ...context, url: 'url' in target ? safeUrl(url) : scrubPatterns(url) };
  const settings = callSettings(config, options, context);
  if (settings.validateRequests && !('url' in target))
    checkInput(descriptor.inputChecks, input, context);
  const encoded =
    'url' in target
      ? { body: undefined, contentType: undefined }
      : encodeBody(descriptor, input.body, options.encoding, context);
  const headers = buildRequestHeaders(
    config,
    {
      declared: descriptor.headers,
      parameters: 'url' in target ? undefined : input.headers,
      callHeaders: options.headers,
      contentType: encoded.contentType,
      accept: descriptor.accept,
      declaredCookies: descriptor.cookies,
      cookies: 'url' in target ? undefined : input.cookies,
    },
    context,
  );
  return {
    descriptor,
    context,
    url,
    headers,
    body: encoded.body,
    ...('oneShot' in encoded && encoded.oneShot ? { oneShot: true } : {}),
    settings,
  };
}
