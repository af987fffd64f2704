/**
 * Problems found in an input document, as data. Every stage that can reject input returns
 * these instead of throwing, so the command line can report all of them at once, sorted.
 */
export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** Stable machine-readable code, for example `unresolved-ref` or `schema`. */
  readonly code: string;
  readonly severity: Severity;
  /** Plain-language message, one sentence, no stack trace. */
  readonly message: string;
  /** Path of the input file as given by the user. */
  readonly file: string;
  /** JSON pointer (RFC 6901) into the document, `''` for the root. */
  readonly pointer: string;
  /** 1-based line and column of the node the pointer names; 0 when unknown. */
  readonly line: number;
  readonly column: number;
  /** Optional suggestion of how to fix the problem. */
  readonly hint?: string;
}

/** Sorts by file, line, column, pointer, code and message, so output order never depends on rule order. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compare(a.file, b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      compare(a.pointer, b.pointer) ||
      compare(a.code, b.code) ||
      compare(a.message, b.message),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `spec/x.yaml:12:5 error [unresolved-ref] #/paths/~1users~1/get: message (hint: ...)` */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file;
  const pointer = `#${d.pointer}`;
  const hint = d.hint ? `\n    hint: ${d.hint}` : '';
  return `${where} ${d.severity} [${d.code}] ${pointer}: ${d.message}${hint}`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Escapes one reference token for a JSON pointer (RFC 6901). */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, ...tokens: readonly (string | number)[]): string {
  return base + tokens.map((t) => `/${escapePointerToken(t)}`).join('');
}

/**
 * Splits a JSON pointer (RFC 6901) into unescaped reference tokens: `/paths/~1users/get` →
 * `['paths', '/users', 'get']`. `''` is the root (`[]`). Returns `undefined` for text that
 * is not a pointer (it must be empty or start with `/`).
 */
export function splitPointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  // `~1` before `~0`, so that `~01` becomes `~1` and not `/` (RFC 6901, section 4).
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}
