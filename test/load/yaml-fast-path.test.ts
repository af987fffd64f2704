/**
 * The YAML fast path (js-yaml, no YAML tree unless a diagnostic asks where): it either
 * declines or gives exactly the value the YAML path gives, so the document `parseSource`
 * returns is the same, and whatever the YAML path reports is still reported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { MAX_DEPTH } from '../../generator/load/depth.js';
import { parseSource } from '../../generator/load/load.js';
import { yamlValueFast } from '../../generator/load/load-yaml-fast.js';
import { parseWithYaml } from '../../generator/load/load-yaml.js';

/** Every `.yaml`/`.yml` file under `dir`, following symbolic links. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/i.test(name))
    .map((name) => join(dir, name))
    .sort();
}

const CORPUS = [
  ...yamlFiles('spec'),
  ...yamlFiles('test/fixtures'),
  ...yamlFiles('node_modules/@readme/oas-examples'),
];

/**
 * `actual` is `expected`, as Node compares values (an own `__proto__` property included,
 * which vitest's equality does not follow); vitest's comparison only shows a difference.
 */
function expectSame(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toStrictEqual(expected);
  expect(isDeepStrictEqual(actual, expected)).toBe(true);
}

/** The fast value of `text`, checked against the YAML path's: `undefined` when it declined. */
function fastChecked(text: string): unknown {
  const fast = yamlValueFast(text);
  if (fast === undefined) return undefined;
  const slow = parseWithYaml('spec.yaml', text);
  expect(slow.diagnostics).toEqual([]);
  expectSame(fast, slow.document?.value);
  return fast;
}

/** The value of `k: <scalar>`, which the fast path must take and read as the YAML path does. */
function plainValue(scalar: string): unknown {
  const value = fastChecked(`k: ${scalar}\n`);
  expect(value).toBeDefined();
  return (value as { k: unknown }).k;
}

describe('the YAML fast path on every YAML file at hand', () => {
  it('finds the corpus', () => {
    expect(CORPUS.length).toBeGreaterThan(50);
    expect(CORPUS).toContain('spec/connect-api.yaml');
  });

  it.each(CORPUS)('%s: declines or gives the YAML path’s value and document', (file) => {
    const text = readFileSync(file, 'utf8');
    fastChecked(text);
    const slow = parseWithYaml(file, text);
    const loaded = parseSource(file, text);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(slow.diagnostics.map((d) => d.code));
    expectSame(loaded.document?.value, slow.document?.value);
  });

  it('takes our spec and Star Trek’s', () => {
    const starTrek = 'node_modules/@readme/oas-examples/3.0/yaml/star-trek.yaml';
    for (const file of ['spec/connect-api.yaml', starTrek])
      expect(yamlValueFast(readFileSync(file, 'utf8'))).toBeDefined();
  });
});

describe('the YAML fast path on JSON documents written out as YAML', () => {
  const dir = 'node_modules/@readme/oas-examples/3.0/json';
  const documents = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));

  // Each package quotes what it would read as something else (js-yaml also `yes`, `0b1`...).
  it.each(documents)('%s: takes it or declines, and reads it as the YAML path does', (file) => {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    for (const text of [stringify(value), dump(value), stringify(value, { lineWidth: 0 })])
      fastChecked(text);
  });
});

describe('plain scalars, resolved as YAML 1.2’s core schema', () => {
  it.each([
    ['yes', 'yes'],
    ['no', 'no'],
    ['on', 'on'],
    ['Off', 'Off'],
    ['0b1', '0b1'],
    ['1_000', '1_000'],
    ['1:30', '1:30'],
    ['2001-12-14', '2001-12-14'],
    ['0O17', '0O17'],
    ['-.nan', '-.nan'],
    ['nUll', 'nUll'],
    ['tRue', 'tRue'],
    ['=', '='],
    ['0o17', 15],
    ['0x1F', 31],
    ['+12', 12],
    ['012', 12],
    ['1e3', 1000],
    ['-1.5e-3', -0.0015],
    ['.5', 0.5],
    ['5.', 5],
    ['.inf', Infinity],
    ['-.Inf', -Infinity],
    ['+.INF', Infinity],
    ['.NaN', NaN],
    ['~', null],
    ['Null', null],
    ['NULL', null],
    ['', null],
    ['True', true],
    ['FALSE', false],
    ['123456789012345678901234567890', 1.2345678901234568e29],
    ['"0x1F"', '0x1F'],
    ["'true'", 'true'],
  ])('%s', (scalar, expected) => {
    expect(plainValue(scalar)).toStrictEqual(expected);
  });

  it('keys become the same properties (`200:` is "200", `1.0:` is "1")', () => {
    expect(fastChecked('200: a\n1.0: b\n0x10: c\ntrue: d\n.inf: e\n')).toStrictEqual({
      '200': 'a',
      '1': 'b',
      '16': 'c',
      true: 'd',
      Infinity: 'e',
    });
  });
});

describe('what the fast path declines, and the YAML path still decides', () => {
  it.each([
    ['an anchor and an alias', 'a: &x {t: 1}\nb: *x\n'],
    ['a merge key', 'a: &x {t: 1}\nb:\n  <<: *x\n'],
    ['a bare merge key', 'b:\n  <<: {t: 1}\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a local tag', 'a: !thing 1\n'],
    ['the non-specific tag', 'a: ! 1\n'],
    ['a verbatim tag', 'a: !<tag:yaml.org,2002:str> 1\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['an explicit key', '? a\n: 1\n'],
    ['a key that is a flow sequence', '[a, b]: 1\n'],
    ['a key that is a flow mapping', 'x: {{a: 1}: 2}\n'],
    ['a null key', '~: 1\n'],
    ['an empty key', ': 1\n'],
    ['a __proto__ key', '__proto__:\n  a: 1\n'],
    ['a repeated key', 'a: 1\na: 2\n'],
    ['a key repeated as a number and a string', '200: a\n"200": b\n'],
    ['a key of 1100 characters', `${'k'.repeat(1100)}: 1\n`],
    ['a flow collection over several lines', 'a: [1,\n2]\n'],
    ['a root that is a list', '- a\n- b\n'],
    ['a root that is a scalar', 'just text\n'],
    ['an empty document', ''],
    ['a syntax error', 'a: b: c\n'],
    ['a tab', 'a:\t1\n'],
    ['a line of spaces in a block scalar', 'a: >-\n   x\n    \nb: 1\n'],
  ])('%s', (_, text) => {
    expect(yamlValueFast(text)).toBeUndefined();
    const slow = parseWithYaml('spec.yaml', text);
    const loaded = parseSource('spec.yaml', text);
    expect(loaded.diagnostics).toEqual(slow.diagnostics);
    expectSame(loaded.document?.value, slow.document?.value);
  });

  it('a repeated key is still reported, where it is', () => {
    const result = parseSource('spec.yaml', 'openapi: 3.1.0\nopenapi: 3.0.3\n');
    expect(result.document).toBeUndefined();
    expect(result.diagnostics).toMatchObject([
      { code: 'duplicate-key', pointer: '/openapi', line: 2, column: 1 },
    ]);
  });

  it('nesting past the depth limit', () => {
    const within = `a: ${'['.repeat(MAX_DEPTH - 1)}${']'.repeat(MAX_DEPTH - 1)}\n`;
    expect(fastChecked(within)).toBeDefined();
    const past = `a: ${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}\n`;
    expect(yamlValueFast(past)).toBeUndefined();
    expect(parseSource('spec.yaml', past).diagnostics).toMatchObject([{ code: 'too-deep' }]);
  });

  it('a document it takes is located through the YAML tree when asked', () => {
    const text = 'openapi: 3.1.0\npaths:\n  /a:\n    get: {}\n';
    const { document } = parseSource('spec.yaml', text);
    expect(yamlValueFast(text)).toBeDefined();
    expect(document?.locate('/paths/~1a/get')).toEqual({ line: 4, column: 5 });
  });
});
