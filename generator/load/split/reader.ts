/**
 * Where the files of a spec are read from: the disk, or a git revision (`diff --base`). The
 * loader asks for every file by the path the user would name it (relative to the working
 * directory when the root was given that way), so both readers answer the same questions;
 * and, for the rule of what a `$ref` may reach (`trust.ts`), where a file really is, which
 * git work tree holds it, and which files git ignores.
 */
import { execFile, spawn } from 'node:child_process';
import {
  constants,
  fstatSync,
  openSync,
  closeSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { excerpt } from '../../shared/diagnostics.js';
import { DEFAULT_LIMITS, notRegular, ReadRefused, tooLarge } from './trust.js';

const run = promisify(execFile);

export interface SpecReader {
  /**
   * The text of `path`: a regular file of at most `maxBytes` bytes (the per-file limit by
   * default). Rejects when there is no such file (the error's `code` says why), or with
   * `ReadRefused` for anything else than a regular file, or one over the limit.
   */
  readText(path: string, maxBytes?: number): Promise<string>;
  /** How diagnostics name `path`: the path itself, or `rev:path` for a revision. */
  label(path: string): string;
  /** The directory relative paths are read from. */
  readonly cwd: string;
  /** Where `path` really is: on the disk, with symbolic links resolved; rejects like `readText`. */
  realPath(path: string): Promise<string>;
  /** The git work tree holding the real folder `dir`, if any. */
  workTree(dir: string): Promise<string | undefined>;
  /**
   * Of `paths` (real, inside `workTree`), those git ignores: one `git check-ignore` for all.
   * Rejects with git's reason when git cannot tell.
   */
  ignored(workTree: string, paths: readonly string[]): Promise<ReadonlySet<string>>;
}

export function diskReader(cwd = process.cwd()): SpecReader {
  return {
    cwd,
    readText: async (path, maxBytes = DEFAULT_LIMITS.maxFileBytes) =>
      readRegularFile(resolve(cwd, path), maxBytes),
    label: (path) => path,
    realPath: async (path) => realpathSync(resolve(cwd, path)),
    workTree: async (dir) => findWorkTree(dir),
    ignored: gitIgnored,
  };
}

/**
 * The text of the regular file at `path`, of at most `maxBytes` bytes. The kind and size are
 * checked with `stat` before opening (a FIFO would block `open`), and again on the open file
 * (the path may have changed in between); the read stops one byte past the limit, so a file
 * that grows while it is read is refused too, never read whole. Synchronous calls: a file of
 * a spec is small, and a split spec's hundred files are read faster without a thread hop each.
 */
function readRegularFile(path: string, maxBytes: number): string {
  checkKind(statSync(path), maxBytes);
  // O_NONBLOCK: should the path have become a FIFO since `stat`, opening it does not wait for a writer.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const size = checkKind(fstatSync(fd), maxBytes);
    let buffer = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        // One byte past the limit: the file grew over it since `fstat`.
        if (length > maxBytes) throw new ReadRefused(tooLarge(undefined, maxBytes, false));
        // It grew, but within the limit: read on into a larger buffer.
        const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(larger, 0, 0, length);
        buffer = larger;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

/** The file's size when it is a regular file within `maxBytes`; throws `ReadRefused` otherwise. */
function checkKind(stats: import('node:fs').Stats, maxBytes: number): number {
  if (!stats.isFile()) throw new ReadRefused(notRegular(kindOf(stats)));
  if (stats.size > maxBytes) throw new ReadRefused(tooLarge(stats.size, maxBytes, false));
  return stats.size;
}

function kindOf(stats: import('node:fs').Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

/** The nearest folder from `dir` up that holds a `.git` entry (a folder, or a file for a worktree or submodule). */
export function findWorkTree(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    try {
      statSync(join(at, '.git'));
      return at;
    } catch {
      // Not here: one folder up.
    }
    if (dirname(at) === at) return undefined;
  }
}

/** How long `git check-ignore` may take for one load. */
const GIT_TIMEOUT_MS = 30_000;

/**
 * One `git check-ignore --stdin -z` for all of `paths`: the ones git ignores. A tracked file
 * is not ignored whatever the patterns say (git checks the index), as git itself treats it.
 */
function gitIgnored(workTree: string, paths: readonly string[]): Promise<ReadonlySet<string>> {
  if (paths.length === 0) return Promise.resolve(new Set());
  return new Promise((done, fail) => {
    const child = spawn('git', ['check-ignore', '--stdin', '-z'], {
      cwd: workTree,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Bounded like every other read: a git that hangs (a lock, a slow file system) ends as a
      // failure, and a failure reads nothing of the work tree.
      timeout: GIT_TIMEOUT_MS,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) =>
      fail(
        new Error(
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'git is not installed'
            : error.message,
        ),
      ),
    );
    child.on('close', (code) => {
      // 0: some are ignored, 1: none is; anything else is git failing (not a repository, a bad config…).
      if (code !== 0 && code !== 1) {
        const reason = Buffer.concat(err).toString('utf8').trim().split('\n')[0] ?? '';
        const status = code === null ? `stopped after ${GIT_TIMEOUT_MS / 1000} s` : `exit ${code}`;
        return fail(new Error(`git check-ignore: ${excerpt(reason, 120) || status}`));
      }
      const listed = Buffer.concat(out).toString('utf8').split('\0').filter(Boolean);
      done(new Set(listed.map((p) => resolve(workTree, p))));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(paths.map((p) => `${p}\0`).join(''));
  });
}

/**
 * Files as `revision` has them, through `git show <commit>:./<path>` (read-only). `revision`
 * must already be a commit id; `name` is how the user wrote it, for labels. A revision has no
 * symbolic links to follow (git stores a link as a small blob) and no ignored files (what is
 * ignored is not committed): a path is where it says, and the work tree is the repository's.
 */
export function gitReader(commit: string, name: string, cwd: string): SpecReader {
  let realCwd: string | undefined;
  const real = (path: string) => {
    realCwd ??= realpathSync(cwd);
    return resolve(realCwd, path);
  };
  return {
    cwd,
    readText: async (path, maxBytes = DEFAULT_LIMITS.maxFileBytes) => {
      const fromCwd = isAbsolute(path) ? relative(real('.'), path) : path;
      // `./` and `../` make git read the path relative to the working directory, as the user typed it.
      const spec = fromCwd.startsWith(`..${sep}`) ? fromCwd : `./${fromCwd.replace(/^\.\//, '')}`;
      try {
        const { stdout } = await run('git', ['show', `${commit}:${spec}`], {
          cwd,
          maxBuffer: maxBytes,
          encoding: 'utf8',
        });
        return stdout;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
          throw new ReadRefused(tooLarge(undefined, maxBytes, false));
        throw Object.assign(new Error(`not in ${name}`), { code: 'ENOENT' });
      }
    },
    label: (path) => `${name}:${path}`,
    realPath: async (path) => real(path),
    workTree: async () => {
      const { stdout } = await run('git', ['rev-parse', '--show-toplevel'], { cwd });
      return stdout.trim();
    },
    ignored: async () => new Set(),
  };
}
