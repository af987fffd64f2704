/**
 * The runtime table in docs/using-the-client.md and results.json, both written by the last
 * matrix run, say the same thing; a hand edit of either, or a run whose change to the page was
 * not committed, fails.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  MATRIX_PAGE,
  pageTable,
  renderTable,
  RESULTS_FILE,
  type MatrixRow,
} from './support/matrix-table.js';

describe('the runtime matrix in docs/using-the-client.md', () => {
  it('is results.json as a table, and every cell passes or says why it is unsupported', async () => {
    const rows = JSON.parse(await readFile(RESULTS_FILE, 'utf8')) as MatrixRow[];
    expect(pageTable(await readFile(MATRIX_PAGE, 'utf8'))).toBe(renderTable(rows));
    for (const row of rows) {
      expect(row.result, row.runtime).not.toBe('fail');
      if (row.result === 'unsupported') expect(row.note.length, row.runtime).toBeGreaterThan(40);
    }
  });
});
