/**
 * Two surfaces → the change report: every change with its verdict and rule, in a stable
 * order (operations as the head spec lists them, removed ones after, exported names last),
 * and the release of the package the changes need.
 */
import { compareSurfaces, type Change } from './compare.js';
import { plain } from './phrase.js';
import { ruleFor, type Rule, type Verdict } from './rules.js';
import type { Surface, SurfaceEntry } from './surface-model.js';
import type { Bump } from './version.js';

export interface ClassifiedChange extends Change {
  readonly verdict: Verdict;
  readonly rule: Rule;
  /** The operation the change belongs to (as the spec writes it: `GET /users/{id}`); absent for exported types. */
  readonly within?: { readonly location: string; readonly client: string };
}

export interface SpecSide {
  /** Where the spec came from, as the user named it: `spec/connect-api.yaml`, `origin/main:spec/connect-api.yaml`. */
  readonly label: string;
  /** The API's version, the spec's `info.version`. */
  readonly version: string;
}

/** The package versions, when the report is about a generated package (`generate`), not only two specs (`diff`). */
export interface PackageRelease {
  readonly previous: string;
  readonly next: string;
  /** The surface's bump, or `patch` when only other parts of the package's files changed. */
  readonly bump: Bump;
}

export interface ChangeReport {
  readonly base: SpecSide;
  readonly head: SpecSide;
  readonly changes: readonly ClassifiedChange[];
  readonly breaking: number;
  readonly compatible: number;
  /** The release of the package the surface changes need: `major`, `minor` or `none`. */
  readonly bump: Bump;
  readonly release?: PackageRelease;
}

export function buildReport(
  base: Surface & { label: string },
  head: Surface & { label: string },
): ChangeReport {
  const order = groupOrder(base, head);
  const operations = new Map(
    [...base.entries, ...head.entries]
      .filter((e) => e.subject === 'operation')
      .map((e) => [e.key, e]),
  );
  const changes = compareSurfaces(base, head)
    .map((change) => classify(change, operations.get(change.entry.operation)))
    .sort(
      (a, b) =>
        order(a) - order(b) ||
        compareText(plain(a.entry.location), plain(b.entry.location)) ||
        compareText(a.rule.id, b.rule.id),
    );
  const breaking = changes.filter((c) => c.verdict === 'breaking').length;
  const compatible = changes.length - breaking;
  const bump: Bump = breaking > 0 ? 'major' : compatible > 0 ? 'minor' : 'none';
  return {
    base: { label: base.label, version: base.version },
    head: { label: head.label, version: head.version },
    changes,
    breaking,
    compatible,
    bump,
  };
}

function classify(change: Change, operation: SurfaceEntry | undefined): ClassifiedChange {
  const rule = ruleFor(change);
  // Unreachable while the rules test passes; a clear message beats a silent verdict.
  if (!rule)
    throw new Error(
      `no classification rule for ${change.kind} of ${change.entry.subject} on the ${change.entry.side} side`,
    );
  const within = operation
    ? { location: plain(operation.location), client: operation.client ?? '' }
    : undefined;
  return { ...change, rule, verdict: rule.verdict, ...(within ? { within } : {}) };
}

function groupOrder(base: Surface, head: Surface): (change: Change) => number {
  const operations = [...head.entries, ...base.entries]
    .filter((e) => e.subject === 'operation')
    .map((e) => e.key);
  const rank = new Map<string, number>();
  for (const key of operations) if (!rank.has(key)) rank.set(key, rank.size);
  return (change) => rank.get(change.entry.operation) ?? rank.size;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
