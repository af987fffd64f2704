/**
 * Turning a 2xx exchange into data: empty-body rules, JSON parsing that never leaks a raw
 * SyntaxError, and response validation in the configured mode.
 */
import { bindScrubber, type SdkError } from './sdk-error.js';
import type { ResolvedConfig } from './config.js';
import type { GuardFailure } from './guard.js';
import { describeFailure, formatGuardPath } from './guard.js';
import { callHook } from './hooks.js';
import type { ValidationMode } from './options.js';
import { bodySnippet } from './redact.js';
import { ResponseParseError, ResponseValidationError } from './request-errors.js';
import type { Exchange } from './send.js';

/** Statuses that carry no body by definition. */
const BODYLESS_STATUSES = new Set([204, 205]);

function report(config: ResolvedConfig, exchange: Exchange, error: SdkError): never {
  const scrub = (text: string): string => config.scrubber.text(text);
  bindScrubber(error, scrub);
  if (config.hooks.onError !== undefined)
    callHook(config.logger, config.hooks, 'onError', {
      ...exchange.event,
      error,
      willRetry: false,
    });
  throw error;
}

/**
 * The parsed body, or undefined for 204/205, HEAD, and operations that declare no response
 * body (a chatty server's body on a 2xx is then ignored rather than failing a success).
 * An empty body where one was expected is a ResponseParseError, not `undefined` posing as data.
 */
export function decodeSuccessBody(
  config: ResolvedConfig,
  exchange: Exchange,
  mode: ValidationMode,
  expectBody: boolean,
): unknown {
  // Status and headers from the exchange itself: `exchange.response` would make an unread copy.
  const { request, status, headers, text } = exchange;
  const { descriptor, context } = request;
  if (BODYLESS_STATUSES.has(status) || descriptor.method === 'HEAD') return undefined;
  const expects =
    expectBody || descriptor.check !== undefined || descriptor.responseType !== undefined;
  if (!expects) return undefined;

  // Text and bytes are read by the decoder the descriptor names (text-body.ts, binary-body.ts).
  if (descriptor.decode !== undefined) return descriptor.decode(exchange);
  const contentType = headers.get('content-type') ?? undefined;
  if (text.trim() === '') {
    report(
      config,
      exchange,
      new ResponseParseError(
        `an empty body where ${descriptor.responseType ?? 'JSON'} was expected`,
        context,
        status,
        contentType,
        '',
      ),
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const start = text.trimStart()[0];
    const problem =
      /html/i.test(contentType ?? '') || start === '<'
        ? 'an HTML page instead of JSON'
        : start === '{' || start === '['
          ? 'truncated or malformed JSON'
          : 'a body that is not JSON';
    report(
      config,
      exchange,
      new ResponseParseError(
        problem,
        context,
        status,
        contentType,
        bodySnippet(text, config.scrubber),
      ),
    );
  }
  validateResponse(config, exchange, data, mode);
  return data;
}

export function validateResponse(
  config: ResolvedConfig,
  exchange: Exchange,
  data: unknown,
  mode: ValidationMode,
): void {
  const { descriptor, context } = exchange.request;
  if (mode === 'off' || descriptor.check === undefined) return;
  let failure: GuardFailure | undefined;
  try {
    failure = descriptor.check(data);
  } catch {
    // A guard should never throw; if one does, the data is what it could not handle.
    failure = {
      reversedPath: [],
      expected: descriptor.responseType ?? 'a valid response',
      found: 'a value the guard could not check',
    };
  }
  if (failure === undefined) return;
  if (mode === 'strict')
    report(
      config,
      exchange,
      new ResponseValidationError(failure, context, descriptor.responseType, data),
    );

  const message = `${context.operationId} returned an invalid ${descriptor.responseType ?? 'response'}: ${describeFailure(failure)} [${context.method} ${context.url}]`;
  // Once per operation and field (array indexes aside), so a field the provider changed
  // cannot flood the console; the hook below still sees every occurrence, for metrics.
  const { logger } = config;
  const field = failure.reversedPath.map((key) => (typeof key === 'number' ? '[]' : key));
  if (logger.enabled('warn') && logger.first(`${context.operationId}\0${field.join('\0')}`))
    logger.warn(
      `${message}; logged once per operation and field (logLevel: 'off' silences this, validateResponses: 'strict' throws)`,
    );
  callHook(config.logger, config.hooks, 'onValidationIssue', {
    operationId: context.operationId,
    method: context.method,
    url: context.url,
    responseType: descriptor.responseType,
    path: formatGuardPath(failure),
    expected: failure.expected,
    found: failure.found,
    message,
  });
}
