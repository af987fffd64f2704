/**
 * Members of a union that share a shape (two inline enums, an integer beside a number) are
 * entries of their own: an unchanged document reports nothing, and a change to one member is
 * reported on that member.
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { reportBetween, THINGS_BASE, verdicts, type Doc } from './support.js';

function withUnions(change: (plan: Doc) => void = () => {}): string {
  const doc = parse(readFileSync(THINGS_BASE, 'utf8')) as Doc;
  const plan = {
    oneOf: [
      { type: 'string', enum: ['SkuPricing'] },
      { type: 'string', enum: ['ProductPricing'] },
    ],
  };
  change(plan);
  doc.components.schemas.Thing.properties.plan = plan;
  doc.components.schemas.Thing.properties.value = {
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'integer' }],
  };
  return stringify(doc);
}

describe('union members of one shape', () => {
  it('an unchanged document with two enum members and a number beside an integer reports no change', () => {
    const text = withUnions();
    const report = reportBetween({ label: 'base.yaml', text }, { label: 'head.yaml', text });
    expect(verdicts(report)).toEqual([]);
  });

  it('a value gained by the second of two enum members is reported on that member', () => {
    const base = withUnions();
    const head = withUnions((plan) => plan.oneOf[1].enum.push('Flat'));
    const descriptions = verdicts(
      reportBetween({ label: 'base.yaml', text: base }, { label: 'head.yaml', text: head }),
    ).map(([, , description]) => description);
    expect(descriptions.length).toBeGreaterThan(0);
    for (const description of descriptions) {
      expect(description).toContain('plan(enum#2)');
      expect(description).toContain('Flat');
      expect(description).not.toContain('SkuPricing');
    }
  });
});
