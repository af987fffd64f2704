/**
 * Middleware: `onRequest` in registration order (may change or replace the Request, or answer
 * with a Response itself), `onResponse` and `onError` in reverse order; `use`/`eject`, and
 * per-request middleware after the client's. Each hook sees `id`, `schemaPath`, `params`, `options`.
 */
import { describe, expect, it } from 'vitest';
import type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import { closedOrigin, json, onlyRequest, useTestServer } from './support/server.js';

const seven = { params: { path: { stationId: 7 } } } as const;
const station = { id: 7, name: 'Harbour Gate' };

describe.each(implementations)('$name: middleware', ({ createClient }) => {
  const server = useTestServer(json(200, station));
  const client = (options: Parameters<typeof createClient>[0] = {}) =>
    createClient<paths>({ baseUrl: server.origin, ...options });
  /** A client whose fetch fails the test when it is called. */
  const noFetch = () =>
    createClient<paths>({
      baseUrl: server.origin,
      fetch: () => Promise.reject(new Error('fetch must not be called')),
    });

  it('gives each request its own id, the same in onRequest and onResponse', async () => {
    const ids: string[][] = [];
    const c = client();
    c.use({
      onRequest: ({ id }) => void ids.push(['request', id]),
      onResponse: ({ id }) => void ids.push(['response', id]),
    });
    await c.GET('/stations/{stationId}', seven);
    await c.GET('/stations/{stationId}', seven);
    expect(ids.map(([hook]) => hook)).toEqual(['request', 'response', 'request', 'response']);
    expect(ids[0]![1]).toBe(ids[1]![1]);
    expect(ids[2]![1]).toBe(ids[3]![1]);
    expect(ids[0]![1]).not.toBe(ids[2]![1]);
    expect(ids[0]![1]).toMatch(/\S/);
  });

  it('onRequest can change the Request’s headers in place', async () => {
    const c = client();
    c.use({
      onRequest({ request }) {
        request.headers.set('authorization', 'Bearer t-1');
        return request;
      },
    });
    await c.GET('/stations/{stationId}', seven);
    expect(onlyRequest(server.requests).headers.authorization).toBe('Bearer t-1');
  });

  it('onRequest can replace the Request with another one', async () => {
    const c = client();
    c.use({
      onRequest: ({ request }) =>
        new Request(`${server.origin}/elsewhere`, {
          method: 'OPTIONS',
          headers: { 'x-replaced': request.method },
        }),
    });
    await c.GET('/stations/{stationId}', seven);
    const sent = onlyRequest(server.requests);
    expect([sent.method, sent.url, sent.headers['x-replaced']]).toEqual([
      'OPTIONS',
      '/elsewhere',
      'GET',
    ]);
  });

  it('onRequest returning nothing leaves the request as it was', async () => {
    const c = client();
    c.use({ onRequest: () => undefined });
    const { data } = await c.GET('/stations/{stationId}', seven);
    expect(data).toEqual(station);
    expect(onlyRequest(server.requests).url).toBe('/stations/7');
  });

  it('onRequest returning something other than a Request or Response rejects', async () => {
    const c = client();
    c.use({ onRequest: () => ({ not: 'a request' }) as unknown as Request });
    await expect(c.GET('/stations/{stationId}', seven)).rejects.toThrow(/onRequest/);
  });

  it('onRequest returning a Response answers without fetch, skipping later onRequest and all onResponse', async () => {
    const answer = Response.json({ id: 1, name: 'Cached' });
    const calls: string[] = [];
    const c = noFetch();
    c.use(
      { onRequest: () => answer, onResponse: () => void calls.push('first onResponse') },
      {
        onRequest: () => void calls.push('second onRequest'),
        onResponse: () => void calls.push('second onResponse'),
      },
    );
    const { data, response } = await c.GET('/stations/{stationId}', seven);
    expect(response).toBe(answer);
    expect(data).toEqual({ id: 1, name: 'Cached' });
    expect(calls).toEqual([]);
  });

  it('onResponse can replace the response, and data is read from the replacement', async () => {
    server.reply(json(200, { id: 7, name: 'harbour gate' }, { 'x-server': 'yes' }));
    const c = client();
    c.use({
      async onResponse({ response }) {
        const body = (await response.json()) as { name: string };
        const headers = new Headers(response.headers);
        headers.set('x-middleware', 'yes');
        return new Response(JSON.stringify({ ...body, name: body.name.toUpperCase() }), {
          status: 201,
          headers,
        });
      },
    });
    const { data, response } = await c.GET('/stations/{stationId}', seven);
    expect(data).toEqual({ id: 7, name: 'HARBOUR GATE' });
    expect(response.status).toBe(201);
    expect([response.headers.get('x-server'), response.headers.get('x-middleware')]).toEqual([
      'yes',
      'yes',
    ]);
  });

  it('onResponse returning something other than a Response rejects', async () => {
    const c = client();
    c.use({ onResponse: () => ({ not: 'a response' }) as unknown as Response });
    await expect(c.GET('/stations/{stationId}', seven)).rejects.toThrow(/onResponse/);
  });

  it('onResponse sees the request that was sent', async () => {
    const seen: string[] = [];
    const c = client({ headers: { 'x-app': 'fleet-map' } });
    c.use(
      {
        onRequest({ request }) {
          request.headers.set('x-first', '1');
          return request;
        },
        onResponse({ request }) {
          seen.push(`${request.headers.get('x-app')} ${request.headers.get('x-first')}`);
        },
      },
      {
        onRequest({ request }) {
          seen.push(`${request.headers.get('x-app')} ${request.headers.get('x-first')}`);
        },
      },
    );
    await c.GET('/stations/{stationId}', seven);
    expect(seen).toEqual(['fleet-map 1', 'fleet-map 1']);
    expect(onlyRequest(server.requests).headers['x-first']).toBe('1');
  });

  it('runs onRequest in order (client’s, then the request’s) and onResponse in reverse', async () => {
    const order: string[] = [];
    const tracer = (name: string): Middleware => ({
      onRequest: () => void order.push(`request ${name}`),
      onResponse: () => void order.push(`response ${name}`),
    });
    const c = client();
    c.use(tracer('a'), tracer('b'));
    await c.GET('/stations/{stationId}', { ...seven, middleware: [tracer('c')] });
    expect(order).toEqual([
      'request a',
      'request b',
      'request c',
      'response c',
      'response b',
      'response a',
    ]);
  });

  it('each step sees the previous step’s Request and Response', async () => {
    const stepper = (step: string): Middleware => ({
      onRequest({ request }) {
        request.headers.set('x-step', `${request.headers.get('x-step') ?? ''}${step}`);
        return request;
      },
      onResponse({ response }) {
        const headers = new Headers(response.headers);
        headers.set('x-step', `${response.headers.get('x-step') ?? ''}${step}`);
        return new Response(response.body, { status: response.status, headers });
      },
    });
    const c = client();
    c.use(stepper('A'), stepper('B'), stepper('C'));
    const { response } = await c.GET('/stations/{stationId}', seven);
    expect(onlyRequest(server.requests).headers['x-step']).toBe('ABC');
    expect(response.headers.get('x-step')).toBe('CBA');
  });

  it('request-level middleware can answer without fetch', async () => {
    const answer = Response.json(station);
    const { response } = await noFetch().GET('/stations/{stationId}', {
      ...seven,
      middleware: [{ onRequest: () => answer }],
    });
    expect(response).toBe(answer);
  });

  it('a fetch failure rejects with the original error when onError returns nothing', async () => {
    const failure = new Error('socket closed');
    const seen: unknown[] = [];
    const c = createClient<paths>({ baseUrl: server.origin, fetch: () => Promise.reject(failure) });
    c.use({ onError: ({ error }) => void seen.push(error) });
    await expect(c.GET('/stations/{stationId}', seven)).rejects.toBe(failure);
    expect(seen).toEqual([failure]);
  });

  it('onError can replace the error', async () => {
    const replaced = new Error('station API unreachable');
    const c = createClient<paths>({
      baseUrl: server.origin,
      fetch: () => Promise.reject(new Error('socket closed')),
    });
    c.use({ onError: () => replaced });
    await expect(c.GET('/stations/{stationId}', seven)).rejects.toBe(replaced);
  });

  it('onError can answer with a Response instead, which then goes through parsing', async () => {
    const fallback = Response.json({ code: 'offline', message: 'cached copy' }, { status: 503 });
    const c = createClient<paths>({
      baseUrl: server.origin,
      fetch: () => Promise.reject(new Error('socket closed')),
    });
    c.use({ onError: () => fallback });
    const { data, error, response } = await c.GET('/stations/{stationId}', seven);
    expect(response).toBe(fallback);
    expect(data).toBeUndefined();
    expect(error).toEqual({ code: 'offline', message: 'cached copy' });
  });

  it('a real network failure reaches onError too', async () => {
    const seen: string[] = [];
    const c = createClient<paths>({ baseUrl: await closedOrigin() });
    c.use({
      onError({ error }) {
        seen.push(error instanceof Error ? error.name : typeof error);
        return Response.json([]);
      },
    });
    const { data } = await c.GET('/stations');
    expect(data).toEqual([]);
    expect(seen).toEqual(['TypeError']);
  });

  it('runs onError in reverse order, each seeing the error the previous one returned', async () => {
    const first = new Error('first');
    const second = new Error('second');
    const answer = Response.json(station);
    const seen: unknown[] = [];
    const c = createClient<paths>({ baseUrl: server.origin, fetch: () => Promise.reject(first) });
    c.use(
      {
        onError({ error }) {
          seen.push(error);
          return answer;
        },
      },
      {
        onError({ error }) {
          seen.push(error);
          return second;
        },
      },
    );
    const { response } = await c.GET('/stations/{stationId}', seven);
    expect(seen).toEqual([first, second]);
    expect(response).toBe(answer);
  });

  it('onError returning anything else rejects', async () => {
    const c = createClient<paths>({
      baseUrl: server.origin,
      fetch: () => Promise.reject(new Error('socket closed')),
    });
    c.use({ onError: () => 'offline' as unknown as Error });
    await expect(c.GET('/stations/{stationId}', seven)).rejects.toThrow(/onError/);
  });

  it('an error thrown by onRequest rejects the call and is not given to onError', async () => {
    const seen: unknown[] = [];
    const c = client();
    c.use({
      onRequest() {
        throw new Error('no token');
      },
      onError: ({ error }) => void seen.push(error),
    });
    await expect(c.GET('/stations/{stationId}', seven)).rejects.toThrow('no token');
    expect(seen).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('eject removes a middleware; ejecting an unknown one is harmless', async () => {
    let called = false;
    const failing: Middleware = {
      onRequest() {
        called = true;
        throw new Error('should have been ejected');
      },
    };
    const c = client();
    c.use(failing);
    c.eject(failing);
    c.eject({ onRequest: () => undefined });
    const { data } = await c.GET('/stations/{stationId}', seven);
    expect(data).toEqual(station);
    expect(called).toBe(false);
  });

  it('use skips empty entries and refuses objects with no hook', () => {
    const c = client();
    expect(() => c.use(undefined as unknown as Middleware)).not.toThrow();
    expect(() => c.use({} as Middleware)).toThrow(/Middleware/);
  });

  it('a middleware added later applies to later requests only (auth after sign-in)', async () => {
    let token: string | undefined;
    const c = client();
    c.use({
      onRequest({ request }) {
        if (!token) return undefined;
        request.headers.set('authorization', `Bearer ${token}`);
        return request;
      },
    });
    await c.GET('/stations/{stationId}', seven);
    token = 't-2';
    await c.GET('/stations/{stationId}', seven);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, 'Bearer t-2']);
  });

  it('hooks see schemaPath and params as the caller wrote them', async () => {
    let seen: Pick<MiddlewareCallbackParams, 'schemaPath' | 'params'> | undefined;
    const c = client();
    c.use({
      onRequest: ({ schemaPath, params }) => void (seen = { schemaPath, params }),
    });
    const params = { path: { stationId: 7 } };
    await c.PUT('/stations/{stationId}', { params, body: { name: 'Quay' } });
    expect(seen).toEqual({ schemaPath: '/stations/{stationId}', params });
  });

  it('hooks see the effective options: baseUrl without its trailing slash, the request’s winning', async () => {
    const seen: MiddlewareCallbackParams['options'][] = [];
    const c = client({ baseUrl: `${server.origin}/v1/` });
    c.use({ onRequest: ({ options }) => void seen.push(options) });
    await c.GET('/stations/{stationId}', seven);
    await c.GET('/stations/{stationId}', {
      ...seven,
      baseUrl: `${server.origin}/v2/`,
      parseAs: 'text',
    });
    expect(seen.map((o) => o.baseUrl)).toEqual([`${server.origin}/v1`, `${server.origin}/v2`]);
    expect(seen.map((o) => o.parseAs)).toEqual(['json', 'text']);
    expect(typeof seen[0]!.fetch).toBe('function');
    expect(typeof seen[0]!.querySerializer).toBe('function');
    expect(typeof seen[0]!.bodySerializer).toBe('function');
    expect(Object.isFrozen(seen[0])).toBe(true);
  });
});
