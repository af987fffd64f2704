/**
 * Runs fuzz cases in a process of its own, so the test can stop it when one case takes
 * longer than the limit (a synchronous endless loop cannot be interrupted in-process).
 * Usage: `tsx test/robustness/fuzz-runner.ts <outDir> <first> <count>`. Writes one JSON
 * line per event to stdout: `{"start":n}` before case n, then its result.
 *
 * Every case goes through load → validate → IR → emit, which is where a crash or a hang
 * would be. Printing (ts-morph, prettier) and type-checking cost ~100 times more, so only a
 * deterministic sample is printed and written under outDir for the type-check: every
 * SAMPLE_EVERY-th case whose IR was not seen before (the same IR prints the same files:
 * emitters are pure functions of it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Diagnostic } from '../../generator/shared/diagnostics.js';
import { emitPackage } from '../../generator/emit/index.js';
import { printFiles } from '../../generator/print/print.js';
import { irFromText } from '../support/documents.js';
import { writeOutput } from './harness.js';
import { mutate } from './mutate.js';

export const FUZZ_BASES = [
  'test/fixtures/corpus/drf-spectacular.yaml',
  'test/fixtures/corpus/fastapi.json',
  'test/fixtures/corpus/nestjs.json',
  'test/fixtures/corpus/springdoc.yaml',
  'test/fixtures/valid/petstore-3.0.yaml',
  'test/fixtures/valid/stations-3.1.yaml',
  'test/fixtures/valid/chargers-3.1.json',
  'node_modules/@readme/oas-examples/3.0/json/polymorphism.json',
  'node_modules/@readme/oas-examples/3.1/json/webhooks.json',
];

export const SAMPLE_EVERY = 4;

export type CaseResult =
  | {
      readonly case: number;
      readonly ms: number;
      readonly mutations: readonly string[];
      readonly outcome: 'refused';
      readonly codes: readonly string[];
      readonly unlocated: readonly string[];
    }
  | {
      readonly case: number;
      readonly ms: number;
      readonly mutations: readonly string[];
      readonly outcome: 'generated';
      readonly files?: readonly string[];
    }
  | {
      readonly case: number;
      readonly ms: number;
      readonly mutations: readonly string[];
      readonly outcome: 'crash';
      readonly error: string;
    };

/** Diagnostics that fail to say where: no file, no line, a pointer that is not one, no message. */
function unlocated(diagnostics: readonly Diagnostic[], file: string): string[] {
  return diagnostics
    .filter(
      (d) =>
        d.file !== file ||
        d.line < 1 ||
        d.column < 1 ||
        !(d.pointer === '' || d.pointer.startsWith('/')) ||
        d.message.trim() === '' ||
        /\n\s+at /.test(d.message),
    )
    .map((d) => `${d.line}:${d.column} [${d.code}] #${d.pointer}: ${d.message}`);
}

async function run(outDir: string, first: number, count: number): Promise<void> {
  const bases = FUZZ_BASES.map((path) => parse(readFileSync(path, 'utf8')) as unknown);
  const seen = new Set<string>();
  for (let n = first; n < first + count; n++) {
    process.stdout.write(`${JSON.stringify({ start: n })}\n`);
    const started = performance.now();
    const mutant = mutate(bases[n % bases.length], n);
    const file = `case-${n}.${mutant.format}`;
    const base = { case: n, mutations: mutant.mutations };
    let result: CaseResult;
    try {
      const built = irFromText(file, mutant.text);
      if ('ir' in built) {
        const header = `Generated from ${file}.`;
        const emitted = emitPackage({ ir: built.ir, plan: built.plan, templates: [], header });
        const key = JSON.stringify(built.ir);
        let files: string[] | undefined;
        if (n % SAMPLE_EVERY === 0 && !seen.has(key)) {
          seen.add(key);
          const sources = emitted.filter((f) => f.path.endsWith('.ts'));
          files = await writeOutput(join(outDir, `case-${n}`), await printFiles(sources, header));
        }
        result = { ...base, ms: 0, outcome: 'generated', ...(files ? { files } : {}) };
      } else {
        const codes = [...new Set(built.diagnostics.map((d) => d.code))].sort();
        result = {
          ...base,
          ms: 0,
          outcome: 'refused',
          codes,
          unlocated: unlocated(built.diagnostics, file),
        };
      }
    } catch (error) {
      result = {
        ...base,
        ms: 0,
        outcome: 'crash',
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
    }
    process.stdout.write(
      `${JSON.stringify({ ...result, ms: Math.round(performance.now() - started) })}\n`,
    );
  }
}

const [outDir, first, count] = process.argv.slice(2);
if (outDir !== undefined) await run(outDir, Number(first ?? 0), Number(count ?? 1000));
