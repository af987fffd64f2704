/**
 * Every corpus document either generates a client that type-checks, or is refused with
 * diagnostics that name where (file, line, column, JSON pointer) — and which documents are
 * refused, and why, is pinned in EXPECTED_REFUSALS so a regression either way shows.
 *
 * Cost: each document's JSON form is generated and printed; its YAML twin only goes as far
 * as the IR, which must equal the JSON form's. All outputs are then type-checked in ONE
 * TypeScript program (see harness.ts), not one `tsc` per output.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../generator/diagnostics.js';
import type { Ir } from '../../generator/ir/types.js';
import { corpusDocuments, EXPECTED_REFUSALS, type CorpusDocument } from './corpus.js';
import { irFromText } from '../support/documents.js';
import { generateText, scratchDir, typeCheck, writeOutput, type Outcome } from './harness.js';

interface Result {
  readonly document: CorpusDocument;
  readonly first: Outcome;
  /** The twin in the other format: its IR or its diagnostics. */
  readonly twin?: { readonly ir: Ir } | { readonly diagnostics: readonly Diagnostic[] };
}

const documents = corpusDocuments();
const results = new Map<string, Result>();
const roots = new Map<string, string[]>();
let scratch: string;

beforeAll(async () => {
  scratch = await scratchDir('corpus');
  for (const document of documents) {
    const [first, second] = document.files;
    const outcome = await generateText(first!, await readFile(first!, 'utf8'));
    const twin =
      second === undefined ? undefined : irFromText(second, await readFile(second, 'utf8'));
    results.set(document.name, { document, first: outcome, ...(twin ? { twin } : {}) });
    if (outcome.kind === 'generated')
      roots.set(document.name, await writeOutput(join(scratch, document.name), outcome.files));
  }
}, 600_000);

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

describe('the corpus', () => {
  it('has every package document and each refusal names a real one', () => {
    const names = documents.map((d) => d.name);
    expect(names.filter((n) => n.startsWith('oas-examples/3.')).length).toBeGreaterThanOrEqual(50);
    expect(names.filter((n) => n.startsWith('frameworks/'))).toEqual([
      'frameworks/drf-spectacular',
      'frameworks/fastapi',
      'frameworks/nestjs',
      'frameworks/springdoc',
    ]);
    expect(names).toContain('galaxy/3.1');
    for (const name of Object.keys(EXPECTED_REFUSALS)) expect(names).toContain(name);
  });

  it.each(documents.map((d) => [d.name, d] as const))('%s', (name, document) => {
    const result = results.get(name)!;
    const refusal = EXPECTED_REFUSALS[name];
    const [first, second] = document.files;
    if (refusal) {
      expect(result.first.kind, `expected ${name} to be refused: ${refusal.why}`).toBe('refused');
      if (result.first.kind !== 'refused') return;
      expectLocated(result.first.diagnostics, first!);
      expect(result.first.diagnostics.map((d) => [d.code, d.pointer])).toContainEqual([
        refusal.code,
        refusal.pointer,
      ]);
      if (result.twin) {
        expect('diagnostics' in result.twin).toBe(true);
        if (!('diagnostics' in result.twin)) return;
        expectLocated(result.twin.diagnostics, second!);
        // Same problems at the same pointers; only lines and columns differ between formats.
        const where = (ds: readonly Diagnostic[]) => ds.map((d) => `${d.code} ${d.pointer}`).sort();
        expect(where(result.twin.diagnostics)).toEqual(where(result.first.diagnostics));
      }
      return;
    }
    const problems =
      result.first.kind === 'refused'
        ? result.first.diagnostics.map(
            (d) => `${d.line}:${d.column} [${d.code}] ${d.pointer}: ${d.message}`,
          )
        : [];
    expect(problems, `${name} was refused`).toEqual([]);
    if (result.first.kind !== 'generated') return;
    if (result.twin)
      expect(
        'ir' in result.twin && shape(result.twin.ir),
        `${second} gives a different IR than ${first}`,
      ).toEqual(shape(result.first.ir));
  });

  it('every generated client type-checks, in one program', () => {
    expect(roots.size).toBeGreaterThan(40);
    const owner = new Map(
      [...roots].flatMap(([name, files]) => files.map((f) => [f, name] as const)),
    );
    const errors = typeCheck([...roots.values()].flat());
    const byDocument: Record<string, string[]> = {};
    for (const e of errors) {
      const name =
        owner.get(e.file) ?? [...roots.keys()].find((n) => e.file.includes(`/${n}/`)) ?? e.file;
      (byDocument[name] ??= []).push(`${e.file.slice(scratch.length)}:${e.line} ${e.message}`);
    }
    expect(byDocument).toEqual({});
  }, 300_000);
});
