/**
 * `generate --timings`: what each stage of a run cost, printed after the run's own lines, in
 * a shape the bench reads back (`readTimings`). The figures themselves are not asserted (they
 * are the machine's), only that every stage that ran is there, in order, and adds up.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { readTimings, STAGES, StageTimings, timingLines } from '../../generator/shared/timings.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-timings-');
const PETSTORE = 'node_modules/@readme/oas-examples/3.0/json/petstore.json';

describe('generate --timings', () => {
  it('prints every stage of a run that writes, in pipeline order, after the summary', async () => {
    const io = capture();
    const out = join(scratch(), 'client');
    expect(await main(['generate', '--spec', PETSTORE, '--out', out, '--timings'], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/added/);
    const text = io.stderr.join('\n');
    const stages = readTimings(text).map(([stage]) => stage);
    expect(stages).toEqual(['start', ...STAGES]);
    for (const [, ms] of readTimings(text)) expect(Number.isInteger(ms) && ms >= 0).toBe(true);
    // The total is the sum of the stages, as printed (each rounded on its own).
    const total = Number(/^ {2}total +(\d+) ms CPU/m.exec(text)![1]);
    const sum = readTimings(text).reduce((s, [, ms]) => s + ms, 0);
    expect(Math.abs(total - sum)).toBeLessThanOrEqual(STAGES.length + 1);
  }, 120_000);

  it('prints the stages that ran when the spec is refused, and nothing without the flag', async () => {
    const refused = capture();
    const spec = 'test/fixtures/other/broken.yaml';
    const out = join(scratch(), 'none');
    expect(await main(['generate', '--spec', spec, '--out', out, '--timings'], refused)).toBe(1);
    expect(readTimings(refused.stderr.join('\n')).map(([s]) => s)).toEqual([
      'start',
      'load',
      'validate',
    ]);
    const plain = capture();
    expect(await main(['generate', '--spec', spec, '--out', out], plain)).toBe(1);
    expect(readTimings(plain.stderr.join('\n'))).toEqual([]);
    expect(plain.stderr.join('\n')).not.toContain('timings');
  }, 120_000);
});

describe('StageTimings', () => {
  it('adds up a stage timed twice and keeps what a throwing stage cost', () => {
    const timings = new StageTimings();
    timings.time('print', () => 1);
    timings.time('print', () => 2);
    expect(() =>
      timings.time('emit', () => {
        throw new Error('emit failed');
      }),
    ).toThrow('emit failed');
    expect(timings.costs().map(([stage]) => stage)).toEqual(['start', 'emit', 'print']);
    const lines = timingLines(timings.costs());
    expect(readTimings(lines.join('\n')).map(([stage]) => stage)).toEqual([
      'start',
      'emit',
      'print',
    ]);
  });
});
