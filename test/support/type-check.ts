/** Type-checks a generated package's sources as our users' strict projects would. */
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The optional peer the package's `./react-query` imports, found where a user's project has
 * it installed: here, the repository's own, for sources written outside it (a temporary folder).
 */
const PEERS = {
  '@tanstack/react-query': [
    join(import.meta.dirname, '../../node_modules/@tanstack/react-query/build/modern/index.d.ts'),
  ],
};

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
    paths: PEERS,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}
