/** Slippy-map tile helpers: known tiles, round trips, clamping and argument errors. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TILE_LATITUDE, tileBounds, tileForPoint } from '../../templates/connect/index.js';

describe('tileForPoint', () => {
  it('finds known tiles', () => {
    expect(tileForPoint(52.52, 13.405, 10)).toEqual({ x: 550, y: 335, z: 10 });
    expect(tileForPoint(0, 0, 0)).toEqual({ x: 0, y: 0, z: 0 });
    expect(tileForPoint(0, 0, 1)).toEqual({ x: 1, y: 1, z: 1 });
    expect(tileForPoint(-33.8688, 151.2093, 12)).toEqual({ x: 3768, y: 2457, z: 12 });
  });

  it('clamps to the grid at the edges of the map', () => {
    expect(tileForPoint(0, 180, 3)).toEqual({ x: 7, y: 4, z: 3 });
    expect(tileForPoint(0, -180, 3)).toEqual({ x: 0, y: 4, z: 3 });
    expect(tileForPoint(90, 0, 5)).toEqual({ x: 16, y: 0, z: 5 });
    expect(tileForPoint(-90, 0, 5)).toEqual({ x: 16, y: 31, z: 5 });
    expect(tileForPoint(MAX_TILE_LATITUDE, 0, 5).y).toBe(0);
  });

  it('puts every point inside the bounds of its tile', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -180, max: 179.999, noNaN: true }),
        fc.integer({ min: 0, max: 22 }),
        (lat, lon, z) => {
          const { x, y } = tileForPoint(lat, lon, z);
          const b = tileBounds(x, y, z);
          const eps = 1e-9;
          expect(lon).toBeGreaterThanOrEqual(b.west - eps);
          expect(lon).toBeLessThanOrEqual(b.east + eps);
          expect(lat).toBeGreaterThanOrEqual(b.south - eps);
          expect(lat).toBeLessThanOrEqual(b.north + eps);
        },
      ),
    );
  });

  it('maps the centre of every tile back to that tile', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 20 })
          .chain((z) =>
            fc.tuple(
              fc.constant(z),
              fc.integer({ min: 0, max: 2 ** z - 1 }),
              fc.integer({ min: 0, max: 2 ** z - 1 }),
            ),
          ),
        ([z, x, y]) => {
          const b = tileBounds(x, y, z);
          expect(tileForPoint((b.north + b.south) / 2, (b.west + b.east) / 2, z)).toEqual({
            x,
            y,
            z,
          });
        },
      ),
    );
  });

  it('names the wrong argument', () => {
    expect(() => tileForPoint(91, 0, 1)).toThrow(
      /tileForPoint: latitude must be a number from -90 to 90, got 91/,
    );
    expect(() => tileForPoint(0, 200, 1)).toThrow(/longitude/);
    expect(() => tileForPoint(0, NaN, 1)).toThrow(/longitude/);
    expect(() => tileForPoint(0, 0, 1.5)).toThrow(/zoom must be an integer from 0 to 30, got 1.5/);
    expect(() => tileForPoint(0, 0, 31)).toThrow(RangeError);
  });
});

describe('tileBounds', () => {
  it('gives the whole map at zoom 0', () => {
    const b = tileBounds(0, 0, 0);
    expect(b.west).toBe(-180);
    expect(b.east).toBe(180);
    expect(b.north).toBeCloseTo(MAX_TILE_LATITUDE, 9);
    expect(b.south).toBeCloseTo(-MAX_TILE_LATITUDE, 9);
  });

  it('names the wrong argument', () => {
    expect(() => tileBounds(4, 0, 2)).toThrow(
      /tileBounds: x must be an integer from 0 to 3 at zoom 2, got 4/,
    );
    expect(() => tileBounds(0, -1, 2)).toThrow(/y must be an integer/);
    expect(() => tileBounds(0, 0.5, 2)).toThrow(/y must be an integer/);
    expect(() => tileBounds(0, 0, -1)).toThrow(/zoom/);
  });
});
