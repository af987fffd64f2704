/**
 * One attempt: one fetch, its body read to the end, all under one timer. The timeout covers
 * the body as well as the headers, since a server that stalls mid-body is as stuck as one
 * that never answers. Whatever happens, the timer is cleared and the listener on the
 * caller's signal removed, so nothing is left to keep Node alive or to leak.
 */
import { describeCause, type RequestContext } from './sdk-error.js';
import type { WireBody } from './body.js';
import { permanentFailure } from './fetch-refusal.js';
import type { FetchLike } from './options.js';
import { AbortError, ConnectionError, TimeoutError } from './request-errors.js';
import { MAX_TIMER_MS } from './runtime-env.js';

export interface AttemptRequest {
  readonly fetch: FetchLike;
  readonly url: string;
  readonly init: {
    readonly method: string;
    readonly headers: Headers;
    readonly body: WireBody | undefined;
    /** Set for a stream body: Node's fetch refuses one without it. */
    readonly duplex?: 'half';
  };
  /** How long this attempt may take. */
  readonly timeoutMs: number;
  /**
   * Whether the timer is the attempt's own timeout or what is left of the call's deadline,
   * and the limit to name in the error (`timeoutMs` or `deadlineMs`).
   */
  readonly timeoutReason: 'attempt' | 'deadline';
  readonly limitMs: number;
  readonly callerSignal: AbortSignal | undefined;
  readonly context: RequestContext;
  readonly attempt: number;
  readonly now: () => number;
  /** Cuts the client's token out of text that came from elsewhere (a fetch error's message). */
  readonly scrub: (text: string) => string;
}

export type AttemptOutcome =
  | {
      readonly kind: 'response';
      /** The original, its body spent; {@link unreadCopy} makes one the caller may consume. */
      readonly response: Response;
      /** The body as received, kept so that a copy has exactly these bytes. */
      readonly bytes: Uint8Array<ArrayBuffer>;
      readonly text: string;
      readonly durationMs: number;
    }
  | {
      readonly kind: 'failure';
      readonly error: ConnectionError | AbortError;
      readonly durationMs: number;
      /** Why a retry cannot succeed (fetch refused the request itself), when it cannot. */
      readonly final?: string | undefined;
    };

/** Decodes like `Response.text()`: UTF-8, a byte-order mark dropped, bad sequences replaced. */
const UTF8 = new TextDecoder();

/**
 * A fresh, unread Response with the status, headers and body bytes of a spent one, made only
 * when the caller asks for the Response (`asResponse()`, `withResponse()`, `page.response`).
 * Cloning every response up front instead (a stream tee) cost more than all the rest of the
 * client's work on a small request.
 */
export function unreadCopy(spent: Response, bytes: Uint8Array<ArrayBuffer>): Response {
  const nullBody = spent.status === 204 || spent.status === 205 || spent.status === 304;
  const copy = new Response(nullBody ? null : bytes, {
    status: spent.status,
    statusText: spent.statusText,
    headers: spent.headers,
  });
  // The constructor cannot set these; the copy should still say where it came from.
  Object.defineProperties(copy, {
    url: { value: spent.url },
    redirected: { value: spent.redirected },
    type: { value: spent.type },
  });
  return copy;
}

export async function fetchAttempt(request: AttemptRequest): Promise<AttemptOutcome> {
  const { callerSignal, context, attempt } = request;
  const started = request.now();
  const controller = new AbortController();
  let timedOut = false;
  // Set once the headers are in: a failure after that point happened while reading the body.
  let status: number | undefined;
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    Math.min(request.timeoutMs, MAX_TIMER_MS),
  );

  try {
    if (callerSignal?.aborted) throw callerSignal.reason;
    const response = await request.fetch(request.url, {
      method: request.init.method,
      headers: request.init.headers,
      ...(request.init.body === undefined ? {} : { body: request.init.body as BodyInit }),
      ...(request.init.duplex ? { duplex: request.init.duplex } : {}),
      signal: controller.signal,
      // Redirects are not followed: the token must only go to the configured server, and
      // an API does not redirect its own operations as a rule.
      redirect: 'manual',
    });
    status = response.status;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      kind: 'response',
      response,
      bytes,
      text: UTF8.decode(bytes),
      durationMs: request.now() - started,
    };
  } catch (cause) {
    const durationMs = request.now() - started;
    if (callerSignal?.aborted)
      return { kind: 'failure', error: new AbortError(context, callerSignal.reason), durationMs };
    if (timedOut)
      return {
        kind: 'failure',
        error: new TimeoutError(context, attempt, request.limitMs, request.timeoutReason, status),
        durationMs,
      };
    const what =
      status !== undefined ? `the ${status} response's body was cut off` : 'the connection failed';
    const final = status === undefined ? permanentFailure(cause, request.url) : undefined;
    return {
      kind: 'failure',
      error: new ConnectionError(
        `${context.operationId}: ${what} (attempt ${attempt}): ${request.scrub(describeCause(cause))}${final ? `; ${final}; not retried` : ''} [${context.method} ${context.url}]`,
        context,
        attempt,
        cause,
        status,
      ),
      durationMs,
      final,
    };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
