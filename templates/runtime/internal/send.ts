/**
 * The request loop: attempts, the retry rule, waits, the deadline, hooks and logs. Returns
 * the exchange of the first attempt that got a 2xx response; throws the error of the last
 * attempt otherwise. Reading and checking the success body is left to the caller, so that
 * `asResponse()` works even when the body is not what the type says. One attempt (token,
 * fetch, body, under its timer) is `runAttempt` in attempt.ts.
 */
import { bindScrubber, type SdkError } from '../core/sdk-error.js';
import type { ResolvedConfig } from './config.js';
import { apiErrorClassFor, type ApiError } from '../core/errors.js';
import { callHook } from '../core/hooks.js';
import type { Exchange, PreparedRequest } from '../core/operation.js';
import { bodySnippet, redactHeaders, shortUrl } from './redact.js';
import { AbortError, TimeoutError } from '../core/request-errors.js';
import { decideRetry, parseRetryAfter, type RetryDecision } from '../core/retry.js';
import type { RuntimeEnvironment } from './runtime-env.js';
import { Attempt, Received, runAttempt, type Call, type Failure } from './attempt.js';

/** What an error thrown here scrubs its text with: the client's remembered secrets and patterns. */
const scrubberOf =
  (config: ResolvedConfig) =>
  (text: string): string =>
    config.scrubber.text(text);

/** Throws `error`, bound to the client's scrubber. */
function fail(config: ResolvedConfig, error: SdkError): never {
  throw bindScrubber(error, scrubberOf(config));
}

export async function sendWithRetries(
  config: ResolvedConfig,
  env: RuntimeEnvironment,
  request: PreparedRequest,
): Promise<Exchange> {
  const call = callOf(config, env, request);
  const { signal } = request.settings;
  // Plain http is refused at construction (the base URL) and by pagination (a `next` link
  // must be on the base URL's origin): every URL sent here is on that checked origin.
  for (let number = 1; ; number++) {
    if (signal?.aborted) fail(config, new AbortError(request.context, signal.reason));
    const attempt = new Attempt(call, number, attemptBudget(call, number));
    const outcome = await runAttempt(attempt);
    const now = env.now();
    let failure: Failure;
    if (outcome instanceof Received) {
      reportResponse(call, outcome, now);
      if (outcome.status >= 200 && outcome.status <= 299) return outcome;
      failure = statusFailure(call, outcome, now);
    } else failure = outcome;
    const decision = retryDecision(attempt, failure, now);
    reportFailure(attempt, failure.error, decision);
    if (!decision.retry) throw failure.error;
    await waitToRetry(call, decision.delayMs);
  }
}

/** What every attempt of the call shares: its deadline, its retries, its log prefix. */
function callOf(config: ResolvedConfig, env: RuntimeEnvironment, request: PreparedRequest): Call {
  const { context, descriptor, settings } = request;
  const { deadlineMs } = settings;
  return {
    config,
    env,
    request,
    deadline: deadlineMs === undefined ? undefined : { at: env.now() + deadlineMs, ms: deadlineMs },
    // A stream body is spent by the first attempt, so it is never sent again.
    maxRetries: descriptor.retrySafe && !request.oneShot ? settings.maxRetries : 0,
    debug: config.logger.enabled('debug'),
    where: `${context.method} ${shortUrl(context.url)}`,
  };
}

/**
 * How long attempt `number` may take: its own `timeoutMs`, or what is left of the call's
 * deadline if that is less. Throws TimeoutError once the deadline has passed.
 */
function attemptBudget(call: Call, number: number): number {
  const { deadline, request } = call;
  const { timeoutMs } = request.settings;
  if (deadline === undefined) return timeoutMs;
  const left = deadline.at - call.env.now();
  if (left <= 0)
    fail(call.config, new TimeoutError(request.context, number, deadline.ms, 'deadline'));
  return left < timeoutMs ? left : timeoutMs;
}

/** The response's log line and the `onResponse` hook, whatever the status. */
function reportResponse(call: Call, exchange: Received, now: number): void {
  const { config } = call;
  const { logger, hooks } = config;
  const { status } = exchange;
  if (call.debug)
    logger.debug(`← ${status} ${call.where} in ${Math.round(now - exchange.sentAt)} ms`, {
      headers: redactHeaders(exchange.headers, config.scrubber),
    });
  if (hooks.onResponse)
    callHook(logger, hooks, 'onResponse', {
      ...exchange.event,
      status,
      durationMs: now - exchange.sentAt,
    });
}

/** An error status as the failure of its attempt: the typed error, the response for the retry rule. */
const statusFailure = (call: Call, exchange: Received, now: number): Failure => ({
  error: errorForStatus(call.config, call.request, exchange.spent, exchange.text, now),
  final: undefined,
  response: exchange.spent,
});

/** Whether to send the request again after `failure`, and when: the caller's abort is final. */
function retryDecision(attempt: Attempt, failure: Failure, now: number): RetryDecision {
  if (failure.error instanceof AbortError) return { retry: false, reason: 'aborted by the caller' };
  const { env, request, deadline, maxRetries } = attempt.call;
  const { response } = failure;
  return decideRetry({
    retrySafe: request.descriptor.retrySafe,
    attempt: attempt.number,
    maxRetries,
    // An error status decides even when its body then failed: a 409 whose body stalled is as
    // final as one read whole. A 2xx whose body failed may pass.
    ...(response &&
      response.status > 299 && { status: response.status, headers: response.headers }),
    now,
    deadlineAt: deadline?.at,
    maxRetryDelayMs: request.settings.maxRetryDelayMs,
    random: env.random,
    final: failure.final,
  });
}

/**
 * What a failed attempt leaves behind: its error bound to the client's scrubber, the
 * `onError` hook told whether a retry follows, and a log line saying what comes next.
 */
function reportFailure(attempt: Attempt, error: SdkError, decision: RetryDecision): void {
  const { config, request, debug } = attempt.call;
  const { logger, hooks } = config;
  const { operationId } = request.context;
  bindScrubber(error, scrubberOf(config));
  if (hooks.onError)
    callHook(logger, hooks, 'onError', { ...attempt.event, error, willRetry: decision.retry });
  if (decision.retry)
    logger.info(
      `${operationId}: attempt ${attempt.number} failed (${error.message}); retrying in ${decision.delayMs} ms (${decision.source})`,
    );
  else if (debug)
    logger.debug(
      `${operationId}: attempt ${attempt.number} failed, not retrying: ${decision.reason}`,
    );
}

/** The wait before the next attempt; the caller's abort ends it with an AbortError. */
async function waitToRetry(call: Call, delayMs: number): Promise<void> {
  const { signal } = call.request.settings;
  try {
    await call.env.sleep(delayMs, signal);
  } catch (reason) {
    if (signal?.aborted) fail(call.config, new AbortError(call.request.context, signal.reason));
    throw reason;
  }
}

/** The typed error of an error status, its body parsed when it is JSON and scrubbed. */
function errorForStatus(
  config: ResolvedConfig,
  request: PreparedRequest,
  response: Response,
  text: string,
  now: number,
): ApiError {
  const { scrubber } = config;
  const { status, headers } = response;
  let body: unknown;
  try {
    body = scrubber.value(JSON.parse(text));
  } catch {
    // Empty, or not JSON (a proxy's HTML page, say): the snippet below says what it was.
  }
  const retryAfterMs = parseRetryAfter(headers, now);
  return new (apiErrorClassFor(status, config.meta.errorClasses))({
    context: request.context,
    status,
    statusText: response.statusText,
    headers: redactHeaders(headers, scrubber),
    body,
    ...(body === undefined && text.trim() && { snippet: bodySnippet(text, scrubber, 120) }),
    ...((response.type === 'opaqueredirect' || (status >= 300 && status <= 399)) && {
      note: 'redirect not followed: the client sends the token to the configured server only',
    }),
    ...(retryAfterMs !== undefined && { retryAfterMs }),
  });
}
