/**
 * The matrix as the run saw it: rows written to test/runtimes/results.json, and the same
 * rows as a markdown table between two markers in the README, which a test keeps in step.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../../package/support/built-package.js';

export interface MatrixRow {
  readonly runtime: string;
  readonly version: string;
  readonly format: string;
  /** `pass`, `unsupported` (with the reason in `note`), or `fail` when a cell broke. */
  readonly result: 'pass' | 'unsupported' | 'fail';
  readonly note: string;
}

export const RESULTS_FILE = join(REPO_ROOT, 'test', 'runtimes', 'results.json');
export const README_FILE = join(REPO_ROOT, 'README.md');
const START = '<!-- runtime-matrix:start (written by npm run test:runtimes) -->';
const END = '<!-- runtime-matrix:end -->';

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

export function renderTable(rows: readonly MatrixRow[]): string {
  const lines = [
    '| runtime | version | module format | result | notes |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${cell(r.runtime)} | ${cell(r.version)} | ${cell(r.format)} | ${r.result === 'pass' ? 'pass' : `**${r.result}**`} | ${cell(r.note)} |`,
    ),
  ];
  return lines.join('\n');
}

/** The table between the markers, or undefined when the README has no such section. */
export function readmeTable(readme: string): string | undefined {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + START.length, end).trim();
}

export async function writeResults(rows: readonly MatrixRow[]): Promise<void> {
  await writeFile(RESULTS_FILE, `${JSON.stringify(rows, null, 2)}\n`);
}

/** Puts the table in the README between the markers (which must be there already). */
export async function updateReadme(rows: readonly MatrixRow[]): Promise<void> {
  const readme = await readFile(README_FILE, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
  const table = renderTable(rows);
  await writeFile(
    README_FILE,
    `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`,
  );
}
