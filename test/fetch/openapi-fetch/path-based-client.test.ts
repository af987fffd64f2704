/**
 * The path-based client: `client['/stations/{stationId}'].GET(init)` instead of
 * `client.GET('/stations/{stationId}', init)`, made new or wrapped around an existing client.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PathBasedClient } from 'openapi-fetch';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import { empty, json, onlyRequest, useTestServer } from './support/server.js';

const station = { id: 7, name: 'Harbour Gate' };

describe.each(implementations)(
  '$name: path-based client',
  ({ createClient, createPathBasedClient, wrapAsPathBasedClient }) => {
    const server = useTestServer(json(200, station));
    const client = () => createPathBasedClient<paths>({ baseUrl: server.origin });

    it('is typed as openapi-fetch’s PathBasedClient', () => {
      expectTypeOf(client()).toEqualTypeOf<PathBasedClient<paths>>();
    });

    it('GET with no options', async () => {
      server.reply(json(200, [station]));
      const { data } = await client()['/stations'].GET();
      expect(data).toEqual([station]);
      expect(onlyRequest(server.requests).url).toBe('/stations');
    });

    it('GET with path parameters, typed data', async () => {
      const { data, error } = await client()['/stations/{stationId}'].GET({
        params: { path: { stationId: 7 } },
      });
      expect(onlyRequest(server.requests).url).toBe('/stations/7');
      if (error) throw new Error('expected data');
      expectTypeOf(data.name).toEqualTypeOf<string>();
      expect(data.name).toBe('Harbour Gate');
    });

    it('forwards every method to its path', async () => {
      const c = client();
      const seven = { params: { path: { stationId: 7 } } } as const;
      server.reply(json(200, station), json(200, station), empty(204), json(200, {}), empty(200));
      await c['/stations/{stationId}'].PUT({ ...seven, body: { name: 'Quay' } });
      await c['/stations/{stationId}'].PATCH({ ...seven, body: { name: 'Quay' } });
      await c['/stations/{stationId}'].DELETE(seven);
      await c['/stations/{stationId}'].OPTIONS(seven);
      await c['/stations/{stationId}'].HEAD(seven);
      server.reply(json(201, station));
      await c['/stations'].POST({ body: { name: 'Quay' } });
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'PUT /stations/7',
        'PATCH /stations/7',
        'DELETE /stations/7',
        'OPTIONS /stations/7',
        'HEAD /stations/7',
        'POST /stations',
      ]);
    });

    it('a method taken off its path object still works (no `this` needed)', async () => {
      const { GET } = client()['/stations'];
      server.reply(json(200, []));
      await GET();
      expect(onlyRequest(server.requests).method).toBe('GET');
    });

    it('wrapAsPathBasedClient shares the wrapped client’s middleware', async () => {
      const core = createClient<paths>({ baseUrl: server.origin });
      const byPath = wrapAsPathBasedClient(core);
      core.use({
        onRequest({ request }) {
          request.headers.set('x-via', 'core middleware');
          return request;
        },
      });
      await byPath['/stations/{stationId}'].GET({ params: { path: { stationId: 7 } } });
      expect(onlyRequest(server.requests).headers['x-via']).toBe('core middleware');
    });
  },
);
