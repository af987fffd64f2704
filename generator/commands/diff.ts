/**
 * `connect-codegen diff --base <git-rev | spec-file>`: what changed in the API surface
 * between two spec versions, each change breaking or compatible for a client user.
 * Exit 0 when nothing breaks, 1 when something does, 2 when the comparison cannot be made.
 */
import { openRunCaches } from '../cache.js';
import { formatDiagnostic } from '../diagnostics.js';
import { buildReport } from '../diff/report.js';
import { renderReport, type ReportFormat } from '../diff/render.js';
import { BaseNotFound, readBase, sourceToIr, type SpecSource } from '../diff/source.js';
import { diskReader } from '../split/reader.js';
import { snapshotOf } from '../diff/snapshot.js';
import { buildSurface } from '../diff/surface.js';
import { displayPath } from './paths.js';
import { EXIT, type CommandIo } from './io.js';

export interface DiffOptions {
  readonly base: string;
  readonly spec: string;
  readonly format: ReportFormat;
}

export async function runDiff(
  options: DiffOptions,
  io: CommandIo,
  cwd = process.cwd(),
): Promise<number> {
  const specPath = displayPath(options.spec);
  let base: SpecSource;
  const head: SpecSource = { label: specPath, path: specPath, reader: diskReader(cwd) };
  try {
    base = await readBase(options.base, specPath, cwd);
    await head.reader.readText(specPath);
  } catch (error) {
    if (error instanceof BaseNotFound) io.err(`connect-codegen diff: ${error.message}.`);
    else
      io.err(
        `connect-codegen diff: cannot read '${specPath}': ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
      );
    return EXIT.usage;
  }
  const { openapiSchema } = openRunCaches();
  const [before, after] = await Promise.all([
    sourceToIr(base, openapiSchema),
    sourceToIr(head, openapiSchema),
  ]);
  for (const d of [...before.diagnostics, ...after.diagnostics]) io.err(formatDiagnostic(d));
  if (!before.ir || !after.ir) {
    io.err(
      `connect-codegen diff: ${!before.ir ? base.label : head.label} is not a valid spec; nothing was compared.`,
    );
    return EXIT.usage;
  }
  const report = buildReport(
    { label: base.label, ...buildSurface(snapshotOf(before.ir)) },
    { label: head.label, ...buildSurface(snapshotOf(after.ir)) },
  );
  io.out(renderReport(report, options.format).trimEnd());
  return report.breaking > 0 ? EXIT.invalid : EXIT.ok;
}
