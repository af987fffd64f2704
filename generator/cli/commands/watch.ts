/**
 * `generate --watch`: generates, then generates again whenever a file of the spec or the
 * config changes, until stopped (Ctrl-C, or the signal a test aborts). A burst of events (an
 * editor's save is several) gives one run once the files are quiet, or after a maximum wait when
 * they never are (`debounce.ts`); changes during a run give one more run after it. Problems are
 * reported and the watch goes on, the output untouched: writing happens only for a valid spec,
 * staged so that an abort leaves no temporary files (`write.ts`).
 */
import { watch, type FSWatcher } from 'node:fs';
import { relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatDiagnostic } from '../../shared/diagnostics.js';
import { debounce, DEFAULT_TIMING, type Timers } from './debounce.js';
import { OutputRefused, planOutput, writeOutput } from '../../write/write.js';
import { errorCount, produce } from './generate.js';
import { EXIT, type CommandIo } from './io.js';
import { resolveGenerate, type GenerateFlags, type ResolvedGenerate } from './settings.js';
import {
  configPaths,
  isDirectory,
  watchedDirs,
  watchTargets,
  type WatchTarget,
} from './watch-targets.js';
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
  /** The longest a change waits for its run while changes keep coming, in milliseconds. */
  readonly maxWaitMs?: number;
  /** The clock and timers the waits use; the system's when not given. */
  readonly timers?: Timers;
}

const sourcesOf = (result: { readonly sources?: readonly string[] }) =>
  result.sources ? { sources: result.sources } : {};

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
  /** The files the spec was read from, when it loaded. */
  sources?: readonly string[];
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
    // A refused output folder is not the spec's fault: say which of the two stopped the run.
    const refused = result.diagnostics.some((d) => d.code === 'output' && d.severity === 'error');
    io.err(
      refused
        ? `${resolved.out}: refused as the output; output unchanged.`
        : `${resolved.spec}: ${errors} error(s); output unchanged.`,
    );
    return { outcome: 'invalid', errors, resolved, ...sourcesOf(result) };
  }
  const outDir = resolve(cwd, resolved.out);
  const plan = result.plan ?? (await planOutput(outDir, result.files));
  const changes = plan.added.length + plan.changed.length + plan.removed.length;
  if (changes === 0) {
    io.out(`${resolved.out}: up to date (${result.files.length} files) in ${seconds(started)}.`);
    return { outcome: 'unchanged', errors: 0, resolved, ...sourcesOf(result) };
  }
  let written: boolean;
  try {
    written = await writeOutput(outDir, result.files, plan, signal);
  } catch (error) {
    // The output changed under the run (a link appeared where it writes): refused, not a crash.
    if (!(error instanceof OutputRefused)) throw error;
    io.err(`${resolved.out}: ${error.message}; output unchanged.`);
    return { outcome: 'invalid', errors: 1, resolved, ...sourcesOf(result) };
  }
  if (!written) return { outcome: 'aborted', errors: 0, resolved, ...sourcesOf(result) };
  io.out(
    `${resolved.out}: regenerated ${changes} of ${result.files.length} files (${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed) in ${seconds(started)}; package version ${result.version}.`,
  );
  return { outcome: 'written', errors: 0, resolved, ...sourcesOf(result) };
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
  const targetsOf = (resolved: ResolvedGenerate | undefined, sources?: readonly string[]) =>
    watchTargets(
      {
        spec: resolved?.spec ?? options.spec ?? DEFAULT_SPEC,
        out: resolved?.out ?? options.out ?? DEFAULT_OUT,
        config,
      },
      cwd,
      sources,
    );
  let watchers: FSWatcher[] = [];
  let armedFor = '';
  let running: Promise<void> | undefined;

  const waits = debounce(
    () => start(),
    {
      quietMs: options.debounceMs ?? DEFAULT_TIMING.quietMs,
      maxWaitMs: options.maxWaitMs ?? DEFAULT_TIMING.maxWaitMs,
    },
    options.timers,
  );

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
    waits.plan();
  };

  const changed = (path: string) => {
    if (signal.aborted) return;
    onEvent({ kind: 'change', path });
    waits.changed();
    schedule();
  };

  const start = () => {
    waits.started();
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
      if (end.resolved && !signal.aborted) arm(targetsOf(end.resolved, end.sources));
      onEvent({ kind: 'run-end', outcome: end.outcome, errors: end.errors });
    })().finally(() => {
      running = undefined;
      // Changes that came during the run: one more run for all of them (at once, when they
      // have already waited the maximum).
      if (waits.pending) schedule();
    });
  };

  // Watch before the first run, so an edit during it is not missed.
  arm(targetsOf((await resolveGenerate(options, cwd)).resolved));
  if (!signal.aborted) start();
  await new Promise<void>((done) => {
    if (signal.aborted) done();
    else signal.addEventListener('abort', () => done(), { once: true });
  });
  waits.cancel();
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
