import { resolve } from 'node:path';
import { diagnostic, formatDiagnostic, hasErrors, type Diagnostic } from '../diagnostics.js';
import { CHANGELOG_FILE, STATE_FILE } from '../diff/state-file.js';
import { generate } from '../pipeline.js';
import { readPreviousOutput, type PreviousOutput } from '../previous.js';
import type { OutputFile } from '../print.js';
import { planOutput, writeOutput } from '../write.js';
import { EXIT, type CommandIo } from './io.js';
import { DEFAULT_OUT, DEFAULT_SPEC, displayPath } from './paths.js';
import { resolveGenerate, type GenerateFlags, type ResolvedGenerate } from './settings.js';

export { DEFAULT_OUT, DEFAULT_SPEC, displayPath };

export interface GenerateOptions extends GenerateFlags {
  readonly check: boolean;
  /** Record the package version decided now as released: the next change starts a new version. */
  readonly release?: boolean;
}

/** One generation's result before anything is written: the files, or the diagnostics that stop it. */
export interface Produced {
  readonly diagnostics: readonly Diagnostic[];
  readonly files?: readonly OutputFile[];
  readonly version?: string;
  /** Every file the spec was read from, when it loaded (what `--watch` watches). */
  readonly sources?: readonly string[];
}

/** Runs the pipeline for `resolved`, with what the last run left in its output. Writes nothing. */
export async function produce(resolved: ResolvedGenerate, markReleased = false): Promise<Produced> {
  const fixed = resolved.settings.packageVersion !== undefined;
  const previous = await readPreviousOutput(resolve(resolved.out));
  const result = await generate({
    specPath: resolved.spec,
    command: resolved.command,
    settings: resolved.settings,
    // A fixed version takes the release stage's place: no surface record, no changelog.
    ...(fixed ? {} : { release: { previous, outLabel: resolved.out, markReleased } }),
  });
  const sources = result.sources ? { sources: result.sources } : {};
  if (!result.files || result.version === undefined || hasErrors(result.diagnostics))
    return { diagnostics: result.diagnostics, ...sources };
  const diagnostics = [...result.diagnostics, ...leftRecords(resolved, fixed, previous)];
  return { diagnostics, files: result.files, version: result.version, ...sources };
}

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
  const settled = await resolveGenerate(options);
  for (const d of settled.diagnostics) io.err(formatDiagnostic(d));
  if (!settled.resolved) {
    io.err(`${errorCount(settled.diagnostics)} error(s) in the config; nothing was written.`);
    return EXIT.invalid;
  }
  const resolved = settled.resolved;
  const { spec, out, command } = resolved;
  const outDir = resolve(out);
  const result = await produce(resolved, options.release ?? false);
  for (const d of result.diagnostics) io.err(formatDiagnostic(d));
  if (!result.files) {
    io.err(`${spec}: ${errorCount(result.diagnostics)} error(s); nothing was written.`);
    return EXIT.invalid;
  }
  const files = result.files;
  const plan = await planOutput(outDir, files);
  const stale = [
    ...plan.added.map((p) => `missing  ${p}`),
    ...plan.changed.map((p) => `changed  ${p}`),
    ...plan.removed.map((p) => `extra    ${p}`),
  ];
  if (options.check) {
    if (stale.length === 0) {
      io.out(`${out} is up to date with ${spec} (${files.length} files).`);
      return EXIT.ok;
    }
    io.err(
      `${out} is stale: ${stale.length} file(s) differ from what ${spec} gives. Run \`${command}\`.`,
    );
    for (const line of stale) io.err(`  ${line}`);
    return EXIT.invalid;
  }
  await writeOutput(outDir, files, plan);
  io.out(
    `${out}: ${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed, ${plan.unchanged} unchanged (from ${spec}); package version ${result.version}.`,
  );
  return EXIT.ok;
}
