/**
 * The Connect layer: hand-written helpers for the Connect API that the generator copies into
 * the package (as `src/connect/`) only for a spec with `info.x-sdk-lib: connect`, and that the
 * package index re-exports. Another document's client gets none of it.
 */
export {
  tileForPoint,
  tileBounds,
  MAX_TILE_LATITUDE,
  MAX_TILE_ZOOM,
  type TileCoordinates,
  type TileBounds,
} from './tiles.js';
