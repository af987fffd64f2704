/**
 * openapi-fetch's types also work in projects compiled without `strictNullChecks`: the
 * checks in support/without-strict-null-checks.ts compile there with no error and every
 * `@ts-expect-error` used (an unused one is an error too).
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

it('required parameters and bodies are enforced without strictNullChecks', () => {
  const file = fileURLToPath(new URL('./support/without-strict-null-checks.ts', import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    strictNullChecks: false,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  expect(problems).toEqual([]);
});
