/**
 * Client options other than serializers: `baseUrl`, a custom `fetch` and `Request` class,
 * `signal`, and the rest of RequestInit passed through to the Request.
 */
import { describe, expect, it } from 'vitest';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import { closedOrigin, json, onlyRequest, useTestServer, type Handler } from './support/server.js';

/** Holds the answer until the test lets it go, so a request is in flight on purpose. */
function heldAnswer(): { handler: Handler; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    handler: async (_req, res) => {
      await released;
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    },
    release,
  };
}

describe.each(implementations)('$name: client options', ({ createClient, removeTrailingSlash }) => {
  const server = useTestServer(json(200, []));

  it('baseUrl is put in front of the path, keeping its own path', async () => {
    await createClient<paths>({ baseUrl: `${server.origin}/api/v2` }).GET('/stations');
    expect(onlyRequest(server.requests).url).toBe('/api/v2/stations');
  });

  it('a trailing slash on baseUrl is dropped, so no "//" is sent', async () => {
    await createClient<paths>({ baseUrl: `${server.origin}/api/v2/` }).GET('/stations');
    expect(onlyRequest(server.requests).url).toBe('/api/v2/stations');
  });

  it('a request’s baseUrl wins over the client’s, trailing slash dropped too', async () => {
    const client = createClient<paths>({ baseUrl: `${await closedOrigin()}/never` });
    await client.GET('/stations', { baseUrl: `${server.origin}/v3/` });
    expect(onlyRequest(server.requests).url).toBe('/v3/stations');
  });

  it('removeTrailingSlash drops one trailing slash', () => {
    expect(removeTrailingSlash('https://api.example/v1/')).toBe('https://api.example/v1');
    expect(removeTrailingSlash('https://api.example/v1')).toBe('https://api.example/v1');
  });

  it('a custom fetch is called with one Request that carries everything', async () => {
    const calls: Request[] = [];
    const client = createClient<paths>({
      baseUrl: 'https://stations.example/api',
      headers: { 'x-app': 'fleet-map' },
      fetch: async (request: Request) => {
        calls.push(request);
        return Response.json({ id: 1, name: 'Quay' }, { status: 201 });
      },
    });
    const { data, response } = await client.POST('/stations', { body: { name: 'Quay' } });
    expect(calls).toHaveLength(1);
    const [request] = calls;
    expect(request).toBeInstanceOf(Request);
    expect([request!.method, request!.url]).toEqual([
      'POST',
      'https://stations.example/api/stations',
    ]);
    expect(request!.headers.get('x-app')).toBe('fleet-map');
    expect(await request!.text()).toBe('{"name":"Quay"}');
    expect([response.status, data]).toEqual([201, { id: 1, name: 'Quay' }]);
  });

  it('a request’s fetch wins over the client’s', async () => {
    const used: string[] = [];
    const client = createClient<paths>({
      baseUrl: 'https://stations.example',
      fetch: async () => {
        used.push('client');
        return Response.json([]);
      },
    });
    await client.GET('/stations', {
      fetch: async () => {
        used.push('request');
        return Response.json([]);
      },
    });
    expect(used).toEqual(['request']);
  });

  it('builds its Request with the Request class given', async () => {
    class StationRequest extends Request {}
    const seen: Request[] = [];
    const client = createClient<paths>({
      baseUrl: 'https://stations.example',
      Request: StationRequest,
      fetch: async (request: Request) => {
        seen.push(request);
        return Response.json([]);
      },
    });
    await client.GET('/stations');
    expect(seen[0]).toBeInstanceOf(StationRequest);
  });

  it('RequestInit options from the client and the request reach the Request', async () => {
    const seen: Request[] = [];
    const client = createClient<paths>({
      baseUrl: 'https://stations.example',
      cache: 'no-store',
      fetch: async (request: Request) => {
        seen.push(request);
        return Response.json([]);
      },
    });
    await client.GET('/stations', { credentials: 'include', redirect: 'manual' });
    const [request] = seen;
    expect([request!.cache, request!.credentials, request!.redirect]).toEqual([
      'no-store',
      'include',
      'manual',
    ]);
  });

  it('redirects are followed unless told otherwise', async () => {
    const seen: Request[] = [];
    await createClient<paths>({
      baseUrl: 'https://stations.example',
      fetch: async (request: Request) => {
        seen.push(request);
        return Response.json([]);
      },
    }).GET('/stations');
    expect(seen[0]!.redirect).toBe('follow');
  });

  it('an option the Request does not know is put on the Request as it is', async () => {
    const seen: Request[] = [];
    const client = createClient<paths>({
      baseUrl: 'https://stations.example',
      fetch: async (request: Request) => {
        seen.push(request);
        return Response.json([]);
      },
    });
    await client.GET('/stations', { tenant: 'north' } as Parameters<typeof client.GET>[1]);
    expect(seen[0]).toHaveProperty('tenant', 'north');
  });

  it('requestInitExt is handed to fetch as its second argument (Node)', async () => {
    const seconds: unknown[] = [];
    const dispatcherLike = { dispatcher: 'pool-1' };
    await createClient<paths>({
      baseUrl: 'https://stations.example',
      requestInitExt: dispatcherLike,
      fetch: async (_request: Request, init?: unknown) => {
        seconds.push(init);
        return Response.json([]);
      },
    } as Parameters<typeof createClient>[0]).GET('/stations');
    expect(seconds).toEqual([dispatcherLike]);
  });

  it('an already aborted signal rejects without sending', async () => {
    const controller = new AbortController();
    controller.abort();
    const client = createClient<paths>({ baseUrl: server.origin });
    await expect(client.GET('/stations', { signal: controller.signal })).rejects.toThrow(
      expect.objectContaining({ name: 'AbortError' }),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('aborting while the request is in flight rejects it', async () => {
    const held = heldAnswer();
    server.reply(held.handler);
    const controller = new AbortController();
    const pending = createClient<paths>({ baseUrl: server.origin }).GET('/stations', {
      signal: controller.signal,
    });
    await server.waitForRequests(1);
    controller.abort();
    await expect(pending).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    held.release();
  });
});
