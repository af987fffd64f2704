/**
 * One attempt: the token, the request hooks, one fetch and its body read to the end, all
 * under one timer (a server that stalls mid-body is as stuck as one that never answers).
 * It gives the exchange, or the failure with the reason a retry cannot mend it, if any.
 * Whatever happens, the timer is cleared and the listener on the caller's signal removed,
 * so nothing is left to keep Node alive or to leak.
 */
import { describeCause, type SdkError } from '../core/sdk-error.js';
import { tokenProblem, type ResolvedConfig } from './config.js';
import { permanentFailure } from './fetch-refusal.js';
import { redactRequestHeaders } from './headers.js';
import { callHook, type RequestHookEvent } from '../core/hooks.js';
import type { Exchange, PreparedRequest } from '../core/operation.js';
import { readBytes, type BodyReading } from './read-bytes.js';
import {
  AbortError,
  ConnectionError,
  ResponseTooLargeError,
  TimeoutError,
  TokenProviderError,
} from '../core/request-errors.js';
import { MAX_TIMER_MS, type RuntimeEnvironment } from './runtime-env.js';

/**
 * A descriptor's `stream` is handed the attempt and gives back the exchange (`openStream` of
 * event-stream.ts makes a `Received`): core/operation.ts names the two by empty interfaces,
 * filled in here, so that the descriptor's types import nothing of the request loop.
 */
declare module '../core/operation.js' {
  interface AttemptInFlight extends Attempt {}
  interface StreamedExchange extends Received {}
}

/** What stays the same across a call's attempts, worked out once by `sendWithRetries`. */
export interface Call {
  readonly config: ResolvedConfig;
  readonly env: RuntimeEnvironment;
  readonly request: PreparedRequest;
  /** When the call must be over, and the `deadlineMs` that set it; undefined without one. */
  readonly deadline: { readonly at: number; readonly ms: number } | undefined;
  readonly maxRetries: number;
  /** Whether debug lines are logged, asked once per call. */
  readonly debug: boolean;
  /** `METHOD url`, for log lines and connection errors. */
  readonly where: string;
}

/** An attempt that ended without an exchange, or with one whose status is an error. */
export interface Failure {
  readonly error: SdkError;
  /** Why a retry cannot mend it (the body passed the limit, fetch refused the request …), if so. */
  readonly final: string | undefined;
  /** The response, when its headers had arrived: its status decides even when its body failed. */
  readonly response: Response | undefined;
}

/** What an attempt gives: the exchange, or the failure (told apart by `instanceof Received`). */
export type Outcome = Received | Failure;

/** Decodes like `Response.text()`: UTF-8, a byte-order mark dropped, bad sequences replaced. */
const UTF8 = new TextDecoder();

const ONCE = { once: true } as const;

/**
 * Ends an attempt: aborts its fetch, and cancels the body's reader, which Node 20's fetch may
 * leave pending after the abort. The timer's callback, shared: `setTimeout` hands it the attempt.
 */
const endAttempt = (attempt: Attempt, reason?: unknown): void => {
  attempt.controller.abort(reason);
  attempt.reader?.cancel(reason).catch(() => undefined);
};

/**
 * An attempt in flight. The constructor starts its timer and listens to the caller's signal;
 * `finish` lets go of both. The hook event (with its redacted copy of the headers) is made
 * only when a hook or a log line asks for it.
 */
export class Attempt implements BodyReading {
  // Declared, not defined: the constructor sets them, and the bundle carries no field list.
  declare readonly call: Call;
  /** Counting from 1. */
  declare readonly number: number;
  /** What the timer allows: `timeoutMs`, or what was left of the deadline if that was less. */
  declare readonly budgetMs: number;
  /**
   * Aborted by the timer or the caller's signal, by nothing else: aborted while the caller's
   * signal is not means the attempt timed out.
   */
  readonly controller = new AbortController();
  /** The body's reader while `readBytes` reads it, for `endAttempt` to cancel. */
  declare reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #onAbort: (() => void) | undefined;
  #event: RequestHookEvent | undefined;

  constructor(call: Call, number: number, budgetMs: number) {
    this.call = call;
    this.number = number;
    this.budgetMs = budgetMs;
    // No closure for the timer, and a listener only when there is a signal: fewer
    // allocations per attempt.
    const { signal } = call.request.settings;
    if (signal)
      signal.addEventListener(
        'abort',
        (this.#onAbort = () => endAttempt(this, signal.reason)),
        ONCE,
      );
    this.#timer = setTimeout(endAttempt, Math.min(budgetMs, MAX_TIMER_MS), this);
  }

  get event(): RequestHookEvent {
    const { context, headers } = this.call.request;
    return (this.#event ??= {
      ...context,
      headers: redactRequestHeaders(headers, this.call.config.scrubber),
      attempt: this.number,
    });
  }

  /** Clears the timer and removes the listener on the caller's signal. */
  finish(): void {
    clearTimeout(this.#timer);
    if (this.#onAbort)
      this.call.request.settings.signal?.removeEventListener('abort', this.#onAbort);
  }
}

/**
 * A response that arrived with its whole body: the call's exchange when the status is 2xx.
 * The unread copy of the response is made only when asked for, and most calls never ask.
 */
export class Received implements Exchange {
  // Declared, not defined: the constructor sets them all.
  declare readonly request: PreparedRequest;
  declare readonly attempt: number;
  declare readonly status: number;
  declare readonly headers: Headers;
  declare readonly text: string;
  /** The body as received, kept so that a copy has exactly these bytes. */
  declare readonly bytes: Uint8Array<ArrayBuffer>;
  /** The response as received, its body spent. */
  declare readonly spent: Response;
  /** When the request went to fetch (`env.now()`), for the response's duration. */
  declare readonly sentAt: number;
  readonly #attempt: Attempt;
  #copy: Response | undefined;

  constructor(attempt: Attempt, spent: Response, bytes: Uint8Array<ArrayBuffer>, sentAt: number) {
    this.request = attempt.call.request;
    this.attempt = attempt.number;
    this.status = spent.status;
    this.headers = spent.headers;
    this.text = UTF8.decode(bytes);
    this.bytes = bytes;
    this.spent = spent;
    this.sentAt = sentAt;
    this.#attempt = attempt;
  }

  get response(): Response {
    return (this.#copy ??= unreadCopy(this.spent, this.bytes));
  }
  get event(): RequestHookEvent {
    return this.#attempt.event;
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
 * Runs an attempt started by the caller (its timer running): the token, the debug line and
 * the `onRequest` hook, the fetch and the whole body. Gives the exchange or the failure, and
 * finishes the attempt either way.
 */
export async function runAttempt(attempt: Attempt): Promise<Outcome> {
  const { call, number, controller } = attempt;
  const { config, env, request, where } = call;
  const { logger, hooks, provide } = config;
  const { context, descriptor, headers, settings } = request;
  // Getting the token is part of the attempt, under its timer: a provider that never
  // settles is as stuck as a server that never answers.
  let waiting: 'token' | undefined = 'token';
  // Set once the headers are in: a failure after that point happened while reading the body.
  let response: Response | undefined;
  try {
    // The call's own headers (made for it in prepareRequest), so no copy per attempt: only
    // the token differs between attempts, and it is set again here. A static token needs
    // no await: every await is another trip through the microtask queue. None at all with
    // `auth: 'none'`.
    const token = provide
      ? await providedToken(config, request, provide, controller.signal)
      : config.token;
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    if (call.debug)
      logger.debug(`→ ${where} (${context.operationId}, attempt ${number})`, {
        headers: attempt.event.headers,
      });
    if (hooks.onRequest) callHook(logger, hooks, 'onRequest', attempt.event);
    const sentAt = env.now();
    waiting = undefined;
    if (controller.signal.aborted) throw controller.signal.reason;
    response = await config.fetch(request.url, {
      method: descriptor.method,
      headers,
      body: request.body as BodyInit | undefined,
      // Node's fetch refuses a stream body without it.
      duplex: request.oneShot ? 'half' : undefined,
      signal: controller.signal,
      // Redirects are not followed: the token must only go to the configured server, and
      // an API does not redirect its own operations as a rule.
      redirect: 'manual',
      credentials: config.credentials,
      // `duplex` is newer than the DOM typings.
    } as RequestInit);
    // A stream is handed over once its head is in: the timer stops with the attempt.
    const streamed = descriptor.stream?.(attempt, response, sentAt);
    if (streamed) return streamed;
    const bytes = await readBytes(response, settings.maxResponseBytes, attempt, controller.signal);
    return bytes
      ? new Received(attempt, response, bytes, sentAt)
      : failure(
          new ResponseTooLargeError(context, response.status, settings.maxResponseBytes),
          'body too large',
          response,
        );
  } catch (cause) {
    return failureOf(attempt, cause, response, waiting);
  } finally {
    attempt.finish();
  }
}

/** A failed attempt's outcome, always in one shape. */
const failure = (
  error: SdkError,
  final: string | undefined,
  response: Response | undefined,
): Failure => ({ error, final, response });

/**
 * What a cause thrown during the attempt comes to: a failed token provider (final), the
 * caller's abort, the attempt's timer, or the connection, final when fetch cannot succeed
 * with this request or this answer.
 */
function failureOf(
  attempt: Attempt,
  cause: unknown,
  response: Response | undefined,
  waiting: 'token' | undefined,
): Failure {
  const { call, number } = attempt;
  const { context, settings, url } = call.request;
  const { signal, timeoutMs } = settings;
  const status = response?.status;
  if (cause instanceof TokenProviderError) return failure(cause, 'tokenProvider failed', response);
  if (signal?.aborted) return failure(new AbortError(context, signal.reason), undefined, response);
  if (attempt.controller.signal.aborted) {
    // The deadline ended the attempt when what was left of it, not timeoutMs, set the timer.
    const { deadline } = call;
    const byDeadline = deadline !== undefined && attempt.budgetMs < timeoutMs;
    return failure(
      new TimeoutError(
        context,
        number,
        byDeadline ? deadline.ms : timeoutMs,
        byDeadline ? 'deadline' : 'attempt',
        status,
        waiting,
      ),
      undefined,
      response,
    );
  }
  const final = permanentFailure(cause, url);
  return failure(
    new ConnectionError(
      `${context.operationId}: ${status === undefined ? 'the connection failed' : `the ${status} response's body ${final ? 'could not be read' : 'was cut off'}`} (attempt ${number}): ${call.config.scrubber.text(describeCause(cause))}${final ? `; ${final}; not retried` : ''} [${call.where}]`,
      context,
      number,
      cause,
      status,
    ),
    final,
    response,
  );
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
    if (onAbort) signal.removeEventListener('abort', onAbort);
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
