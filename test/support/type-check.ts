/** Type-checks a generated package's sources as our users' strict projects would. */
import ts from 'typescript';

/**
 * The problems `tsc --strict` finds in `sources` (paths of .ts files on disk), each prefixed
 * with its file; `exactOptionalPropertyTypes` as our consumer test holds users' projects to.
 */
export function strictProblems(
  sources: readonly string[],
  { exactOptionalPropertyTypes = false } = {},
): string[] {
  const program = ts.createProgram([...sources], {
    strict: true,
    exactOptionalPropertyTypes,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}
