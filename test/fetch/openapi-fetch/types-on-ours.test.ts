/**
 * The switch, at the type level: the ported type tests (types.test.ts, and the suites written
 * against openapi-fetch's types) compiled with `openapi-fetch` resolved to our `/fetch` entry,
 * as a user's code is once its import names ours. Every `@ts-expect-error` there must still
 * find its error (an unused one is an error itself), and everything else must compile: a call
 * openapi-fetch refuses is refused, one it takes is taken, and `data`/`error` read the same.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const HERE = 'test/fetch/openapi-fetch';
const OURS = resolve('generated/src/fetch/index.ts');

/** The problems of `files` with every import of `openapi-fetch` bound to our entry. */
function problemsOnOurs(files: readonly string[]): string[] {
  const config = ts.readConfigFile('tsconfig.json', ts.sys.readFile).config as object;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, resolve('.'));
  const host = ts.createCompilerHost({ ...options, noEmit: true });
  const resolveModule = (name: string, from: string) =>
    name === 'openapi-fetch'
      ? { resolvedFileName: OURS, extension: ts.Extension.Ts, isExternalLibraryImport: false }
      : ts.resolveModuleName(name, from, options, host).resolvedModule;
  host.resolveModuleNameLiterals = (literals, from) =>
    literals.map((literal) => ({ resolvedModule: resolveModule(literal.text, from) }));
  const program = ts.createProgram({
    rootNames: files,
    options: { ...options, noEmit: true },
    host,
  });
  const resolved = program.getSourceFiles().some((file) => resolve(file.fileName) === OURS);
  return [
    ...(resolved ? [] : ['our /fetch entry was never reached']),
    ...ts.getPreEmitDiagnostics(program).map((d) => {
      const at =
        d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${d.file?.fileName ?? ''}:${at ? at.line + 1 : 0}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    }),
  ];
}

describe("openapi-fetch's type tests, on our /fetch", () => {
  it('compile unchanged with openapi-fetch resolved to our entry', () => {
    const files = readdirSync(HERE)
      .filter((name) => name.endsWith('.test.ts') && name !== 'types-on-ours.test.ts')
      .map((name) => resolve(join(HERE, name)));
    expect(files.length).toBeGreaterThan(5);
    expect(problemsOnOurs(files)).toEqual([]);
  }, 120_000);
});
