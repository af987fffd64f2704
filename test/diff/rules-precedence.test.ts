/**
 * The rules table decides a change's rule by what fits, never by order: at most one rule is
 * left once `overrides` are applied, every rule is the one chosen somewhere, and every
 * override names a rule it really meets. Adding a rule that fits the same changes as another
 * fails here until one names the other.
 */
import { describe, expect, it } from 'vitest';
import type { Change, ChangeKind } from '../../generator/release/diff/compare.js';
import { RULES, ruleFor, rulesFitting, type Rule } from '../../generator/release/diff/rules.js';
import type { Side, Subject, SurfaceEntry } from '../../generator/release/diff/surface-model.js';

/** Where each subject sits; a `Record` so that a new subject fails to compile here until it is placed. */
const SIDES: Readonly<Record<Subject, readonly Side[]>> = {
  type: ['operation'],
  export: ['operation'],
  operation: ['operation'],
  parameter: ['request'],
  'request-body': ['request'],
  status: ['response'],
  field: ['request', 'response'],
};

/** Every kind of change the comparison names; a `Record` for the same reason. */
const KINDS = Object.keys({
  added: true,
  removed: true,
  'made-required': true,
  'made-optional': true,
  'made-nullable': true,
  'made-non-nullable': true,
  'type-changed': true,
  'body-added': true,
  'body-removed': true,
  'value-added': true,
  'value-removed': true,
  'variant-added': true,
  'variant-removed': true,
  'client-renamed': true,
  deprecated: true,
  'constraint-narrowed': true,
  'constraint-widened': true,
  'constraint-replaced': true,
  'media-type-added': true,
  'media-type-removed': true,
} satisfies Record<ChangeKind, true>) as ChangeKind[];

/** Every change a rule could be asked about: each kind of each subject on each side, required or not, a success or not. */
const CHANGES: readonly Change[] = Object.entries(SIDES).flatMap(([subject, sides]) =>
  sides.flatMap((side) =>
    [true, false].flatMap((required) =>
      (subject === 'status' ? [true, false] : [undefined]).flatMap((success) =>
        KINDS.map((kind): Change => {
          const entry: SurfaceEntry = {
            key: `${subject} ${side}`,
            operation: 'GET /x/',
            subject: subject as Subject,
            side,
            location: [`${subject} on the ${side} side`],
            required,
            nullable: false,
            type: 'string',
            ...(success === undefined ? {} : { success }),
          };
          return { kind, entry };
        }),
      ),
    ),
  ),
);

const name = ({ kind, entry }: Change) =>
  `${kind} of ${entry.required ? 'a required' : 'an optional'} ${entry.subject} on the ${entry.side} side${entry.success === undefined ? '' : entry.success ? ' (success)' : ' (error)'}`;

describe('which rule a change gets', () => {
  it('leaves at most one rule for any change once overrides are applied', () => {
    const ambiguous = CHANGES.flatMap((change) => {
      const fitting = rulesFitting(change);
      const left = fitting.filter((r) => !fitting.some((o) => o.overrides === r.id));
      return left.length > 1 ? [`${name(change)}: ${left.map((r) => r.id).join(', ')}`] : [];
    });
    expect(ambiguous).toEqual([]);
  });

  it('chooses every rule for some change: none is shadowed by another', () => {
    const chosen = new Set(CHANGES.map((c) => ruleFor(c)?.id));
    expect(RULES.map((r) => r.id).filter((id) => !chosen.has(id))).toEqual([]);
  });

  it('chooses the same rules whatever order the table is in', () => {
    const reversed = [...RULES].reverse();
    const differing = CHANGES.filter((c) => ruleFor(c)?.id !== ruleFor(c, reversed)?.id);
    expect(differing.map(name)).toEqual([]);
  });

  it('names rules by unique ids', () => {
    const ids = RULES.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('overrides only a rule for the same change on the side its subject is on, where both fit', () => {
    const byId = new Map(RULES.map((r) => [r.id, r]));
    const wrong = RULES.filter((r) => r.overrides !== undefined).flatMap((r) => {
      const other = byId.get(r.overrides!);
      if (!other) return [`${r.id} overrides ${r.overrides}, which is not a rule`];
      const both = CHANGES.filter((c) => {
        const fitting = rulesFitting(c);
        return fitting.includes(r) && fitting.includes(other);
      });
      if (both.length === 0) return [`${r.id} overrides ${other.id}, but no change fits both`];
      if (other.target !== 'request' && other.target !== 'response')
        return [`${r.id} overrides ${other.id}, which is not a rule for a whole side`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('refuses a table where two rules fit one change and neither overrides the other', () => {
    const twin: Rule = { ...RULES.find((r) => r.id === 'request-nullable')!, id: 'twin' };
    const change = CHANGES.find((c) => c.kind === 'made-nullable' && c.entry.side === 'request')!;
    expect(() => ruleFor(change, [...RULES, twin])).toThrow(
      /rules request-nullable, twin all fit made-nullable/,
    );
  });

  it('gives a subject its own rule where one overrides its side', () => {
    const removed = (subject: Subject, side: Side) =>
      ruleFor(
        CHANGES.find(
          (c) => c.kind === 'removed' && c.entry.subject === subject && c.entry.side === side,
        )!,
      )?.id;
    expect(removed('parameter', 'request')).toBe('parameter-removed');
    expect(removed('request-body', 'request')).toBe('body-removed');
    expect(removed('field', 'request')).toBe('request-field-removed');
    expect(removed('field', 'response')).toBe('response-field-removed');
  });

  it('tells a success status from an error status by what the surface carries', () => {
    const added = (success: boolean) =>
      ruleFor(
        CHANGES.find(
          (c) => c.kind === 'added' && c.entry.subject === 'status' && c.entry.success === success,
        )!,
      )?.id;
    expect(added(true)).toBe('status-added-success');
    expect(added(false)).toBe('status-added-error');
  });
});
