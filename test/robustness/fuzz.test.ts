/**
 * Fuzzing: 1,000 seeded mutations of valid documents (mutate.ts). Each case must end in a
 * diagnostic that says where, or in generated code; none may crash or run 30 s.
 *
 * The cases run in a child process (fuzz-runner.ts) that reports each case as it starts
 * and ends; a watchdog kills it when one case passes the limit, naming the case, since an
 * endless loop in-process could not be stopped. Every case is checked for crash and
 * diagnostics; a deterministic sample of the generated ones (every 4th case, distinct IRs)
 * is printed and type-checked in one TypeScript program.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { CaseResult } from './fuzz-runner.js';
import { scratchDir, typeCheck } from './harness.js';

const CASES = 1000;
const CASE_LIMIT_MS = 30_000;

interface Run {
  readonly results: readonly CaseResult[];
  /** Set when the watchdog stopped the runner, or the runner died. */
  readonly stopped?: string;
}

function runCases(outDir: string, first: number, count: number): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/robustness/fuzz-runner.ts', outDir, String(first), String(count)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const results: CaseResult[] = [];
    let stderr = '';
    let stopped: string | undefined;
    let watchdog: NodeJS.Timeout | undefined;
    const arm = (label: string) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stopped = `${label} ran longer than ${CASE_LIMIT_MS / 1000} s`;
        child.kill('SIGKILL');
      }, CASE_LIMIT_MS);
    };
    arm('starting the runner');
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as { start: number } | CaseResult;
      if ('start' in event) arm(`case ${event.start}`);
      else {
        results.push(event);
        clearTimeout(watchdog);
      }
    });
    child.on('close', (code) => {
      clearTimeout(watchdog);
      if (stopped === undefined && code !== 0)
        stopped = `the runner exited with ${code}: ${stderr.slice(-2000)}`;
      resolve({ results, ...(stopped !== undefined ? { stopped } : {}) });
    });
  });
}

let scratch: string | undefined;
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('fuzzing mutated documents', () => {
  it(`${CASES} cases each end in a located diagnostic or in code that type-checks`, async () => {
    scratch = await scratchDir('fuzz');
    const run = await runCases(scratch, 0, CASES);
    expect(run.stopped).toBeUndefined();
    expect(run.results).toHaveLength(CASES);

    const crashes = run.results.flatMap((r) =>
      r.outcome === 'crash' ? [`case ${r.case} (${r.mutations.join('; ')}): ${r.error}`] : [],
    );
    expect(crashes).toEqual([]);
    const unlocated = run.results.flatMap((r) =>
      r.outcome === 'refused' && r.unlocated.length > 0
        ? [`case ${r.case}: ${r.unlocated.join(' | ')}`]
        : [],
    );
    expect(unlocated).toEqual([]);
    expect(Math.max(...run.results.map((r) => r.ms))).toBeLessThan(CASE_LIMIT_MS);

    // Both ends must be exercised, or the mutator has stopped doing its job.
    const refused = run.results.filter((r) => r.outcome === 'refused');
    const generated = run.results.filter((r) => r.outcome === 'generated');
    expect(refused.length).toBeGreaterThan(CASES / 5);
    expect(generated.length).toBeGreaterThan(CASES / 5);

    const sampled = generated.flatMap((r) => (r.outcome === 'generated' && r.files ? [r] : []));
    expect(sampled.length).toBeGreaterThan(50);
    const owner = new Map(sampled.flatMap((r) => (r.files ?? []).map((f) => [f, r] as const)));
    const errors = typeCheck(sampled.flatMap((r) => r.files ?? []));
    const failing = errors.map((e) => {
      const r = owner.get(e.file) ?? sampled.find((s) => e.file.includes(`/case-${s.case}/`));
      return `case ${r?.case} (${r?.mutations.join('; ')}): ${e.file.slice(scratch!.length)}:${e.line} ${e.message}`;
    });
    expect(failing).toEqual([]);
  }, 900_000);
});
