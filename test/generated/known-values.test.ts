/**
 * Typo safety when comparing with the values the spec lists, checked by the compiler: the
 * fixture's `@ts-expect-error` lines must each fail to compile (for the reason marked) and
 * every other line must compile. `npm run typecheck` covers the fixture as well; this test
 * also proves that the marked lines fail on their own and nothing else does.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = join(ROOT, 'test/generated/types/known-values.ts');
const MARKER = '// @ts-expect-error';

/** Line numbers (1-based) of the type errors in `text` compiled as the fixture. */
function errorLines(text: string): number[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (p) => ts.sys.readFile(p));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host = ts.createCompilerHost(options);
  const readFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError) =>
    resolve(name) === FIXTURE
      ? ts.createSourceFile(name, text, version)
      : readFile(name, version, onError);
  const program = ts.createProgram({
    rootNames: [FIXTURE],
    options: { ...options, noEmit: true },
    host,
  });
  const source = program.getSourceFile(FIXTURE)!;
  const diagnostics = [
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ];
  return [
    ...new Set(diagnostics.map((d) => source.getLineAndCharacterOfPosition(d.start!).line + 1)),
  ].sort((a, b) => a - b);
}

describe('comparing with known values', () => {
  const text = readFileSync(FIXTURE, 'utf8');
  const lines = text.split('\n');
  const marked = lines.flatMap((line, i) => (line.trim().startsWith(MARKER) ? [i + 2] : []));

  it('has lines that must fail', () => {
    expect(marked.length).toBeGreaterThanOrEqual(6);
  });

  it('fails to compile exactly on the marked lines, and compiles everywhere else', () => {
    // Blank the markers (keeping line numbers), so the compiler reports what they hid.
    const unmarked = lines.map((line) => (line.trim().startsWith(MARKER) ? '' : line)).join('\n');
    expect(errorLines(unmarked)).toEqual(marked);
  }, 120_000);
});
