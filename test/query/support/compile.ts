/**
 * The compiler as a type test uses it: a strict program over a few consumer files, answering
 * with its diagnostics (file, line, message), so a test can expect none, or the one it planted.
 */
import ts from 'typescript';

export interface Problems {
  /** Every diagnostic as `file:line: message`. */
  readonly messages: string[];
  /** The files the program took in: what a consumer's compile pulled along. */
  readonly files: string[];
}

/**
 * Diagnostics of a strict program over `roots`; with `checkLibraries`, of the declaration files
 * too (React's and TanStack's take over ten seconds on a slow machine).
 */
export function problems(roots: readonly string[], checkLibraries = false): Problems {
  const program = ts.createProgram([...roots], {
    strict: true,
    noEmit: true,
    skipLibCheck: !checkLibraries,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  });
  return {
    messages: ts.getPreEmitDiagnostics(program).map(describe),
    files: program.getSourceFiles().map((f) => f.fileName),
  };
}

function describe(d: ts.Diagnostic): string {
  const line =
    d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : '';
  return `${d.file?.fileName ?? ''}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
}
