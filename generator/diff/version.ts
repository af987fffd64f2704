/**
 * Which release a change report needs, by semantic versioning: breaking changes a major
 * release, compatible ones a minor release. Before 1.0.0 everything moves one place down
 * (breaking → minor, compatible → patch), as npm's caret ranges do.
 */
export type Bump = 'major' | 'minor' | 'none';

interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

export function parseVersion(text: string): Version | undefined {
  const match = SEMVER.exec(text);
  return match ? { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) } : undefined;
}

function format(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** The lowest version that may follow `base` for changes needing `bump`; `base` itself when nothing changed. */
export function minimumVersion(base: string, bump: Bump): string | undefined {
  const v = parseVersion(base);
  if (!v) return undefined;
  if (bump === 'none') return format(v);
  const major = bump === 'major';
  if (v.major === 0) return format(major ? { major: 0, minor: v.minor + 1, patch: 0 } : { ...v, patch: v.patch + 1 });
  return format(major ? { major: v.major + 1, minor: 0, patch: 0 } : { ...v, minor: v.minor + 1, patch: 0 });
}

export interface VersionStep {
  /** The lowest acceptable head version. */
  readonly minimum: string;
  readonly inStep: boolean;
}

/** Whether `head` is at least the version the changes since `base` need. Undefined when either is not `x.y.z`. */
export function versionStep(base: string, head: string, bump: Bump): VersionStep | undefined {
  const minimum = minimumVersion(base, bump);
  const parsedMinimum = minimum === undefined ? undefined : parseVersion(minimum);
  const parsedHead = parseVersion(head);
  if (minimum === undefined || !parsedMinimum || !parsedHead) return undefined;
  return { minimum, inStep: compareVersions(parsedHead, parsedMinimum) >= 0 };
}
