/**
 * `generate --watch`: generates, then generates again whenever a file of the spec or the
 * config changes, until stopped (Ctrl-C, or the signal a test aborts). A burst of events (an
 * editor's save is several) gives one run once the files are quiet; changes during a run give
 * one more run after it. Problems are reported and the watch goes on, the output untouched:
 * writing happens only for a valid spec, staged so that an abort leaves no temporary files
 * (`write.ts`).
 */
import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { dirname, join, isAbsolute, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatDiagnostic } from '../diagnostics.js';
import { planOutput, STAGING_PREFIX, writeOutput } from '../write.js';
import { errorCount, produce } from './generate.js';
import { EXIT, type CommandIo } from './io.js';
import { resolveGenerate, type GenerateFlags, type ResolvedGenerate } from './settings.js';
import { CONFIG_FILES } from '../config.js';
import { DEFAULT_OUT, DEFAULT_SPEC } from './paths.js';

/** What the watch reports as it goes; tests wait on these instead of on time. */
export type WatchEvent =
  | { readonly kind: 'watching'; readonly dirs: readonly string[] }
  | { readonly kind: 'change'; readonly path: string }
  | { readonly kind: 'run-start' }
  | {
      readonly kind: 'run-end';
      /** `written`: files changed; `unchanged`: the output already matched; `invalid`: diagnostics, nothing written; `aborted`: stopped before writing. */
      readonly outcome: 'written' | 'unchanged' | 'invalid' | 'aborted' | 'failed';
      readonly errors: number;
    }
  | { readonly kind: 'stopped' };

export interface WatchOptions extends GenerateFlags {
  /** How long the files must be quiet before a run, in milliseconds. */
  readonly debounceMs?: number;
}

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
 * What to watch: the spec's files and the config. `specFiles`, when the loader can say which
 * files a spec was read from, narrows the watch to them; until then the root spec's folder is
 * watched with its subfolders, for YAML and JSON files, leaving out the output (its
 * package.json would otherwise start a run after every run), dependencies and git's files.
 */
export function watchTargets(
  paths: { readonly spec: string; readonly out: string; readonly config: readonly string[] },
  cwd: string,
  specFiles?: readonly string[],
): WatchTarget[] {
  const resolved = paths;
  const outDir = resolve(cwd, resolved.out);
  const targets: WatchTarget[] = [];
  if (specFiles && specFiles.length > 0) {
    const files = new Set(specFiles.map((f) => resolve(cwd, f)));
    for (const dir of new Set([...files].map((f) => dirname(f))))
      targets.push({ dir, recursive: false, accepts: (path) => files.has(path) });
  } else {
    const specDir = dirname(resolve(cwd, resolved.spec));
    /** Not the output, dependencies, git's files or a staging folder. */
    const enters = (path: string) =>
      !inside(outDir, path) &&
      !relative(specDir, path)
        .split(sep)
        .some((part) => IGNORED_DIRS.has(part) || part.startsWith(STAGING_PREFIX));
    targets.push({
      dir: specDir,
      recursive: true,
      accepts: (path) => SPEC_FILE.test(path) && enters(path),
      enters,
    });
  }
  const configs = new Set(paths.config);
  for (const dir of new Set(paths.config.map((p) => dirname(p))))
    targets.push({ dir, recursive: false, accepts: (path) => configs.has(path) });
  return targets;
}

const isDirectory = (path: string) => {
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

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** One generation, reported in one line; writes only a valid package, and nothing once `signal` is aborted. */
async function runOnce(
  flags: GenerateFlags,
  cwd: string,
  io: CommandIo,
  signal: AbortSignal,
): Promise<{
  outcome: Extract<WatchEvent, { kind: 'run-end' }>['outcome'];
  errors: number;
  resolved?: ResolvedGenerate;
}> {
  const started = performance.now();
  const settled = await resolveGenerate(flags, cwd);
  for (const d of settled.diagnostics) io.err(formatDiagnostic(d));
  if (!settled.resolved) {
    const errors = errorCount(settled.diagnostics);
    io.err(`${errors} error(s) in the config; output unchanged.`);
    return { outcome: 'invalid', errors };
  }
  const resolved = settled.resolved;
  const result = await produce(resolved);
  for (const d of result.diagnostics) io.err(formatDiagnostic(d));
  if (!result.files) {
    const errors = errorCount(result.diagnostics);
    io.err(`${resolved.spec}: ${errors} error(s); output unchanged.`);
    return { outcome: 'invalid', errors, resolved };
  }
  const outDir = resolve(cwd, resolved.out);
  const plan = await planOutput(outDir, result.files);
  const changes = plan.added.length + plan.changed.length + plan.removed.length;
  if (changes === 0) {
    io.out(`${resolved.out}: up to date (${result.files.length} files) in ${seconds(started)}.`);
    return { outcome: 'unchanged', errors: 0, resolved };
  }
  if (!(await writeOutput(outDir, result.files, plan, signal)))
    return { outcome: 'aborted', errors: 0, resolved };
  io.out(
    `${resolved.out}: regenerated ${changes} of ${result.files.length} files (${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed) in ${seconds(started)}; package version ${result.version}.`,
  );
  return { outcome: 'written', errors: 0, resolved };
}

/**
 * Watches until `signal` is aborted, then resolves once the run in progress (if any) has
 * finished or stopped before writing. `onEvent` hears every change and run.
 */
export async function watchGenerate(
  options: WatchOptions,
  io: CommandIo,
  signal: AbortSignal,
  onEvent: (event: WatchEvent) => void = () => {},
): Promise<void> {
  const cwd = process.cwd();
  const config = configPaths(options, cwd);
  /** The targets of the last valid config (or of the flags while there is none). */
  const targetsOf = (resolved: ResolvedGenerate | undefined) =>
    watchTargets(
      {
        spec: resolved?.spec ?? options.spec ?? DEFAULT_SPEC,
        out: resolved?.out ?? options.out ?? DEFAULT_OUT,
        config,
      },
      cwd,
    );
  const debounceMs = options.debounceMs ?? 100;
  let watchers: FSWatcher[] = [];
  let armedFor = '';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let dirty = false;

  let current: readonly WatchTarget[] = [];
  /**
   * (Re)opens the watchers when the folders to watch changed: the config can name another
   * spec, and a spec can gain a folder. Each folder gets a watcher of its own rather than one
   * recursive watcher: Node 20's recursive watch on Linux loses a file an editor replaces by
   * renaming a temporary file over it, and a folder's own watcher does not.
   */
  const arm = (targets: readonly WatchTarget[]) => {
    current = targets;
    const dirs = targets.flatMap((target) => watchedDirs(target).map((dir) => ({ dir, target })));
    const key = dirs.map((d) => d.dir).join('\n') + targets.map((t) => t.dir).join('\n');
    if (key === armedFor) return;
    for (const w of watchers) w.close();
    watchers = [];
    armedFor = key;
    const known = new Set(dirs.map((d) => d.dir));
    for (const { dir, target } of dirs) {
      try {
        const watcher = watch(dir, (_, name) => {
          const path = name === null ? dir : resolve(dir, name.toString());
          if (name === null || target.accepts(path)) changed(path);
          // A new folder in a watched tree: watch it too, and run, since it may hold spec files already.
          else if (
            target.recursive &&
            !known.has(path) &&
            target.enters?.(path) !== false &&
            isDirectory(path)
          ) {
            arm(current);
            changed(path);
          }
        });
        watcher.on('error', (error) => io.err(`watch ${dir}: ${error.message}`));
        watchers.push(watcher);
      } catch (error) {
        io.err(`cannot watch ${dir}: ${(error as Error).message}`);
      }
    }
    onEvent({ kind: 'watching', dirs: targets.map((t) => t.dir) });
  };

  const schedule = () => {
    if (running || signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(start, debounceMs);
  };

  const changed = (path: string) => {
    if (signal.aborted) return;
    onEvent({ kind: 'change', path });
    dirty = true;
    schedule();
  };

  const start = () => {
    timer = undefined;
    dirty = false;
    running = (async () => {
      onEvent({ kind: 'run-start' });
      let end: Awaited<ReturnType<typeof runOnce>>;
      try {
        end = await runOnce(options, cwd, io, signal);
      } catch (error) {
        // A bug or a disk failure: said in one line, and the watch goes on.
        io.err(`internal error: ${error instanceof Error ? error.message : String(error)}`);
        end = { outcome: 'failed', errors: 1 };
      }
      if (end.resolved && !signal.aborted) arm(targetsOf(end.resolved));
      onEvent({ kind: 'run-end', outcome: end.outcome, errors: end.errors });
    })().finally(() => {
      running = undefined;
      // Changes that came during the run: one more run for all of them.
      if (dirty) schedule();
    });
  };

  // Watch before the first run, so an edit during it is not missed.
  arm(targetsOf((await resolveGenerate(options, cwd)).resolved));
  if (!signal.aborted) start();
  await new Promise<void>((done) => {
    if (signal.aborted) done();
    else signal.addEventListener('abort', () => done(), { once: true });
  });
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
  onEvent({ kind: 'stopped' });
}

/** `generate --watch` for a process: Ctrl-C stops it, after the run in progress. */
export async function runWatch(options: WatchOptions, io: CommandIo): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await watchGenerate(options, io, controller.signal, (event) => {
      if (event.kind === 'watching')
        io.out(
          `watching ${event.dirs.map((d) => relative(process.cwd(), d) || '.').join(', ')} (Ctrl-C stops)`,
        );
    });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  io.out('stopped.');
  return EXIT.ok;
}
