/** The retry rule over real HTTP: attempt counts per status and safety, Retry-After, timeouts, abort, deadline. */
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  TimeoutError,
  type ApiError,
} from '../../templates/runtime/index.js';
import { abortableSleep } from '../../templates/runtime/internal/runtime-env.js';
import { clientFor, getUser, instantSleep, startCharging } from './fixtures.js';
import { hang, json, reset, type Handler, startServer, useTestServer } from './http-server.js';

const server = useTestServer(json(200, { id: 'u1' }));

const safeCall = (origin: string, options = {}, runtime = {}) =>
  clientFor(origin, options, runtime).request(getUser, { path: { user_id: 'u1' } });
const unsafeCall = (origin: string, options = {}, runtime = {}) =>
  clientFor(origin, options, runtime).request(startCharging, {
    path: { user_id: 'u1' },
    body: { evse_id: 'DE*ABC*E1', payment_method_id: 'pm_1' },
  });

describe('attempt counts (default maxRetries 2)', () => {
  const retryable = [408, 429, 500, 502, 503, 504];
  const final = [400, 401, 402, 403, 404, 409, 422, 423, 424];

  it.each(retryable)('status %i: a retry-safe GET is sent 3 times', async (status) => {
    server.setDefault(json(status, { detail: 'x' }));
    await expect(safeCall(server.origin)).rejects.toMatchObject({ status });
    expect(server.requests).toHaveLength(3);
  });

  it.each(retryable)(
    'status %i: a retrySafe:false POST (charging start) is sent exactly once',
    async (status) => {
      server.setDefault(json(status, { detail: 'x' }));
      await expect(unsafeCall(server.origin)).rejects.toMatchObject({ status });
      expect(server.requests).toHaveLength(1);
    },
  );

  it.each(final)('status %i is final: sent once even when retry-safe', async (status) => {
    server.setDefault(json(status, { detail: 'x' }));
    await expect(safeCall(server.origin)).rejects.toMatchObject({ status });
    expect(server.requests).toHaveLength(1);
  });

  it('409 already_charging is not retried', async () => {
    server.setDefault(
      json(409, {
        detail: 'Charging is already in progress',
        error: { type: 'already_charging', details: 'x' },
      }),
    );
    const error = await safeCall(server.origin).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(server.requests).toHaveLength(1);
  });

  it('connection reset: a retry-safe GET is retried, a retrySafe:false POST is sent once', async () => {
    server.setDefault(reset);
    await expect(safeCall(server.origin)).rejects.toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(3);
    server.requests.length = 0;
    await expect(unsafeCall(server.origin)).rejects.toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('a body cut off after a 201 is a ConnectionError carrying the status; charging start is not repeated', async () => {
    const cutOff: Handler = (_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"id": "sess');
      setImmediate(() => res.socket?.destroy());
    };
    server.setDefault(cutOff);
    const error = await unsafeCall(server.origin).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      status: 201,
      message: expect.stringContaining("the 201 response's body was cut off"),
    });
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    await expect(safeCall(server.origin)).rejects.toMatchObject({
      name: 'ConnectionError',
      status: 201,
    });
    expect(server.requests).toHaveLength(3);
  });

  it('a retry that succeeds returns the data', async () => {
    server.reply(json(503, {}), reset);
    await expect(safeCall(server.origin)).resolves.toEqual({ id: 'u1' });
    expect(server.requests).toHaveLength(3);
  });

  it('maxRetries on the client and per call', async () => {
    server.setDefault(json(500, {}));
    await expect(safeCall(server.origin, { maxRetries: 0 })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    const client = clientFor(server.origin, { maxRetries: 0 });
    await expect(
      client.request(getUser, { path: { user_id: 'u1' } }, { maxRetries: 4 }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(5);
  });

  it('a connection refused is a ConnectionError', async () => {
    const closed = await startServer();
    const origin = closed.origin;
    await closed.close();
    const error = await safeCall(origin, { maxRetries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).attempt).toBe(2);
  });
});

describe('waits', () => {
  const delaysFor = async (handlers: Handler[], options = {}, runtime = {}) => {
    const sleep = instantSleep();
    server.reply(...handlers);
    const result = await safeCall(server.origin, options, { sleep: sleep.sleep, ...runtime }).catch(
      (e: unknown) => e,
    );
    return { delays: sleep.delays, result };
  };

  it('exponential backoff with full jitter, capped by maxRetryDelayMs', async () => {
    const fail = json(503, {});
    expect(
      (await delaysFor([fail, fail, fail], { maxRetries: 3 }, { random: () => 0.999 })).delays,
    ).toEqual([499, 999, 1998]);
    expect(
      (
        await delaysFor(
          [fail, fail, fail],
          { maxRetries: 3, maxRetryDelayMs: 1000 },
          { random: () => 0.999 },
        )
      ).delays,
    ).toEqual([499, 999, 999]);
    expect((await delaysFor([fail], {}, { random: () => 0 })).delays).toEqual([0]);
  });

  it('honours Retry-After in seconds', async () => {
    expect((await delaysFor([json(429, {}, { 'retry-after': '2' })])).delays).toEqual([2000]);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const now = Date.UTC(2025, 0, 15, 12, 0, 0);
    const date = new Date(now + 3000).toUTCString();
    expect(
      (await delaysFor([json(503, {}, { 'retry-after': date })], {}, { now: () => now })).delays,
    ).toEqual([3000]);
  });

  it('prefers retry-after-ms', async () => {
    expect(
      (await delaysFor([json(429, {}, { 'retry-after-ms': '1500', 'retry-after': '9' })])).delays,
    ).toEqual([1500]);
  });

  it('falls back to backoff when Retry-After is unreadable', async () => {
    expect((await delaysFor([json(503, {}, { 'retry-after': 'soon' })])).delays).toEqual([250]);
  });

  it('does not wait beyond 60 s: the error carries retryAfterMs instead', async () => {
    const { delays, result } = await delaysFor([
      json(429, { detail: 'slow down' }, { 'retry-after': '120' }),
    ]);
    expect(delays).toEqual([]);
    expect(result).toBeInstanceOf(RateLimitError);
    expect((result as ApiError).retryAfterMs).toBe(120_000);
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts, abort and deadline', () => {
  it('a hanging attempt times out and is retried when safe', async () => {
    server.setDefault(hang);
    const error = await safeCall(server.origin, { timeoutMs: 50, maxRetries: 1 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ reason: 'attempt', timeoutMs: 50, attempt: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('a hanging charging start times out once and is not repeated', async () => {
    server.setDefault(hang);
    await expect(unsafeCall(server.origin, { timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
    expect(server.requests).toHaveLength(1);
  });

  it('the caller aborting during the request rejects at once with AbortError, no further attempt', async () => {
    server.setDefault(hang);
    const controller = new AbortController();
    const call = clientFor(server.origin).request(
      getUser,
      { path: { user_id: 'u1' } },
      { signal: controller.signal },
    );
    await server.waitForRequests(1);
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).name).toBe('AbortError');
    expect(server.requests).toHaveLength(1);
  });

  it('the caller aborting during a backoff wait rejects at once, no further attempt', async () => {
    server.setDefault(json(503, {}, { 'retry-after': '30' }));
    const controller = new AbortController();
    let waiting!: () => void;
    const waitStarted = new Promise<void>((resolve) => (waiting = resolve));
    const sleep = (ms: number, signal?: AbortSignal) => {
      waiting();
      return abortableSleep(ms, signal);
    };
    const call = clientFor(server.origin, {}, { sleep }).request(
      getUser,
      { path: { user_id: 'u1' } },
      { signal: controller.signal },
    );
    await waitStarted;
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    await expect(
      clientFor(server.origin).request(
        getUser,
        { path: { user_id: 'u1' } },
        { signal: AbortSignal.abort() },
      ),
    ).rejects.toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(0);
  });

  it('the deadline stops retries whose wait would pass it', async () => {
    let clock = 1_000_000;
    const runtime = {
      now: () => clock,
      sleep: async (ms: number) => {
        clock += ms;
      },
    };
    server.setDefault(json(503, {}, { 'retry-after-ms': '400' }));
    const error = await safeCall(
      server.origin,
      { maxRetries: 10, deadlineMs: 1000 },
      runtime,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(3);
  });

  it('the deadline bounds an attempt too', async () => {
    server.setDefault(hang);
    const error = await safeCall(server.origin, { deadlineMs: 60, timeoutMs: 10_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ reason: 'deadline', timeoutMs: 60 });
    expect(server.requests).toHaveLength(1);
  });
});
