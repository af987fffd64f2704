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

/**
 * `spec/x.yaml:12:5 error [unresolved-ref] #/paths/~1users~1/get: message (hint: ...)`.
 * Every part that can hold text from a spec (a `$ref`, a key, a file name) has its control
 * characters escaped (`escapeControls`), so that a spec cannot clear the screen, set the
 * window title or fake a line of output.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const file = escapeControls(d.file);
  const where = d.line > 0 ? `${file}:${d.line}:${d.column}` : file;
  const pointer = `#${escapeControls(d.pointer)}`;
  const hint = d.hint ? `\n    hint: ${escapeControls(d.hint)}` : '';
  return `${where} ${d.severity} [${escapeControls(d.code)}] ${pointer}: ${escapeControls(d.message)}${hint}`;
}

/**
 * C0 and C1 control characters, DEL, and the Unicode controls that reorder text (bidi
 * overrides and isolates): what a terminal or a review page would act on instead of showing.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every control character written as an escape (`\x1b`, `\n`, `\u202e`), so it
 * prints as what it is. `keep` names characters left alone (the newlines of a multi-line report).
 */
export function escapeControls(text: string, keep = ''): string {
  return text.replace(CONTROLS, (c) => (keep.includes(c) ? c : escapeOne(c)));
}

/**
 * JSON text (`JSON.stringify`'s) with the control characters JSON leaves raw (DEL, C1, bidi)
 * written as JSON escapes (`\u009b`), which read back as the same string; C0 characters are
 * JSON's own escapes already, or the text's own line breaks.
 */
export function escapeControlsInJson(json: string): string {
  return json.replace(CONTROLS, (c) =>
    c.charCodeAt(0) < 0x20 ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function escapeOne(c: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  const code = c.charCodeAt(0);
  return (
    named[c] ??
    (code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}

/**
 * At most `max` characters of `text` (a token quoted from a file), escaped, with `…` when cut:
 * a message may show where a file went wrong, never what the file holds.
 */
export function excerpt(text: string, max = 12): string {
  const chars = [...text];
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
  return escapeControls(cut);
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** What a diagnostic is made of; the severity defaults to `error`, an unknown place to line 0. */
export interface DiagnosticInit {
  readonly code: string;
  readonly message: string;
  readonly file: string;
  readonly severity?: Severity;
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
}

/** The one constructor of diagnostics, so every stage reports the same shape. */
export function diagnostic(init: DiagnosticInit): Diagnostic {
  const {
    code,
    message,
    file,
    severity = 'error',
    pointer = '',
    line = 0,
    column = 0,
    hint,
  } = init;
  return { code, severity, message, file, pointer, line, column, ...(hint ? { hint } : {}) };
}

/**
 * Where a node is. `file` and `pointer` are given when the node came from another file than
 * the document's own (a spec split over files): the file's label and the pointer in that file.
 */
export interface Location {
  readonly file?: string;
  readonly pointer?: string;
  readonly line: number;
  readonly column: number;
}

/** A document that can say where a pointer is: the loaded source. */
export interface Locatable {
  readonly file: string;
  locate(pointer: string): Location;
}

/** A diagnostic at `pointer` in `doc`, with the line and column `locate` finds for it. */
export function diagnosticAt(
  doc: Locatable,
  code: string,
  pointer: string,
  message: string,
  options: { readonly hint?: string; readonly severity?: Severity } = {},
): Diagnostic {
  const where = doc.locate(pointer);
  return diagnostic({
    code,
    message,
    file: where.file ?? doc.file,
    pointer: where.pointer ?? pointer,
    line: where.line,
    column: where.column,
    ...options,
  });
}

/** What a command prints of its diagnostics, and the counts its summary line gives. */
export interface DiagnosticListing {
  /** The lines to print, in order: every error; every warning with `verbose`, else the first of each kind. */
  readonly lines: readonly string[];
  readonly errors: number;
  readonly warnings: number;
  /** How many codes the warnings have between them. */
  readonly kinds: number;
  /** Warnings left out of `lines` (0 with `verbose`). */
  readonly hidden: number;
}

/**
 * The diagnostics as a command prints them. Errors are all printed: each is something to fix
 * before anything is written. Warnings of one kind say the same thing at many places (a vendor's
 * document repeats one enum value a hundred times), so by default each kind is printed once, at
 * its first place, followed by how many more there are; `verbose` prints every one.
 */
export function listDiagnostics(
  diagnostics: readonly Diagnostic[],
  verbose = false,
): DiagnosticListing {
  const sorted = sortDiagnostics(diagnostics);
  const perKind = new Map<string, number>();
  for (const d of sorted)
    if (d.severity === 'warning') perKind.set(d.code, (perKind.get(d.code) ?? 0) + 1);
  const lines: string[] = [];
  const shown = new Set<string>();
  for (const d of sorted) {
    if (d.severity === 'error' || verbose) {
      lines.push(formatDiagnostic(d));
      continue;
    }
    if (shown.has(d.code)) continue;
    shown.add(d.code);
    lines.push(formatDiagnostic(d));
    const more = perKind.get(d.code)! - 1;
    if (more > 0)
      lines.push(
        `    … and ${more} more [${escapeControls(d.code)}] ${more === 1 ? 'warning' : 'warnings'}; --verbose lists them`,
      );
  }
  const warnings = sorted.length - sorted.filter((d) => d.severity === 'error').length;
  return {
    lines,
    errors: sorted.length - warnings,
    warnings,
    kinds: perKind.size,
    hidden: verbose ? 0 : warnings - perKind.size,
  };
}

/**
 * The warnings' part of a summary line, `3 warnings (2 kinds); --verbose lists them`, or ''
 * when there are none: a clean run's line stays as it was.
 */
export function warningSummary(
  listing: Pick<DiagnosticListing, 'warnings' | 'kinds' | 'hidden'>,
): string {
  if (listing.warnings === 0) return '';
  const counted = `${plural(listing.warnings, 'warning')} (${plural(listing.kinds, 'kind')})`;
  return listing.hidden > 0 ? `${counted}; --verbose lists them` : counted;
}

/**
 * A summary line with the warnings' count before its full stop (`…; 3 warnings (2 kinds);
 * --verbose lists them.`), or as it was when there are none.
 */
export function withWarnings(line: string, listing: DiagnosticListing): string {
  const warnings = warningSummary(listing);
  return warnings === '' ? line : `${line.replace(/\.$/, '')}; ${warnings}.`;
}

/** `1 warning`, `3 warnings`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
