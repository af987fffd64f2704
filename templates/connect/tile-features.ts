/**
 * Part of the Connect layer: sorting the features of a several-tile answer back into their
 * tiles. The answer does not say which tile a feature came from, so its position does: the
 * tile holding its coordinates, or the nearest requested one when a point on a tile's edge
 * rounds across it.
 */
import { tileForPoint, type TileCoordinates } from './tiles.js';

/** What the loader reads of a feature: where it is, and its id when it has one. */
export interface PlaceableFeature {
  readonly geometry: { readonly coordinates: readonly string[] };
  readonly station_id?: string | undefined;
  readonly cluster_id?: string | undefined;
}

/** A decimal string as a number; the contract promises only a string, so `13,405` is read too. */
function decimal(text: string | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  const value = Number(trimmed.includes('.') ? trimmed : trimmed.replace(',', '.'));
  return trimmed === '' || !Number.isFinite(value) ? undefined : value;
}

/** The tile of a feature at zoom `z`, or undefined when its coordinates cannot be read. */
export function featureTile(feature: PlaceableFeature, z: number): TileCoordinates | undefined {
  const coordinates = feature.geometry?.coordinates;
  if (!Array.isArray(coordinates)) return undefined;
  const longitude = decimal(coordinates[0]);
  const latitude = decimal(coordinates[1]);
  if (longitude === undefined || latitude === undefined || Math.abs(latitude) > 90)
    return undefined;
  const wrapped = longitude === 180 ? 180 : ((((longitude + 180) % 360) + 360) % 360) - 180;
  return tileForPoint(latitude, wrapped, z);
}

/** Distance between columns on a grid that wraps around at the antimeridian. */
function columnDistance(a: number, b: number, n: number): number {
  const d = Math.abs(a - b) % n;
  return Math.min(d, n - d);
}

export interface SortedFeatures<F> {
  /** Features per requested tile, in the order of `tiles`. */
  readonly byTile: readonly (readonly F[])[];
  /** Features whose position could not be read, in an answer for more than one tile. */
  readonly unplaced: number;
}

/**
 * Puts each feature into one of `tiles` (all at one zoom). A server reading a repeated `y`
 * as a grid might send a feature twice, so a feature id seen before in a tile is skipped.
 */
export function sortFeatures<F extends PlaceableFeature>(
  features: readonly F[],
  tiles: readonly TileCoordinates[],
): SortedFeatures<F> {
  const byTile: F[][] = tiles.map(() => []);
  const seen = tiles.map(() => new Set<string>());
  const n = 2 ** (tiles[0]?.z ?? 0);
  let unplaced = 0;
  for (const feature of features) {
    let index = 0;
    if (tiles.length > 1) {
      const at = featureTile(feature, tiles[0]!.z);
      if (at === undefined) {
        unplaced++;
        continue;
      }
      let best = Infinity;
      tiles.forEach((t, i) => {
        const d = columnDistance(t.x, at.x, n) + Math.abs(t.y - at.y);
        if (d < best) [best, index] = [d, i];
      });
    }
    const id = feature.station_id ?? feature.cluster_id;
    if (id !== undefined) {
      if (seen[index]!.has(id)) continue;
      seen[index]!.add(id);
    }
    byTile[index]!.push(feature);
  }
  return { byTile, unplaced };
}
