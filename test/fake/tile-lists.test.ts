/** The fake's two readings of `stations.tile`'s x and y lists: a grid (default) or pairs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectClient, tileForPoint, type MapTile } from '../../generated/src/index.js';
import {
  startFakeConnectApi,
  type FakeConnectApi,
} from '../../generated/src/connect/fake/index.js';

let grid: FakeConnectApi;
let pairs: FakeConnectApi;
beforeAll(async () => {
  grid = await startFakeConnectApi({ seed: 2 });
  pairs = await startFakeConnectApi({ seed: 2, tileLists: 'pairs' });
});
afterAll(async () => {
  await Promise.all([grid.close(), pairs.close()]);
});

const client = (api: FakeConnectApi) =>
  new ConnectClient({ baseUrl: api.url, token: api.tokens[0], maxRetries: 0 });
const stations = (tile: MapTile) => tile.features.reduce((n, f) => n + f.properties.count, 0);

describe('stations.tile list readings', () => {
  const { x, y } = tileForPoint(52.52, 13.405, 12);
  const z = 12;

  it('reads x = [a, b], y = [r, s] as four tiles in a grid and as two in pairs', async () => {
    const query = { x: [x, x + 1], y: [y, y + 1], z };
    const four = await client(grid).stations.tile(query);
    const two = await client(pairs).stations.tile(query);
    const diagonal = await client(grid).stations.tile({ x: [x], y: [y], z });
    const other = await client(grid).stations.tile({ x: [x + 1], y: [y + 1], z });
    expect(stations(two)).toBe(stations(diagonal) + stations(other));
    expect(stations(four)).toBeGreaterThan(stations(two));
  });

  it('gives the same answer under both readings for one row with y repeated', async () => {
    const query = { x: [x - 1, x, x + 1], y: [y, y, y], z };
    const fromGrid = await client(grid).stations.tile(query);
    const fromPairs = await client(pairs).stations.tile(query);
    expect(fromPairs).toEqual(fromGrid);
    expect(stations(fromGrid)).toBeGreaterThan(0);
  });

  it('refuses lists of different lengths when it reads pairs, naming y', async () => {
    const error = await client(pairs)
      .stations.tile({ x: [x, x + 1], y: [y], z })
      .then(
        () => undefined,
        (e: unknown) => e as { status: number; errorDetails?: string },
      );
    expect(error?.status).toBe(400);
    expect(JSON.stringify(error)).toMatch(/as many y values as x values/);
  });
});
