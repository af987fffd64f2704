/**
 * Part of the Connect layer: which tiles a map view covers, and how to group the missing
 * ones into `stations.tile` requests.
 *
 * The contract gives `stations.tile` lists of `x` and `y` without saying whether they form
 * a grid (every x with every y) or pairs (the i-th x with the i-th y). A request along one
 * row (`y` repeated once per `x`) or one column (`x` repeated once per `y`) names the same
 * tiles under both readings, so every request the loader sends is such a line.
 */
import { MAX_TILE_LATITUDE, MAX_TILE_ZOOM, type TileCoordinates } from './tiles.js';

/** A map view: the box it shows, in degrees, and the tile zoom it is drawn at. */
export interface TileViewport {
  /** Western edge; may be east of `east` when the view crosses the antimeridian, or beyond ±180. */
  readonly west: number;
  /** Southern edge, from −90 to 90; beyond ±85.0511° the tile grid ends and the edge is clamped. */
  readonly south: number;
  /** Eastern edge. */
  readonly east: number;
  /** Northern edge, from −90 to 90, not south of `south`. */
  readonly north: number;
  /** Tile zoom, an integer from 0 to 30. */
  readonly zoom: number;
}

/** A map view given as its centre and its size in pixels, the way a map widget knows it. */
export interface PixelViewport {
  /** Latitude of the view's centre. */
  readonly latitude: number;
  /** Longitude of the view's centre. */
  readonly longitude: number;
  /** Tile zoom, an integer from 0 to 30. */
  readonly zoom: number;
  /** Width of the view in pixels. */
  readonly width: number;
  /** Height of the view in pixels. */
  readonly height: number;
  /** Pixels per tile side; default 256. */
  readonly tileSize?: number;
}

/** Tolerance for an edge computed to lie on a tile edge, in tiles. */
const EDGE = 1e-9;

function fail(argument: string, message: string): never {
  throw new RangeError(`${argument}: ${message}`);
}

function finite(argument: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    fail(argument, `expected a finite number, got ${String(value)}`);
  return value;
}

function zoomOf(argument: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TILE_ZOOM)
    fail(argument, `expected an integer from 0 to ${MAX_TILE_ZOOM}, got ${String(value)}`);
  return value;
}

/** Web Mercator position of a latitude, from 0 at the north edge to 1 at the south edge. */
function mercatorY(latitude: number): number {
  const lat = Math.min(Math.max(latitude, -MAX_TILE_LATITUDE), MAX_TILE_LATITUDE);
  const phi = (lat * Math.PI) / 180;
  return (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
}

function latitudeOf(mercator: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * mercator))) * 180) / Math.PI;
}

/** The box a view of `width` × `height` pixels around a centre shows; the poles clamp it. */
export function viewportAround(view: PixelViewport): TileViewport {
  const zoom = zoomOf('viewport.zoom', view.zoom);
  const latitude = finite('viewport.latitude', view.latitude);
  const longitude = finite('viewport.longitude', view.longitude);
  const tileSize = view.tileSize === undefined ? 256 : finite('viewport.tileSize', view.tileSize);
  const width = finite('viewport.width', view.width);
  const height = finite('viewport.height', view.height);
  if (tileSize <= 0 || width < 0 || height < 0)
    fail('viewport', 'tileSize must be positive and width and height not negative');
  const world = tileSize * 2 ** zoom;
  const centreY = mercatorY(latitude) * world;
  const halfDegrees = (width / 2 / world) * 360;
  return {
    west: longitude - halfDegrees,
    east: longitude + halfDegrees,
    north: latitudeOf(Math.max(0, centreY - height / 2) / world),
    south: latitudeOf(Math.min(world, centreY + height / 2) / world),
    zoom,
  };
}

/** The tiles a view covers, as its columns (west to east, wrapped) and rows (north to south). */
export interface TileCover {
  readonly z: number;
  readonly columns: readonly number[];
  readonly rows: readonly number[];
  /** Every tile, the one at the view's centre first, then outwards. */
  readonly tiles: readonly TileCoordinates[];
}

/** The tiles covering a view; `maxTiles` bounds it, so a huge box at a deep zoom is an error. */
export function coverViewport(viewport: TileViewport, maxTiles: number): TileCover {
  if (typeof viewport !== 'object' || viewport === null) fail('viewport', 'expected an object');
  const z = zoomOf('viewport.zoom', viewport.zoom);
  const west = finite('viewport.west', viewport.west);
  const east = finite('viewport.east', viewport.east);
  const south = finite('viewport.south', viewport.south);
  const north = finite('viewport.north', viewport.north);
  if (south < -90 || north > 90) fail('viewport', 'latitudes must be from -90 to 90');
  if (south > north) fail('viewport.south', `${south} is north of viewport.north ${north}`);
  const n = 2 ** z;
  // A west edge east of the east edge means the view crosses the antimeridian.
  let span = east - west;
  if (span < 0) span += 360;
  const start = ((((west + 180) % 360) + 360) % 360) / 360;
  // An edge that lies on a tile's edge (up to rounding) does not take in the tile beyond it.
  const first = Math.floor(start * n + EDGE);
  const end = (start + span / 360) * n;
  const last = span >= 360 ? first + n - 1 : Math.max(first, Math.ceil(end - EDGE) - 1);
  const columns = Array.from({ length: Math.min(n, last - first + 1) }, (_, i) => (first + i) % n);
  const top = Math.min(n - 1, Math.floor(mercatorY(north) * n + EDGE));
  const bottom = Math.max(top, Math.min(n - 1, Math.ceil(mercatorY(south) * n - EDGE) - 1));
  const rows = Array.from({ length: bottom - top + 1 }, (_, i) => top + i);
  const count = columns.length * rows.length;
  if (count > maxTiles)
    fail('viewport', `covers ${count} tiles at zoom ${z}, more than maxTiles ${maxTiles}`);
  // Nearest the view's centre first, so the middle of the map fills in before its edges.
  const centreX = (start * n + (span >= 360 ? n : end)) / 2 - first;
  const centreY = ((mercatorY(north) + mercatorY(south)) / 2) * n - top;
  const tiles = rows
    .flatMap((y, r) =>
      columns.map((x, c) => ({ x, y, z, d: (c + 0.5 - centreX) ** 2 + (r + 0.5 - centreY) ** 2 })),
    )
    .sort((a, b) => a.d - b.d)
    .map(({ x, y }) => ({ x, y, z }));
  return { z, columns, rows, tiles };
}

/** One `stations.tile` request: tiles along one row or one column, lists of equal length. */
export interface TileLine {
  readonly x: readonly number[];
  readonly y: readonly number[];
  readonly tiles: readonly TileCoordinates[];
}

/**
 * Groups tiles into as few lines as a greedy pass finds: the row or column with the most
 * tiles left goes first, cut into pieces of at most `maxPerRequest`. After a pan the missing
 * tiles form a strip, which this sends as one or two requests.
 */
export function planLines(tiles: readonly TileCoordinates[], maxPerRequest: number): TileLine[] {
  const left = new Map(tiles.map((t) => [`${t.x}/${t.y}`, t]));
  const lines: TileLine[] = [];
  while (left.size > 0) {
    const byRow = new Map<number, TileCoordinates[]>();
    const byColumn = new Map<number, TileCoordinates[]>();
    for (const t of left.values()) {
      byRow.set(t.y, [...(byRow.get(t.y) ?? []), t]);
      byColumn.set(t.x, [...(byColumn.get(t.x) ?? []), t]);
    }
    let best: TileCoordinates[] = [];
    for (const line of [...byRow.values(), ...byColumn.values()])
      if (line.length > best.length) best = line;
    for (let i = 0; i < best.length; i += maxPerRequest) {
      const piece = best.slice(i, i + maxPerRequest);
      lines.push({ x: piece.map((t) => t.x), y: piece.map((t) => t.y), tiles: piece });
    }
    for (const t of best) left.delete(`${t.x}/${t.y}`);
  }
  return lines;
}
