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
export {
  createTileLoader,
  type TileLoader,
  type TileLoaderOptions,
  type TileLoaderStats,
  type TileSource,
  type TileFilters,
  type TileQueryBase,
  type LoadOptions,
} from './tile-loader.js';
export { TileView, type TileResult } from './tile-view.js';
export { viewportAround, type TileViewport, type PixelViewport } from './tile-cover.js';
export { paymentIntentClientSecretOf } from './payment-error.js';

/**
 * The base of every error the client throws, under the name this package has always given it:
 * `ConnectError` is `SdkError`, so `instanceof ConnectError` catches the same errors.
 */
export { SdkError as ConnectError } from '../runtime/index.js';
