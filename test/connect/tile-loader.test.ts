/**
 * The viewport tile loader against the fake over real HTTP: what it yields equals one call
 * per tile, with fewer requests; shared requests, cache hits, the age limit and size cap,
 * cancellation that leaves nothing half cached, and one failing tile not losing the others.
 */
import { describe, expect, it } from 'vitest';
import { stationsTile, viewportAround, type MapTileFeature } from '../../generated/src/index.js';
import { BERLIN_VIEW, collect, gatedFetch, ids, useTileFake } from './tile-harness.js';

const fake = useTileFake({ seed: 3 });

/** The features of each tile the naive way: one `stations.tile` call per tile. */
async function naive(tiles: readonly { x: number; y: number; z: number }[]) {
  const client = fake.client();
  const out = new Map<string, string[]>();
  for (const { x, y, z } of tiles)
    out.set(`${x}/${y}`, ids((await stationsTile(client, { x: [x], y: [y], z })).features));
  return out;
}

describe('the tile loader over HTTP', () => {
  it('yields every covering tile with the features one call per tile gets, in fewer requests', async () => {
    for (const zoom of [10, 12, 14]) {
      const loader = fake.loader();
      const before = fake.tileRequests.length;
      const view = loader.load(viewportAround({ ...BERLIN_VIEW, zoom }));
      const results = await collect(view);
      const sent = fake.tileRequests.length - before;
      expect(results.map((r) => `${r.x}/${r.y}`).sort()).toEqual(
        view.tiles.map((t) => `${t.x}/${t.y}`).sort(),
      );
      const expected = await naive(view.tiles);
      for (const result of results) {
        expect(result.error, `${zoom}/${result.x}/${result.y}`).toBeUndefined();
        expect(ids(result.features!), `${zoom}/${result.x}/${result.y}`).toEqual(
          expected.get(`${result.x}/${result.y}`),
        );
      }
      expect(results.some((r) => (r.features?.length ?? 0) > 0)).toBe(true);
      expect(sent).toBe(loader.stats.requests);
      expect(sent).toBeLessThanOrEqual(Math.ceil(view.tiles.length / 4));
      expect(view.status).toBe('complete');
    }
  });

  it('sends lists of equal length along one row or column', async () => {
    const before = fake.tileRequests.length;
    await collect(fake.loader().load(viewportAround({ ...BERLIN_VIEW, zoom: 13 })));
    for (const query of fake.tileRequests.slice(before)) {
      const params = new URLSearchParams(query);
      const [xs, ys] = [params.getAll('x'), params.getAll('y')];
      expect(xs.length).toBe(ys.length);
      expect(new Set(xs).size === 1 || new Set(ys).size === 1).toBe(true);
    }
  });

  it('loads across the antimeridian and up to the pole', async () => {
    const loader = fake.loader();
    const across = await collect(
      loader.load({ west: 175, south: -20, east: -175, north: -10, zoom: 5 }),
    );
    expect([...new Set(across.map((r) => r.x))].sort((a, b) => a - b)).toEqual([0, 31]);
    expect(across.every((r) => r.features !== undefined)).toBe(true);
    const pole = await collect(loader.load({ west: -10, south: 70, east: 10, north: 90, zoom: 3 }));
    expect(pole.map((r) => `${r.x}/${r.y}`).sort()).toEqual(['3/0', '3/1', '4/0', '4/1']);
    expect(pole.every((r) => r.features !== undefined)).toBe(true);
  });

  it('answers a view seen before from the cache, and asks again once it is too old', async () => {
    let now = 0;
    const loader = fake.loader({ maxAgeMs: 1000, now: () => now });
    const berlin = viewportAround({ ...BERLIN_VIEW, zoom: 12 });
    const munichLike = { ...berlin, west: berlin.west + 2, east: berlin.east + 2 };
    await collect(loader.load(berlin));
    await collect(loader.load(munichLike));
    const before = fake.tileRequests.length;
    const again = await collect(loader.load(berlin));
    expect(fake.tileRequests.length).toBe(before);
    expect(again.every((r) => r.error === undefined && r.cached)).toBe(true);
    now = 1001;
    const stale = await collect(loader.load(berlin));
    expect(fake.tileRequests.length).toBeGreaterThan(before);
    expect(stale.every((r) => r.error === undefined && !r.cached)).toBe(true);
  });

  it('keeps the cache to its size, dropping the least recently used tiles', async () => {
    const view = viewportAround({ ...BERLIN_VIEW, zoom: 12 });
    const loader = fake.loader({ cacheSize: 4 });
    const first = await collect(loader.load(view));
    expect(first.length).toBeGreaterThan(4);
    const before = fake.tileRequests.length;
    const second = await collect(loader.load(view));
    expect(second.filter((r) => !r.error && r.cached)).toHaveLength(4);
    expect(fake.tileRequests.length).toBeGreaterThan(before);
  });

  it('keys the cache by filters too', async () => {
    const loader = fake.loader();
    const view = viewportAround({ ...BERLIN_VIEW, zoom: 11 });
    const all = await collect(loader.load(view));
    const before = fake.tileRequests.length;
    const fast = await collect(loader.load(view, { filters: { power_groups: ['turbo'] } }));
    expect(fake.tileRequests.length).toBeGreaterThan(before);
    expect(fast.every((r) => r.error === undefined && !r.cached)).toBe(true);
    const count = (rs: typeof all) =>
      rs.flatMap((r) => r.features ?? []).reduce((n, f) => n + f.properties.count, 0);
    expect(count(fast)).toBeLessThan(count(all));
    const params = new URLSearchParams(fake.tileRequests.at(-1)!);
    expect(params.getAll('power_groups')).toEqual(['turbo']);
  });

  it('shares a request under way with the next view instead of sending it twice', async () => {
    const loader = fake.loader();
    const first = viewportAround({ ...BERLIN_VIEW, zoom: 15 });
    const tile = 360 / 2 ** 15;
    const panned = { ...first, west: first.west + tile, east: first.east + tile };
    const before = fake.tileRequests.length;
    const a = loader.load(first);
    const b = loader.load(panned);
    const results = await collect(b);
    expect(a.status).toBe('cancelled');
    expect(loader.stats.shared).toBeGreaterThan(0);
    expect(loader.stats.aborted).toBe(0);
    // The first view's rows, plus one column for what the pan uncovered.
    const rows = new Set(a.tiles.map((t) => t.y)).size;
    expect(fake.tileRequests.length - before).toBe(rows + 1);
    const expected = await naive(b.tiles);
    for (const r of results) expect(ids(r.features!)).toEqual(expected.get(`${r.x}/${r.y}`));
  });

  it('aborts what a new view no longer shows, and caches nothing of it', async () => {
    const rows = 3;
    const gate = gatedFetch(rows);
    const loader = fake.loader({}, fake.client({ fetch: gate.fetch }));
    const hamburg = { west: 9.9, south: 53.53, east: 10.1, north: 53.58, zoom: 13 };
    const a = loader.load(hamburg);
    expect(new Set(a.tiles.map((t) => t.y)).size).toBe(rows);
    await gate.arrived; // the answers are here, held before the client reads them
    const b = loader.load(viewportAround({ ...BERLIN_VIEW, zoom: 9 }));
    expect(a.status).toBe('cancelled');
    expect(loader.stats.aborted).toBe(rows);
    expect(await collect(a)).toEqual([]);
    gate.release();
    await collect(b);
    const before = fake.tileRequests.length;
    const again = await collect(loader.load(hamburg));
    expect(fake.tileRequests.length - before).toBe(rows);
    expect(again.every((r) => r.error === undefined && !r.cached)).toBe(true);
  });

  it('ends a view when its signal aborts', async () => {
    const controller = new AbortController();
    const loader = fake.loader();
    const view = loader.load(viewportAround({ ...BERLIN_VIEW, zoom: 16 }), {
      signal: controller.signal,
    });
    controller.abort();
    expect(view.status).toBe('cancelled');
    expect(await collect(view)).toEqual([]);
    expect(loader.stats.aborted).toBeGreaterThan(0);
  });

  it('gives the same tiles when the server reads the lists as pairs', async () => {
    const { startFakeConnectApi } = await import('../../generated/src/connect/fake/index.js');
    const pairs = await startFakeConnectApi({ seed: 3, tileLists: 'pairs' });
    try {
      const client = fake.client({ baseUrl: pairs.url, token: pairs.tokens[0] });
      const { createTileLoader } = await import('../../generated/src/index.js');
      const view = createTileLoader(client).load(viewportAround({ ...BERLIN_VIEW, zoom: 13 }));
      const results = await collect(view);
      const expected = await naive(view.tiles);
      for (const r of results)
        expect(ids(r.features as MapTileFeature[])).toEqual(expected.get(`${r.x}/${r.y}`));
    } finally {
      await pairs.close();
    }
  });
});
