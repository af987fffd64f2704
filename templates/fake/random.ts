/**
 * The fakes' one random source: mulberry32 over 32-bit integer arithmetic, so one seed gives
 * the same answers and ids on every machine and in every runtime (Node, browsers,
 * Deno, Bun, workers). Nothing in a fake calls `Math.random`; the spec-only fake draws its
 * samples from it, a layer's fake its seeded records and ids.
 */

export class SeededRandom {
  #state: number;

  /** A text seed is hashed (FNV-1a), so `'pets|7'` and `'pets|8'` start far apart. */
  constructor(seed: number | string) {
    this.#state = typeof seed === 'number' ? seed >>> 0 : hashText(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A pick where each item comes with its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** Up to `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0)
      out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }

  /** Lower-case letters and digits, as payment providers write their ids. */
  token(length: number): string {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /** A version-4-shaped UUID. */
  uuid(): string {
    const word = () =>
      Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    const hex = word() + word() + word() + word();
    const variant = '89ab'[Math.floor(this.next() * 4)]!;
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

/** FNV-1a of a string, for text seeds. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
