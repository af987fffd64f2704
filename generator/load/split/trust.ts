/**
 * What the loader may read, decided before anything is read: a spec is other people's text,
 * run in CI on pull requests, and a `$ref` is a path it chooses. By default a `$ref` reaches
 * files inside the git work tree that holds the root spec (or the spec's own folder when it
 * is in none), never a file inside a `.git` folder (where git keeps a CI token) and never one
 * git ignores (`.env`, credentials, build output); `refRoots` widen that explicitly. Paths are
 * compared as real paths, so a symbolic link does not lead out. Every file, the root spec
 * included, must be a regular file (not a FIFO that blocks, not `/dev/zero`) within the size
 * limits, checked before reading and bounded while reading (a file that grows).
 *
 * A refusal is data (`Refusal`): the loader reports it at the `$ref` that names the file,
 * saying why and how to widen or raise, and never what the file holds.
 */
import { isAbsolute, relative, sep } from 'node:path';

/** Megabytes as the flags and the config give them: 2^20 bytes. */
export const MB = 1024 * 1024;

export interface ReadLimits {
  /** The largest file read, the root spec included. */
  readonly maxFileBytes: number;
  /** The most bytes read over all the files a spec's `$ref`s reach (the root spec not counted). */
  readonly maxTotalBytes: number;
}

/**
 * 24 MB a file (GitHub's 13 MB document, the largest we know, nearly twice over) and 48 MB over
 * a split spec's files. Parsed as YAML, with the syntax tree kept to locate diagnostics, a
 * document takes about 80 times its size in memory (30 MB of YAML: 2.4 GB to validate), and
 * Node's heap stops near 4 GB: past these a run would end in an out-of-memory abort, not in a
 * message that names the file and how to raise the limit.
 */
export const DEFAULT_LIMITS: ReadLimits = { maxFileBytes: 24 * MB, maxTotalBytes: 48 * MB };

/** What the loader reads besides the root spec, beyond the defaults. */
export interface ReadOptions {
  /** More folders `$ref`s may reach (absolute, or relative to the working directory). */
  readonly refRoots?: readonly string[];
  readonly limits?: ReadLimits;
}

/** Why a file is not read, as the loader reports it at the `$ref` (or the root) naming it. */
export interface Refusal {
  /** The diagnostic's code. */
  readonly code: 'ref-outside-root' | 'file-not-regular' | 'file-too-large';
  /** Completes "… names <file>, which cannot be read: <why>". */
  readonly why: string;
  readonly hint: string;
}

/** A read the reader refused, thrown (or rejected with) by `SpecReader.readText`. */
export class ReadRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.why);
  }
}

/** What a file is when it is not a regular file, for the message. */
export function notRegular(kind: string): Refusal {
  return {
    code: 'file-not-regular',
    why: `it is ${kind}, not a regular file`,
    hint: 'only regular files are read: not a FIFO, a device, a socket or a directory',
  };
}

/** `size` is over `limit`: which limit, and how to raise it. */
export function tooLarge(size: number | undefined, limit: number, total: boolean): Refusal {
  const over = size === undefined ? 'it grew' : `it is ${megabytes(size)} MB,`;
  return total
    ? {
        code: 'file-too-large',
        why: `with it the spec's files would be over the ${megabytes(limit)} MB limit for all of them together`,
        hint: 'raise the limit with --max-total-size <MB> or limits.maxTotalSizeMb in the config',
      }
    : {
        code: 'file-too-large',
        why: `${over} over the ${megabytes(limit)} MB limit per file`,
        hint: 'raise the limit with --max-file-size <MB> or limits.maxFileSizeMb in the config',
      };
}

function megabytes(bytes: number): string {
  const mb = bytes / MB;
  return mb >= 10 || Number.isInteger(mb) ? String(Math.round(mb)) : mb.toPrecision(2);
}

/** Where `$ref`s may reach, for one load. */
export interface RefScope {
  /** The default root: the work tree, else the spec's folder (real paths). */
  readonly root: string;
  /** The git work tree that holds the spec, when there is one (its ignored files are refused). */
  readonly workTree?: string;
  /** The folders `refRoots` add (real paths). */
  readonly extra: readonly string[];
}

export function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Why the file at `real` (its real path) is not to be read, or `undefined` when it may be.
 * `shown` is how messages name folders (relative to the working directory when inside it).
 */
export function refusalFor(
  scope: RefScope,
  real: string,
  named: string,
  shown: (path: string) => string,
): Refusal | undefined {
  if (real.split(sep).some((part) => part.toLowerCase() === '.git'))
    return {
      code: 'ref-outside-root',
      why: 'it is inside a .git folder, which is never read',
      hint: 'git keeps its config and credentials (a CI token among them) in .git; a spec never needs them',
    };
  if ([scope.root, ...scope.extra].some((root) => isInside(root, real))) return undefined;
  const through = real === named ? '' : `; the path leads to ${shown(real)}`;
  const root = `${shown(scope.root)} (${scope.workTree ? 'the git work tree that holds the spec' : "the spec's folder"})`;
  const extra =
    scope.extra.length > 0 ? ` and the refRoots ${scope.extra.map(shown).join(', ')}` : '';
  return {
    code: 'ref-outside-root',
    why: `it is outside ${root}${extra}${through}`,
    hint: `a $ref reaches only files inside ${shown(scope.root)}${extra}; to read others, add their folder to refRoots in the config or pass --ref-root <dir>`,
  };
}

/** A file git ignores: refused even inside the root. */
export const IGNORED: Refusal = {
  code: 'ref-outside-root',
  why: 'git ignores it, and files git ignores (.env, credentials, build output) are never read',
  hint: 'commit the file (git add -f), move it out of the ignored place, or name its folder in refRoots in the config or with --ref-root <dir> (a folder named there is read whole)',
};

/** When git cannot say which files it ignores, none of them is read. */
export function ignoreUnknown(problem: string): Refusal {
  return {
    code: 'ref-outside-root',
    why: `git could not say whether it ignores the file (${problem})`,
    hint: 'files git ignores are never read, so the files of a spec in a git work tree are read only when git can check them; run git there to see what is wrong',
  };
}
