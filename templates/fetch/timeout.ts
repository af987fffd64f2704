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
 * Aborts an attempt that has not ended after `ms`: the call rejects with a `TimeoutError`
 * (which `onError` middleware sees while the response is awaited), as it would for a lost
 * connection. The time covers the body as well as the headers, until the client is done with
 * the response: a server that answers at once and then trickles its body for ever would
 * otherwise hold the call as long as it likes. A `parseAs: 'stream'` call is done once the
 * stream is handed over; its reader times itself. The caller's own `signal` still aborts the
 * attempt too, with its own reason.
 */
export function timeout(ms: number): SendWrapper {
  return (send: Send, finished?: Promise<void>): Send =>
    async (request) => {
      // Linked by hand rather than with AbortSignal.any, which Node has only from 20.3.
      const caller = request.signal;
      const attempt = new AbortController();
      // undici links a Request to the signal it was given through a weak reference: were the
      // Request sent collected while its body is read, the abort would no longer reach the
      // body. The timer holds it, and so it lives as long as the attempt's time.
      const sent = new Request(request, { signal: attempt.signal });
      const follow = () => attempt.abort(caller.reason);
      const timer = setTimeout(() => attempt.abort(new TimeoutError(ms)), ms, sent);
      // Nothing of the attempt may outlive it: neither the timer nor a listener on the caller's signal.
      const release = () => {
        clearTimeout(timer);
        caller.removeEventListener('abort', follow);
      };
      if (caller.aborted) follow();
      else caller.addEventListener('abort', follow);
      try {
        const response = await send(sent);
        if (finished) void finished.then(release);
        else release();
        return response;
      } catch (error) {
        release();
        throw attempt.signal.aborted && !caller.aborted ? attempt.signal.reason : error;
      }
    };
}
