/**
 * The last stage: compares the output with what is on disk, then writes (or, with
 * `--check`, only reports). The generator owns everything it wrote under the output
 * directory's `src/` and the package files it emits; other files there are left alone.
 *
 * Writing is staged: every new or changed file is first written under a staging folder inside
 * the output directory (same file system, so a rename moves it), and only when all of them are
 * there are they renamed into place, one by one, and the stale files deleted last. A failure or
 * an abort while staging leaves the output as it was and removes the staging folder; a reader
 * never sees half a file. What is not promised: the switch is a burst of renames, not one
 * operation, so a reader during those milliseconds can see some files new and others old.
 * Swapping the whole directory would be atomic but would drop what the generator does not own
 * there (dist/, node_modules/).
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

/** The staging folder's name; the process id tells whose it is. */
export const STAGING_PREFIX = '.connect-codegen-staging-';

/** Whether a process with this id is running: a staging folder of a dead one is a crash's leftover. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Staging folders left by runs that crashed before cleaning up. */
async function removeLeftovers(outDir: string): Promise<void> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const pid = Number(name.slice(STAGING_PREFIX.length));
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid))
      await rm(join(outDir, name), { recursive: true, force: true });
  }
}

/**
 * Writes the plan's new and changed files and deletes its stale ones. Returns false, having
 * changed nothing, when `signal` is aborted before the files are moved into place.
 */
export async function writeOutput(
  outDir: string,
  files: readonly OutputFile[],
  plan: OutputPlan,
  signal?: AbortSignal,
): Promise<boolean> {
  const wanted = new Set([...plan.added, ...plan.changed]);
  const toWrite = files.filter((f) => wanted.has(f.path));
  await mkdir(outDir, { recursive: true });
  await removeLeftovers(outDir);
  const staging = join(outDir, `${STAGING_PREFIX}${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  try {
    for (const file of toWrite) {
      if (signal?.aborted) return false;
      const staged = join(staging, file.path);
      await mkdir(dirname(staged), { recursive: true });
      await writeFile(staged, file.content, 'utf8');
    }
    if (signal?.aborted) return false;
    // From here on nothing is computed: only renames, so the mixed state lasts as little as it can.
    for (const file of toWrite) {
      const target = join(outDir, file.path);
      await mkdir(dirname(target), { recursive: true });
      await rename(join(staging, file.path), target);
    }
    for (const path of plan.removed) await rm(join(outDir, path), { force: true });
    return true;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
