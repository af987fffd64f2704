/**
 * Part of the Connect layer (`info.x-sdk-lib: connect`): copied into the package only for our spec.
 * The web-map ("slippy") tile grid the stations/tile/ operation uses: at zoom z the world
 * is 2^z × 2^z tiles, x growing eastwards from 180° W and y southwards from about 85° N.
 */

/** The latitude where the Web Mercator square ends: atan(sinh(π)) in degrees. */
export const MAX_TILE_LATITUDE = 85.0511287798066;
/** Deepest zoom accepted; 2^30 tiles per side keeps every coordinate a safe integer. */
export const MAX_TILE_ZOOM = 30;

/** A tile of the web-map grid. */
export interface TileCoordinates {
  /** Column, from 0 at 180° W eastwards. */
  readonly x: number;
  /** Row, from 0 at about 85° N southwards. */
  readonly y: number;
  /** Zoom: the grid is 2^z × 2^z tiles. */
  readonly z: number;
}

/** The edges of a tile, in degrees. */
export interface TileBounds {
  /** Western edge, degrees of longitude. */
  readonly west: number;
  /** Southern edge, degrees of latitude. */
  readonly south: number;
  /** Eastern edge, degrees of longitude. */
  readonly east: number;
  /** Northern edge, degrees of latitude. */
  readonly north: number;
}

function requireZoom(fn: string, zoom: unknown): number {
  if (typeof zoom !== 'number' || !Number.isInteger(zoom) || zoom < 0 || zoom > MAX_TILE_ZOOM) {
    throw new RangeError(
      `${fn}: zoom must be an integer from 0 to ${MAX_TILE_ZOOM}, got ${String(zoom)}`,
    );
  }
  return zoom;
}

function requireInRange(
  fn: string,
  name: string,
  value: unknown,
  min: number,
  max: number,
): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(
      `${fn}: ${name} must be a number from ${min} to ${max}, got ${String(value)}`,
    );
  }
  return value;
}

/**
 * The tile holding a point. Latitudes beyond ±85.0511° (off the square map) are clamped to
 * its edge, and 180° E falls in the last column rather than off the grid.
 */
export function tileForPoint(latitude: number, longitude: number, zoom: number): TileCoordinates {
  requireInRange('tileForPoint', 'latitude', latitude, -90, 90);
  requireInRange('tileForPoint', 'longitude', longitude, -180, 180);
  const z = requireZoom('tileForPoint', zoom);
  const n = 2 ** z;
  const lat = Math.min(Math.max(latitude, -MAX_TILE_LATITUDE), MAX_TILE_LATITUDE);
  const phi = (lat * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n);
  const clamp = (v: number): number => Math.min(Math.max(v, 0), n - 1);
  return { x: clamp(x), y: clamp(y), z };
}

function tileLatitude(y: number, n: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
}

/** The edges of a tile in degrees. */
export function tileBounds(x: number, y: number, zoom: number): TileBounds {
  const z = requireZoom('tileBounds', zoom);
  const n = 2 ** z;
  for (const [name, value] of [
    ['x', x],
    ['y', y],
  ] as const) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= n) {
      throw new RangeError(
        `tileBounds: ${name} must be an integer from 0 to ${n - 1} at zoom ${z}, got ${String(value)}`,
      );
    }
  }
  return {
    west: (x / n) * 360 - 180,
    east: ((x + 1) / n) * 360 - 180,
    north: tileLatitude(y, n),
    south: tileLatitude(y + 1, n),
  };
}
