/**
 * The migration's edges: reading a project and writing its changed files. Only files inside
 * the folder are read or written; links are never followed (a link to a source file is
 * passed over, a link in place of a file to write stops the write); node_modules, dot-folders
 * and the generated package's folder are skipped; each file is written whole to a temporary
 * name beside it, and the temporaries are renamed over the old files only once all of them
 * are written, so a refused file changes nothing and a crash leaves no file half written.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, readdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Located, ProjectFiles, SourceFile } from './migrate.js';

/** The files whose imports are read. */
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

/** Larger files are bundles or generated data, not code someone migrates. */
const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

/** Folders never entered. */
const SKIPPED = new Set(['node_modules']);

export interface ReadProject {
  readonly project?: ProjectFiles;
  readonly root?: string;
  readonly problems: readonly Located[];
  /** Files passed over that a user may want to know about (links, oversized files). */
  readonly skipped: readonly Located[];
}

const posixPath = (path: string) => path.split(sep).join('/');

/** Reads `dir`'s package.json, its config (the first of `configNames` there) and its source files, `out` excluded. */
export async function readProject(
  dir: string,
  out: string,
  configNames: readonly string[],
): Promise<ReadProject> {
  let root: string;
  try {
    root = await realpath(dir);
    if (!(await lstat(root)).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      problems: [
        {
          file: dir,
          message:
            code === 'ENOENT'
              ? 'no such folder'
              : `cannot be read as a folder (${code ?? 'unknown error'})`,
        },
      ],
      skipped: [],
    };
  }
  const packageJson = await readRegular(root, 'package.json');
  if (typeof packageJson !== 'string')
    return {
      root,
      problems: [{ file: 'package.json', message: packageJson.problem }],
      skipped: [],
    };
  let config: SourceFile | undefined;
  for (const name of configNames) {
    const text = await readRegular(root, name);
    if (typeof text === 'string') {
      config = { path: name, text };
      break;
    }
  }
  const skipped: Located[] = [];
  const sources: SourceFile[] = [];
  const outFolder = posixPath(relative(root, join(root, out)));
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(join(root, folder), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        if (SOURCE.test(entry.name))
          skipped.push({ file: path, message: 'is a symbolic link; not followed' });
        continue;
      }
      if (entry.isDirectory()) {
        if (SKIPPED.has(entry.name) || entry.name.startsWith('.') || path === outFolder) continue;
        await walk(path);
      } else if (entry.isFile() && SOURCE.test(entry.name)) {
        const text = await readRegular(root, path);
        if (typeof text === 'string') sources.push({ path, text });
        else skipped.push({ file: path, message: text.problem });
      }
    }
  };
  await walk('');
  return {
    root,
    project: { packageJson, ...(config && { config }), sources },
    problems: [],
    skipped,
  };
}

/** A regular file's text, or why it is not read; never through a link. */
async function readRegular(root: string, path: string): Promise<string | { problem: string }> {
  const full = join(root, path);
  try {
    const stat = await lstat(full);
    if (stat.isSymbolicLink()) return { problem: 'is a symbolic link; not followed' };
    if (!stat.isFile()) return { problem: 'is not a regular file' };
    if (stat.size > MAX_SOURCE_BYTES)
      return { problem: `is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB; not read` };
    return await readFile(full, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      problem: code === 'ENOENT' ? 'not found' : `cannot be read (${code ?? 'unknown error'})`,
    };
  }
}

/** A file written to its temporary name, waiting to be renamed over its target. */
interface Staged {
  readonly path: string;
  readonly temporary: string;
  readonly target: string;
}

/** Thrown with the file it concerns, so the command can name it. */
export class WriteRefused extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/** Writes `file` to a temporary name beside its target, after checking the target is a regular file inside `root`. */
async function stage(root: string, file: SourceFile): Promise<Staged> {
  const target = join(root, file.path);
  const folder = await realpath(dirname(target));
  if (folder !== root && !folder.startsWith(root + sep))
    throw new WriteRefused(file.path, 'its folder is outside the project; not written');
  const existing = await lstat(target).catch(() => undefined);
  if (existing && !existing.isFile())
    throw new WriteRefused(file.path, 'is not a regular file; not written');
  const temporary = join(folder, `.${randomBytes(6).toString('hex')}.migrate.tmp`);
  // `wx`: the temporary name must be new, so a planted link there is never written through.
  const handle = await open(temporary, 'wx', existing ? existing.mode & 0o777 : 0o644);
  try {
    await handle.writeFile(file.text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  return { path: file.path, temporary, target: join(folder, basename(target)) };
}

/**
 * Writes every file inside `root`: all are staged first, and renamed into place only when
 * each was written, so a refused or failed file leaves the project as it was.
 */
export async function writeAll(root: string, files: readonly SourceFile[]): Promise<void> {
  const staged: Staged[] = [];
  try {
    for (const file of files) {
      try {
        staged.push(await stage(root, file));
      } catch (error) {
        if (error instanceof WriteRefused) throw error;
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
        throw new WriteRefused(file.path, `cannot be written (${code}); nothing was changed`);
      }
    }
  } catch (error) {
    await Promise.all(staged.map((s) => rm(s.temporary, { force: true })));
    throw error;
  }
  for (const file of staged) await rename(file.temporary, file.target);
}
