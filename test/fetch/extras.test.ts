/**
 * Our extras on the `/fetch` client over real HTTP: off unless passed (one request, whatever
 * the status), retries for idempotent methods with backoff and Retry-After, and a timeout per
 * attempt. Backoff is made instant with `maxDelayMs: 0`, never waited out.
 */
import { describe, expect, it } from 'vitest';
import { createClient, retries, timeout, TimeoutError } from '../../templates/fetch/index.js';
import type { paths } from './fixtures/pets-paths.js';
import { hang, json, raw, reset, useTestServer } from '../runtime/http-server.js';

const server = useTestServer(json(200, []));
const instant = { maxDelayMs: 0 };

describe('without extras', () => {
  it('sends once, whatever the answer', async () => {
    server.setDefault(json(503, { code: 503, message: 'busy' }));
    const { error } = await createClient<paths>({ baseUrl: server.origin }).GET('/pets');
    expect(error).toEqual({ code: 503, message: 'busy' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it('sends an idempotent call again after 408, 429, 5xx and a lost connection', async () => {
    server.reply(
      json(503, {}),
      raw(429, ''),
      reset,
      json(408, {}),
      json(200, [{ id: '1', name: 'a' }]),
    );
    const api = createClient<paths>({
      baseUrl: server.origin,
      retry: retries({ attempts: 5, ...instant }),
    });
    const { data } = await api.GET('/pets');
    expect(data).toEqual([{ id: '1', name: 'a' }]);
    expect(server.requests).toHaveLength(5);
  });

  it('stops after `attempts` and gives the last answer', async () => {
    server.setDefault(json(500, { code: 500, message: 'down' }));
    const api = createClient<paths>({ baseUrl: server.origin, retry: retries(instant) });
    const { error, response } = await api.GET('/pets');
    expect(server.requests).toHaveLength(3);
    expect(error).toEqual({ code: 500, message: 'down' });
    expect(response.status).toBe(500);
  });

  it('does not retry a status that cannot change, nor POST unless its method is named', async () => {
    server.setDefault(json(503, {}));
    const api = createClient<paths>({ baseUrl: server.origin, retry: retries(instant) });
    server.reply(json(409, {}));
    await api.GET('/pets');
    expect(server.requests).toHaveLength(1);
    await api.POST('/pets', { body: { name: 'a' } });
    expect(server.requests).toHaveLength(2);
    const posting = retries({ ...instant, methods: ['POST'] });
    await api.POST('/pets', { body: { name: 'again' }, retry: posting });
    expect(server.requests).toHaveLength(5);
    // Each attempt carries the whole body: the request is copied, not consumed.
    expect(server.requests.slice(2).map((r) => r.text)).toEqual(Array(3).fill('{"name":"again"}'));
  });

  it("waits as the server's Retry-After asks, and gives up on a wait past the cap", async () => {
    server.reply(raw(503, '', { 'retry-after-ms': '20' }), json(200, []));
    const api = createClient<paths>({
      baseUrl: server.origin,
      retry: retries({ maxDelayMs: 60_000 }),
    });
    const started = performance.now();
    expect((await api.GET('/pets')).data).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    server.reply(raw(503, '', { 'retry-after': '3600' }));
    const { response } = await api.GET('/pets');
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(3);
  });

  it("stops at once when the call's own signal aborts, even while waiting", async () => {
    server.setDefault(json(503, {}));
    const controller = new AbortController();
    const api = createClient<paths>({
      baseUrl: server.origin,
      retry: retries({ maxDelayMs: 60_000, random: () => 1 }),
    });
    const call = api.GET('/pets', { signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort(new Error('user gave up'));
    await expect(call).rejects.toThrow('user gave up');
    expect(server.requests).toHaveLength(1);
  });

  it('leaves middleware once per call around all attempts', async () => {
    server.reply(json(500, {}), json(200, []));
    let seen = 0;
    const api = createClient<paths>({ baseUrl: server.origin, retry: retries(instant) });
    api.use({ onRequest: () => void seen++, onResponse: () => void seen++ });
    await api.GET('/pets');
    expect(seen).toBe(2);
    expect(server.requests).toHaveLength(2);
  });
});

describe('timeout', () => {
  it('rejects with a TimeoutError when no response comes in time, which onError sees', async () => {
    server.setDefault(hang);
    const api = createClient<paths>({
      baseUrl: server.origin,
      timeout: timeout(50),
      headers: { Authorization: 'Bearer sk_live_secret' },
    });
    let seen: unknown;
    api.use({ onError: ({ error }) => void (seen = error) });
    const failure = await api.GET('/pets').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect(seen).toBe(failure);
    // The error names the limit only: neither the URL nor the credentials sent.
    for (const text of [String(failure), JSON.stringify(failure), (failure as Error).stack ?? ''])
      for (const secret of [server.origin, 'sk_live_secret']) expect(text).not.toContain(secret);
  });

  it('gives each retry its own time', async () => {
    server.reply(hang, json(200, [{ id: 'late', name: 'l' }]));
    const api = createClient<paths>({
      baseUrl: server.origin,
      timeout: timeout(50),
      retry: retries(instant),
    });
    expect((await api.GET('/pets')).data).toEqual([{ id: 'late', name: 'l' }]);
    expect(server.requests).toHaveLength(2);
  });

  it('does not touch a call that answers in time', async () => {
    const api = createClient<paths>({ baseUrl: server.origin, timeout: timeout(5_000) });
    expect((await api.GET('/pets')).data).toEqual([]);
  });
});
