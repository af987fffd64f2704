/**
 * Our timeout extra for the `/fetch` client: `createClient<paths>({ timeout: timeout(5_000) })`.
 * Off unless passed. With retries, each attempt has the whole time of its own.
 */
import type { Send, SendWrapper } from './types.js';

/** What a call that ran out of time rejects with, naming the limit but not the URL (it may carry a secret). */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The request took longer than ${timeoutMs} ms`);
  }
}

/**
 * Aborts an attempt that has no response after `ms`: the call rejects with a `TimeoutError`
 * (which `onError` middleware sees), as it would reject for a lost connection. The caller's
 * own `signal` still aborts it too.
 */
export function timeout(ms: number): SendWrapper {
  return (send: Send): Send =>
    async (request) => {
      const timer = new AbortController();
      const id = setTimeout(() => timer.abort(new TimeoutError(ms)), ms);
      try {
        return await send(
          new Request(request, { signal: AbortSignal.any([request.signal, timer.signal]) }),
        );
      } catch (error) {
        throw timer.signal.aborted && !request.signal.aborted ? timer.signal.reason : error;
      } finally {
        clearTimeout(id);
      }
    };
}
