/**
 * The release step of `generate`: the package version is the spec's `info.version`, and it
 * must move in step with what changed since the previous release (major for breaking
 * changes, minor for compatible ones). The previous surfaces live in the committed
 * `generated/api-surface.json`, so the check needs no git history and `generate --check`
 * gives the same answer on any clean clone.
 *
 * Regenerating while a version is being prepared (same `info.version` as last time)
 * compares with the release before it, so a pull request can change the spec several
 * times under one new version. The very first recorded version counts as released.
 */
import { renderMarkdown } from './render.js';
import { buildReport, type ChangeReport } from './report.js';
import type { SurfaceSource } from './snapshot.js';
import { buildSurface } from './surface.js';

export interface ReleaseState {
  /** The surface `generated/` was last generated from. */
  readonly release: SurfaceSource;
  /** The release before it, while `release` is being prepared; absent for the first recorded version. */
  readonly previous?: SurfaceSource;
  /** Set when `release` was written with `--allow-version-mismatch`, so later runs of the same version accept it too. */
  readonly versionCheckOverridden?: boolean;
  /** Digest of the spec `release` came from: when it is unchanged, a different surface comes from the generator, not the spec. */
  readonly specDigest?: string;
}

export interface ReleaseRequest {
  readonly state?: ReleaseState;
  readonly current: SurfaceSource;
  readonly specDigest: string;
  readonly allowVersionMismatch: boolean;
  /** How a text report names the two sides: the state file and the spec. */
  readonly labels?: { readonly base: string; readonly head: string };
}

export interface ReleasePlan {
  readonly state: ReleaseState;
  /** The changelog's newest entry. */
  readonly entry: string;
  readonly report?: ChangeReport;
  /** Why the version does not move in step; set only when the generation must be refused. */
  readonly problem?: { readonly message: string; readonly hint: string };
}

export function planRelease(request: ReleaseRequest): ReleasePlan {
  const { state, current, specDigest, allowVersionMismatch, labels = { base: 'previous', head: 'current' } } = request;
  if (!state) return { state: { release: current, specDigest }, entry: firstEntry(current) };
  const sameVersion = current.version === state.release.version;
  const base = sameVersion ? (state.previous ?? state.release) : state.release;
  const report = buildReport({ label: labels.base, ...buildSurface(base) }, { label: labels.head, ...buildSurface(current) });
  // Same spec as last time: whatever differs comes from a newer generator, which the spec's version cannot answer for.
  // So does the first recorded version regenerated without changes: there is nothing to record.
  if (sameVersion && (state.specDigest === specDigest || (!state.previous && report.changes.length === 0))) {
    return { state: { ...state, release: current, specDigest }, entry: state.previous ? renderMarkdown(report) : firstEntry(current), report };
  }
  const inStep = report.step?.inStep ?? false;
  const overridden = !inStep && (allowVersionMismatch || (sameVersion && state.versionCheckOverridden === true));
  const next: ReleaseState = { release: current, previous: base, specDigest, ...(overridden ? { versionCheckOverridden: true } : {}) };
  const plan = { state: next, entry: renderMarkdown(report), report };
  if (inStep || overridden) return plan;
  return { ...plan, problem: versionProblem(report) };
}

function versionProblem(report: ChangeReport): { message: string; hint: string } {
  const { base, head, step, breaking, compatible } = report;
  const hint = 'or pass --allow-version-mismatch to generate it anyway';
  if (!step) return { message: `info.version '${head.version}' (or the previous '${base.version}') is not x.y.z, so the version step cannot be checked`, hint };
  const what = breaking > 0 ? `${breaking} breaking change(s)` : `${compatible} compatible change(s)`;
  return {
    message: `info.version is ${head.version}, but the API surface has ${what} since ${base.version}: it needs a ${report.bump} release, at least ${step.minimum}`,
    hint: `set info.version to ${step.minimum}, ${hint}`,
  };
}

function firstEntry(current: SurfaceSource): string {
  const n = current.operations.length;
  return `## ${current.version}\n\nFirst version with a recorded API surface (${n} operation${n === 1 ? '' : 's'}). Later entries list what changed since the version before, as \`connect-codegen diff\` reports it.\n`;
}

const INTRO = 'Changes to the API surface of this package, newest first, each as `connect-codegen diff --format markdown` reports it.';

/** Puts `entry` first in the changelog, replacing the newest entry when it is for the same version. */
export function updateChangelog(existing: string | undefined, entry: string, header: string): string {
  const entries = (existing ?? '')
    .split(/^(?=## )/m)
    .filter((chunk) => chunk.startsWith('## '))
    .map((chunk) => `${chunk.trimEnd()}\n`);
  const heading = (text: string) => text.split('\n', 1)[0];
  const older = entries[0] !== undefined && heading(entries[0]) === heading(entry) ? entries.slice(1) : entries;
  return [`# Changelog\n\n<!-- ${header} -->\n\n${INTRO}\n`, entry, ...older].join('\n');
}
