/**
 * Every corpus document either generates a client that type-checks and imports, or is refused with
 * diagnostics that name where (file, line, column, JSON pointer) — and which documents are
 * refused, and why, is pinned in EXPECTED_REFUSALS so a regression either way shows.
 * Documents that fail today for a cause being fixed elsewhere are pinned in PENDING.
 *
 * Cost: each document's JSON form is generated and printed; its YAML twin only goes as far
 * as the IR, which must equal the JSON form's. The outputs are then type-checked in a few
 * TypeScript programs of many outputs each (see harness.ts), not one `tsc` per output; each
 * program is emitted as JavaScript, and every package's entry points (`.`, `./forms`,
 * `./query`) are imported in one Node process per program: a module that throws on import
 * (a regular expression JavaScript refuses, say) fails its document as a type error would.
 * Each document is its own test, named with what is expected of it; the last test prints
 * the tally, and the warnings of every generated document counted by kind.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../generator/shared/diagnostics.js';
import type { Ir } from '../../generator/ir/types.js';
import { corpusDocuments, EXPECTED_REFUSALS, type CorpusDocument } from './corpus.js';
import { DIRECTORY_REFUSALS } from './corpus-directory.js';
import { PENDING } from './corpus-pending.js';
import { irFromText } from '../support/documents.js';
import { loadUpgrader } from '../../generator/load/swagger/load.js';
import {
  entryPoints,
  generateText,
  importEach,
  linkRuntimeJs,
  scratchDir,
  typeCheck,
  writeOutput,
  type Outcome,
} from './harness.js';

/** What became of one document: its outcome, with an internal error and type errors added. */
type Verdict =
  | Exclude<Outcome, { kind: 'generated' }>
  | {
      readonly kind: 'generated';
      readonly ir: Ir;
      readonly typeErrors: TypeErrorLine[];
      /** `src/index.js: <what it threw>` for each entry point that threw on import. */
      readonly importErrors: string[];
      readonly warnings: readonly Diagnostic[];
    }
  | { readonly kind: 'crashed'; readonly message: string };

interface TypeErrorLine {
  readonly code: number;
  readonly text: string;
}

interface Result {
  readonly document: CorpusDocument;
  verdict: Verdict;
  /** The twin in the other format: its IR or its diagnostics. */
  readonly twin?: { readonly ir: Ir } | { readonly diagnostics: readonly Diagnostic[] };
}

const documents = corpusDocuments();
const refusalOf = (name: string) => EXPECTED_REFUSALS[name] ?? DIRECTORY_REFUSALS[name];
const results = new Map<string, Result>();
/** Outputs per TypeScript program: big enough to share the standard library, small enough to keep memory low. */
const BATCH = 40;
let scratch: string;
/** Milliseconds spent type-checking and emitting, and importing: the suite's cost, printed with the tally. */
const spent = { check: 0, import: 0 };

/** A written output: its root files to type-check and its entry points to import. */
interface Written {
  readonly roots: string[];
  readonly entries: string[];
}

async function outcomeOf(file: string): Promise<Outcome | { kind: 'crashed'; message: string }> {
  try {
    return await generateText(file, await readFile(file, 'utf8'));
  } catch (error) {
    return { kind: 'crashed', message: error instanceof Error ? error.message : String(error) };
  }
}

beforeAll(async () => {
  scratch = await scratchDir('corpus');
  const written = new Map<string, Written>();
  for (const document of documents) {
    const [first, second] = document.files;
    const outcome = await outcomeOf(first!);
    const twin =
      second === undefined
        ? undefined
        : irFromText(second, await readFile(second, 'utf8'), await loadUpgrader());
    const verdict: Verdict =
      outcome.kind === 'generated'
        ? {
            kind: 'generated',
            ir: outcome.ir,
            typeErrors: [],
            importErrors: [],
            warnings: outcome.warnings,
          }
        : outcome;
    results.set(document.name, { document, verdict, ...(twin ? { twin } : {}) });
    if (outcome.kind === 'generated') {
      const dir = join(scratch, document.name);
      const roots = await writeOutput(dir, outcome.files);
      written.set(document.name, { roots, entries: entryPoints(dir, outcome.files) });
    }
    if (written.size === BATCH) await typeCheckBatch(written);
  }
  await typeCheckBatch(written);
}, 1_200_000);

/**
 * Type-checks the written outputs in one program and imports their entry points in one
 * process, files each error under its document, and empties the batch.
 */
async function typeCheckBatch(written: Map<string, Written>): Promise<void> {
  if (written.size === 0) return;
  let started = performance.now();
  const errors = typeCheck(
    [...written.values()].flatMap((w) => w.roots),
    scratch,
  );
  spent.check += performance.now() - started;
  started = performance.now();
  for (const name of written.keys()) await linkRuntimeJs(join(scratch, name), scratch);
  const thrown = await importEach([...written.values()].flatMap((w) => w.entries));
  spent.import += performance.now() - started;
  for (const [file, message] of thrown) {
    const name = [...written.keys()].find((n) => file.startsWith(join(scratch, n) + '/'));
    const verdict = name === undefined ? undefined : results.get(name)!.verdict;
    expect(verdict?.kind, `an import outside the outputs threw: ${file}`).toBe('generated');
    if (verdict?.kind === 'generated')
      verdict.importErrors.push(`${file.slice(join(scratch, name!).length)}: ${message}`);
  }
  for (const name of written.keys()) {
    const dir = join(scratch, name);
    const verdict = results.get(name)!.verdict;
    if (verdict.kind !== 'generated') continue;
    for (const e of errors.filter((e) => e.file.startsWith(`${dir}/`)))
      verdict.typeErrors.push({
        code: e.code,
        text: `${e.file.slice(dir.length)}:${e.line} TS${e.code} ${e.message}`,
      });
  }
  const outside = errors.filter(
    (e) => ![...written.keys()].some((n) => e.file.startsWith(join(scratch, n) + '/')),
  );
  expect(outside.map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([]);
  for (const name of written.keys())
    await rm(join(scratch, name), { recursive: true, force: true });
  written.clear();
}

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/**
 * The IR without prose and in a fixed operation order. The package's JSON and YAML twins
 * are not quite the same document: some differ in description whitespace or escaping, one
 * lists two operations in another order. Types, names and parameters must still agree.
 */
function shape(ir: Ir): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !['description', 'summary', 'title', 'example'].includes(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  const key = (op: Ir['operations'][number]) => `${op.path} ${op.method}`;
  const operations = [...ir.operations].sort((a, b) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0,
  );
  return strip({
    info: ir.info,
    servers: ir.servers,
    schemas: ir.schemas,
    enums: ir.enums,
    operations,
  });
}

function expectLocated(diagnostics: readonly Diagnostic[], file: string): void {
  expect(diagnostics.length).toBeGreaterThan(0);
  for (const d of diagnostics) {
    expect(d.file).toBe(file);
    expect(d.line, `${d.code} ${d.pointer}`).toBeGreaterThan(0);
    expect(d.column).toBeGreaterThan(0);
    expect(d.pointer === '' || d.pointer.startsWith('/')).toBe(true);
    expect(d.message.length).toBeGreaterThan(0);
    expect(d.message).not.toMatch(/\n\s+at |TypeError|ReferenceError|undefined is not/);
  }
}

/** What a document is expected to do, as its test's title says it. */
function expectation(name: string): string {
  const refusal = refusalOf(name);
  if (refusal) return `refused (${refusal.code})`;
  const pending = PENDING[name];
  if (pending) return `pending: ${pending.cause}`;
  return 'type-checks and imports';
}

function describeVerdict(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'refused':
      return `refused: ${[...new Set(verdict.diagnostics.map((d) => d.code))].join(', ')}`;
    case 'crashed':
      return `internal error: ${verdict.message.split('\n')[0]}`;
    case 'generated':
      if (verdict.typeErrors.length > 0)
        return `broken: ${[...new Set(verdict.typeErrors.map((e) => `TS${e.code}`))].join(', ')}`;
      return verdict.importErrors.length === 0 ? 'type-checks and imports' : 'throws on import';
  }
}

describe('the corpus', () => {
  it('has every package document, 100 and more published ones, and each table entry names a real one', () => {
    const names = documents.map((d) => d.name);
    expect(names.filter((n) => n.startsWith('oas-examples/3.')).length).toBeGreaterThanOrEqual(50);
    expect(names.filter((n) => n.startsWith('frameworks/'))).toEqual([
      'frameworks/drf-spectacular',
      'frameworks/fastapi',
      'frameworks/nestjs',
      'frameworks/springdoc',
    ]);
    expect(names).toContain('galaxy/3.1');
    expect(names).toContain('figma/3.1');
    const published = names.filter((n) => /^(directory|figma|galaxy|frameworks)\//.test(n));
    expect(published.length).toBeGreaterThanOrEqual(100);
    const directory = documents.filter((d) => d.name.startsWith('directory/'));
    expect(directory.length).toBeGreaterThanOrEqual(90);
    for (const name of [
      ...Object.keys(EXPECTED_REFUSALS),
      ...Object.keys(DIRECTORY_REFUSALS),
      ...Object.keys(PENDING),
    ])
      expect(names).toContain(name);
  });

  it.each(documents.map((d) => [d.name, expectation(d.name), d] as const))(
    '%s: %s',
    (name, _expected, document) => {
      const result = results.get(name)!;
      const verdict = result.verdict;
      const refusal = refusalOf(name);
      const pending = PENDING[name];
      const [first, second] = document.files;
      if (pending) {
        const failure = pending.failure;
        const got = describeVerdict(verdict);
        expect(got, `${name} no longer fails: delete it from PENDING`).not.toBe(
          'type-checks and imports',
        );
        expect(verdict.kind, `${name}: ${got}`).toBe(
          failure.kind === 'crashed'
            ? 'crashed'
            : failure.kind === 'refused'
              ? 'refused'
              : 'generated',
        );
        if (failure.kind === 'refused' && verdict.kind === 'refused')
          expect(verdict.diagnostics.map((d) => d.code)).toContain(failure.code);
        if (failure.kind === 'broken' && verdict.kind === 'generated')
          expect(verdict.typeErrors.map((e) => e.code)).toContain(failure.tsCode);
        if (failure.kind === 'crashed' && verdict.kind === 'crashed')
          expect(verdict.message).toMatch(failure.message);
        return;
      }
      if (refusal) {
        expect(verdict.kind, `expected ${name} to be refused: ${refusal.why}`).toBe('refused');
        if (verdict.kind !== 'refused') return;
        expectLocated(verdict.diagnostics, first!);
        expect(verdict.diagnostics.map((d) => [d.code, d.pointer])).toContainEqual([
          refusal.code,
          refusal.pointer,
        ]);
        if (result.twin) {
          expect('diagnostics' in result.twin).toBe(true);
          if (!('diagnostics' in result.twin)) return;
          expectLocated(result.twin.diagnostics, second!);
          // Same errors at the same pointers; only lines and columns differ between formats.
          // Warnings may differ: the package's twins of parameters-style swap two methods.
          const where = (ds: readonly Diagnostic[]) =>
            ds
              .filter((d) => d.severity === 'error')
              .map((d) => `${d.code} ${d.pointer}`)
              .sort();
          expect(where(result.twin.diagnostics)).toEqual(where(verdict.diagnostics));
        }
        return;
      }
      const problems =
        verdict.kind === 'refused'
          ? verdict.diagnostics.map(
              (d) => `${d.line}:${d.column} [${d.code}] ${d.pointer}: ${d.message}`,
            )
          : verdict.kind === 'crashed'
            ? [`internal error: ${verdict.message}`]
            : [...verdict.typeErrors.map((e) => e.text), ...verdict.importErrors];
      expect(problems, `${name}: ${describeVerdict(verdict)}`).toEqual([]);
      if (verdict.kind !== 'generated') return;
      if (result.twin)
        expect(
          'ir' in result.twin && shape(result.twin.ir),
          `${second} gives a different IR than ${first}`,
        ).toEqual(shape(verdict.ir));
    },
  );

  it('tallies the outcomes: nothing broken, no internal error', () => {
    const tally = new Map<string, number>();
    for (const { verdict } of results.values()) {
      const key = describeVerdict(verdict);
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const lines = [...tally]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${String(n).padStart(4)}  ${k}`);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `corpus: ${results.size} documents\n${lines.join('\n')}\n` +
        `type-check and emit ${seconds(spent.check)}, import ${seconds(spent.import)}`,
    );
    const failing = [...results].filter(
      ([name, { verdict }]) =>
        !PENDING[name] &&
        (verdict.kind === 'crashed' ||
          (verdict.kind === 'generated' &&
            verdict.typeErrors.length + verdict.importErrors.length > 0)),
    );
    expect(failing.map(([name, { verdict }]) => `${name}: ${describeVerdict(verdict)}`)).toEqual(
      [],
    );
  });

  it('counts the warnings of the generated documents by kind, each one located', () => {
    const rows = new Map<string, { documents: number; warnings: number }>();
    let total = 0;
    for (const [name, { document, verdict }] of results) {
      if (verdict.kind !== 'generated') continue;
      total += verdict.warnings.length;
      for (const w of verdict.warnings) {
        expect(w.file, `${name}: ${w.code}`).toBe(document.files[0]);
        expect(w.line, `${name}: ${w.code} ${w.pointer}`).toBeGreaterThan(0);
        expect(w.pointer === '' || w.pointer.startsWith('/'), `${name}: ${w.pointer}`).toBe(true);
      }
      const codes = verdict.warnings.map((w) => w.code);
      for (const code of new Set(codes)) {
        const row = rows.get(code) ?? { documents: 0, warnings: 0 };
        row.documents += 1;
        row.warnings += codes.filter((c) => c === code).length;
        rows.set(code, row);
      }
    }
    const generated = [...results.values()].filter((r) => r.verdict.kind === 'generated').length;
    const table = [...rows]
      .sort((a, b) => b[1].warnings - a[1].warnings || (a[0] < b[0] ? -1 : 1))
      .map(([code, row]) => `| \`${code}\` | ${row.warnings} | ${row.documents} |`);
    console.log(
      [
        `warnings of the ${generated} generated documents, by kind:`,
        '| kind | warnings | documents |',
        '|---|---:|---:|',
        ...table,
        `| all | ${total} | ${[...results.values()].filter((r) => r.verdict.kind === 'generated' && r.verdict.warnings.length > 0).length} |`,
      ].join('\n'),
    );
    // The table is the run's own count: its rows add up to every warning of every document.
    expect([...rows.values()].reduce((sum, row) => sum + row.warnings, 0)).toBe(total);
    for (const row of rows.values()) expect(row.documents).toBeLessThanOrEqual(generated);
  });
});
