/** Which tiles a view covers (zooms, antimeridian, poles), and how missing tiles become requests. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverViewport, planLines, viewportAround } from '../../templates/connect/tile-cover.js';
import {
  MAX_TILE_LATITUDE,
  tileBounds,
  tileForPoint,
  type TileCoordinates,
} from '../../templates/connect/tiles.js';

const keys = (tiles: readonly TileCoordinates[]) => tiles.map((t) => `${t.x}/${t.y}`).sort();

/** Every tile whose bounds overlap the box (the box not crossing the antimeridian): the brute-force answer. */
function overlapping(west: number, south: number, east: number, north: number, z: number) {
  const out: TileCoordinates[] = [];
  for (let x = 0; x < 2 ** z; x++)
    for (let y = 0; y < 2 ** z; y++) {
      const b = tileBounds(x, y, z);
      if (b.west < east && b.east > west && b.south < north && b.north > south)
        out.push({ x, y, z });
    }
  return out;
}

describe('coverViewport', () => {
  it('covers a box over Berlin with exactly the overlapping tiles at several zooms', () => {
    for (const zoom of [6, 9, 10, 11]) {
      const box = { west: 13.2, south: 52.4, east: 13.6, north: 52.6, zoom };
      const cover = coverViewport(box, 1000);
      expect(keys(cover.tiles), `zoom ${zoom}`).toEqual(
        keys(overlapping(13.2, 52.4, 13.6, 52.6, zoom)),
      );
    }
  });

  it('agrees with the brute force on random boxes', () => {
    // Thousandths of a degree plus 0.0004: never exactly on a tile edge, where rounding decides.
    const degrees = (min: number, max: number) =>
      fc.integer({ min: min * 1000, max: max * 1000 }).map((m) => m / 1000 + 0.0004);
    fc.assert(
      fc.property(
        degrees(-179, 170),
        degrees(0, 9),
        degrees(-80, 70),
        degrees(0, 9),
        fc.integer({ min: 0, max: 6 }),
        (west, width, south, height, zoom) => {
          const east = west + width;
          const north = south + height;
          const cover = coverViewport({ west, south, east, north, zoom }, 5000);
          expect(keys(cover.tiles)).toEqual(keys(overlapping(west, south, east, north, zoom)));
        },
      ),
    );
  });

  it('puts the tile at the centre first', () => {
    const cover = coverViewport(
      { west: 13.0, south: 52.3, east: 13.8, north: 52.7, zoom: 11 },
      100,
    );
    expect(cover.tiles[0]).toEqual(tileForPoint(52.5, 13.4, 11));
  });

  it('wraps across the antimeridian, given either way round', () => {
    const across = coverViewport({ west: 170, south: -10, east: -170, north: 10, zoom: 3 }, 100);
    expect(across.columns).toEqual([7, 0]);
    const beyond = coverViewport({ west: 170, south: -10, east: 190, north: 10, zoom: 3 }, 100);
    expect(keys(beyond.tiles)).toEqual(keys(across.tiles));
    const fromWest = coverViewport({ west: -190, south: -10, east: -170, north: 10, zoom: 3 }, 100);
    expect(keys(fromWest.tiles)).toEqual(keys(across.tiles));
  });

  it('covers every column once when the box is wider than the world', () => {
    const cover = coverViewport({ west: -300, south: 0, east: 300, north: 1, zoom: 2 }, 100);
    expect([...cover.columns].sort()).toEqual([0, 1, 2, 3]);
  });

  it('clamps at the poles to the rows the grid has', () => {
    const north = coverViewport({ west: 0, south: 80, east: 10, north: 90, zoom: 2 }, 100);
    expect(north.rows).toEqual([0]);
    const world = coverViewport({ west: -180, south: -90, east: 180, north: 90, zoom: 2 }, 100);
    expect(world.rows).toEqual([0, 1, 2, 3]);
    expect(world.tiles).toHaveLength(16);
  });

  it('names the argument that is wrong', () => {
    const box = { west: 0, south: 0, east: 1, north: 1, zoom: 3 };
    expect(() => coverViewport({ ...box, south: 2 }, 10)).toThrow(/^viewport\.south: /);
    expect(() => coverViewport({ ...box, zoom: 3.5 }, 10)).toThrow(/^viewport\.zoom: /);
    expect(() => coverViewport({ ...box, west: Number.NaN }, 10)).toThrow(/^viewport\.west: /);
    expect(() => coverViewport({ ...box, north: 91 }, 10)).toThrow(/^viewport: latitudes/);
    expect(() => coverViewport({ ...box, east: 100, zoom: 12 }, 256)).toThrow(
      /^viewport: covers \d+ tiles at zoom 12, more than maxTiles 256/,
    );
  });
});

describe('viewportAround', () => {
  it('spans the pixel size at the zoom', () => {
    const view = viewportAround({ latitude: 0, longitude: 0, zoom: 2, width: 512, height: 512 });
    expect(view.west).toBeCloseTo(-90);
    expect(view.east).toBeCloseTo(90);
    expect(view.north).toBeCloseTo(66.513, 2);
    expect(coverViewport(view, 100).tiles).toHaveLength(4);
  });

  it('stops at the edge of the grid near a pole', () => {
    const view = viewportAround({ latitude: 89, longitude: 0, zoom: 3, width: 256, height: 512 });
    expect(view.north).toBeCloseTo(MAX_TILE_LATITUDE, 6);
    expect(coverViewport(view, 100).rows[0]).toBe(0);
  });
});

describe('planLines', () => {
  const grid = (xs: number[], ys: number[]) => ys.flatMap((y) => xs.map((x) => ({ x, y, z: 10 })));

  it('sends a strip left by a pan as one request', () => {
    const lines = planLines(grid([5], [1, 2, 3, 4]), 8);
    expect(lines).toEqual([{ x: [5, 5, 5, 5], y: [1, 2, 3, 4], tiles: grid([5], [1, 2, 3, 4]) }]);
  });

  it('sends a corner (a row and a column) as two', () => {
    const corner = [...grid([1, 2, 3, 4], [9]), ...grid([4], [6, 7, 8])];
    const lines = planLines(corner, 8);
    expect(lines).toHaveLength(2);
    expect(keys(lines.flatMap((l) => l.tiles))).toEqual(keys(corner));
  });

  it('keeps lists of equal length along one row or column, cut at the size limit', () => {
    const lines = planLines(grid([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 1, 2]), 4);
    expect(lines).toHaveLength(9);
    for (const line of lines) {
      expect(line.x.length).toBe(line.y.length);
      expect(line.x.length).toBeLessThanOrEqual(4);
      expect(new Set(line.x).size === 1 || new Set(line.y).size === 1).toBe(true);
    }
  });
});
