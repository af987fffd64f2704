import { resolve } from 'node:path';
import { formatDiagnostic, hasErrors } from '../diagnostics.js';
import { generate } from '../pipeline.js';
import { readPreviousOutput } from '../previous.js';
import { planOutput, writeOutput } from '../write.js';
import { EXIT, type CommandIo } from './io.js';
import { DEFAULT_OUT, DEFAULT_SPEC, displayPath } from './paths.js';

export { DEFAULT_OUT, DEFAULT_SPEC, displayPath };

export interface GenerateOptions {
  readonly spec: string;
  readonly out: string;
  readonly check: boolean;
  /** Record the package version decided now as released: the next change starts a new version. */
  readonly release?: boolean;
}

export async function runGenerate(options: GenerateOptions, io: CommandIo): Promise<number> {
  const spec = displayPath(options.spec);
  const out = displayPath(options.out);
  const command =
    spec === DEFAULT_SPEC && out === DEFAULT_OUT
      ? 'npm run generate'
      : `connect-codegen generate --spec ${spec} --out ${out}`;
  const outDir = resolve(options.out);
  const previous = await readPreviousOutput(outDir);
  const result = await generate({
    specPath: spec,
    command,
    release: { previous, outLabel: out, markReleased: options.release ?? false },
  });
  for (const d of result.diagnostics) io.err(formatDiagnostic(d));
  if (!result.files || result.version === undefined || hasErrors(result.diagnostics)) {
    io.err(
      `${spec}: ${result.diagnostics.filter((d) => d.severity === 'error').length} error(s); nothing was written.`,
    );
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
