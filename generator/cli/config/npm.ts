/**
 * npm's own rules for a package name and a version, as the config's `package.name` and
 * `package.version` must meet them (npm refuses to publish otherwise). Written out here rather
 * than taken from `validate-npm-package-name` and `semver`: their current majors need Node 22
 * or would be two more runtime dependencies for some thirty lines. The name rules are those of
 * validate-npm-package-name for new packages; the version is strict SemVer 2.0 as the semver
 * package parses it (numbers within Number.MAX_SAFE_INTEGER, 256 characters at most).
 */
import { builtinModules } from 'node:module';

/** Why `name` is not a name npm accepts for a new package, or `undefined` when it is one. */
export function npmNameProblem(name: string): string | undefined {
  if (name.length > 214) return `is ${name.length} characters long; npm allows 214 at most`;
  if (name.trim() !== name) return 'has leading or trailing spaces';
  if (name.startsWith('.') || name.startsWith('_')) return 'starts with . or _';
  if (name.toLowerCase() !== name) return 'has capital letters; npm names are lower case';
  if (['node_modules', 'favicon.ico'].includes(name)) return 'is a name npm reserves';
  if (builtinModules.includes(name) || builtinModules.includes(`node:${name}`))
    return "is the name of one of Node's own modules";
  const scoped = /^@([^/]+)\/([^/]+)$/.exec(name);
  const parts = scoped ? [scoped[1]!, scoped[2]!] : [name];
  if (!scoped && name.includes('/')) return "has a '/' but is not a scoped name (@scope/name)";
  if (parts.some((part) => encodeURIComponent(part) !== part))
    return 'has characters that are not URL-safe (lower-case letters, digits, - . and _ are)';
  if (/[~'!()*]/.test(parts[parts.length - 1]!)) return "has one of ~'!()* in it";
  if (scoped && (scoped[2]!.startsWith('.') || scoped[2]!.startsWith('_')))
    return 'has a name after the scope that starts with . or _';
  return undefined;
}

const NUMBER = '0|[1-9]\\d*';
const PRERELEASE_ID = `(?:${NUMBER}|\\d*[a-zA-Z-][0-9a-zA-Z-]*)`;
const SEMVER = new RegExp(
  `^(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})` +
    `(?:-(${PRERELEASE_ID}(?:\\.${PRERELEASE_ID})*))?` +
    `(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$`,
);

/** Why `version` is not a SemVer 2.0 version npm accepts, or `undefined` when it is one. */
export function semverProblem(version: string): string | undefined {
  if (version.length > 256)
    return `is ${version.length} characters long; semver allows 256 at most`;
  const match = SEMVER.exec(version);
  if (!match)
    return 'is not major.minor.patch (numbers without leading zeros) with -prerelease and +build parts if any';
  const numbers = [match[1]!, match[2]!, match[3]!];
  if (numbers.some((n) => Number(n) > Number.MAX_SAFE_INTEGER))
    return `has a number over ${Number.MAX_SAFE_INTEGER}, the largest npm can compare`;
  return undefined;
}
