/**
 * The last stage: compares the output with what is on disk, then writes (or, with
 * `--check`, only reports). The generator owns everything it wrote under the output
 * directory's `src/` and the package files it emits; other files there are left alone.
 * Each file is written to a temporary name and renamed, so a crash never leaves half a file.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { OutputFile } from './print.js';

export interface OutputPlan {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
}

/** Directories the generator owns completely: files in them that it did not emit are stale. */
const OWNED_DIRS = ['src'];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

export async function planOutput(
  outDir: string,
  files: readonly OutputFile[],
): Promise<OutputPlan> {
  const added: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  for (const file of files) {
    const current = await readFile(join(outDir, file.path), 'utf8').catch(() => undefined);
    if (current === undefined) added.push(file.path);
    else if (current !== file.content) changed.push(file.path);
    else unchanged++;
  }
  const emitted = new Set(files.map((f) => f.path));
  const removed: string[] = [];
  for (const owned of OWNED_DIRS) {
    for (const path of await listFiles(join(outDir, owned))) {
      const full = `${owned}/${path}`;
      if (!emitted.has(full)) removed.push(full);
    }
  }
  return { added, changed, removed: removed.sort(), unchanged };
}

export async function writeOutput(
  outDir: string,
  files: readonly OutputFile[],
  plan: OutputPlan,
): Promise<void> {
  const toWrite = new Set([...plan.added, ...plan.changed]);
  for (const file of files) {
    if (!toWrite.has(file.path)) continue;
    const target = join(outDir, file.path);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, file.content, 'utf8');
    await rename(temporary, target);
  }
  for (const path of plan.removed) await rm(join(outDir, path));
}
