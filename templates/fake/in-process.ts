/**
 * A fake as a `fetch` function in the same process, for the client's `fetch` option: the
 * request goes straight to the fake's Fetch handler, with no server, port or network. It
 * behaves as `fetch` does where a test can tell: a call whose `signal` aborts rejects with the
 * signal's reason at once, even while the fake holds its answer back, and a request the fake
 * does not answer for fails with a `TypeError`, as an unreachable host does.
 */

/** `fetch`'s signature (`string | URL | Request` rather than DOM's `RequestInfo`, which Node's types lack). */
export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/**
 * `handle` as a `fetch`. `refuse`, when given, names why a request is not the fake's to answer
 * (another origin, say); the call then rejects with a `TypeError` saying so.
 */
export function inProcessFetch(
  handle: (request: Request) => Promise<Response>,
  refuse?: (request: Request) => string | undefined,
): FetchFunction {
  return async (input, init) => {
    const request = new Request(input, init);
    const refusal = refuse?.(request);
    if (refusal !== undefined) throw new TypeError(`fetch failed: ${refusal}`);
    return untilAborted(handle(request), request.signal as AbortSignal | undefined);
  };
}

/**
 * The answer, or the signal's reason once it aborts, as `fetch` rejects: a client's timeout
 * or abort must end a call the fake holds back.
 */
function untilAborted(
  answer: Promise<Response>,
  signal: AbortSignal | undefined,
): Promise<Response> {
  if (!signal) return answer;
  const reason = () => (signal.reason as unknown) ?? abortError();
  if (signal.aborted) return Promise.reject(reason());
  return new Promise((resolve, reject) => {
    const abort = () => reject(reason());
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** An abort without a reason, named as fetch names it, where `DOMException` may be missing (React Native). */
function abortError(): Error {
  const error = new Error('This operation was aborted');
  error.name = 'AbortError';
  return error;
}
