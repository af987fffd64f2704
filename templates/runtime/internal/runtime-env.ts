/**
 * The ambient capabilities the request loop needs, gathered in one place so tests can swap
 * them: a clock for deadlines and Retry-After dates, randomness for jitter, and a sleep for
 * backoff. Tests then run the retry matrix without real waiting.
 */

export interface RuntimeEnvironment {
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number;
  /** A number in [0, 1), like `Math.random()`. */
  random(): number;
  /**
   * Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. Must
   * clear its timer either way, so a cancelled backoff leaves nothing keeping Node alive.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Largest delay `setTimeout` accepts; larger values fire at once instead of waiting. */
export const MAX_TIMER_MS = 2_147_483_647;

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.min(Math.max(0, ms), MAX_TIMER_MS),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export const defaultRuntime: RuntimeEnvironment = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: abortableSleep,
};
