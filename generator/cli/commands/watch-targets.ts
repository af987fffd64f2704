/**
 * What `generate --watch` watches: the folders of the spec and of the config, and which paths
 * in them start a run. One function decides it (`watchTargets`), so that when the loader can
 * name the files a spec was read from, passing them narrows the watch to those files.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CONFIG_FILES } from '../config/config.js';
import { STAGING_PREFIX } from '../../write/write.js';
import type { GenerateFlags } from './settings.js';

/** A directory to watch and the paths in it that matter. */
export interface WatchTarget {
  readonly dir: string;
  readonly recursive: boolean;
  readonly accepts: (path: string) => boolean;
  /** For a recursive target: whether a folder below is watched too. */
  readonly enters?: (dir: string) => boolean;
}

const SPEC_FILE = /\.(ya?ml|json)$/i;
const IGNORED_DIRS = new Set(['node_modules', '.git']);

const inside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** Where the config is or may appear: the file `--config` names, else the names looked for in the working directory. */
export function configPaths(flags: GenerateFlags, cwd: string): string[] {
  return flags.config !== undefined
    ? [resolve(cwd, flags.config)]
    : CONFIG_FILES.map((name) => join(cwd, name));
}

/**
 * What to watch: the spec's folder with its subfolders, for YAML and JSON files (a new file
 * there, or one a `$ref` names but that was missing, starts a run), leaving out the output (its
 * package.json would otherwise start a run after every run), dependencies and git's files; and
 * the files the spec was last read from (`specFiles`, from the loader) that lie outside that
 * folder, such as `../common/schemas.yaml`; and the config.
 */
export function watchTargets(
  paths: { readonly spec: string; readonly out: string; readonly config: readonly string[] },
  cwd: string,
  specFiles: readonly string[] = [],
): WatchTarget[] {
  const outDir = resolve(cwd, paths.out);
  const specDir = dirname(resolve(cwd, paths.spec));
  /** Not the output, dependencies, git's files or a staging folder. */
  const enters = (path: string) =>
    !inside(outDir, path) &&
    !relative(specDir, path)
      .split(sep)
      .some((part) => IGNORED_DIRS.has(part) || part.startsWith(STAGING_PREFIX));
  const targets: WatchTarget[] = [
    {
      dir: specDir,
      recursive: true,
      accepts: (path) => SPEC_FILE.test(path) && enters(path),
      enters,
    },
  ];
  const outside = new Set(specFiles.map((f) => resolve(cwd, f)).filter((f) => !inside(specDir, f)));
  for (const dir of [...new Set([...outside].map((f) => dirname(f)))].sort())
    targets.push({ dir, recursive: false, accepts: (path) => outside.has(path) });
  const configs = new Set(paths.config);
  for (const dir of new Set(paths.config.map((p) => dirname(p))))
    targets.push({ dir, recursive: false, accepts: (path) => configs.has(path) });
  return targets;
}

export const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The folders a target covers: itself, and for a recursive one every folder below that it enters. */
export function watchedDirs(target: WatchTarget): string[] {
  if (!target.recursive) return [target.dir];
  const dirs = [target.dir];
  for (let i = 0; i < dirs.length; i++) {
    let entries: Dirent[];
    try {
      entries = readdirSync(dirs[i]!, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries)
      if (entry.isDirectory()) {
        const dir = join(dirs[i]!, entry.name);
        if (target.enters?.(dir) !== false) dirs.push(dir);
      }
  }
  return dirs.sort();
}
