/**
 * The migration's edges: reading a project and writing its changed files. Only files inside
 * the folder are read or written; links are never followed (a link to a source file is
 * passed over, a link in place of a file to write stops the write); node_modules, dot-folders
 * and the generated package's folder are skipped; each file is written whole to a temporary
 * name beside it and renamed over the old one, so a crash leaves either version, never half.
 */
import { randomBytes } from 'node:crypto';
import { lstat, open, readdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
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

/** Writes `file` inside `root` through a temporary file and a rename; refuses links and paths that leave `root`. */
export async function writeAtomically(root: string, file: SourceFile): Promise<void> {
  const target = join(root, file.path);
  const folder = await realpath(dirname(target));
  if (folder !== root && !folder.startsWith(root + sep))
    throw new Error(`${file.path}: its folder is outside the project; not written`);
  const existing = await lstat(target).catch(() => undefined);
  if (existing && !existing.isFile())
    throw new Error(`${file.path}: is not a regular file; not written`);
  const temporary = join(folder, `.${randomBytes(6).toString('hex')}.migrate.tmp`);
  // `wx`: the temporary name must be new, so a planted link there is never written through.
  const handle = await open(temporary, 'wx', existing ? existing.mode & 0o777 : 0o644);
  try {
    await handle.writeFile(file.text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, join(folder, file.path.split('/').pop()!));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
