/**
 * Part of the Connect layer: one view of the tile loader, an async iterable of its tiles.
 * An iterable rather than a callback because it ends by itself (all tiles in, a newer view,
 * or the caller's signal), so a `for await` loop drawing tiles needs no teardown, and tiles
 * that arrive before the loop starts wait in order instead of being missed.
 */
import type { TileCoordinates } from './tiles.js';

/** One tile of a view: its features, or the error that kept them from coming. */
export type TileResult<F> = TileCoordinates &
  (
    | {
        /** The tile's features: stations, and clusters of stations. */
        readonly features: readonly F[];
        /** Whether the loader had the tile already (no request). */
        readonly cached: boolean;
        readonly error?: undefined;
      }
    | {
        readonly features?: undefined;
        readonly cached?: undefined;
        /** What the client threw for this tile's request, after its retries: an `SdkError` as a rule. */
        readonly error: unknown;
      }
  );

/**
 * The tiles of one map view, yielded as they arrive by `for await`; made by `loader.load`.
 * The loop ends once every tile is in, or when the view is cancelled.
 */
export class TileView<F> implements AsyncIterable<TileResult<F>> {
  /** Every tile the view covers, the one at its centre first. */
  readonly tiles: readonly TileCoordinates[];
  private readonly waiting: Set<string>;
  private readonly arrived: TileResult<F>[] = [];
  private wake: (() => void) | undefined;
  private state: 'loading' | 'complete' | 'cancelled' = 'loading';

  /** Made by the loader (`loader.load`); `onEnd` lets go of the view's requests. */
  constructor(
    tiles: readonly TileCoordinates[],
    keys: readonly string[],
    private readonly onEnd: (view: TileView<F>) => void,
  ) {
    this.tiles = tiles;
    this.waiting = new Set(keys);
  }

  /** `loading`; `complete` once every tile is in; `cancelled` after a newer view or the signal. */
  get status(): 'loading' | 'complete' | 'cancelled' {
    return this.state;
  }

  /** Tiles not in yet. */
  get pending(): number {
    return this.waiting.size;
  }

  /** For the loader: hands over a tile; one the view no longer waits for is ignored. */
  deliver(key: string, result: TileResult<F>): void {
    if (this.state !== 'loading' || !this.waiting.delete(key)) return;
    this.arrived.push(result);
    if (this.waiting.size === 0) this.finish('complete');
    this.wake?.();
  }

  /** For the loader: ends the view when `signal` aborts. */
  bind(signal: AbortSignal | undefined): void {
    if (signal === undefined || this.state !== 'loading') return;
    if (signal.aborted) this.cancel();
    else signal.addEventListener('abort', () => this.cancel(), { once: true });
  }

  /** Ends the view: its loop stops, and requests no other view needs are aborted. */
  cancel(): void {
    if (this.state !== 'loading') return;
    // Tiles that arrived but were not read yet belong to a view nobody shows any more.
    this.arrived.length = 0;
    this.finish('cancelled');
    this.wake?.();
  }

  private finish(state: 'complete' | 'cancelled'): void {
    this.state = state;
    if (this.waiting.size === 0 || state === 'cancelled') this.onEnd(this);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TileResult<F>> {
    for (;;) {
      const next = this.arrived.shift();
      if (next !== undefined) yield next;
      else if (this.state !== 'loading') return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
