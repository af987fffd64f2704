/**
 * Our retry extra for the `/fetch` client: `createClient<paths>({ retries: retries() })`.
 * Off unless passed; the rules are the runtime's (`core/retry.ts`): which statuses are worth
 * another attempt, full-jitter backoff, and the server's Retry-After when it sends one.
 */
import {
  backoffDelay,
  isRetryableStatus,
  parseRetryAfter,
  RETRY_AFTER_CAP_MS,
} from '../runtime/core/retry.js';
import type { Send, SendWrapper } from './types.js';

export interface RetryOptions {
  /** Attempts in all, the first included; 3 by default. */
  readonly attempts?: number;
  /**
   * The methods sent again, upper case. By default those RFC 9110 calls idempotent: a POST or
   * PATCH whose response was lost may have had its effect, and a second one would repeat it.
   */
  readonly methods?: readonly string[];
  /** The longest backoff between attempts, in ms; 8,000 by default. */
  readonly maxDelayMs?: number;
  /** Randomness for the jitter; `Math.random` by default (tests pass their own). */
  readonly random?: () => number;
}

const IDEMPOTENT = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE'];

/** Waits `ms`, or rejects with the signal's reason as soon as the call is aborted. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Sends a request again after a connection failure or a 408, 429 or 5xx answer, up to
 * `attempts` times. The last answer (or failure) is the call's, so `{ error, response }`
 * still tells what happened. A call aborted by its own signal is not retried.
 */
export function retries(options: RetryOptions = {}): SendWrapper {
  const attempts = Math.max(1, options.attempts ?? 3);
  const methods = options.methods ?? IDEMPOTENT;
  const maxDelayMs = options.maxDelayMs ?? 8_000;
  const random = options.random ?? Math.random;
  return (send: Send): Send =>
    async (request) => {
      if (!methods.includes(request.method)) return send(request);
      for (let attempt = 1; ; attempt++) {
        // Each attempt sends a copy: a body can be read once, and the last attempt needs it too.
        const last = attempt >= attempts;
        let delay: number;
        try {
          const response = await send(last ? request : request.clone());
          if (last || !isRetryableStatus(response.status)) return response;
          const asked = parseRetryAfter(response.headers, Date.now());
          // A server asking for a long wait is answered by the caller, who sees the response.
          if (asked !== undefined && asked > RETRY_AFTER_CAP_MS) return response;
          delay = asked ?? backoffDelay(attempt - 1, maxDelayMs, random);
          // The unread body would hold the connection until collected.
          await response.body?.cancel().catch((): undefined => undefined);
        } catch (error) {
          if (last || request.signal.aborted) throw error;
          delay = backoffDelay(attempt - 1, maxDelayMs, random);
        }
        await pause(delay, request.signal);
      }
    };
}
