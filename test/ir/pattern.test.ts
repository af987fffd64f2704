/**
 * How a schema's pattern is read: compiled with the `u` flag as written or rewritten to an
 * equivalent, else without `u` when that reading is the author's, else not at all. Every
 * rewrite must match what the pattern as written matches without `u`.
 */
import { describe, expect, it } from 'vitest';
import { readPattern } from '../../generator/ir/pattern.js';

describe('a pattern', () => {
  it.each([
    ['^[a-z]+$', '^[a-z]+$'],
    ['^\\p{L}+$', '^\\p{L}+$'],
    ['^\\u{1F600}{2}$', '^\\u{1F600}{2}$'],
    ['^[a-z]{2,}\\/x$', '^[a-z]{2,}\\/x$'],
  ])('%s compiles under `u` as written', (pattern, source) => {
    expect(readPattern(pattern)).toEqual({ kind: 'unicode', source, rewritten: false });
  });

  it.each([
    // Needless escapes outside a class and in one; `\-` stays in a class, where `u` allows it.
    ['^[a-zA-Z0-9_\\-\\:]+$', '^[a-zA-Z0-9_\\-:]+$', ['a:b-c'], ['a b']],
    ['^\\-?\\d+\\@x$', '^-?\\d+@x$', ['-1@x', '2@x'], ['-x@x']],
    // A `-` beside a class escape cannot make a range.
    ['^[\\w-.]+$', '^[\\w\\-.]+$', ['a-b.c'], ['a,b']],
    ['^[.-\\d]+$', '^[.\\-\\d]+$', ['.-1'], ['a']],
    // A lone brace or bracket is a character.
    ['^a{,2}$', '^a\\{,2\\}$', ['a{,2}'], ['aa']],
    ['^x}]$', '^x\\}\\]$', ['x}]'], ['x']],
  ])('%s is rewritten to %s, with the same matches', (pattern, source, matches, misses) => {
    expect(readPattern(pattern)).toEqual({ kind: 'unicode', source, rewritten: true });
    const asWritten = new RegExp(pattern);
    const rewritten = new RegExp(source, 'u');
    for (const text of [...matches, ...misses])
      expect(rewritten.test(text)).toBe(asWritten.test(text));
    for (const text of matches) expect(rewritten.test(text)).toBe(true);
    for (const text of misses) expect(rewritten.test(text)).toBe(false);
  });

  it('with another engine’s anchors has them as JavaScript writes them', () => {
    const reading = readPattern('\\Asnap-\\d{2}\\Z');
    expect(reading).toEqual({ kind: 'unicode', source: '^snap-\\d{2}(?=\\n?$)', rewritten: true });
    const re = new RegExp(reading.kind === 'unicode' ? reading.source : '', 'u');
    expect(['snap-12', 'snap-12\n'].map((t) => re.test(t))).toEqual([true, true]);
    expect(['xsnap-12', 'snap-12\n\n', 'snap-123'].map((t) => re.test(t))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('that compiles only without `u` is read so', () => {
    expect(readPattern('^[^\\000-\\037]+$')).toEqual({
      kind: 'plain',
      source: '^[^\\000-\\037]+$',
    });
  });

  it.each([
    // Java's script names and character classes: JavaScript wants `\p{Script=Han}`.
    ['^\\p{Han}+$', 'Invalid property name'],
    // Without `u` these would be the letters p and x: not what the author wrote.
    ['[\\p\\{L\\}]+', '`\\p` has no meaning in JavaScript regular expressions'],
    ['^[\\x{60}a]$', '`\\x` has no meaning in JavaScript regular expressions'],
    ['^\\h+$', '`\\h` has no meaning in JavaScript regular expressions'],
    // Python's named groups.
    ['(?P<name>.*)', 'Invalid group'],
  ])('%s has no reading', (pattern, why) => {
    expect(readPattern(pattern)).toEqual({ kind: 'unreadable', why });
  });
});
