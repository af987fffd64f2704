/**
 * The package's own semantic version, decided from what changed in it: breaking changes a
 * major release, additions a minor release, any other change of its files (a fix, docs, the
 * runtime) a patch release, nothing at all the same version. Before 1.0.0 everything moves
 * one place down (breaking → minor, additions → patch), as npm's caret ranges do.
 */
export type Bump = 'major' | 'minor' | 'patch' | 'none';

interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

export function parseVersion(text: string): Version | undefined {
  const match = SEMVER.exec(text);
  return match
    ? { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) }
    : undefined;
}

function format(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

/** The version after `base` for changes needing `bump`; `base` itself when nothing changed, undefined when `base` is not `x.y.z`. */
export function nextVersion(base: string, bump: Bump): string | undefined {
  const v = parseVersion(base);
  if (!v) return undefined;
  if (bump === 'none') return base;
  const step =
    v.major === 0 ? ({ major: 'minor', minor: 'patch', patch: 'patch' } as const)[bump] : bump;
  if (step === 'major') return format({ major: v.major + 1, minor: 0, patch: 0 });
  if (step === 'minor') return format({ ...v, minor: v.minor + 1, patch: 0 });
  return format({ ...v, patch: v.patch + 1 });
}
