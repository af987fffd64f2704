/**
 * The matrix as the run saw it: rows written to test/runtimes/results.json, and the same
 * rows as a markdown table between two markers on the page that documents the runtimes
 * (docs/using-the-client.md), which a test keeps in step.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../../package/support/built-package.js';
import { docsPagePath } from '../../support/docs.js';

export interface MatrixRow {
  readonly runtime: string;
  readonly version: string;
  readonly format: string;
  /** `pass`, `unsupported` (with the reason in `note`), or `fail` when a cell broke. */
  readonly result: 'pass' | 'unsupported' | 'fail';
  readonly note: string;
}

export const RESULTS_FILE = join(REPO_ROOT, 'test', 'runtimes', 'results.json');
/** The docs page whose "Runtimes" section holds the table. */
export const MATRIX_PAGE = docsPagePath('using-the-client');
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

/** The table between the markers, or undefined when the page has no such section. */
export function pageTable(page: string): string | undefined {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return page.slice(start + START.length, end).trim();
}

export async function writeResults(rows: readonly MatrixRow[]): Promise<void> {
  await writeFile(RESULTS_FILE, `${JSON.stringify(rows, null, 2)}\n`);
}

/** Puts the table on the page between the markers (which must be there already). */
export async function updatePage(rows: readonly MatrixRow[]): Promise<void> {
  const page = await readFile(MATRIX_PAGE, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${MATRIX_PAGE} has no ${START} … ${END} section`);
  const table = renderTable(rows);
  await writeFile(
    MATRIX_PAGE,
    `${page.slice(0, start + START.length)}\n${table}\n${page.slice(end)}`,
  );
}
