/**
 * The whole report for a realistic release: 1.5.0 adds connector information to stations
 * and to the charging-start response (and so to every charging session) without breaking
 * anyone. Both specs are frozen copies, so the snapshots change only when the diff does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../generator/release/diff/render.js';
import { reportBetween, V14, V15 } from './support.js';

const spec = (label: string) => ({ label, text: readFileSync(label, 'utf8') });

describe('the 1.5.0 release report', () => {
  const report = reportBetween(spec(V14), spec(V15));

  it('breaks nobody and needs a minor release of the package', () => {
    expect(report.breaking).toBe(0);
    expect(report.compatible).toBeGreaterThan(0);
    expect(report.bump).toBe('minor');
  });

  it('names each affected call once, where the connector information arrives', () => {
    const affected = [
      ...new Set(report.changes.flatMap((c) => (c.within ? [c.within.location] : []))),
    ];
    expect(affected).toEqual([
      'GET /api/v1/stations/around/',
      'GET /api/v1/stations/details/',
      'POST /api/v1/users/{user_id}/charging/start/',
      'GET /api/v1/users/{user_id}/charging-sessions/',
      'GET /api/v1/users/{user_id}/charging-sessions/{session_id}/',
      'PATCH /api/v1/users/{user_id}/charging-sessions/{session_id}/',
    ]);
  });

  it.each(['text', 'markdown', 'json'] as const)('renders as %s', async (format) => {
    const extension = { text: 'txt', markdown: 'md', json: 'json' }[format];
    await expect(renderReport(report, format)).toMatchFileSnapshot(
      `__snapshots__/release-1.5.0.${extension}`,
    );
  });

  it('reads the other way round as breaking: taking the fields away again', () => {
    const back = reportBetween(spec(V15), spec(V14));
    expect(back.breaking).toBe(report.compatible);
    expect(back.changes.every((c) => c.verdict === 'breaking')).toBe(true);
    expect(back.bump).toBe('major');
  });
});
