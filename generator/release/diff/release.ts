/**
 * The release step of `generate`: the package has its own semantic version, decided from
 * what changed in the generated package since its last release — the spec's changes and the
 * generator's alike. Breaking changes of its public surface give a major release, additions a
 * minor one, any other change of its files (a fix, docs, the runtime, a new API version with
 * the same surface) a patch, and nothing changed keeps the version. The API's own version
 * (`info.version`) is whatever the provider says; it is carried along, not checked.
 *
 * The last release lives in the committed `generated/api-surface.json`, so the decision needs
 * no git history and `generate --check` gives the same answer on any clean clone. While a
 * release is being prepared the version is always worked out from the last *released* one, so
 * regenerating ten times in a pull request still gives one step; `generate --release` marks
 * the current version as released, and the next change starts a new one.
 */
import type { ExportedName } from '../../shared/module-exports.js';
import { buildPackageSurface } from './package-surface.js';
import { inlineText } from './markdown-text.js';
import { renderMarkdown } from './render.js';
import { buildReport, type ChangeReport } from './report.js';
import type { SurfaceSource } from './snapshot.js';
import { nextVersion, parseVersion, type Bump } from './version.js';

/** One version of the package, as recorded. */
export interface PackageState {
  readonly version: string;
  /** Digest of every generated file, made with a neutral package version so that it does not depend on the version. */
  readonly digest: string;
  /** Digest of the spec: tells a spec change from a generator change. */
  readonly specDigest: string;
  /** `info.x-sdk-spec-revision`, when the spec declares one: see `apiVersionWarning`. */
  readonly specRevision?: number;
  /** The API surface from the IR; `surface.version` is the API's version. */
  readonly surface: SurfaceSource;
  /** Every other exported name; absent in a record written before they were recorded. */
  readonly exports?: readonly ExportedName[];
}

export interface ReleaseState {
  /** What `generated/` holds now. */
  readonly current: PackageState;
  /** The last released version, while `current` is being prepared; absent when `current` is released. */
  readonly released?: PackageState;
}

export interface ReleaseRequest {
  readonly state?: ReleaseState;
  /** The package just generated, before its version is decided. */
  readonly now: Omit<PackageState, 'version'>;
  /** `generate --release`: the version decided now is the one being published. */
  readonly markReleased: boolean;
  /** How a text report names the two sides: the state file and the spec. */
  readonly labels?: { readonly base: string; readonly head: string };
}

export interface ReleasePlan {
  readonly version: string;
  readonly state: ReleaseState;
  /** The last released version: changelog entries above it are the ones being prepared. */
  readonly baseline?: string;
  /** The changelog's newest entry; absent when nothing changed since the last release. */
  readonly entry?: string;
  readonly report?: ChangeReport;
  /** Something worth a look that does not stop the generation. */
  readonly warning?: string;
  /** Why no version can be decided (a hand-edited record); the generation is refused. */
  readonly problem?: string;
}

/** The first version of a package: the API's version when it is `x.y.z` (continuity with clients versioned that way), else 0.1.0. */
export function firstVersion(apiVersion: string): string {
  return parseVersion(apiVersion) ? apiVersion : '0.1.0';
}

export function planRelease(request: ReleaseRequest): ReleasePlan {
  const { state, now, markReleased, labels = { base: 'previous', head: 'current' } } = request;
  if (!state) {
    const version = firstVersion(now.surface.version);
    return { version, state: { current: { ...now, version } }, entry: firstEntry(version, now) };
  }
  const baseline = state.released ?? state.current;
  // A record without exported names (written by an older generator) is compared on the API surface alone.
  const names = (recorded: readonly ExportedName[] | undefined) => recorded ?? now.exports ?? [];
  const report = buildReport(
    { label: labels.base, ...buildPackageSurface(baseline.surface, names(baseline.exports)) },
    { label: labels.head, ...buildPackageSurface(now.surface, names(now.exports)) },
  );
  const bump: Bump =
    report.bump !== 'none' ? report.bump : baseline.digest === now.digest ? 'none' : 'patch';
  const version = nextVersion(baseline.version, bump);
  if (version === undefined)
    return {
      version: baseline.version,
      state,
      problem: `the recorded package version '${baseline.version}' is not x.y.z`,
    };
  const released = { ...report, release: { previous: baseline.version, next: version, bump } };
  const current: PackageState = { ...now, version };
  const warning = apiVersionWarning(released, baseline, now);
  return {
    version,
    state: bump === 'none' || markReleased ? { current } : { current, released: baseline },
    baseline: baseline.version,
    report: released,
    ...(bump !== 'none' ? { entry: renderMarkdown(released) } : {}),
    ...(warning ? { warning } : {}),
  };
}

/**
 * The spec's operations or types changed but its `info.version` did not: probably a forgotten
 * bump on the provider's side. A spec kept by hand beside the provider's changes its surface
 * without a new interface when it corrects the description (a wrong type, a missing enum);
 * it says so by raising `info.x-sdk-spec-revision`, which the release records, so a changed
 * revision (or a first one) is a stated correction and not warned about. Nothing in the
 * document itself can tell the two apart, so without the statement the warning stays.
 */
function apiVersionWarning(
  report: ChangeReport,
  baseline: PackageState,
  now: ReleaseRequest['now'],
): string | undefined {
  const fromSpec = report.changes.filter((c) => c.entry.subject !== 'export').length;
  if (
    fromSpec === 0 ||
    baseline.specDigest === now.specDigest ||
    report.base.version !== report.head.version ||
    baseline.specRevision !== now.specRevision
  )
    return undefined;
  return `the spec changed the API surface (${fromSpec} change(s)) but info.version is still ${report.head.version}; the package's version moves anyway`;
}

/** What to do about `apiVersionWarning`, for its diagnostic. */
export const API_VERSION_HINT =
  "raise info.version if the API's interface changed; if the change corrects the spec's description of the same interface, raise info.x-sdk-spec-revision (a whole number from 1)";

function firstEntry(version: string, now: ReleaseRequest['now']): string {
  const n = now.surface.operations.length;
  return `## ${inlineText(version)}\n\nAPI ${inlineText(now.surface.version)}. First version with a recorded public surface (${n} operation${n === 1 ? '' : 's'}). Later entries list what changed since the version before, as \`connect-codegen diff\` reports it.\n`;
}

const INTRO =
  'Releases of this package, newest first. Each is headed by the package version, names the API version (`info.version`) it was generated from, and lists what changed in its public surface, as `connect-codegen diff --format markdown` reports it.';

/**
 * The changelog with `entry` first. Entries above the last released version's are the
 * release being prepared: they are replaced, so a version that grew from minor to major
 * while a pull request went on leaves one entry, not two.
 */
export function updateChangelog(
  existing: string | undefined,
  entry: string | undefined,
  header: string,
  baseline?: string,
): string {
  const entries = (existing ?? '')
    .split(/^(?=## )/m)
    .filter((chunk) => chunk.startsWith('## '))
    .map((chunk) => `${chunk.trimEnd()}\n`);
  // Headings show a version as markdown does (`renderMarkdown`), so the baseline is compared in that form.
  const version = (text: string) => text.split('\n', 1)[0]!.slice(3).trim();
  const releasedAt =
    baseline === undefined ? -1 : entries.findIndex((e) => version(e) === inlineText(baseline));
  const kept = releasedAt >= 0 ? entries.slice(releasedAt) : entries;
  const older = entry === undefined ? kept : kept.filter((e) => version(e) !== version(entry));
  return [
    `# Changelog\n\n<!-- ${header} -->\n\n${INTRO}\n`,
    ...(entry !== undefined ? [entry] : []),
    ...older,
  ].join('\n');
}
