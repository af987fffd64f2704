/**
 * `timeout()` on the `/fetch` client over real HTTP, past the headers: a server that answers at
 * once and then stalls its body is cut off with a `TimeoutError`, the caller's own abort still
 * wins, and nothing of an attempt outlives it (its timer is cleared, its listener on the
 * caller's signal removed), counted by wrappers rather than waited for. A body that is never
 * cut off would hang its test, so those have a short limit of their own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, retries, timeout, TimeoutError } from '../../templates/fetch/index.js';
import type { Middleware } from '../../templates/fetch/index.js';
import type { paths } from './fixtures/pets-paths.js';
import { hang, json, useTestServer, type Handler } from '../runtime/http-server.js';

const server = useTestServer(json(200, []));

/** Sends the headers and the start of a JSON body, then nothing more, ever. */
const stallBody: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[{"id":"1",');
};

/** An odd limit, so that the test can tell timeout()'s timers from any other. */
const MS = 97;

/** Counts the timers of `MS` set and cleared, and the abort listeners on the signals of requests sent. */
function watch() {
  const timers = new Set<unknown>();
  const set = globalThis.setTimeout;
  const clear = globalThis.clearTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    fn: () => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const id = set(fn, ms, ...args);
    if (ms === MS) timers.add(id);
    return id;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation((id) => {
    timers.delete(id);
    clear(id);
  });
  let listeners = 0;
  let signals = 0;
  const counting: Middleware = {
    onRequest({ request }) {
      // The signal timeout() links: the request's own, which follows the caller's.
      const signal = request.signal;
      signals++;
      const add = signal.addEventListener.bind(signal);
      const remove = signal.removeEventListener.bind(signal);
      signal.addEventListener = ((type: string, ...rest: [never, never]) => {
        if (type === 'abort') listeners++;
        add(type, ...rest);
      }) as typeof signal.addEventListener;
      signal.removeEventListener = ((type: string, ...rest: [never, never]) => {
        if (type === 'abort') listeners--;
        remove(type, ...rest);
      }) as typeof signal.removeEventListener;
    },
  };
  return {
    counting,
    /** Timers of timeout() still pending, and listeners still on a request's signal. */
    left: () => ({ timers: timers.size, listeners, signals }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('timeout() while the body is read', () => {
  it('rejects with a TimeoutError when the body stalls after the headers', async () => {
    server.reply(stallBody);
    const { counting, left } = watch();
    const api = createClient<paths>({ baseUrl: server.origin, timeout: timeout(MS) });
    api.use(counting);
    const failure = await api.GET('/pets').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect((failure as TimeoutError).timeoutMs).toBe(MS);
    expect(left()).toEqual({ timers: 0, listeners: 0, signals: 1 });
  }, 10_000);

  it('covers text, blob and arrayBuffer, and error bodies too', async () => {
    const api = createClient<paths>({ baseUrl: server.origin, timeout: timeout(MS) });
    for (const parseAs of ['text', 'blob', 'arrayBuffer'] as const) {
      server.reply(stallBody);
      await expect(api.GET('/pets', { parseAs })).rejects.toBeInstanceOf(TimeoutError);
    }
    server.reply((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.write('{"code":');
    });
    await expect(api.GET('/pets')).rejects.toBeInstanceOf(TimeoutError);
  }, 10_000);

  it("lets the caller's abort win, before the headers and while the body is read", async () => {
    const api = createClient<paths>({ baseUrl: server.origin, timeout: timeout(60_000) });
    for (const handler of [hang, stallBody]) {
      server.reply(handler);
      const { counting, left } = watch();
      const caller = new AbortController();
      const call = api.GET('/pets', { signal: caller.signal, middleware: [counting] });
      const requests = server.requests.length;
      await server.waitForRequests(requests + 1);
      caller.abort(new Error('user gave up'));
      await expect(call).rejects.toThrow('user gave up');
      expect(left()).toMatchObject({ listeners: 0, signals: 1 });
      vi.restoreAllMocks();
    }
  });

  it('leaves nothing behind once a call has read its answer, nor after a stream is handed over', async () => {
    const { counting, left } = watch();
    const api = createClient<paths>({ baseUrl: server.origin, timeout: timeout(MS) });
    api.use(counting);
    server.reply(json(200, [{ id: '1', name: 'a' }]));
    expect((await api.GET('/pets')).data).toEqual([{ id: '1', name: 'a' }]);
    server.reply(json(404, { code: 404, message: 'none' }));
    expect((await api.GET('/pets')).error).toEqual({ code: 404, message: 'none' });
    server.reply(stallBody);
    const { data } = await api.GET('/pets', { parseAs: 'stream' });
    expect(left()).toEqual({ timers: 0, listeners: 0, signals: 3 });
    await data?.cancel();
  });

  it('needs no AbortSignal.any, which Node 20.0 to 20.2 lack', async () => {
    vi.spyOn(AbortSignal, 'any').mockImplementation(() => {
      throw new Error('AbortSignal.any is Node 20.3+');
    });
    const api = createClient<paths>({ baseUrl: server.origin, timeout: timeout(MS) });
    expect((await api.GET('/pets')).data).toEqual([]);
    server.reply(stallBody);
    await expect(api.GET('/pets')).rejects.toBeInstanceOf(TimeoutError);
    expect(AbortSignal.any).not.toHaveBeenCalled();
  }, 10_000);

  it('gives each retry its own time, and clears every attempt', async () => {
    const { counting, left } = watch();
    server.reply(hang, json(503, {}), json(200, [{ id: 'late', name: 'l' }]));
    const api = createClient<paths>({
      baseUrl: server.origin,
      timeout: timeout(MS),
      retry: retries({ maxDelayMs: 0 }),
    });
    api.use(counting);
    expect((await api.GET('/pets')).data).toEqual([{ id: 'late', name: 'l' }]);
    expect(server.requests).toHaveLength(3);
    expect(left().timers).toBe(0);
  });
});
