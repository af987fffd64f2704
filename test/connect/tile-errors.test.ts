/**
 * The tile loader when requests fail: one bad tile does not lose the others, a failing
 * request fails only its own tiles with the client's typed error (token kept out), failed
 * tiles are not cached, and the client's retries apply unchanged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  BadRequestError,
  createTileLoader,
  viewportAround,
} from '../../generated/src/index.js';
import { coverViewport } from '../../generated/src/connect/tile-cover.js';
import { BERLIN_VIEW, collect, useTileFake } from './tile-harness.js';

const fake = useTileFake({ seed: 3 });
const VIEW = viewportAround({ ...BERLIN_VIEW, zoom: 13 });

/** A server that answers every request 503, asking for a retry at once. */
let down: Server;
let downUrl = '';
let downHits = 0;
beforeAll(async () => {
  down = createServer((_, response) => {
    downHits++;
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after-ms': '0' });
    response.end('{"detail":"Service unavailable."}');
  });
  await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
  downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => down.close(() => resolve())));

/** A fetch to the fake that changes the requests `pick` chooses, with the rest untouched. */
function routing(pick: (params: URLSearchParams) => 'bad-zoom' | 'down' | undefined) {
  return (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const choice = pick(url.searchParams);
    if (choice === 'bad-zoom') url.searchParams.set('z', '99');
    if (choice === 'down') return globalThis.fetch(`${downUrl}${url.pathname}${url.search}`, init);
    return globalThis.fetch(url, init);
  };
}

describe('the tile loader when requests fail', () => {
  it('loses only the tile the server refuses, asking for the rest of its row one by one', async () => {
    const bad = viewportTiles().at(-1);
    const fetch = routing((p) => {
      const xs = p.getAll('x');
      const ys = p.getAll('y');
      return xs.some((x, i) => x === String(bad!.x) && ys[i] === String(bad!.y))
        ? 'bad-zoom'
        : undefined;
    });
    const loader = createTileLoader(fake.client({ fetch }));
    const results = await collect(loader.load(VIEW));
    const failed = results.filter((r) => r.error !== undefined);
    expect(failed.map((r) => `${r.x}/${r.y}`)).toEqual([`${bad!.x}/${bad!.y}`]);
    expect(failed[0]!.error).toBeInstanceOf(BadRequestError);
    expect(results.filter((r) => r.features !== undefined)).toHaveLength(results.length - 1);
  });

  it('fails the tiles of a request the service cannot answer with its typed error, and only those', async () => {
    const row = viewportTiles()[0]!.y;
    const fetch = routing((p) =>
      p.getAll('y').every((y) => y === String(row)) ? 'down' : undefined,
    );
    const client = fake.client({ fetch });
    const loader = createTileLoader(client);
    const results = await collect(loader.load(VIEW));
    const failed = results.filter((r) => r.error !== undefined);
    expect(failed.length).toBeGreaterThan(0);
    expect(new Set(failed.map((r) => r.y))).toEqual(new Set([row]));
    expect(results.filter((r) => r.y !== row).every((r) => r.features !== undefined)).toBe(true);
    const error = failed[0]!.error as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    const token = fake.api.tokens[0]!;
    expect(String(error)).not.toContain(token);
    expect(JSON.stringify(error)).not.toContain(token);
    // A failed tile is not cached: the next view of it asks again; the others come from the cache.
    const requests = loader.stats.requests;
    const again = await collect(loader.load(VIEW));
    expect(loader.stats.requests).toBe(requests + 1);
    expect(again.filter((r) => r.y === row).every((r) => r.error !== undefined)).toBe(true);
    expect(
      again.filter((r) => r.y !== row).every((r) => r.features !== undefined && r.cached),
    ).toBe(true);
  });

  it('keeps the client’s retries: a 503 answered once is retried inside one loader request', async () => {
    const row = viewportTiles()[0]!.y;
    let first = true;
    const fetch = routing((p) => {
      if (!p.getAll('y').every((y) => y === String(row)) || !first) return undefined;
      first = false;
      return 'down';
    });
    const hitsBefore = downHits;
    const loader = createTileLoader(fake.client({ fetch, maxRetries: 2 }));
    const results = await collect(loader.load(VIEW));
    expect(downHits - hitsBefore).toBe(1);
    expect(results.every((r) => r.features !== undefined)).toBe(true);
    expect(loader.stats.requests).toBe(new Set(viewportTiles().map((t) => t.y)).size);
  });
});

function viewportTiles() {
  return coverViewport(VIEW, 256).tiles;
}
