/**
 * One change in words, shared by the text, markdown and JSON reports. The words are ours and
 * the spec's text stays a part of its own (`phrase.ts`), for each format to show its way.
 */
import type { ChangeKind } from './compare.js';
import { specText, type Phrase } from './phrase.js';
import type { ClassifiedChange, ChangeReport } from './report.js';

type Wording = (detail: Phrase) => Phrase;

const PHRASES: Readonly<Record<ChangeKind, Wording>> = {
  added: () => ['added'],
  removed: () => ['removed'],
  'made-required': () => ['is now required'],
  'made-optional': () => ['is now optional'],
  'made-nullable': () => ['may now be null'],
  'made-non-nullable': () => ['may no longer be null'],
  'type-changed': (d) => ['changed type (', ...d, ')'],
  'body-added': (d) => ['now has a body (', ...d, ')'],
  'body-removed': () => ['no longer has a body'],
  'value-added': (d) => ['gains enum value ', ...d],
  'value-removed': (d) => ['loses enum value ', ...d],
  'variant-added': (d) => ['gains union member ', ...d],
  'variant-removed': (d) => ['loses union member ', ...d],
  'client-renamed': (d) => ['moved in the client (', ...d, ')'],
  deprecated: () => ['is now deprecated'],
  'constraint-narrowed': (d) => ['narrowed (', ...d, ')'],
  'constraint-widened': (d) => ['widened (', ...d, ')'],
  'constraint-replaced': (d) => ['changed constraint (', ...d, ')'],
  'media-type-added': (d) => ['gains media type ', ...d],
  'media-type-removed': (d) => ['loses media type ', ...d],
};

/** An export's members are the names after its dot, not values on the wire. */
const EXPORT_PHRASES: Partial<Record<ChangeKind, Wording>> = {
  'value-added': (d) => ['gains member ', ...d],
  'value-removed': (d) => ['loses member ', ...d],
  'type-changed': (d) => ['changed kind (', ...d, ')'],
};

/** `response 200 field \`connectors\` added (optional, array)`. */
export function describeChange(change: ClassifiedChange): Phrase {
  const { entry, kind } = change;
  const subject = entry.subject === 'operation' ? ['operation'] : entry.location;
  const shape =
    kind === 'added' && entry.side !== 'operation' ? [' (', ...addedShape(change), ')'] : [];
  const wording = (entry.subject === 'export' ? EXPORT_PHRASES[kind] : undefined) ?? PHRASES[kind];
  return [...subject, ' ', ...wording(change.detail ?? []), ...shape];
}

/** What arrived: whether a caller must send it (or can rely on receiving it), and its type. */
function addedShape({ entry }: ClassifiedChange): Phrase {
  if (entry.subject === 'status') return [specText(entry.type)];
  const presence =
    entry.side === 'request'
      ? entry.required
        ? 'required'
        : 'optional'
      : entry.required
        ? 'always present'
        : 'optional';
  return [`${presence}, `, ...(entry.nullable ? ['nullable, '] : []), specText(entry.type)];
}

function count(n: number, what: string): string {
  return n === 0 ? `no ${what} changes` : `${n} ${what} change${n === 1 ? '' : 's'}`;
}

/** "1 breaking change, 2 compatible changes." */
export function summaryLine(report: ChangeReport): string {
  if (report.changes.length === 0) return 'No changes to the public surface.';
  const text = `${count(report.breaking, 'breaking')}, ${count(report.compatible, 'compatible')}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The API versions on both sides: `API 1.4.0 → 1.5.0`, or `API 1.4.0, unchanged`. */
export function apiLine(report: ChangeReport): Phrase {
  const { base, head } = report;
  return base.version === head.version
    ? ['API ', specText(head.version), ', unchanged']
    : ['API ', specText(base.version), ' → ', specText(head.version)];
}

/** What the changes need of the package's version, and (from `generate`) the version it gets. */
export function releaseLine(report: ChangeReport): Phrase {
  const { bump, release } = report;
  const api = [' (', ...apiLine(report), ').'];
  if (!release) {
    const needs =
      bump === 'none'
        ? 'The package needs no new version for its surface'
        : `The package needs a ${bump} release`;
    return [needs, ...api];
  }
  if (release.bump === 'none') return ['The package stays at ', specText(release.next), ...api];
  const why =
    release.bump === 'patch' && bump === 'none'
      ? ': its files changed, not its public surface'
      : '';
  return [
    'The package moves from ',
    specText(release.previous),
    ' to ',
    specText(release.next),
    `, a ${release.bump} release${why}`,
    ...api,
  ];
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
