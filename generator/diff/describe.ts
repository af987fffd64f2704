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
  'constraint-narrowed': (d) => `narrowed (${d})`,
  'constraint-widened': (d) => `widened (${d})`,
  'constraint-replaced': (d) => `changed constraint (${d})`,
  'media-type-added': (d) => `gains media type ${d}`,
  'media-type-removed': (d) => `loses media type ${d}`,
};

/** An export's members are the names after its dot, not values on the wire. */
const EXPORT_PHRASES: Partial<Record<ChangeKind, (detail: string) => string>> = {
  'value-added': (d) => `gains member ${d}`,
  'value-removed': (d) => `loses member ${d}`,
  'type-changed': (d) => `changed kind (${d})`,
};

/** `response 200 field \`connectors\` added (optional, array)`. */
export function describeChange(change: ClassifiedChange): string {
  const { entry, kind } = change;
  const subject = entry.subject === 'operation' ? 'operation' : entry.location;
  const shape = kind === 'added' && entry.side !== 'operation' ? ` (${addedShape(change)})` : '';
  const phrase = entry.subject === 'export' ? EXPORT_PHRASES[kind] : undefined;
  return `${subject} ${(phrase ?? PHRASES[kind])(change.detail ?? '')}${shape}`;
}

/** What arrived: whether a caller must send it (or can rely on receiving it), and its type. */
function addedShape({ entry }: ClassifiedChange): string {
  if (entry.subject === 'status') return entry.type;
  const presence =
    entry.side === 'request'
      ? entry.required
        ? 'required'
        : 'optional'
      : entry.required
        ? 'always present'
        : 'optional';
  return [presence, ...(entry.nullable ? ['nullable'] : []), entry.type].join(', ');
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
export function apiLine(report: ChangeReport): string {
  const { base, head } = report;
  return base.version === head.version
    ? `API ${head.version}, unchanged`
    : `API ${base.version} → ${head.version}`;
}

/** What the changes need of the package's version, and (from `generate`) the version it gets. */
export function releaseLine(report: ChangeReport): string {
  const { bump, release } = report;
  if (!release) {
    const needs =
      bump === 'none'
        ? 'The package needs no new version for its surface'
        : `The package needs a ${bump} release`;
    return `${needs} (${apiLine(report)}).`;
  }
  if (release.bump === 'none') return `The package stays at ${release.next} (${apiLine(report)}).`;
  const why =
    release.bump === 'patch' && bump === 'none'
      ? ': its files changed, not its public surface'
      : '';
  return `The package moves from ${release.previous} to ${release.next}, a ${release.bump} release${why} (${apiLine(report)}).`;
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
