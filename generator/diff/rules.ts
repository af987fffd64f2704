/**
 * The classification rules, in one table, from the viewpoint of a client user: someone who
 * upgrades the generated package and whose code must keep compiling and keep working.
 * Requests and responses are judged in opposite directions: the client may send less and
 * must accept more. The README's rules table is rendered from this one (`rulesTable`).
 */
import type { Change, ChangeKind } from './compare.js';
import { LIMIT_RULES } from './rules-limits.js';
import type { Side, Subject } from './surface-model.js';

export type Verdict = 'breaking' | 'compatible';

/** What a rule applies to; `request` and `response` mean any subject on that side. */
export type Target = Subject | 'request' | 'response';

/** Extra condition some rules need: whether an added thing is required, whether a status is a success. */
type Condition = 'required' | 'optional' | 'success' | 'error';

export interface Rule {
  readonly id: string;
  readonly target: Target;
  readonly kind: ChangeKind;
  readonly when?: Condition;
  readonly verdict: Verdict;
  /** The change in words, for the table. */
  readonly change: string;
  /** Why, from the client user's side. */
  readonly reason: string;
}

const rule = (
  id: string,
  target: Target,
  kind: ChangeKind,
  verdict: Verdict,
  change: string,
  reason: string,
  when?: Condition,
): Rule => ({
  id,
  target,
  kind,
  verdict,
  change,
  reason,
  ...(when ? { when } : {}),
});

export const RULES: readonly Rule[] = [
  rule(
    'operation-added',
    'operation',
    'added',
    'compatible',
    'operation added',
    'a new method; existing code does not call it',
  ),
  rule(
    'operation-removed',
    'operation',
    'removed',
    'breaking',
    'operation removed',
    'calls to it stop compiling',
  ),
  rule(
    'operation-moved',
    'operation',
    'client-renamed',
    'breaking',
    'client method or function renamed (`x-sdk-method`, `operationId`)',
    'calls under the old name stop compiling',
  ),
  rule(
    'operation-deprecated',
    'operation',
    'deprecated',
    'compatible',
    'operation deprecated',
    'it still works; editors strike it through',
  ),
  rule(
    'type-added',
    'type',
    'added',
    'compatible',
    'exported type added',
    'nothing imports it yet',
  ),
  rule(
    'type-removed',
    'type',
    'removed',
    'breaking',
    'exported type removed or renamed',
    'imports of it stop compiling',
  ),
  rule(
    'export-added',
    'export',
    'added',
    'compatible',
    'other export added (a guard, error class, runtime name)',
    'nothing imports it yet',
  ),
  rule(
    'export-removed',
    'export',
    'removed',
    'breaking',
    'other export removed or renamed (generator changes too)',
    'imports of it stop compiling',
  ),
  rule(
    'export-member-added',
    'export',
    'value-added',
    'compatible',
    'member of an exported enum or constant added',
    'code written before does not use it',
  ),
  rule(
    'export-member-removed',
    'export',
    'value-removed',
    'breaking',
    'member of an exported enum or constant removed or renamed (`ConnectorType.Iec62196T2`)',
    'code that names it stops compiling',
  ),
  rule(
    'export-kind-changed',
    'export',
    'type-changed',
    'breaking',
    'export changed kind (a class became a function)',
    'code that uses it the old way stops compiling',
  ),
  rule(
    'parameter-added-optional',
    'parameter',
    'added',
    'compatible',
    'optional parameter added',
    'existing calls need not pass it',
    'optional',
  ),
  rule(
    'parameter-added-required',
    'parameter',
    'added',
    'breaking',
    'required parameter added',
    'existing calls do not pass it',
    'required',
  ),
  rule(
    'parameter-removed',
    'parameter',
    'removed',
    'breaking',
    'parameter removed or renamed',
    'calls that pass it stop compiling',
  ),
  rule(
    'parameter-required',
    'parameter',
    'made-required',
    'breaking',
    'parameter made required',
    'calls that leave it out stop compiling',
  ),
  rule(
    'parameter-optional',
    'parameter',
    'made-optional',
    'compatible',
    'parameter made optional',
    'passing it still works',
  ),
  rule(
    'parameter-deprecated',
    'parameter',
    'deprecated',
    'compatible',
    'parameter deprecated',
    'it still works',
  ),
  rule(
    'body-added-optional',
    'request-body',
    'added',
    'compatible',
    'optional request body added',
    'existing calls need not send one',
    'optional',
  ),
  rule(
    'body-added-required',
    'request-body',
    'added',
    'breaking',
    'required request body added',
    'existing calls do not send one',
    'required',
  ),
  rule(
    'body-removed',
    'request-body',
    'removed',
    'breaking',
    'request body removed',
    'calls that send one stop compiling',
  ),
  rule(
    'body-required',
    'request-body',
    'made-required',
    'breaking',
    'request body made required',
    'calls without one stop compiling',
  ),
  rule(
    'body-optional',
    'request-body',
    'made-optional',
    'compatible',
    'request body made optional',
    'sending one still works',
  ),
  rule(
    'request-field-added-optional',
    'request',
    'added',
    'compatible',
    'optional request field added',
    'existing requests stay valid',
    'optional',
  ),
  rule(
    'request-field-added-required',
    'request',
    'added',
    'breaking',
    'required request field added',
    'existing requests lack it',
    'required',
  ),
  rule(
    'request-field-removed',
    'request',
    'removed',
    'breaking',
    'request field removed',
    'object literals that set it stop compiling',
  ),
  rule(
    'request-field-required',
    'request',
    'made-required',
    'breaking',
    'request field made required',
    'requests that leave it out stop compiling',
  ),
  rule(
    'request-field-optional',
    'request',
    'made-optional',
    'compatible',
    'request field made optional',
    'setting it still works',
  ),
  rule(
    'request-nullable',
    'request',
    'made-nullable',
    'compatible',
    'request value may now be null',
    'values sent today are still accepted',
  ),
  rule(
    'request-non-nullable',
    'request',
    'made-non-nullable',
    'breaking',
    'request value may no longer be null',
    'code that sends null stops compiling',
  ),
  rule(
    'request-enum-widened',
    'request',
    'value-added',
    'compatible',
    'enum value added in a request',
    'values sent today are still accepted',
  ),
  rule(
    'request-enum-narrowed',
    'request',
    'value-removed',
    'breaking',
    'enum value removed in a request',
    'code that sends it stops compiling',
  ),
  rule(
    'request-variant-added',
    'request',
    'variant-added',
    'compatible',
    'union member added in a request',
    'values sent today are still accepted',
  ),
  rule(
    'request-variant-removed',
    'request',
    'variant-removed',
    'breaking',
    'union member removed in a request',
    'code that sends it stops compiling',
  ),
  rule(
    'status-added-success',
    'status',
    'added',
    'breaking',
    'success status added',
    'the call can now return a result existing code does not expect',
    'success',
  ),
  rule(
    'status-added-error',
    'status',
    'added',
    'compatible',
    'error status added',
    'it already arrived as a `SdkError`; now it is declared',
    'error',
  ),
  rule(
    'status-removed-success',
    'status',
    'removed',
    'compatible',
    'success status removed',
    'the result can only take fewer shapes',
    'success',
  ),
  rule(
    'status-removed-error',
    'status',
    'removed',
    'compatible',
    'error status removed',
    'code handling it simply never runs',
    'error',
  ),
  rule(
    'response-body-added',
    'status',
    'body-added',
    'compatible',
    'response body added',
    'code that ignored the result still does',
  ),
  rule(
    'response-body-removed',
    'status',
    'body-removed',
    'breaking',
    'response body removed',
    'code that reads the result gets nothing',
  ),
  rule(
    'response-field-added',
    'response',
    'added',
    'compatible',
    'response field added',
    'guards let unknown properties through, and no code reads it yet',
  ),
  rule(
    'response-field-removed',
    'response',
    'removed',
    'breaking',
    'response field removed',
    'code that reads it stops compiling',
  ),
  rule(
    'response-field-optional',
    'response',
    'made-optional',
    'breaking',
    'response field made optional',
    'code that reads it must now handle its absence',
  ),
  rule(
    'response-field-required',
    'response',
    'made-required',
    'compatible',
    'response field made required',
    'it is always there now',
  ),
  rule(
    'response-nullable',
    'response',
    'made-nullable',
    'breaking',
    'response value may now be null',
    'code that reads it must now handle null',
  ),
  rule(
    'response-non-nullable',
    'response',
    'made-non-nullable',
    'compatible',
    'response value may no longer be null',
    'a null check simply never fires',
  ),
  rule(
    'response-enum-widened',
    'response',
    'value-added',
    'compatible',
    'enum value added in a response',
    'response enums are open: guards and types accept values added later',
  ),
  rule(
    'response-enum-narrowed',
    'response',
    'value-removed',
    'compatible',
    'enum value removed in a response',
    'code handling it simply never sees it',
  ),
  rule(
    'response-variant-added',
    'response',
    'variant-added',
    'breaking',
    'union member added in a response',
    'code that handles each member meets one it does not know',
  ),
  rule(
    'response-variant-removed',
    'response',
    'variant-removed',
    'compatible',
    'union member removed in a response',
    'the value can only take fewer shapes',
  ),
  rule(
    'type-changed',
    'request',
    'type-changed',
    'breaking',
    'type changed in a request',
    'values sent today no longer fit',
  ),
  rule(
    'response-type-changed',
    'response',
    'type-changed',
    'breaking',
    'type changed in a response',
    'code that reads it expects the old type',
  ),
  ...LIMIT_RULES,
];

function targets(rule: Rule, subject: Subject, side: Side): boolean {
  // `operation` names the subject only: exported types sit on the operation side too.
  return (
    rule.target === subject ||
    ((rule.target === 'request' || rule.target === 'response') && rule.target === side)
  );
}

/** Whether a change meets a rule's condition: added things by being required, statuses by being 2xx or 2XX. */
function condition(change: Change): Condition | undefined {
  const { entry } = change;
  if (entry.subject === 'status')
    return /\|status:2(?:\d\d|XX)$/.test(entry.key) ? 'success' : 'error';
  if (change.kind === 'added') return entry.required ? 'required' : 'optional';
  return undefined;
}

/** The first rule that fits. Every change the comparison can produce has one (a test checks this). */
export function ruleFor(change: Change): Rule | undefined {
  const { subject, side } = change.entry;
  const when = condition(change);
  return RULES.find(
    (r) =>
      targets(r, subject, side) &&
      r.kind === change.kind &&
      (r.when === undefined || r.when === when),
  );
}

/** The rules as a markdown table, for the README. */
export function rulesTable(): string {
  const rows = RULES.map(
    (r) =>
      `| ${r.change} | ${r.verdict === 'breaking' ? '**breaking**' : 'compatible'} | ${r.reason} |`,
  );
  return ['| change | verdict | why, for a client user |', '|---|---|---|', ...rows].join('\n');
}
