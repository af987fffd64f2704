/**
 * Part of the Connect layer: the tile loader's cache. Entries are whole tiles (a tile with
 * its filters as the key), written only once a response has arrived in full; stations
 * change status, so an entry older than the age limit counts as missing, and past the size
 * cap the least recently used entry goes.
 */

interface Entry<F> {
  readonly features: readonly F[];
  readonly storedAt: number;
}

export class TileCache<F> {
  /** A Map keeps insertion order: re-inserting on each hit makes the first key the least recently used. */
  private readonly entries = new Map<string, Entry<F>>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The features of a fresh entry, or undefined (a stale entry is dropped on the way). */
  get(key: string): readonly F[] | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.storedAt > this.maxAgeMs) return undefined;
    this.entries.set(key, entry);
    return entry.features;
  }

  set(key: string, features: readonly F[]): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { features, storedAt: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
