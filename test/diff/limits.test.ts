/**
 * How constraints are compared, beside the spec-pair rows of rules-limits.test.ts: bounds
 * given twice, counts whose absence means 0, and records written before the surface held
 * media types and the later keywords (those must not show up as added).
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { compareLimits } from '../../generator/release/diff/limits.js';
import { codeSpan, plain } from '../../generator/release/diff/phrase.js';
import { buildReport } from '../../generator/release/diff/report.js';
import { snapshotOf, type SurfaceSource } from '../../generator/release/diff/snapshot.js';
import { specToIr } from '../../generator/release/diff/source.js';
import { parseState, serializeState } from '../../generator/release/diff/state-file.js';
import { buildSurface } from '../../generator/release/diff/surface.js';
import { describeChange } from '../../generator/release/diff/describe.js';
import type { Doc } from './support.js';

const LIMITS_BASE = 'test/fixtures/diff/limits-base.yaml';

/** The changes with their details in words, as the JSON report holds them. */
const worded = (changes: ReturnType<typeof compareLimits>) =>
  changes.map((c) => ({ ...c, detail: plain(c.detail) }));

describe('comparing the constraints of one value', () => {
  it('takes the tighter of an inclusive and an exclusive bound given together', () => {
    // Both bounds at 5: the exclusive one decides; dropping the inclusive one changes nothing.
    expect(compareLimits({ minimum: 5, exclusiveMinimum: 5 }, { exclusiveMinimum: 5 })).toEqual([]);
    expect(worded(compareLimits({ minimum: 0, exclusiveMinimum: 3 }, { minimum: 4 }))).toEqual([
      { direction: 'narrowed', detail: '`exclusiveMinimum` 3 → `minimum` 4' },
    ]);
    expect(worded(compareLimits({ exclusiveMaximum: 10 }, { maximum: 10 }))).toEqual([
      { direction: 'widened', detail: '`exclusiveMaximum` 10 → `maximum` 10' },
    ]);
  });

  it('reads a missing minimum count as 0 and a missing maximum as none', () => {
    expect(compareLimits({ minItems: 0 }, {})).toEqual([]);
    expect(worded(compareLimits({}, { maxItems: 3 }))).toEqual([
      { direction: 'narrowed', detail: '`maxItems` none → 3' },
    ]);
  });

  it('shows a pattern holding backticks as one code span', () => {
    expect(codeSpan('^a`b$')).toBe('`` ^a`b$ ``');
    expect(plain(compareLimits({}, { pattern: '^[a-z]+$' })[0]!.detail)).toBe(
      '`pattern` none → `^[a-z]+$`',
    );
  });

  it('leaves out the keys it is told to skip', () => {
    expect(compareLimits({ multipleOf: 2 }, { multipleOf: 3 }, new Set(['multipleOf']))).toEqual(
      [],
    );
  });
});

function source(doc: Doc): SurfaceSource {
  const loaded = specToIr({ label: 'spec.yaml', text: stringify(doc) });
  if (!loaded.ir) throw new Error('the fixture is not valid');
  return snapshotOf(loaded.ir);
}

/** A record as a generator from before levels wrote it: no level, no media types, none of the later keywords. */
function olderRecord(recorded: SurfaceSource): SurfaceSource {
  const later = new Set([
    'mediaTypes',
    'multipleOf',
    'uniqueItems',
    'minProperties',
    'maxProperties',
  ]);
  const { level: _level, ...rest } = recorded;
  return JSON.parse(JSON.stringify(rest, (key, value) => (later.has(key) ? undefined : value)));
}

function changesBetween(base: SurfaceSource, head: SurfaceSource): string[] {
  return buildReport(
    { label: 'base', ...buildSurface(base) },
    { label: 'head', ...buildSurface(head) },
  ).changes.map((c) => plain(describeChange(c)));
}

describe('a record from before media types and the later keywords were recorded', () => {
  const doc = parse(readFileSync(LIMITS_BASE, 'utf8')) as Doc;

  it('reports none of them as added, and still compares what it did record', () => {
    const head = structuredClone(doc);
    head.components.schemas.ReadingCreate.properties.meter.maxLength = 10;
    expect(changesBetween(olderRecord(source(doc)), source(head))).toEqual([
      'request body field `meter` narrowed (`maxLength` 20 → 10)',
    ]);
  });

  it('compares them once both sides hold them', () => {
    const head = structuredClone(doc);
    head.components.schemas.ReadingCreate.properties.value.multipleOf = 1;
    expect(changesBetween(source(doc), source(head))).toEqual([
      'request body field `value` narrowed (`multipleOf` 0.5 → 1)',
    ]);
    expect(changesBetween(olderRecord(source(doc)), source(head))).toEqual([]);
  });

  it('keeps its level through the state file', () => {
    const surface = source(doc);
    const state = { current: { version: '1.0.0', digest: 'd', specDigest: 's', surface } };
    const read = parseState(serializeState(state, 'h'));
    expect(typeof read === 'string' ? read : read.current.surface.level).toBe(2);
    expect(read).toEqual(state);
  });
});
