/**
 * Where the files of a spec are read from: the disk, or a git revision (`diff --base`). The
 * loader asks for every file by the path the user would name it (relative to the working
 * directory when the root was given that way), so both readers answer the same questions.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SpecReader {
  /** The text of `path`; rejects when there is no such file (the error's `code` says why). */
  readText(path: string): Promise<string>;
  /** How diagnostics name `path`: the path itself, or `rev:path` for a revision. */
  label(path: string): string;
  /** The directory relative paths are read from. */
  readonly cwd: string;
}

export function diskReader(cwd = process.cwd()): SpecReader {
  return {
    cwd,
    readText: (path) => readFile(resolve(cwd, path), 'utf8'),
    label: (path) => path,
  };
}

/**
 * Files as `revision` has them, through `git show <commit>:./<path>` (read-only). `revision`
 * must already be a commit id; `name` is how the user wrote it, for labels.
 */
export function gitReader(commit: string, name: string, cwd: string): SpecReader {
  return {
    cwd,
    readText: async (path) => {
      const fromCwd = isAbsolute(path) ? relative(cwd, path) : path;
      // `./` and `../` make git read the path relative to the working directory, as the user typed it.
      const spec = fromCwd.startsWith('../') ? fromCwd : `./${fromCwd.replace(/^\.\//, '')}`;
      try {
        const { stdout } = await run('git', ['show', `${commit}:${spec}`], {
          cwd,
          maxBuffer: 64 * 1024 * 1024,
          encoding: 'utf8',
        });
        return stdout;
      } catch {
        throw Object.assign(new Error(`not in ${name}`), { code: 'ENOENT' });
      }
    },
    label: (path) => `${name}:${path}`,
  };
}
