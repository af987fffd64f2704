/**
 * The request loop: attempts, the retry rule, waits, the deadline, hooks and logs. Returns
 * the exchange of the first attempt that got a 2xx response; throws the error of the last
 * attempt otherwise. Reading and checking the success body is left to the caller, so that
 * `asResponse()` works even when the body is not what the type says.
 */
import { bindScrubber, describeCause, type SdkError, type RequestContext } from './sdk-error.js';
import { tokenProblem, type ResolvedConfig } from './config.js';
import { createApiError } from './errors.js';
import { fetchAttempt, unreadCopy } from './fetch-attempt.js';
import { callHook, type RequestHookEvent } from './hooks.js';
import type { PreparedRequest } from './prepare.js';
import { bodySnippet, redactHeaders } from './redact.js';
import {
  AbortError,
  InsecureTransportError,
  TimeoutError,
  TokenProviderError,
} from './request-errors.js';
import { decideRetry, parseRetryAfter, type RetryDecision } from './retry.js';
import type { RuntimeEnvironment } from './runtime-env.js';
import { isInsecureForCredentials } from './url.js';

export interface Exchange {
  readonly request: PreparedRequest;
  /** The 2xx response, unread, for `asResponse()` and `withResponse()`; made on first access. */
  readonly response: Response;
  /** Status and headers of that response, readable without making the copy. */
  readonly status: number;
  readonly headers: Headers;
  /** The body as text, read under the attempt's timeout. */
  readonly text: string;
  /** The same body as bytes, for binary responses. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly attempt: number;
  /** The last attempt's hook event, for reporting a body that later proves unusable. */
  readonly event: RequestHookEvent;
}

export async function sendWithRetries(
  config: ResolvedConfig,
  env: RuntimeEnvironment,
  request: PreparedRequest,
): Promise<Exchange> {
  const { context, descriptor, settings } = request;
  const { logger, hooks, scrubber } = config;
  const scrub = (text: string): string => scrubber.text(text);
  const fail = (error: SdkError): never => {
    throw bindScrubber(error, scrub);
  };
  const signal = settings.signal;
  const deadlineAt =
    settings.deadlineMs === undefined ? undefined : env.now() + settings.deadlineMs;
  // A stream body is spent by the first attempt, so it is never sent again.
  const maxRetries = descriptor.retrySafe && request.oneShot !== true ? settings.maxRetries : 0;

  // Checked per request as well as at construction: the URL may be a `next` link. One on the
  // configured origin was checked at construction.
  if (
    !config.allowInsecureHttp &&
    !request.url.startsWith(`${config.origin}/`) &&
    isInsecureForCredentials(new URL(request.url))
  ) {
    fail(
      new InsecureTransportError(
        `${context.operationId}: refusing to send the token over plain http to ${new URL(request.url).origin}`,
        'baseUrl',
      ),
    );
  }

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) fail(new AbortError(context, signal.reason));
    let timeoutMs = settings.timeoutMs;
    let timeoutReason: 'attempt' | 'deadline' = 'attempt';
    if (deadlineAt !== undefined) {
      const left = deadlineAt - env.now();
      if (left <= 0) fail(new TimeoutError(context, attempt, settings.deadlineMs!, 'deadline'));
      if (left < timeoutMs) [timeoutMs, timeoutReason] = [left, 'deadline'];
    }

    // The call's own headers (made for it in prepareRequest), so no copy per attempt: only
    // the token differs between attempts, and it is set again below.
    const { headers } = request;
    let token: string;
    if (config.tokenSource.kind === 'static') {
      // No await for a static token: every await is another trip through the microtask queue.
      token = config.tokenSource.token;
    } else {
      try {
        token = await untilAborted(tokenFor(config, request), signal);
      } catch (error) {
        if (signal?.aborted) fail(new AbortError(context, signal.reason));
        throw error;
      }
    }
    headers.set('authorization', `Bearer ${token}`);
    // Made only when a hook or a debug line needs it: most calls have neither.
    let event: RequestHookEvent | undefined;
    const eventOf = (): RequestHookEvent =>
      (event ??= requestEvent(context, headers, scrubber, attempt));
    if (logger.enabled('debug'))
      logger.debug(
        `→ ${context.method} ${context.url} (${context.operationId}, attempt ${attempt})`,
        { headers: eventOf().headers },
      );
    if (hooks.onRequest !== undefined) callHook(logger, hooks, 'onRequest', eventOf());

    const outcome = await fetchAttempt({
      fetch: config.fetch,
      url: request.url,
      init: {
        method: descriptor.method,
        headers,
        body: request.body,
        ...(request.oneShot ? { duplex: 'half' as const } : {}),
      },
      timeoutMs,
      timeoutReason,
      limitMs: timeoutReason === 'deadline' ? settings.deadlineMs! : settings.timeoutMs,
      callerSignal: signal,
      context,
      attempt,
      now: () => env.now(),
      scrub,
    });

    let error: SdkError;
    let decision: RetryDecision;
    if (outcome.kind === 'failure') {
      error = bindScrubber(outcome.error, scrub);
      decision =
        error instanceof AbortError
          ? { retry: false, reason: 'aborted by the caller' }
          : decideRetry({
              retrySafe: descriptor.retrySafe,
              attempt,
              maxRetries,
              now: env.now(),
              deadlineAt,
              maxRetryDelayMs: settings.maxRetryDelayMs,
              random: env.random,
              final: outcome.final,
            });
    } else {
      const { response } = outcome;
      if (logger.enabled('debug'))
        logger.debug(
          `← ${response.status} ${context.method} ${context.url} in ${Math.round(outcome.durationMs)} ms`,
          { headers: redactHeaders(response.headers, scrubber) },
        );
      if (hooks.onResponse !== undefined)
        callHook(logger, hooks, 'onResponse', {
          ...eventOf(),
          status: response.status,
          durationMs: outcome.durationMs,
        });
      if (response.status >= 200 && response.status <= 299) {
        let copy: Response | undefined;
        const { bytes } = outcome;
        return {
          request,
          get response() {
            copy ??= unreadCopy(response, bytes);
            return copy;
          },
          status: response.status,
          headers: response.headers,
          text: outcome.text,
          bytes,
          attempt,
          get event() {
            return eventOf();
          },
        };
      }
      decision = decideRetry({
        retrySafe: descriptor.retrySafe,
        attempt,
        maxRetries,
        status: response.status,
        headers: response.headers,
        now: env.now(),
        deadlineAt,
        maxRetryDelayMs: settings.maxRetryDelayMs,
        random: env.random,
      });
      error = bindScrubber(
        errorForStatus(config, request, response, outcome.text, env.now()),
        scrub,
      );
    }

    if (hooks.onError !== undefined)
      callHook(logger, hooks, 'onError', { ...eventOf(), error, willRetry: decision.retry });
    if (!decision.retry) {
      logger.debug(
        `${context.operationId}: attempt ${attempt} failed, not retrying: ${decision.reason}`,
      );
      throw error;
    }
    logger.info(
      `${context.operationId}: attempt ${attempt} failed (${error.message}); retrying in ${decision.delayMs} ms (${decision.source})`,
    );
    try {
      await env.sleep(decision.delayMs, signal);
    } catch (reason) {
      if (signal?.aborted) fail(new AbortError(context, signal.reason));
      throw reason;
    }
  }
}

/**
 * The hook event of one attempt. Its redacted copy of the headers is made when a hook or a
 * log line first reads it: most calls have neither, and the copy is not free.
 */
function requestEvent(
  context: RequestContext,
  headers: Headers,
  scrubber: ResolvedConfig['scrubber'],
  attempt: number,
): RequestHookEvent {
  let redacted: Readonly<Record<string, string>> | undefined;
  return {
    ...context,
    get headers() {
      redacted ??= redactHeaders(headers, scrubber);
      return redacted;
    },
    attempt,
  };
}

/** Settles with `promise`, or rejects as soon as the caller's signal aborts (a token provider may hang). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

async function tokenFor(config: ResolvedConfig, request: PreparedRequest): Promise<string> {
  const source = config.tokenSource;
  if (source.kind === 'static') return source.token;
  const scrub = (text: string): string => config.scrubber.text(text);
  let token: unknown;
  try {
    token = await source.provide();
  } catch (cause) {
    throw bindScrubber(
      new TokenProviderError(
        `${request.context.operationId}: tokenProvider failed: ${scrub(describeCause(cause))}`,
        { context: request.context, cause },
      ),
      scrub,
    );
  }
  const problem = tokenProblem(token);
  if (problem)
    throw bindScrubber(
      new TokenProviderError(
        `${request.context.operationId}: tokenProvider returned a token that ${problem}`,
        { context: request.context },
      ),
      scrub,
    );
  config.scrubber.remember(token as string);
  return token as string;
}

function errorForStatus(
  config: ResolvedConfig,
  request: PreparedRequest,
  response: Response,
  text: string,
  now: number,
): SdkError {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const redirected =
    response.type === 'opaqueredirect' || (response.status >= 300 && response.status <= 399);
  return createApiError(
    {
      context: request.context,
      status: response.status,
      statusText: response.statusText,
      headers: redactHeaders(response.headers, config.scrubber),
      body: parsed === undefined ? undefined : config.scrubber.value(parsed),
      ...(parsed === undefined && text.trim() !== ''
        ? { snippet: bodySnippet(text, config.scrubber, 120) }
        : {}),
      ...(redirected
        ? {
            note: 'redirect not followed: the client sends the token to the configured server only',
          }
        : {}),
      ...withRetryAfter(parseRetryAfter(response.headers, now)),
    },
    config.meta.errorClasses,
  );
}

function withRetryAfter(ms: number | undefined): { retryAfterMs?: number } {
  return ms === undefined ? {} : { retryAfterMs: ms };
}
