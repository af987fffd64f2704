/**
 * The `/fetch` entry's client over real HTTP on 127.0.0.1: what it sends for each option
 * (method, URL, headers, body) and how it reads what comes back (`{ data, error, response }`),
 * middleware order and return values, and the client-level options openapi-fetch documents.
 * Every case runs against openapi-fetch 0.17.0 as well, so what it expects is openapi-fetch's
 * behaviour and not only ours.
 */
import { describe, expect, it } from 'vitest';
import upstreamClient, { createPathBasedClient as upstreamPathBased } from 'openapi-fetch';
import {
  createClient as ourClient,
  createPathBasedClient as ourPathBased,
  type Middleware,
} from '../../templates/fetch/index.js';
import type { paths } from './fixtures/pets-paths.js';
import { json, raw, reset, useTestServer } from '../runtime/http-server.js';

const server = useTestServer(json(200, []));

const ours = { createClient: ourClient, createPathBasedClient: ourPathBased };
const implementations = [
  ['ours', ours],
  [
    'openapi-fetch',
    { createClient: upstreamClient, createPathBasedClient: upstreamPathBased } as typeof ours,
  ],
] as const;

describe.each(implementations)('%s', (_name, { createClient, createPathBasedClient }) => {
  const client = () => createClient<paths>({ baseUrl: `${server.origin}/` });
  const lastRequest = () => server.requests.at(-1)!;

  describe('requests', () => {
    it('sends each method to the path with its parameters filled in', async () => {
      const api = createClient<any>({ baseUrl: server.origin });
      for (const method of ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'PATCH'] as const) {
        await api[method]('/pets/{petId}', { params: { path: { petId: 'a b/c' } } });
        expect(lastRequest()).toMatchObject({ method, url: '/pets/a%20b%2Fc' });
      }
      await api.request('head', '/pets/{petId}', { params: { path: { petId: 'x' } } });
      expect(lastRequest()).toMatchObject({ method: 'HEAD', url: '/pets/x' });
    });

    it('drops the trailing slash of baseUrl; a call may give its own', async () => {
      await client().GET('/pets');
      expect(lastRequest().url).toBe('/pets');
      await client().GET('/pets', { baseUrl: `${server.origin}/v2/` });
      expect(lastRequest().url).toBe('/v2/pets');
    });

    it('writes the query: arrays form-exploded, objects deepObject, missing values left out', async () => {
      await createClient<any>({ baseUrl: server.origin }).GET('/pets', {
        params: {
          query: {
            limit: 10,
            tags: ['a', 'b c'],
            filter: { kind: 'cat' },
            skip: undefined,
            none: null,
            empty: [],
          },
        },
      });
      expect(lastRequest().url).toBe('/pets?limit=10&tags=a&tags=b%20c&filter[kind]=cat');
    });

    it('takes query options from the client, refined per call, or a function', async () => {
      const api = createClient<any>({
        baseUrl: server.origin,
        querySerializer: { array: { style: 'pipeDelimited', explode: false } },
      });
      await api.GET('/pets', { params: { query: { tags: ['a', 'b'], f: { x: '1' } } } });
      expect(lastRequest().url).toBe('/pets?tags=a|b&f[x]=1');
      await api.GET('/pets', {
        params: { query: { tags: ['a', 'b'], f: { x: '1' } } },
        querySerializer: { object: { style: 'form', explode: false } },
      });
      expect(lastRequest().url).toBe('/pets?tags=a|b&f=x,1');
      await api.GET('/pets', { params: { query: { q: 1 } }, querySerializer: () => '?custom=yes' });
      expect(lastRequest().url).toBe('/pets?custom=yes');
    });

    it('fills label and matrix path parameters, exploded or not', async () => {
      const api = createClient<any>({ baseUrl: server.origin });
      await api.GET('/a/{.x}/{;y*}/{z}', {
        params: { path: { x: ['1', '2'], y: { k: 'v', l: 'w' }, z: 'plain' } },
      });
      expect(lastRequest().url).toBe('/a/.1,2/;k=v;l=w/plain');
    });

    it('sends a body as JSON with its Content-Type, and none without a body', async () => {
      await client().POST('/pets', { body: { name: 'Rex' } });
      expect(lastRequest().headers['content-type']).toBe('application/json');
      expect(JSON.parse(lastRequest().text)).toEqual({ name: 'Rex' });
      await client().GET('/pets');
      expect(lastRequest().headers['content-type']).toBeUndefined();
    });

    it('lets fetch write FormData with its boundary, and URL-encodes for a form Content-Type', async () => {
      const form = new FormData();
      form.set('name', 'Rex');
      await createClient<any>({ baseUrl: server.origin }).POST('/upload', { body: form });
      expect(lastRequest().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(lastRequest().text).toContain('Rex');
      await createClient<any>({ baseUrl: server.origin }).POST('/form', {
        body: { a: '1', b: 'x y' },
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(lastRequest().text).toBe('a=1&b=x+y');
    });

    it('uses a bodySerializer from the client or the call', async () => {
      const api = createClient<paths>({ baseUrl: server.origin, bodySerializer: () => 'client' });
      await api.POST('/pets', { body: { name: 'a' } });
      expect(lastRequest().text).toBe('client');
      await api.POST('/pets', { body: { name: 'a' }, bodySerializer: (b) => `call:${b.name}` });
      expect(lastRequest().text).toBe('call:a');
    });

    it('merges headers: client, then call, then header params; null removes, arrays repeat', async () => {
      const api = createClient<any>({
        baseUrl: server.origin,
        headers: { 'X-Client': 'c', 'X-Gone': 'g', 'X-Over': 'client' },
      });
      await api.DELETE('/pets/{petId}', {
        params: { path: { petId: '1' }, header: { 'X-Request-Reason': 'old' } },
        headers: { 'X-Gone': null, 'X-Over': 'call', 'X-Many': ['1', '2'], 'X-Num': 3 },
      });
      const { headers } = lastRequest();
      expect(headers).toMatchObject({
        'x-client': 'c',
        'x-over': 'call',
        'x-many': '1, 2',
        'x-num': '3',
        'x-request-reason': 'old',
      });
      expect(headers['x-gone']).toBeUndefined();
    });

    it('lets a header null out the JSON Content-Type', async () => {
      await client().POST('/pets', { body: { name: 'a' }, headers: { 'Content-Type': null } });
      expect(lastRequest().headers['content-type']).toBe('text/plain;charset=UTF-8');
    });

    it('sends through a custom fetch and Request class, with requestInitExt on Node', async () => {
      const seen: unknown[] = [];
      class TracedRequest extends Request {}
      const api = createClient<paths>({
        baseUrl: server.origin,
        Request: TracedRequest,
        requestInitExt: { marker: 1 },
        fetch: (request: Request, ext?: unknown) => {
          seen.push(request instanceof TracedRequest, ext);
          return fetch(request);
        },
      } as never);
      const { data } = await api.GET('/pets');
      expect(data).toEqual([]);
      expect(seen).toEqual([true, { marker: 1 }]);
    });

    it('passes fetch options (signal) through, and keeps unknown init keys on the request', async () => {
      const controller = new AbortController();
      controller.abort(new Error('stopped'));
      await expect(client().GET('/pets', { signal: controller.signal })).rejects.toThrow('stopped');
      let next: unknown;
      await client().GET('/pets', {
        next: { revalidate: 5 },
        fetch: async (request: Request) => {
          next = (request as unknown as { next: unknown }).next;
          return new Response('[]');
        },
      });
      expect(next).toEqual({ revalidate: 5 });
    });
  });

  describe('responses', () => {
    it('gives data on success and error otherwise, never throwing for a status', async () => {
      server.reply(json(200, [{ id: '1', name: 'a' }]), json(404, { code: 404, message: 'no' }));
      const ok = await client().GET('/pets');
      expect(ok.data).toEqual([{ id: '1', name: 'a' }]);
      expect(ok.error).toBeUndefined();
      const missing = await client().GET('/pets/{petId}', { params: { path: { petId: 'x' } } });
      expect(missing.data).toBeUndefined();
      expect(missing.error).toEqual({ code: 404, message: 'no' });
      expect(missing.response.status).toBe(404);
    });

    it('gives an error body that is not JSON as text', async () => {
      server.reply(raw(500, 'upstream down'));
      expect((await client().GET('/pets')).error).toBe('upstream down');
    });

    it('has undefined data for 204, HEAD and an empty length, and undefined error for an empty failure', async () => {
      server.reply(raw(204, ''), json(200, { not: 'read' }), raw(200, ''), raw(500, ''));
      const api = createClient<any>({ baseUrl: server.origin });
      for (const call of [
        () => api.DELETE('/x', {}),
        () => api.HEAD('/x', {}),
        () => api.GET('/x', {}),
      ]) {
        const result = await call();
        expect(result).toHaveProperty('data', undefined);
        expect(result.error).toBeUndefined();
      }
      const failed = await api.GET('/x', {});
      expect(failed).toHaveProperty('error', undefined);
      expect(failed.response.status).toBe(500);
    });

    it('reads JSON without a length as empty when the body is empty', async () => {
      server.reply((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end();
      });
      expect((await client().GET('/pets')).data).toBeUndefined();
    });

    it('reads a success as parseAs says', async () => {
      const api = client();
      server.setDefault(raw(200, 'hello'));
      expect(
        (await api.GET('/reports/{year}', { params: { path: { year: 1 } }, parseAs: 'text' })).data,
      ).toBe('hello');
      const blob = await api.GET('/pets', { parseAs: 'blob' });
      expect(await blob.data!.text()).toBe('hello');
      const buffer = await api.GET('/pets', { parseAs: 'arrayBuffer' });
      expect(new TextDecoder().decode(buffer.data)).toBe('hello');
      const stream = await api.GET('/pets', { parseAs: 'stream' });
      expect(await new Response(stream.data).text()).toBe('hello');
    });

    it('throws when no response arrives', async () => {
      server.reply(reset);
      await expect(client().GET('/pets')).rejects.toThrow();
    });
  });

  describe('middleware', () => {
    it('runs onRequest in order and onResponse in reverse, with one id per call', async () => {
      const trail: string[] = [];
      const ids = new Set<string>();
      const tag = (name: string): Middleware => ({
        onRequest({ request, id, schemaPath, params }) {
          trail.push(`req ${name} ${schemaPath} ${JSON.stringify(params)}`);
          ids.add(id);
          const next = new Request(request);
          next.headers.append('X-Trail', name);
          return next;
        },
        onResponse({ response, id }) {
          trail.push(`res ${name}`);
          ids.add(id);
          return new Response(response.body, { status: 202, headers: response.headers });
        },
      });
      const api = client();
      api.use(tag('a'), tag('b'));
      const result = await api.GET('/pets', {
        params: { query: { limit: 1 } },
        middleware: [tag('c')],
      });
      expect(trail).toEqual([
        'req a /pets {"query":{"limit":1}}',
        'req b /pets {"query":{"limit":1}}',
        'req c /pets {"query":{"limit":1}}',
        'res c',
        'res b',
        'res a',
      ]);
      expect(lastRequest().headers['x-trail']).toBe('a, b, c');
      expect(ids.size).toBe(1);
      expect(result.response.status).toBe(202);
    });

    it('answers from onRequest without sending, and skips onResponse then', async () => {
      const api = client();
      let responded = false;
      api.use({ onRequest: () => Response.json([{ id: 'cached', name: 'c' }]) });
      api.use({ onResponse: () => void (responded = true) });
      const before = server.requests.length;
      const { data } = await api.GET('/pets');
      expect(data).toEqual([{ id: 'cached', name: 'c' }]);
      expect(server.requests.length).toBe(before);
      expect(responded).toBe(false);
    });

    it('lets onError recover with a Response or replace the error, last added first', async () => {
      server.setDefault(reset);
      const api = client();
      const order: string[] = [];
      api.use({ onError: () => void order.push('first') });
      api.use({ onError: () => (order.push('second'), new Error('replaced')) });
      await expect(api.GET('/pets')).rejects.toThrow('replaced');
      expect(order).toEqual(['second', 'first']);
      const recovering = client();
      recovering.use({ onError: ({ error }) => Response.json({ recovered: String(error) }) });
      const { data } = await recovering.GET('/pets');
      expect(data).toMatchObject({ recovered: expect.stringContaining('fetch failed') });
    });

    it('refuses return values a hook may not give, and middleware without a hook', async () => {
      const api = client();
      api.use({ onRequest: () => 'nope' as never });
      await expect(api.GET('/pets')).rejects.toThrow(/onRequest: must return/);
      const other = client();
      other.use({ onResponse: () => ({}) as never });
      await expect(other.GET('/pets')).rejects.toThrow(/onResponse: must return/);
      expect(() => client().use({} as never)).toThrow(/Middleware must be an object/);
    });

    it('ejects middleware, and sees frozen merged options', async () => {
      const api = client();
      let calls = 0;
      let frozen = false;
      const counting: Middleware = {
        onRequest({ options }) {
          calls++;
          frozen = Object.isFrozen(options) && options.parseAs === 'json';
        },
      };
      api.use(counting);
      await api.GET('/pets');
      api.eject(counting);
      await api.GET('/pets');
      expect(calls).toBe(1);
      expect(frozen).toBe(true);
    });
  });

  describe('the path-based client', () => {
    it('calls by path first, and keeps the same methods for a path', async () => {
      const api = createPathBasedClient<paths>({ baseUrl: server.origin });
      server.reply(json(200, { id: '7', name: 'x' }));
      const { data } = await api['/pets/{petId}'].GET({ params: { path: { petId: '7' } } });
      expect(data).toEqual({ id: '7', name: 'x' });
      expect(lastRequest().url).toBe('/pets/7');
      expect(api['/pets']).toBe(api['/pets']);
    });
  });
});
