/** One change in words, shared by the text and markdown reports. */
import type { ChangeKind } from './compare.js';
import type { ClassifiedChange, ChangeReport } from './report.js';

const PHRASES: Readonly<Record<ChangeKind, (detail: string) => string>> = {
  added: () => 'added',
  removed: () => 'removed',
  'made-required': () => 'is now required',
  'made-optional': () => 'is now optional',
  'made-nullable': () => 'may now be null',
  'made-non-nullable': () => 'may no longer be null',
  'type-changed': (d) => `changed type (${d})`,
  'body-added': (d) => `now has a body (${d})`,
  'body-removed': () => 'no longer has a body',
  'value-added': (d) => `gains enum value ${d}`,
  'value-removed': (d) => `loses enum value ${d}`,
  'variant-added': (d) => `gains union member ${d}`,
  'variant-removed': (d) => `loses union member ${d}`,
  'client-renamed': (d) => `moved in the client (${d})`,
  deprecated: () => 'is now deprecated',
};

/** `response 200 field \`connectors\` added (optional, array)`. */
export function describeChange(change: ClassifiedChange): string {
  const { entry, kind } = change;
  const subject = entry.subject === 'operation' ? 'operation' : entry.location;
  const shape = kind === 'added' && entry.side !== 'operation' ? ` (${addedShape(change)})` : '';
  return `${subject} ${PHRASES[kind](change.detail ?? '')}${shape}`;
}

/** What arrived: whether a caller must send it (or can rely on receiving it), and its type. */
function addedShape({ entry }: ClassifiedChange): string {
  if (entry.subject === 'status') return entry.type;
  const presence = entry.side === 'request' ? (entry.required ? 'required' : 'optional') : entry.required ? 'always present' : 'optional';
  return [presence, ...(entry.nullable ? ['nullable'] : []), entry.type].join(', ');
}

function count(n: number, what: string): string {
  return n === 0 ? `no ${what} changes` : `${n} ${what} change${n === 1 ? '' : 's'}`;
}

/** "1 breaking change, 2 compatible changes." */
export function summaryLine(report: ChangeReport): string {
  if (report.changes.length === 0) return 'No changes to the API surface.';
  const text = `${count(report.breaking, 'breaking')}, ${count(report.compatible, 'compatible')}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the changes need and whether the head's `info.version` gives it. */
export function releaseLine(report: ChangeReport): string {
  const { step, bump, head } = report;
  const needs = bump === 'none' ? 'They need no new version' : `They need a ${bump} release`;
  if (!step) return `${needs}; info.version ${head.version} is not x.y.z, so it was not checked.`;
  const verdict = step.inStep ? 'is in step' : 'is NOT in step';
  return bump === 'none' && report.changes.length === 0
    ? `info.version ${head.version} ${verdict} (at least ${step.minimum}).`
    : `${needs}: at least ${step.minimum}; info.version ${head.version} ${verdict}.`;
}

export interface ChangeGroup {
  /** `GET /api/v1/users/` or undefined for exported types. */
  readonly operation?: { readonly location: string; readonly client: string };
  readonly changes: readonly ClassifiedChange[];
}

/** Consecutive changes of one operation together (the report is already in operation order). */
export function groupChanges(changes: readonly ClassifiedChange[]): ChangeGroup[] {
  const groups: { operation?: ChangeGroup['operation']; changes: ClassifiedChange[] }[] = [];
  for (const change of changes) {
    const last = groups.at(-1);
    if (last && last.operation?.location === change.within?.location) last.changes.push(change);
    else groups.push({ ...(change.within ? { operation: change.within } : {}), changes: [change] });
  }
  return groups;
}
