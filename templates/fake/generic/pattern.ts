/**
 * A string that matches a regular expression, for string members with a `pattern`: the
 * response guards test patterns, so an answer must match. It reads the part of the syntax
 * that schemas use (literals, escapes, classes and sets, groups, alternation, quantifiers,
 * anchors) and gives up on the rest (lookarounds, back-references), returning undefined; the
 * sampler then keeps a plain string and the guard's check of the answer says what failed.
 */
import type { SeededRandom } from '../random.js';

type Range = readonly [number, number];

interface CharSet {
  readonly ranges: readonly Range[];
  readonly negated: boolean;
}

type Atom =
  | { readonly kind: 'chars'; readonly set: CharSet }
  | { readonly kind: 'group'; readonly alternatives: readonly Sequence[] };

interface Piece {
  readonly atom: Atom;
  readonly min: number;
  readonly max: number;
}

type Sequence = readonly Piece[];

class Unsupported extends Error {}

const DIGITS: Range = [0x30, 0x39];
const UPPER: Range = [0x41, 0x5a];
const LOWER: Range = [0x61, 0x7a];
const set = (...ranges: Range[]): CharSet => ({ ranges, negated: false });
const single = (code: number): CharSet => set([code, code]);
/** What `.`, `\S` and `\D` give: text a reader recognises, which they all accept. */
const LETTERS = set(LOWER);

const CLASSES: Readonly<Record<string, CharSet>> = {
  d: set(DIGITS),
  D: LETTERS,
  w: set(LOWER, UPPER, DIGITS, [0x5f, 0x5f]),
  W: single(0x2d),
  s: single(0x20),
  S: LETTERS,
};

const CONTROL: Readonly<Record<string, number>> = { t: 9, n: 10, v: 11, f: 12, r: 13, '0': 0 };

/**
 * A string matching `pattern` (read with the `u` flag, as the guards read it) within the
 * lengths, or undefined when the pattern uses what this reader does not know or no attempt
 * fitted. Open quantifiers (`*`, `+`, `{2,}`) repeat a little at first and more on each
 * attempt, so `^[a-z]+$` can reach a minimum length of 40 while `^\d*$` stays short.
 */
export function stringMatching(
  pattern: string,
  random: SeededRandom,
  { minLength = 0, maxLength = Infinity }: { minLength?: number; maxLength?: number } = {},
): string | undefined {
  let tree: readonly Sequence[];
  let test: RegExp;
  try {
    test = new RegExp(pattern, 'u');
    tree = new Parser(pattern).alternatives();
  } catch {
    return undefined;
  }
  for (let attempt = 0; attempt < 24; attempt++) {
    // 1, 1, 2, 2, 4, 4 … 2048 more repetitions than the least.
    const stretch = 2 ** Math.floor(attempt / 2);
    const out = generate(tree, random, stretch);
    if (out.length >= minLength && out.length <= maxLength && test.test(out)) return out;
  }
  return undefined;
}

function generate(alternatives: readonly Sequence[], random: SeededRandom, stretch: number) {
  let out = '';
  for (const piece of random.pick(alternatives)) {
    const count = Number.isFinite(piece.max)
      ? random.int(piece.min, piece.max)
      : piece.min + random.int(Math.floor(stretch / 2), stretch);
    for (let i = 0; i < count; i++)
      out +=
        piece.atom.kind === 'chars'
          ? String.fromCodePoint(pickChar(piece.atom.set, random))
          : generate(piece.atom.alternatives, random, stretch);
    if (out.length > 100_000) break;
  }
  return out;
}

/** A character of the set; for a negated set, printable ASCII outside it, letters first. */
function pickChar(chars: CharSet, random: SeededRandom): number {
  if (!chars.negated) {
    // Letters and digits where the set has them, so `.{3}` or `[\s\S]` reads as text.
    const readable = chars.ranges.filter((r) => overlaps(r, LOWER) || overlaps(r, DIGITS));
    const [low, high] = random.pick(readable.length > 0 ? readable : chars.ranges);
    return random.int(low, high);
  }
  const inside = (code: number) => chars.ranges.some(([low, high]) => code >= low && code <= high);
  const candidates: number[] = [];
  for (const [low, high] of [LOWER, UPPER, DIGITS, [0x20, 0x7e] as Range])
    for (let code = low; code <= high; code++) if (!inside(code)) candidates.push(code);
  if (candidates.length === 0) throw new Unsupported('a set that excludes every character');
  return random.pick(candidates);
}

function overlaps([a, b]: Range, [c, d]: Range): boolean {
  return a <= d && c <= b;
}

/** A recursive-descent reader of the pattern's syntax, one character at a time. */
class Parser {
  #at = 0;

  constructor(private readonly source: string) {}

  alternatives(): Sequence[] {
    const out = [this.sequence()];
    while (this.source[this.#at] === '|') {
      this.#at++;
      out.push(this.sequence());
    }
    if (this.#at < this.source.length && this.source[this.#at] !== ')')
      throw new Unsupported(`unexpected ${this.source[this.#at]}`);
    return out;
  }

  private sequence(): Piece[] {
    const pieces: Piece[] = [];
    while (this.#at < this.source.length) {
      const char = this.source[this.#at]!;
      if (char === '|' || char === ')') break;
      const atom = this.atom();
      if (atom === undefined) continue;
      pieces.push({ atom, ...this.quantifier() });
    }
    return pieces;
  }

  /** One atom, or undefined for an anchor, which matches no character. */
  private atom(): Atom | undefined {
    const char = this.source[this.#at++]!;
    switch (char) {
      case '^':
      case '$':
        return undefined;
      case '.':
        return { kind: 'chars', set: LETTERS };
      case '[':
        return { kind: 'chars', set: this.charSet() };
      case '(':
        return this.group();
      case '\\': {
        const escaped = this.escape(false);
        return escaped === undefined ? undefined : { kind: 'chars', set: escaped };
      }
      default:
        this.#at--;
        return { kind: 'chars', set: single(this.codePoint()) };
    }
  }

  private group(): Atom {
    if (this.source.startsWith('?:', this.#at)) this.#at += 2;
    else if (this.source.startsWith('?<', this.#at) && !/^\?<[=!]/.test(this.rest())) {
      const end = this.source.indexOf('>', this.#at);
      if (end < 0) throw new Unsupported('an unterminated group name');
      this.#at = end + 1;
    } else if (this.source[this.#at] === '?') throw new Unsupported('a lookaround');
    const alternatives = this.alternatives();
    if (this.source[this.#at++] !== ')') throw new Unsupported('an unclosed group');
    return { kind: 'group', alternatives };
  }

  /** After `\`: a class (`\d`), a control character, a code, or the character itself; undefined for `\b` and `\B`. */
  private escape(inSet: boolean): CharSet | undefined {
    const char = this.source[this.#at++];
    if (char === undefined) throw new Unsupported('a trailing backslash');
    const known = CLASSES[char];
    if (known) return known;
    if ((char === 'b' || char === 'B') && !inSet) return undefined;
    if (char === 'b') return single(8);
    if (/[1-9k]/.test(char)) throw new Unsupported('a back-reference');
    if (char in CONTROL) return single(CONTROL[char]!);
    if (char === 'p' || char === 'P') return this.property(char === 'P');
    if (char === 'x') return single(this.hex(2));
    if (char === 'u') {
      if (this.source[this.#at] !== '{') return single(this.hex(4));
      const end = this.source.indexOf('}', this.#at);
      const code = Number.parseInt(this.source.slice(this.#at + 1, end), 16);
      if (end < 0 || !Number.isFinite(code)) throw new Unsupported('a malformed \\u{…}');
      this.#at = end + 1;
      return single(code);
    }
    if (char === 'c') throw new Unsupported('a control escape');
    this.#at--;
    return single(this.codePoint());
  }

  /** `\p{…}`: a digit for the number categories, a letter for the others (the result is tested). */
  private property(negated: boolean): CharSet {
    const end = this.source.indexOf('}', this.#at);
    if (this.source[this.#at] !== '{' || end < 0) throw new Unsupported('a malformed \\p');
    const name = this.source.slice(this.#at + 1, end);
    this.#at = end + 1;
    const digits = /^(N|Nd|Number|Decimal_Number)$/.test(name);
    if (negated) return digits ? LETTERS : set(DIGITS);
    if (/^(Lu|Uppercase_Letter)$/.test(name)) return set(UPPER);
    return digits ? set(DIGITS) : LETTERS;
  }

  private charSet(): CharSet {
    const negated = this.source[this.#at] === '^';
    if (negated) this.#at++;
    const ranges: Range[] = [];
    let first = true;
    while (this.#at < this.source.length && (this.source[this.#at] !== ']' || first)) {
      first = false;
      const low = this.setMember();
      if (
        low.length === 1 &&
        this.source[this.#at] === '-' &&
        this.source[this.#at + 1] !== ']' &&
        this.#at + 1 < this.source.length
      ) {
        this.#at++;
        const high = this.setMember();
        if (high.length !== 1) throw new Unsupported('a range to a class');
        ranges.push([low[0]![0], high[0]![0]]);
      } else ranges.push(...low);
    }
    if (this.source[this.#at++] !== ']') throw new Unsupported('an unclosed set');
    return { ranges, negated };
  }

  /** One member of a set: a character (as a range of one) or a class's ranges. */
  private setMember(): readonly Range[] {
    if (this.source[this.#at] === '\\') {
      this.#at++;
      const escaped = this.escape(true)!;
      if (escaped.negated) throw new Unsupported('a negated class inside a set');
      return escaped.ranges;
    }
    const code = this.codePoint();
    return [[code, code]];
  }

  private quantifier(): { min: number; max: number } {
    const char = this.source[this.#at];
    let bounds: { min: number; max: number } | undefined;
    if (char === '?') bounds = { min: 0, max: 1 };
    else if (char === '*') bounds = { min: 0, max: Infinity };
    else if (char === '+') bounds = { min: 1, max: Infinity };
    else if (char === '{') {
      const found = /^\{(\d+)(,(\d*))?\}/.exec(this.rest());
      if (found) {
        const min = Number(found[1]);
        const max = found[2] === undefined ? min : found[3] ? Number(found[3]) : Infinity;
        bounds = { min, max };
        this.#at += found[0].length - 1;
      }
    }
    if (bounds === undefined) return { min: 1, max: 1 };
    this.#at++;
    // A lazy quantifier matches the same strings.
    if (this.source[this.#at] === '?') this.#at++;
    return bounds;
  }

  private hex(digits: number): number {
    const text = this.source.slice(this.#at, this.#at + digits);
    if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(text)) throw new Unsupported('a bad escape');
    this.#at += digits;
    return Number.parseInt(text, 16);
  }

  private codePoint(): number {
    const code = this.source.codePointAt(this.#at)!;
    this.#at += code > 0xffff ? 2 : 1;
    return code;
  }

  private rest(): string {
    return this.source.slice(this.#at);
  }
}
