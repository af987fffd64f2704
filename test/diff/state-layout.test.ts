/**
 * The state file's layout decides whether a value fits on a line from a lower bound on its
 * JSON length before it stringifies it (state-file.ts): the result must be what stringifying
 * every value whole gives, for values whose JSON is longer or shorter than their content
 * (escapes, non-finite numbers, left-out members, `toJSON`), at every width around the limit.
 */
import { describe, expect, it } from 'vitest';
import { layout } from '../../generator/release/diff/state-file.js';

/** The layout as it was first written: every value stringified whole at every level. */
function wholeLayout(value: unknown, indent: string, prefix = ''): string {
  const compact = JSON.stringify(value);
  if (
    value === null ||
    typeof value !== 'object' ||
    indent.length + prefix.length + compact.length + 1 <= 120
  )
    return compact;
  const inner = `${indent}  `;
  const entries = Array.isArray(value)
    ? value.map((item) => wholeLayout(item, inner))
    : Object.entries(value).map(
        ([key, member]) =>
          `${JSON.stringify(key)}: ${wholeLayout(member, inner, `${JSON.stringify(key)}: `)}`,
      );
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  return `${open}\n${entries.map((e) => `${inner}${e}`).join(',\n')}\n${indent}${close}`;
}

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const LEAVES: readonly unknown[] = [
  'plain',
  'with "quotes" and \\ and\nnewlines\t',
  '\u0001\u0002 control',
  'émoji 🚀 and a lone \ud800 surrogate',
  '',
  0,
  -12.5e-7,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  undefined,
  () => 1,
  new Date(0),
  { toJSON: () => undefined },
  { toJSON: () => 'x'.repeat(200) },
];

function value(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 4 || pick < 0.3) {
    const leaf = LEAVES[Math.floor(next() * LEAVES.length)];
    return typeof leaf === 'string' ? leaf.repeat(Math.floor(next() * 12)) : leaf;
  }
  const size = Math.floor(next() * 7);
  if (pick < 0.6) return Array.from({ length: size }, () => value(next, depth + 1));
  return Object.fromEntries(
    Array.from({ length: size }, (_, i) => [
      `${'k'.repeat(Math.floor(next() * 20))}${i}`,
      value(next, depth + 1),
    ]),
  );
}

/** The text, or the error thrown (a `toJSON` giving `undefined` has no length, either way). */
function outcome(run: () => string | undefined): string {
  try {
    return `${run()}`;
  } catch (error) {
    return `throws ${String(error)}`;
  }
}

describe('the state layout', () => {
  it('lays out what stringifying every level whole lays out', () => {
    const next = random(37);
    for (let run = 0; run < 3_000; run++) {
      const v = value(next, 0);
      const indent = ' '.repeat(Math.floor(next() * 40));
      const prefix = next() < 0.5 ? '' : `"${'p'.repeat(Math.floor(next() * 30))}": `;
      expect(outcome(() => layout(v, indent, prefix))).toBe(
        outcome(() => wholeLayout(v, indent, prefix)),
      );
    }
  });

  it('splits a value one character too long for its line, and keeps one that fits', () => {
    // A line of 120 characters with the comma after it: 119 of JSON.
    const fits = { name: 'x'.repeat(119 - '{"name":""}'.length) };
    expect(layout(fits, '')).toBe(JSON.stringify(fits));
    const over = { name: `${fits.name}x` };
    expect(layout(over, '')).toBe(`{\n  "name": ${JSON.stringify(over.name)}\n}`);
  });
});
