/**
 * The tile benchmark's request goal, held by a test: the scripted 50-view session sends at
 * least 5× fewer requests with the loader than one call per tile per view (the naive count
 * is the views' tile counts, so only the loader is played), and panning back costs nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meteredFetch, runSession, sessionViews } from '../../bench/tiles/session.js';
import { coverViewport } from '../../generated/src/connect/tile-cover.js';
import { createConnectCore } from '../../generated/src/index.js';
import {
  startFakeConnectApi,
  type FakeConnectApi,
} from '../../generated/src/connect/fake/index.js';

let api: FakeConnectApi;
beforeAll(async () => {
  api = await startFakeConnectApi({ seed: 1 });
});
afterAll(() => api.close());

describe('the tile benchmark session', () => {
  it('has 50 views, and the loader plays it with at least 5× fewer requests than naive', async () => {
    const views = sessionViews();
    expect(views).toHaveLength(50);
    const naive = views.reduce((n, v) => n + coverViewport(v, 256).tiles.length, 0);
    const meter = { requests: 0, bytes: 0 };
    const client = createConnectCore({
      baseUrl: api.url,
      token: api.tokens[0],
      fetch: meteredFetch(meter),
    });
    const costs = await runSession('loader', client, meter, views);
    expect(meter.requests * 5).toBeLessThanOrEqual(naive);
    // A view the session has shown before, at the same zoom and place, is served from the cache.
    const seen = new Set<string>();
    views.forEach((v, i) => {
      const key = JSON.stringify(v);
      if (seen.has(key)) expect(costs[i]!.requests, `view ${i}`).toBe(0);
      seen.add(key);
    });
    expect(seen.size).toBeLessThan(views.length);
  });
});
