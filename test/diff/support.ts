/** Builds change reports from spec text for the diff tests. */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { describeChange } from '../../generator/release/diff/describe.js';
import { plain } from '../../generator/release/diff/phrase.js';
import { buildReport, type ChangeReport } from '../../generator/release/diff/report.js';
import { snapshotOf } from '../../generator/release/diff/snapshot.js';
import { specToIr, type SpecText } from '../../generator/release/diff/source.js';
import { buildSurface } from '../../generator/release/diff/surface.js';
import { formatDiagnostic } from '../../generator/shared/diagnostics.js';

export const THINGS_BASE = 'test/fixtures/diff/things-base.yaml';
/** The Connect API spec as released in 1.4.0, and 1.5.0 with connector information added. */
export const V14 = 'test/fixtures/diff/connect-api-1.4.0.yaml';
export const V15 = 'test/fixtures/diff/connect-api-1.5.0.yaml';

/** A spec as a plain object, to mutate in a test. */
// Loosely typed on purpose: each table row reaches into a different corner of the document.
export type Doc = Record<string, any>;

export function readDoc(path: string): Doc {
  return parse(readFileSync(path, 'utf8')) as Doc;
}

function surfaceOf(spec: SpecText) {
  const loaded = specToIr(spec);
  if (!loaded.ir)
    throw new Error(
      `${spec.label} is not valid:\n${loaded.diagnostics.map(formatDiagnostic).join('\n')}`,
    );
  return { label: spec.label, ...buildSurface(snapshotOf(loaded.ir)) };
}

export function reportBetween(base: SpecText, head: SpecText): ChangeReport {
  return buildReport(surfaceOf(base), surfaceOf(head));
}

/** The report for the base spec against a copy changed by `change`. */
export function reportForChange(basePath: string, change: (doc: Doc) => void): ChangeReport {
  const text = readFileSync(basePath, 'utf8');
  const head = parse(text) as Doc;
  change(head);
  return reportBetween({ label: basePath, text }, { label: 'head.yaml', text: stringify(head) });
}

/** `[verdict, rule, description]` per change: what a table row expects. */
export function verdicts(report: ChangeReport): [string, string, string][] {
  return report.changes.map((c) => [c.verdict, c.rule.id, plain(describeChange(c))]);
}
