/**
 * The request loop: attempts, the retry rule, waits, the deadline, hooks and logs. Returns
 * the exchange of the first attempt that got a 2xx response; throws the error of the last
 * attempt otherwise. Reading and checking the success body is left to the caller, so that
 * `asResponse()` works even when the body is not what the type says.
 *
 * Each attempt is one fetch with its body read to the end, all under one timer: a server
 * that stalls mid-body is as stuck as one that never answers. Whatever happens, the timer is
 * cleared and the listener on the caller's signal removed, so nothing is left to keep Node
 * alive or to leak.
 */
import { bindScrubber, describeCause, type SdkError } from './sdk-error.js';
import { tokenProblem, type ResolvedConfig } from './config.js';
import { apiErrorClassFor, type ApiError } from './errors.js';
import { permanentFailure } from './fetch-refusal.js';
import { redactRequestHeaders } from './headers.js';
import { callHook, type RequestHookEvent } from './hooks.js';
import type { PreparedRequest } from './prepare.js';
import { readBytes, type BodyReading } from './response-body.js';
import { bodySnippet, redactHeaders, shortUrl, type SecretScrubber } from './redact.js';
import {
  AbortError,
  ConnectionError,
  ResponseTooLargeError,
  TimeoutError,
  TokenProviderError,
} from './request-errors.js';
import { decideRetry, parseRetryAfter, type RetryDecision } from './retry.js';
import { MAX_TIMER_MS, type RuntimeEnvironment } from './runtime-env.js';

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
  /** The attempt's hook event, for reporting a body that later proves unusable. */
  readonly event: RequestHookEvent;
}

/** Decodes like `Response.text()`: UTF-8, a byte-order mark dropped, bad sequences replaced. */
const UTF8 = new TextDecoder();

/**
 * One attempt, and the call's exchange once it got a 2xx response. A class, so that an
 * attempt costs one small object: the copy of the response and the hook event (with its
 * redacted copy of the headers) are made only when asked for, and most calls ask for neither.
 */
class Attempt implements Exchange, BodyReading {
  /** The response as received, its body spent, once it arrived. */
  declare spent: Response;
  /** The body as received, kept so that a copy has exactly these bytes. */
  declare bytes: Uint8Array<ArrayBuffer>;
  declare text: string;
  /** Status and headers of the response, set with `spent` (see `received`). */
  declare status: number;
  declare headers: Headers;
  declare readonly request: PreparedRequest;
  declare readonly attempt: number;
  /** Aborted by the attempt's timer or the caller's signal (see `endAttempt`). */
  declare controller: AbortController;
  /** The body's reader while it is read. */
  declare reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #copy: Response | undefined;
  #event: RequestHookEvent | undefined;
  readonly #scrubber: SecretScrubber;

  constructor(request: PreparedRequest, attempt: number, scrubber: SecretScrubber) {
    this.request = request;
    this.attempt = attempt;
    this.#scrubber = scrubber;
  }

  /** Keeps the response that arrived and its whole body. */
  received(response: Response, bytes: Uint8Array<ArrayBuffer>): void {
    this.spent = response;
    this.bytes = bytes;
    this.text = UTF8.decode(bytes);
    this.status = response.status;
    this.headers = response.headers;
  }

  get response(): Response {
    return (this.#copy ??= unreadCopy(this.spent, this.bytes));
  }
  get event(): RequestHookEvent {
    const { context, headers } = this.request;
    return (this.#event ??= {
      ...context,
      headers: redactRequestHeaders(headers, this.#scrubber),
      attempt: this.attempt,
    });
  }
}

/**
 * A fresh, unread Response with the status, headers and body bytes of a spent one, made only
 * when the caller asks for the Response (`asResponse()`, `withResponse()`, `page.response`).
 * Cloning every response up front instead (a stream tee) cost more than all the rest of the
 * client's work on a small request.
 */
function unreadCopy(spent: Response, bytes: Uint8Array<ArrayBuffer>): Response {
  const { status } = spent;
  const copy = new Response(
    status === 204 || status === 205 || status === 304 ? null : bytes,
    spent,
  );
  // The constructor cannot set these; the copy should still say where it came from.
  for (const key of ['url', 'redirected', 'type'] as const)
    Object.defineProperty(copy, key, { value: spent[key] });
  return copy;
}

/**
 * Ends an attempt: aborts its fetch, and cancels the body's reader, which Node 20's fetch may
 * leave pending after the abort. The timer's callback, shared: `setTimeout` hands it the attempt.
 */
const endAttempt = (attempt: Attempt, reason?: unknown): void => {
  attempt.controller.abort(reason);
  attempt.reader?.cancel(reason).catch(() => undefined);
};

const ONCE = { once: true } as const;

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
  const { context, descriptor, settings, headers, url } = request;
  const { logger, hooks, scrubber, provide } = config;
  const { signal, deadlineMs } = settings;
  const deadlineAt = deadlineMs === undefined ? undefined : env.now() + deadlineMs;
  // A stream body is spent by the first attempt, so it is never sent again.
  const maxRetries = descriptor.retrySafe && !request.oneShot ? settings.maxRetries : 0;
  const debug = logger.enabled('debug');
  const where = `${context.method} ${shortUrl(context.url)}`;

  // Plain http is refused at construction (the base URL) and by pagination (a `next` link
  // must be on the base URL's origin): every URL sent here is on that checked origin.
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) fail(config, new AbortError(context, signal.reason));
    // The attempt's own timeout, or what is left of the call's deadline if that is less.
    let timeoutMs = settings.timeoutMs;
    let deadline = false;
    if (deadlineAt !== undefined) {
      const left = deadlineAt - env.now();
      if (left <= 0) fail(config, new TimeoutError(context, attempt, deadlineMs!, 'deadline'));
      if (left < timeoutMs) [timeoutMs, deadline] = [left, true];
    }

    const exchange = new Attempt(request, attempt, scrubber);
    // Only the timer and the caller's signal abort this controller: aborted while the
    // caller's signal is not means the attempt timed out. No closure for the timer, and a
    // listener only when there is a signal: fewer allocations per attempt.
    const controller = (exchange.controller = new AbortController());
    let onAbort: (() => void) | undefined;
    if (signal)
      signal.addEventListener('abort', (onAbort = () => endAttempt(exchange, signal.reason)), ONCE);
    const timer = setTimeout(endAttempt, Math.min(timeoutMs, MAX_TIMER_MS), exchange);
    // Set once the headers are in: a failure after that point happened while reading the body.
    let response: Response | undefined;
    let error: SdkError | undefined;
    let final: string | undefined;
    let started = 0;
    // Getting the token is part of the attempt, under its timer: a provider that never
    // settles is as stuck as a server that never answers.
    let waiting: 'token' | undefined = 'token';
    try {
      // The call's own headers (made for it in prepareRequest), so no copy per attempt: only
      // the token differs between attempts, and it is set again here. A static token needs
      // no await: every await is another trip through the microtask queue.
      headers['authorization'] =
        `Bearer ${provide ? await providedToken(config, request, provide, controller.signal) : config.token}`;
      if (debug)
        logger.debug(`→ ${where} (${context.operationId}, attempt ${attempt})`, {
          headers: exchange.event.headers,
        });
      if (hooks.onRequest) callHook(logger, hooks, 'onRequest', exchange.event);
      started = env.now();
      waiting = undefined;
      if (controller.signal.aborted) throw controller.signal.reason;
      response = await config.fetch(url, {
        method: descriptor.method,
        headers,
        body: request.body as BodyInit | undefined,
        // Node's fetch refuses a stream body without it.
        duplex: request.oneShot ? 'half' : undefined,
        signal: controller.signal,
        // Redirects are not followed: the token must only go to the configured server, and
        // an API does not redirect its own operations as a rule.
        redirect: 'manual',
        // `duplex` is newer than the DOM typings.
      } as RequestInit);
      const bytes = await readBytes(
        response,
        settings.maxResponseBytes,
        exchange,
        controller.signal,
      );
      if (!bytes) {
        final = 'body too large';
        throw new ResponseTooLargeError(context, response.status, settings.maxResponseBytes);
      }
      exchange.received(response, bytes);
    } catch (cause) {
      const status = response?.status;
      if (final) error = cause as SdkError;
      else if (cause instanceof TokenProviderError)
        [error, final] = [cause, 'tokenProvider failed'];
      else if (signal?.aborted) error = new AbortError(context, signal.reason);
      else if (controller.signal.aborted)
        error = new TimeoutError(
          context,
          attempt,
          deadline ? deadlineMs! : settings.timeoutMs,
          deadline ? 'deadline' : 'attempt',
          status,
          waiting,
        );
      else {
        final = permanentFailure(cause, url);
        error = new ConnectionError(
          `${context.operationId}: ${status === undefined ? 'the connection failed' : `the ${status} response's body ${final ? 'could not be read' : 'was cut off'}`} (attempt ${attempt}): ${scrubber.text(describeCause(cause))}${final ? `; ${final}; not retried` : ''} [${where}]`,
          context,
          attempt,
          cause,
          status,
        );
      }
    } finally {
      clearTimeout(timer);
      if (onAbort) signal!.removeEventListener('abort', onAbort);
    }

    const now = env.now();
    if (!error) {
      const { status, headers: got } = response!;
      if (debug)
        logger.debug(`← ${status} ${where} in ${Math.round(now - started)} ms`, {
          headers: redactHeaders(got, scrubber),
        });
      if (hooks.onResponse)
        callHook(logger, hooks, 'onResponse', {
          ...exchange.event,
          status,
          durationMs: now - started,
        });
      if (status >= 200 && status <= 299) return exchange;
      error = errorForStatus(config, request, response!, exchange.text, now);
    }
    // Only a failed attempt gets this far: the retry rule decides what comes next.
    const decision: RetryDecision =
      error instanceof AbortError
        ? { retry: false, reason: 'aborted by the caller' }
        : decideRetry({
            retrySafe: descriptor.retrySafe,
            attempt,
            maxRetries,
            // An error status decides even when its body then failed: a 409 whose body
            // stalled is as final as one read whole. A 2xx whose body failed may pass.
            ...(response &&
              response.status > 299 && { status: response.status, headers: response.headers }),
            now,
            deadlineAt,
            maxRetryDelayMs: settings.maxRetryDelayMs,
            random: env.random,
            final,
          });
    bindScrubber(error, scrubberOf(config));
    if (hooks.onError)
      callHook(logger, hooks, 'onError', { ...exchange.event, error, willRetry: decision.retry });
    if (!decision.retry) {
      if (debug)
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
      if (signal?.aborted) fail(config, new AbortError(context, signal.reason));
      throw reason;
    }
  }
}

/**
 * The token provider's next token, checked. A provider may hang: the attempt's signal
 * (its timer, the call's deadline, the caller's signal) gives up the wait.
 */
async function providedToken(
  config: ResolvedConfig,
  request: PreparedRequest,
  provide: () => string | Promise<string>,
  signal: AbortSignal,
): Promise<string> {
  const { context } = request;
  let token: unknown;
  let onAbort: (() => void) | undefined;
  try {
    token = await new Promise((resolve, reject) => {
      signal.addEventListener('abort', (onAbort = () => reject(signal.reason)), ONCE);
      // A provider that throws at once rejects this promise the same way.
      Promise.resolve(provide()).then(resolve, reject);
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new TokenProviderError(
      `${context.operationId}: tokenProvider failed: ${config.scrubber.text(describeCause(cause))}`,
      { context, cause },
    );
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
  const problem = tokenProblem(token);
  if (problem)
    throw new TokenProviderError(
      `${context.operationId}: tokenProvider returned a token that ${problem}`,
      { context },
    );
  config.scrubber.remember(token as string);
  return token as string;
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
