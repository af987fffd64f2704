/**
 * The classification rules, in one table, from the viewpoint of a client user: someone who
 * upgrades the generated package and whose code must keep compiling and keep working.
 * Requests and responses are judged in opposite directions: the client may send less and
 * must accept more. The rules table of docs/teams-and-ci.md is rendered from this one (`rulesTable`).
 *
 * The table is kept in a few files by subject; their order here is that table's row order
 * and nothing else. Which rule a change gets does not depend on order: it is the one rule
 * that fits, or, where a rule for a subject and a rule for its side both fit (a removed
 * parameter is also a removed request value), the one that names the other in `overrides`.
 * Two rules that fit one change with neither overriding the other are a mistake in the
 * table, which the rules tests find.
 */
import type { Change, ChangeKind } from './compare.js';
import { NAME_RULES } from './rules-names.js';
import { LIMIT_RULES, TYPE_RULES } from './rules-limits.js';
import { REQUEST_RULES } from './rules-requests.js';
import { RESPONSE_RULES } from './rules-responses.js';
import type { Subject, SurfaceEntry } from './surface-model.js';

export type Verdict = 'breaking' | 'compatible';

/** What a rule applies to; `request` and `response` mean any subject on that side. */
export type Target = Subject | 'request' | 'response';

/** Extra condition some rules need: whether an added thing is required, whether a status is a success. */
export type Condition = 'required' | 'optional' | 'success' | 'error';

export interface Rule {
  /** Stable name, in the JSON report: `parameter-removed`. */
  readonly id: string;
  /** The subject it applies to, or every subject on one side. */
  readonly target: Target;
  /** The change it judges, as the comparison names it. */
  readonly kind: ChangeKind;
  /** Only for changes that meet this condition; any, when absent. */
  readonly when?: Condition;
  /** The rule this one takes the place of where both fit: a side's rule, for one subject on it. */
  readonly overrides?: string;
  readonly verdict: Verdict;
  /** The change in words, for the table. */
  readonly change: string;
  /** Why, from the client user's side. */
  readonly reason: string;
}

export const RULES: readonly Rule[] = [
  ...NAME_RULES,
  ...REQUEST_RULES,
  ...RESPONSE_RULES,
  ...TYPE_RULES,
  ...LIMIT_RULES,
];

/** Whether a change meets a rule's condition: added things by being required, statuses by being successes. */
function conditionOf(change: Change): Condition | undefined {
  const { entry } = change;
  if (entry.subject === 'status') return entry.success ? 'success' : 'error';
  if (change.kind === 'added') return entry.required ? 'required' : 'optional';
  return undefined;
}

/** Every rule of a table that fits a change, whatever overrides what. */
export function rulesFitting(change: Change, rules: readonly Rule[] = RULES): Rule[] {
  const when = conditionOf(change);
  return rules.filter(
    (r) =>
      targets(r.target, change.entry) &&
      r.kind === change.kind &&
      (r.when === undefined || r.when === when),
  );
}

function targets(target: Target, { subject, side }: SurfaceEntry): boolean {
  // `operation` names the subject only: exported types sit on the operation side too.
  return target === subject || ((target === 'request' || target === 'response') && target === side);
}

/** The rule for a change. Every change the comparison can produce has one (a test checks this). */
export function ruleFor(change: Change, rules: readonly Rule[] = RULES): Rule | undefined {
  const fitting = rulesFitting(change, rules);
  const chosen = fitting.filter((r) => !fitting.some((other) => other.overrides === r.id));
  // Unreachable while the rules tests pass; a clear message beats a verdict chosen by order.
  if (chosen.length > 1)
    throw new Error(
      `rules ${chosen.map((r) => r.id).join(', ')} all fit ${change.kind} of ${change.entry.subject} on the ${change.entry.side} side, and none overrides the others`,
    );
  return chosen[0];
}

/** The rules as a markdown table, for docs/teams-and-ci.md. */
export function rulesTable(): string {
  const rows = RULES.map(
    (r) =>
      `| ${r.change} | ${r.verdict === 'breaking' ? '**breaking**' : 'compatible'} | ${r.reason} |`,
  );
  return ['| change | verdict | why, for a client user |', '|---|---|---|', ...rows].join('\n');
}
