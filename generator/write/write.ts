/**
 * The last stage: compares the output with what is on disk, then writes (or, with
 * `--check`, only reports). The generator deletes or overwrites only files it wrote: those the
 * last run's manifest lists (`manifest.ts`), or, in an output from before the manifest, those
 * carrying its header. Any other file is left alone: one in `src/` is reported as kept, and one
 * where the generator writes a file (a project's own package.json) stops the run before
 * anything is written. So does a symbolic link on the way to any path it writes or deletes.
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
import { mkdir, readdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { CHANGELOG_FILE, STATE_FILE } from '../release/diff/state-file.js';
import { carriesHeader, MANIFEST_FILE, parseManifest } from './manifest.js';
import type { OutputFile } from '../print/print.js';
import { readRegularFile, type Entry } from '../shared/safe-read.js';
import { blockedReason, headered, OutputTree } from './write-guard.js';

/** Why a path in the output stops the run: `path` is relative to the output, `reason` ends a sentence naming it. */
export interface OutputProblem {
  readonly path: string;
  readonly reason: string;
  readonly hint: string;
}

export interface OutputPlan {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
  /** Files the generator did not write (in `src/`, or listed but no longer regular files): left alone. */
  readonly kept: readonly string[];
  /** Why the output cannot be written; nothing is, while there are any. */
  readonly problems: readonly OutputProblem[];
}

/** Where the generator looks for files it no longer emits, in an output without a manifest. */
const OWNED_DIRS = ['src'];

/**
 * The release record: written by release versioning, but not deleted when a fixed version
 * stops emitting it (it holds the released history; `generate` warns instead).
 */
const RECORDS = new Set([STATE_FILE, CHANGELOG_FILE]);

const HINT_LINK = 'replace the link with a folder, or name the folder it points to as the output';

function problemAt(at: string, entry: Entry): OutputProblem {
  return { path: at, reason: blockedReason(entry), hint: HINT_LINK };
}

function notOurs(path: string, entry: Entry): OutputProblem {
  if (entry !== 'file')
    return {
      path,
      reason: `is ${entry === 'link' ? 'a symbolic link' : entry === 'folder' ? 'a folder' : 'not a regular file'} where connect-codegen writes a file of its own`,
      hint: entry === 'link' ? HINT_LINK : 'move it away, or choose another output folder',
    };
  const project = path === 'package.json' || path === 'README.md';
  return {
    path,
    reason: `was not written by connect-codegen (it has no generator header, and no ${MANIFEST_FILE} lists it), so it is not overwritten`,
    hint: project
      ? "the output holds another project's files: generate into a folder of its own, e.g. --out generated"
      : 'move or delete it if it is not needed, or choose another output folder',
  };
}

/** The regular files under `dir` (relative to the output), not following links. */
async function listFiles(outDir: string, dir: string): Promise<string[]> {
  const entries = await readdir(join(outDir, dir), { withFileTypes: true, recursive: true }).catch(
    () => [],
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(outDir, join(e.parentPath, e.name)).split(sep).join('/'));
}

export async function planOutput(
  outDir: string,
  files: readonly OutputFile[],
): Promise<OutputPlan> {
  const tree = new OutputTree(outDir);
  const problems: OutputProblem[] = [];
  const kept: string[] = [];
  const blocked = async (path: string, isFolder = false) => {
    const at = await tree.blocked(path, isFolder);
    if (at) problems.push(problemAt(at.at, at.entry));
    return at !== undefined;
  };
  // The manifest the last run left: which files are ours. Without one, the header says.
  let listed: ReadonlySet<string> | undefined;
  const manifest = await readRegularFile(join(outDir, MANIFEST_FILE));
  if ('text' in manifest) {
    const paths = parseManifest(manifest.text);
    if (typeof paths === 'string')
      problems.push({
        path: MANIFEST_FILE,
        reason: `cannot be read: ${paths}`,
        hint: `restore it from git; deleting it makes only files with the generator's header count as its own`,
      });
    else listed = new Set(paths);
  }

  const added: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  for (const file of files) {
    if (await blocked(file.path)) continue;
    const current = await readRegularFile(join(outDir, file.path));
    if (current.entry === 'missing') added.push(file.path);
    else if (!('text' in current)) problems.push(notOurs(file.path, current.entry));
    else if (current.text === file.content) unchanged++;
    else if (listed?.has(file.path) || carriesHeader(current.text)) changed.push(file.path);
    else problems.push(notOurs(file.path, 'file'));
  }

  const emitted = new Set(files.map((f) => f.path));
  const removed: string[] = [];
  const stale = async (path: string) => {
    if (await blocked(path)) return;
    const entry = await tree.entry(path);
    if (entry === 'file') removed.push(path);
    else if (entry !== 'missing') kept.push(path);
  };
  for (const path of listed ?? []) if (!emitted.has(path) && !RECORDS.has(path)) await stale(path);
  for (const dir of OWNED_DIRS) {
    if (await blocked(dir, true)) continue;
    for (const path of await listFiles(outDir, dir)) {
      if (emitted.has(path) || listed?.has(path)) continue;
      if (listed === undefined && (await headered(join(outDir, path)))) await stale(path);
      else kept.push(path);
    }
  }
  const sorted = (paths: string[]) => [...new Set(paths)].sort();
  return {
    added,
    changed,
    removed: sorted(removed),
    unchanged,
    kept: sorted(kept),
    problems: uniqueProblems(problems),
  };
}

/** A link on the way to many files is one problem. */
function uniqueProblems(problems: readonly OutputProblem[]): OutputProblem[] {
  const seen = new Map<string, OutputProblem>();
  for (const p of problems) if (!seen.has(p.path)) seen.set(p.path, p);
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Thrown by `writeOutput` when the output changed since it was planned so that writing is no longer safe. */
export class OutputRefused extends Error {}

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
  const first = plan.problems[0];
  if (first) throw new OutputRefused(`${first.path} ${first.reason}`);
  // Checked again here, not only when planned: a watch's plan is a moment old.
  const tree = new OutputTree(outDir);
  for (const path of [...wanted, ...plan.removed]) {
    const at = await tree.blocked(path);
    if (at) throw new OutputRefused(`${at.at || outDir} ${blockedReason(at.entry)}`);
  }
  await mkdir(outDir, { recursive: true });
  await removeLeftovers(outDir);
  const staging = join(outDir, `${STAGING_PREFIX}${process.pid}`);
  // A link in the staging folder's place is removed, not followed; the folder is made afresh.
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging);
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
    for (const path of plan.removed)
      await unlink(join(outDir, path)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    return true;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
