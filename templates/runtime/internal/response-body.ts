/**
 * Turning a 2xx exchange into data: empty-body rules, JSON parsing that never leaks a raw
 * SyntaxError, and response validation in the configured mode.
 */
import { bindScrubber, type SdkError } from '../core/sdk-error.js';
import type { ResolvedConfig } from './config.js';
import { formatGuardPath, type GuardFailure } from '../core/guard.js';
import { callHook } from '../core/hooks.js';
import type { ValidationMode } from '../core/options.js';
import { bodySnippet } from './redact.js';
import {
  invalidResponseMessage,
  ResponseParseError,
  ResponseValidationError,
} from '../core/request-errors.js';
import type { Exchange } from '../core/operation.js';

/** Throws `error`, scrubbed, after telling the `onError` hook (the exchange itself succeeded). */
function report(config: ResolvedConfig, exchange: Exchange, error: SdkError): never {
  bindScrubber(error, (text) => config.scrubber.text(text));
  callHook(config.logger, config.hooks, 'onError', { ...exchange.event, error, willRetry: false });
  throw error;
}

/**
 * The parsed body, or undefined for HEAD, for operations that declare no response body (a
 * chatty server's body on a 2xx is then ignored rather than failing a success), and for a
 * bodiless status (204, 205) the operation declares. A bodiless answer under a status the
 * operation does not declare (a 204 where it promises a 200 with a `User`) is a mismatch like
 * any other, thrown or reported as the validation mode says, never `undefined` posing as
 * data. An empty body under a declared status is a ResponseParseError.
 */
export function decodeSuccessBody(
  config: ResolvedConfig,
  exchange: Exchange,
  mode: ValidationMode,
  expectBody: boolean,
): unknown {
  // Status and headers from the exchange itself: `exchange.response` would make an unread copy.
  const { request, status, text } = exchange;
  const { descriptor, context } = request;
  const { responseType, successStatuses } = descriptor;
  if (
    descriptor.method === 'HEAD' ||
    !(expectBody || descriptor.check || responseType !== undefined)
  )
    return undefined;
  const bodiless = status === 204 || status === 205;
  // An empty list declares no status in particular (only a `2XX` range, say).
  if ((bodiless || text === '') && successStatuses[0] && !successStatuses.includes(status)) {
    const found = `${status} without a body`;
    reportMismatch(
      config,
      exchange,
      { reversedPath: [], expected: responseType ?? 'a body', found },
      mode,
    );
    return undefined;
  }
  if (bodiless) return undefined;

  // Text and bytes are read by the decoder the descriptor names (text-body.ts, binary-body.ts).
  if (descriptor.decode) return descriptor.decode(exchange);
  let data: unknown;
  try {
    // Parsed first: a good body, the common case, is then read once.
    data = JSON.parse(text);
  } catch {
    const contentType = exchange.headers.get('content-type') ?? undefined;
    const start = text.trimStart()[0];
    report(
      config,
      exchange,
      new ResponseParseError(
        start === undefined
          ? `an empty body where ${responseType ?? 'JSON'} was expected`
          : /html/i.test(contentType!) || start === '<'
            ? 'an HTML page instead of JSON'
            : start === '{' || start === '['
              ? 'truncated or malformed JSON'
              : 'a body that is not JSON',
        context,
        status,
        contentType,
        // A blank body's snippet is empty.
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
  const { check, responseType } = exchange.request.descriptor;
  if (mode === 'off' || !check) return;
  let failure: GuardFailure | undefined;
  try {
    failure = check(data);
  } catch {
    // A guard should never throw; if one does, the data is what it could not handle.
    failure = {
      reversedPath: [],
      expected: responseType ?? 'a valid response',
      found: 'a value the guard could not check',
    };
  }
  if (failure) reportMismatch(config, exchange, failure, mode, data);
}

/** A body that is not what the spec says: thrown in `'strict'` mode, logged and hooked in `'warn'`. */
function reportMismatch(
  config: ResolvedConfig,
  exchange: Exchange,
  failure: GuardFailure,
  mode: ValidationMode,
  data?: unknown,
): void {
  const { context, descriptor } = exchange.request;
  const { responseType } = descriptor;
  if (mode === 'off') return;
  if (mode === 'strict')
    report(config, exchange, new ResponseValidationError(failure, context, responseType, data));

  const message = invalidResponseMessage(failure, context, responseType);
  // Once per operation and field (array indexes aside), so a field the provider changed
  // cannot flood the console; the hook below still sees every occurrence, for metrics.
  const { logger, hooks } = config;
  const field = failure.reversedPath.map((key) => (typeof key === 'number' ? '[]' : key));
  // Asked even when warnings are off: the answer is then unused, and the set stays bounded.
  if (logger.first(`${context.operationId}\0${field.join('\0')}`))
    logger.warn(
      `${message} (logged once per field; logLevel: 'off' silences it, validateResponses: 'strict' throws)`,
    );
  callHook(logger, hooks, 'onValidationIssue', {
    ...context,
    responseType,
    path: formatGuardPath(failure),
    expected: failure.expected,
    found: failure.found,
    message,
  });
}
