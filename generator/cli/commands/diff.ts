/**
 * `connect-codegen diff --base <git-rev | spec-file>`: what changed in the API surface
 * between two spec versions, each change breaking or compatible for a client user.
 * Exit 0 when nothing breaks, 1 when something does, 2 when the comparison cannot be made.
 */
import { openRunCaches } from '../../shared/cache.js';
import {
  escapeControls,
  escapeControlsInJson,
  formatDiagnostic,
} from '../../shared/diagnostics.js';
import { buildReport } from '../../release/diff/report.js';
import { renderReport, type ReportFormat } from '../../release/diff/render.js';
import { BaseNotFound, readBase, sourceToIr, type SpecSource } from '../../release/diff/source.js';
import { diskReader } from '../../load/split/reader.js';
import type { ReadOptions } from '../../load/split/trust.js';
import { snapshotOf } from '../../release/diff/snapshot.js';
import { buildSurface } from '../../release/diff/surface.js';
import { displayPath } from './paths.js';
import { EXIT, type CommandIo } from './io.js';

export interface DiffOptions {
  readonly base: string;
  readonly spec: string;
  readonly format: ReportFormat;
  /** What the loader may read beyond the defaults (both specs). */
  readonly read?: ReadOptions;
}

export async function runDiff(
  options: DiffOptions,
  io: CommandIo,
  cwd = process.cwd(),
): Promise<number> {
  const specPath = displayPath(options.spec);
  let base: SpecSource;
  const read = options.read ?? {};
  const head: SpecSource = { label: specPath, path: specPath, reader: diskReader(cwd) };
  try {
    base = await readBase(options.base, specPath, cwd);
    await head.reader.realPath(specPath);
  } catch (error) {
    if (error instanceof BaseNotFound)
      io.err(`connect-codegen diff: ${escapeControls(error.message)}.`);
    else
      io.err(
        `connect-codegen diff: cannot read '${escapeControls(specPath)}': ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
      );
    return EXIT.usage;
  }
  const { openapiSchema } = openRunCaches();
  const [before, after] = await Promise.all([
    sourceToIr(base, openapiSchema, read),
    sourceToIr(head, openapiSchema, read),
  ]);
  for (const d of [...before.diagnostics, ...after.diagnostics]) io.err(formatDiagnostic(d));
  if (!before.ir || !after.ir) {
    io.err(
      `connect-codegen diff: ${escapeControls(!before.ir ? base.label : head.label)} is not a valid spec; nothing was compared.`,
    );
    return EXIT.usage;
  }
  const report = buildReport(
    { label: base.label, ...buildSurface(snapshotOf(before.ir)) },
    { label: head.label, ...buildSurface(snapshotOf(after.ir)) },
  );
  io.out(printable(renderReport(report, options.format).trimEnd(), options.format));
  return report.breaking > 0 ? EXIT.invalid : EXIT.ok;
}

/**
 * The report as it may reach a terminal: spec text in it (a version, a description, a name)
 * has its control characters escaped, the report's own line breaks kept. In JSON the format
 * escapes C0 controls itself; the others are written as JSON escapes (`\u009b`), which read
 * back as the same string.
 */
function printable(text: string, format: ReportFormat): string {
  return format === 'json' ? escapeControlsInJson(text) : escapeControls(text, '\n');
}
