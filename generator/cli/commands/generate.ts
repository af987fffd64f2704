import { resolve } from 'node:path';
import {
  diagnostic,
  hasErrors,
  listDiagnostics,
  withWarnings,
  type Diagnostic,
} from '../../shared/diagnostics.js';
import { CHANGELOG_FILE, STATE_FILE } from '../../release/diff/state-file.js';
import { MANIFEST_FILE, serializeManifest } from '../../write/manifest.js';
import { generate, headerLine } from '../../pipeline.js';
import { readPreviousOutput, type PreviousOutput } from '../../release/previous.js';
import type { OutputFile } from '../../print/print.js';
import { OutputRefused, planOutput, writeOutput, type OutputPlan } from '../../write/write.js';
import { refuseOutputFolder } from '../../write/write-guard.js';
import { StageTimings, timingLines, UNTIMED, type StageClock } from '../../shared/timings.js';
import { EXIT, type CommandIo } from './io.js';
import { DEFAULT_OUT, DEFAULT_SPEC, displayPath } from './paths.js';
import { resolveGenerate, type GenerateFlags, type ResolvedGenerate } from './settings.js';

export { DEFAULT_OUT, DEFAULT_SPEC, displayPath };

export interface GenerateOptions extends GenerateFlags {
  readonly check: boolean;
  /** Record the package version decided now as released: the next change starts a new version. */
  readonly release?: boolean;
  /** Print every warning, not only the first of each kind. */
  readonly verbose?: boolean;
  /** Print what each stage of the run cost (`--timings`). */
  readonly timings?: boolean;
}

/** One generation's result before anything is written: the files, or the diagnostics that stop it. */
export interface Produced {
  readonly diagnostics: readonly Diagnostic[];
  readonly files?: readonly OutputFile[];
  readonly version?: string;
  /** Every file the spec was read from, when it loaded (what `--watch` watches). */
  readonly sources?: readonly string[];
  /** How the files compare with the output, when they can be written there (with `files`). */
  readonly plan?: OutputPlan;
}

/**
 * Runs the pipeline for `resolved`, with what the last run left in its output, and plans the
 * write. Writes nothing. An output the generator must not write into (`write-guard.ts`: the
 * root, the home folder, a folder holding the spec, a link, a file that is not its own where
 * it writes one) gives diagnostics of code `output` and no files, as an invalid spec does, so
 * every command that writes (generate, --check, --watch, publish's check) refuses it alike.
 */
export async function produce(
  resolved: ResolvedGenerate,
  markReleased = false,
  clock: StageClock = UNTIMED,
): Promise<Produced> {
  const fixed = resolved.settings.packageVersion !== undefined;
  const folder = { label: resolved.out, dir: resolve(resolved.out), cwd: process.cwd() };
  // Before anything is read from the output or generated: `--out /` costs nothing to refuse.
  const refused = await refuseOutputFolder(folder, [resolved.spec]);
  if (refused.length > 0) return { diagnostics: refused };
  const previous = await readPreviousOutput(folder.dir);
  const result = await generate({
    specPath: resolved.spec,
    command: resolved.command,
    settings: resolved.settings,
    clock,
    // A fixed version takes the release stage's place: no surface record, no changelog.
    ...(fixed ? {} : { release: { previous, outLabel: resolved.out, markReleased } }),
  });
  const sources = result.sources ? { sources: result.sources } : {};
  if (!result.files || result.version === undefined || hasErrors(result.diagnostics))
    return { diagnostics: result.diagnostics, ...sources };
  const diagnostics = [...result.diagnostics, ...leftRecords(resolved, fixed, previous)];
  // A split spec's other files are known only now.
  const holding = await refuseOutputFolder(folder, result.sources ?? []);
  if (holding.length > 0) return { diagnostics: [...diagnostics, ...holding], ...sources };
  const files = withManifest(result.files, headerLine(resolved.spec, resolved.command));
  const plan = await planOutput(folder.dir, files);
  if (plan.problems.length > 0) {
    const at = (path: string) =>
      path === '' ? resolved.out : resolved.out === '.' ? path : `${resolved.out}/${path}`;
    const problems = plan.problems.map((p) =>
      diagnostic({
        code: 'output',
        file: at(p.path),
        message: `${at(p.path)} ${p.reason}`,
        hint: p.hint,
      }),
    );
    return { diagnostics: [...diagnostics, ...problems], ...sources };
  }
  return { diagnostics, files, version: result.version, ...sources, plan };
}

/** The files with the manifest that lists them, so the next run knows which are its own. */
function withManifest(files: readonly OutputFile[], header: string): OutputFile[] {
  const others = files.filter((f) => f.path !== MANIFEST_FILE);
  const content = serializeManifest(
    others.map((f) => f.path),
    header,
  );
  return [...others, { path: MANIFEST_FILE, content }];
}

/** Whether the diagnostics stop the run because of the output folder rather than the spec. */
const refusesOutput = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.some((d) => d.code === 'output' && d.severity === 'error');

/**
 * With a fixed version, the records a release-versioned run left are not the generator's to
 * delete (they are outside src/), but they no longer describe the package: said once a run.
 */
function leftRecords(
  resolved: ResolvedGenerate,
  fixed: boolean,
  previous: PreviousOutput,
): Diagnostic[] {
  if (!fixed || previous.stateText === undefined) return [];
  return [
    diagnostic({
      code: 'config',
      severity: 'warning',
      file: resolved.configFile ?? resolved.out,
      pointer: '/package/version',
      message: `package.version is fixed, so ${resolved.out}/${STATE_FILE} and ${CHANGELOG_FILE} from release versioning are no longer kept up to date`,
      hint: "delete them, or set package.version to 'release'",
    }),
  ];
}

export const errorCount = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.filter((d) => d.severity === 'error').length;

export async function runGenerate(options: GenerateOptions, io: CommandIo): Promise<number> {
  if (!options.timings) return generateOnce(options, io, UNTIMED);
  const timings = new StageTimings();
  try {
    return await generateOnce(options, io, timings);
  } finally {
    for (const line of timingLines(timings.costs())) io.err(line);
  }
}

async function generateOnce(
  options: GenerateOptions,
  io: CommandIo,
  clock: StageClock,
): Promise<number> {
  const verbose = options.verbose ?? false;
  const settled = await resolveGenerate(options);
  if (!settled.resolved) {
    const listing = listDiagnostics(settled.diagnostics, verbose);
    for (const line of listing.lines) io.err(line);
    io.err(withWarnings(`${listing.errors} error(s) in the config; nothing was written.`, listing));
    return EXIT.invalid;
  }
  const resolved = settled.resolved;
  const { spec, out, command } = resolved;
  const outDir = resolve(out);
  const result = await produce(resolved, options.release ?? false, clock);
  // The config's warnings and the spec's are listed and counted together.
  const listing = listDiagnostics([...settled.diagnostics, ...result.diagnostics], verbose);
  for (const line of listing.lines) io.err(line);
  if (!result.files || !result.plan) {
    io.err(
      withWarnings(
        refusesOutput(result.diagnostics)
          ? `${out}: refused as the output; nothing was written.`
          : `${spec}: ${listing.errors} error(s); nothing was written.`,
        listing,
      ),
    );
    return EXIT.invalid;
  }
  const { files, plan } = result;
  const stale = [
    ...plan.added.map((p) => `missing  ${p}`),
    ...plan.changed.map((p) => `changed  ${p}`),
    ...plan.removed.map((p) => `extra    ${p}`),
  ];
  const kept = plan.kept.map((p) => `  kept     ${p} (not written by connect-codegen)`);
  if (options.check) {
    if (stale.length === 0) {
      io.out(withWarnings(`${out} is up to date with ${spec} (${files.length} files).`, listing));
      for (const line of kept) io.out(line);
      return EXIT.ok;
    }
    io.err(
      withWarnings(
        `${out} is stale: ${stale.length} file(s) differ from what ${spec} gives. Run \`${command}\`.`,
        listing,
      ),
    );
    for (const line of stale) io.err(`  ${line}`);
    for (const line of kept) io.err(line);
    return EXIT.invalid;
  }
  try {
    await clock.timeAsync('write', () => writeOutput(outDir, files, plan));
  } catch (error) {
    if (!(error instanceof OutputRefused)) throw error;
    io.err(`${out}: ${error.message}; nothing was written.`);
    return EXIT.invalid;
  }
  io.out(
    withWarnings(
      `${out}: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed, ${plan.unchanged} unchanged${plan.kept.length > 0 ? `, ${plan.kept.length} kept` : ''} (from ${spec}); package version ${result.version}.`,
      listing,
    ),
  );
  for (const line of kept) io.out(line);
  return EXIT.ok;
}
