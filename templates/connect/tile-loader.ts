/**
 * Part of the Connect layer: the viewport tile loader. A map view asks for the tiles it
 * covers; the loader answers from its cache, joins requests already under way, and sends
 * the rest as few `stations.tile` calls as the contract allows (one row or column each, see
 * tile-cover.ts), a few at a time. A new view cancels what the old one no longer shows.
 *
 * It calls the operation through the client it is given, so the client's retries, typed
 * errors, timeouts and token handling apply unchanged. Nothing else in the package imports
 * this module: a bundle that does not use it does not carry it.
 */
import { TileCache } from './tile-cache.js';
import { coverViewport, planLines, type TileViewport } from './tile-cover.js';
import { sortFeatures, type PlaceableFeature } from './tile-features.js';
import type { TileCoordinates } from './tiles.js';
import { TileView, type TileResult } from './tile-view.js';

/** The query of `stations.tile`, as far as the loader fills it in. */
export interface TileQueryBase {
  /** Tile columns, one per tile. */
  readonly x: readonly number[];
  /** Tile rows, one per tile (as many as `x`). */
  readonly y: readonly number[];
  /** The zoom of every tile. */
  readonly z: number;
}

/** A call of `stations.tile`: `(query, options) => stationsTile(client, query, options)`. */
export type TileSource<Q extends TileQueryBase, F> = (
  query: Q,
  options: { signal: AbortSignal },
) => PromiseLike<{ readonly features: readonly F[] }>;

/** The filters of `stations.tile` (connector types, power groups, price…): its query without x, y and z. */
export type TileFilters<Q extends TileQueryBase> = Omit<Q, 'x' | 'y' | 'z'>;

/** Settings of a tile loader; every one has a default. */
export interface TileLoaderOptions {
  /** Requests under way at once; default 4. */
  readonly concurrency?: number;
  /** Tiles per request, along one row or column; default 8 (8 × 8 under a grid reading is 64). */
  readonly maxTilesPerRequest?: number;
  /** Tiles kept in the cache; default 512. 0 turns the cache off. */
  readonly cacheSize?: number;
  /** How long a cached tile stays fresh, in milliseconds; default 60 000. */
  readonly maxAgeMs?: number;
  /** Most tiles one view may cover; default 256. A larger view is a RangeError. */
  readonly maxTiles?: number;
  /** The clock of the cache, in milliseconds; default `Date.now`. */
  readonly now?: () => number;
}

/** Counters since the loader was made: what it sent and what it saved. */
export interface TileLoaderStats {
  /** `stations.tile` calls started (a call's own retries not counted). */
  requests: number;
  /** Tiles answered from the cache. */
  cacheHits: number;
  /** Tiles that joined a request already under way for an earlier view. */
  shared: number;
  /** Requests aborted because no view showed their tiles any more. */
  aborted: number;
  /** Features dropped because their position could not be read. */
  unplaced: number;
}

/** Per view: the filters (default none) and a signal that ends the view. */
export interface LoadOptions<Q extends TileQueryBase> {
  /** The tile filters; part of each cached tile's key. */
  readonly filters?: TileFilters<Q>;
  /** Aborting it cancels the view, as a newer view would. */
  readonly signal?: AbortSignal;
}

/** Loads the tiles of one map's views; made by `createTileLoader`. */
export interface TileLoader<Q extends TileQueryBase, F> {
  /**
   * Starts loading the tiles of a view and returns it: an async iterable yielding each tile
   * as it arrives (from the cache first), ending when all are in. The previous view ends
   * here, and requests only it needed are aborted.
   */
  load(viewport: TileViewport, options?: LoadOptions<Q>): TileView<F>;
  /** What the loader has sent and saved so far. */
  readonly stats: Readonly<TileLoaderStats>;
  /** Forgets every cached tile. */
  clearCache(): void;
}

interface Batch<F> {
  readonly query: TileQueryBase & object;
  readonly tiles: readonly TileCoordinates[];
  readonly keys: readonly string[];
  readonly controller: AbortController;
  started: boolean;
  /** The views waiting for some of this batch's tiles. */
  readonly views: Set<TileView<F>>;
}

/** A status the request itself caused (bad tile, a server refusing lists), so single tiles may pass. */
function requestFault(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return (
    typeof status === 'number' && status >= 400 && status < 500 && ![401, 403, 429].includes(status)
  );
}

/** A stable text for filters: keys sorted, list order ignored. */
function filtersKey(filters: object): string {
  const entries = Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? [...v].map(String).sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`options.${name}: expected a whole number, got ${String(value)}`);
  return value;
}

/**
 * A loader for one map: `source` is the client (`client.stations.tile` is called) or a
 * function calling `stationsTile` with a small client.
 */
export function createTileLoader<Q extends TileQueryBase, F extends PlaceableFeature>(
  source: TileSource<Q, F> | { readonly stations: { readonly tile: TileSource<Q, F> } },
  options: TileLoaderOptions = {},
): TileLoader<Q, F> {
  const call: TileSource<Q, F> =
    typeof source === 'function' ? source : (q, o) => source.stations.tile(q, o);
  const concurrency = Math.max(1, positiveInteger('concurrency', options.concurrency, 4));
  const perRequest = Math.max(
    1,
    positiveInteger('maxTilesPerRequest', options.maxTilesPerRequest, 8),
  );
  const maxTiles = positiveInteger('maxTiles', options.maxTiles, 256);
  const cache = new TileCache<F>(
    positiveInteger('cacheSize', options.cacheSize, 512),
    options.maxAgeMs ?? 60_000,
    options.now ?? Date.now,
  );
  const stats: TileLoaderStats = { requests: 0, cacheHits: 0, shared: 0, aborted: 0, unplaced: 0 };
  const underWay = new Map<string, Batch<F>>();
  const queue: Batch<F>[] = [];
  let running = 0;
  let current: TileView<F> | undefined;

  /** Drops a view from every batch, aborting (or unqueueing) the batches nobody waits for. */
  function release(view: TileView<F>): void {
    for (const batch of new Set(underWay.values())) {
      if (!batch.views.delete(view) || batch.views.size > 0) continue;
      batch.keys.forEach((k) => underWay.delete(k));
      if (batch.started) {
        stats.aborted++;
        batch.controller.abort();
      } else queue.splice(queue.indexOf(batch), 1);
    }
  }

  function pump(): void {
    while (running < concurrency && queue.length > 0) void run(queue.shift()!);
  }

  function enqueue(batch: Batch<F>, first = false): void {
    batch.keys.forEach((k) => underWay.set(k, batch));
    if (first) queue.unshift(batch);
    else queue.push(batch);
  }

  function newBatch(
    query: TileQueryBase & object,
    tiles: readonly TileCoordinates[],
    prefix: string,
    views: Iterable<TileView<F>>,
  ): Batch<F> {
    const keys = tiles.map((t) => `${prefix}${t.z}/${t.x}/${t.y}`);
    const controller = new AbortController();
    return { query, tiles, keys, controller, started: false, views: new Set(views) };
  }

  async function run(batch: Batch<F>): Promise<void> {
    batch.started = true;
    running++;
    stats.requests++;
    const { signal } = batch.controller;
    try {
      const answer = await call(batch.query as Q, { signal });
      if (signal.aborted) return;
      const sorted = sortFeatures(answer.features, batch.tiles);
      stats.unplaced += sorted.unplaced;
      // The cache gets whole tiles of a complete answer, never part of one.
      batch.tiles.forEach((tile, i) => {
        const key = batch.keys[i]!;
        const features = sorted.byTile[i]!;
        cache.set(key, features);
        underWay.delete(key);
        for (const view of batch.views) view.deliver(key, { ...tile, features, cached: false });
      });
    } catch (error) {
      if (signal.aborted) return;
      batch.keys.forEach((k) => underWay.delete(k));
      if (batch.tiles.length > 1 && requestFault(error)) {
        // A 4xx for several tiles may be one tile's fault: ask for each alone so the others arrive.
        const prefix = batch.keys[0]!.slice(0, batch.keys[0]!.lastIndexOf('|') + 1);
        for (const tile of [...batch.tiles].reverse()) {
          const query = { ...batch.query, x: [tile.x], y: [tile.y] };
          enqueue(newBatch(query, [tile], prefix, batch.views), true);
        }
        return;
      }
      batch.tiles.forEach((tile, i) => {
        for (const view of batch.views) view.deliver(batch.keys[i]!, { ...tile, error });
      });
    } finally {
      running--;
      pump();
    }
  }

  function load(viewport: TileViewport, loadOptions: LoadOptions<Q> = {}): TileView<F> {
    const cover = coverViewport(viewport, maxTiles);
    const filters = (loadOptions.filters ?? {}) as object;
    const prefix = `${filtersKey(filters)}|`;
    const keyOf = (t: TileCoordinates): string => `${prefix}${t.z}/${t.x}/${t.y}`;
    const view = new TileView<F>(cover.tiles, cover.tiles.map(keyOf), release);
    const missing: TileCoordinates[] = [];
    for (const tile of cover.tiles) {
      const key = keyOf(tile);
      const cached = cache.get(key);
      const batch = underWay.get(key);
      if (cached !== undefined) {
        stats.cacheHits++;
        view.deliver(key, { ...tile, features: cached, cached: true });
      } else if (batch !== undefined) {
        stats.shared++;
        batch.views.add(view);
      } else missing.push(tile);
    }
    for (const line of planLines(missing, perRequest)) {
      enqueue(
        newBatch({ ...filters, x: line.x, y: line.y, z: cover.z }, line.tiles, prefix, [view]),
      );
    }
    // After the new view joined the batches it shares, the old one lets go of the rest.
    const previous = current;
    current = view;
    previous?.cancel();
    view.bind(loadOptions.signal);
    pump();
    return view;
  }

  return { load, stats, clearCache: () => cache.clear() };
}

export type { TileResult };
