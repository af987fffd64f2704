/**
 * No timer outlives a call: with fake timers (and a fetch that only ends when aborted) the
 * timer count must be back to zero after success, timeout, and abort during a backoff wait.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  AbortError,
  ClientCore,
  TimeoutError,
  type FetchLike,
} from '../../templates/runtime/index.js';
import { getUser, MARKER_TOKEN, META } from './fixtures.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Answers from the queue; an empty queue means "hang until aborted". */
function scriptedFetch(...responses: (() => Response)[]): {
  fetch: FetchLike;
  calls: () => number;
} {
  let calls = 0;
  const fetch: FetchLike = (_url, init) => {
    calls++;
    const next = responses.shift();
    if (next) return Promise.resolve(next());
    return new Promise((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
    );
  };
  return { fetch, calls: () => calls };
}

const ok = () => new Response('{"id":"u1"}', { headers: { 'content-type': 'application/json' } });

it('clears the attempt timer after a success', async () => {
  const { fetch } = scriptedFetch(ok);
  await new ClientCore({ token: MARKER_TOKEN, fetch }, META).request(getUser, {
    path: { user_id: 'u1' },
  });
  expect(vi.getTimerCount()).toBe(0);
});

it('times out an attempt at timeoutMs and leaves no timer behind', async () => {
  const { fetch, calls } = scriptedFetch();
  const call = new ClientCore(
    { token: MARKER_TOKEN, fetch, timeoutMs: 1000, maxRetries: 0 },
    META,
  ).request(getUser, { path: { user_id: 'u1' } });
  const outcome = call.catch((e: unknown) => e);
  await vi.advanceTimersByTimeAsync(999);
  expect(vi.getTimerCount()).toBe(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(await outcome).toBeInstanceOf(TimeoutError);
  expect(calls()).toBe(1);
  expect(vi.getTimerCount()).toBe(0);
});

it('an abort during the real backoff wait clears its timer and sends nothing more', async () => {
  const { fetch, calls } = scriptedFetch(
    () => new Response('{}', { status: 503, headers: { 'retry-after': '30' } }),
  );
  const controller = new AbortController();
  let retrying!: () => void;
  const willRetry = new Promise<void>((resolve) => (retrying = resolve));
  const hooks = {
    onError: (e: { willRetry: boolean }) => {
      if (e.willRetry) retrying();
    },
  };
  const call = new ClientCore({ token: MARKER_TOKEN, fetch, hooks }, META).request(
    getUser,
    { path: { user_id: 'u1' } },
    { signal: controller.signal },
  );
  const outcome = call.catch((e: unknown) => e);
  await willRetry;
  // The attempt's timer is gone; the one left is the 30 s Retry-After wait.
  expect(vi.getTimerCount()).toBe(1);
  controller.abort();
  expect(await outcome).toBeInstanceOf(AbortError);
  expect(vi.getTimerCount()).toBe(0);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(calls()).toBe(1);
});
