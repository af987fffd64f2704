/**
 * What the statement layouts (`print/direct/code.ts`) build on: a statement's text parsed with
 * TypeScript's parser, and the checks every node goes through (comments, blank lines,
 * modifiers, keys). Types are `print/direct/type-docs.ts`'s.
 */

import { ts as morphTs } from 'ts-morph';
import { breakParent, lineSuffix, type Doc } from './doc.js';
import { quoted, Unvouched } from './text.js';

/**
 * TypeScript's API, read once here: the bundle reaches ts-morph's `ts` through two property
 * getters (esbuild's CommonJS interop, then ts-morph's own export), which every `ts.isX(node)`
 * and `ts.SyntaxKind.X` of the printers called again, a few percent of the printer's time.
 * The statement layouts import it from here rather than from ts-morph.
 */
export import ts = morphTs;

/** One top-level statement's text, parsed with TypeScript's parser. */
export class ParsedCode {
  readonly file: ts.SourceFile;

  constructor(readonly text: string) {
    // JSDoc is printed as written: not parsing it spares most of the parser's time here.
    this.file = ts.createSourceFile(
      'statement.ts',
      text,
      { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
      false,
    );
  }

  /** The one statement the text holds, whole and without syntax errors; else undefined. */
  only(): ts.Statement | undefined {
    const diagnostics = (this.file as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics;
    if (diagnostics === undefined || diagnostics.length > 0) return undefined;
    if (this.file.statements.length !== 1) return undefined;
    const [statement] = this.file.statements;
    // A `// comment` may follow it on its line (its trailing comment, see `trailingLineComment`).
    return /^[ \t]*(\/\/.*)?\s*$/.test(this.text.slice(statement!.end)) ? statement : undefined;
  }
}

/**
 * A number as prettier prints it unchanged: no exponent, no leading or trailing dot, no
 * trailing zero in its fraction, no separator or other base (prettier rewrites those).
 */
export const SIMPLE_NUMBER = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** The one comment a statement may hold: bundlers read it, prettier prints it where it stands. */
export const PURE = '/* @__PURE__ */';

/** Reads the nodes of one statement's text. */
export class NodeDocs {
  constructor(protected readonly code: ParsedCode) {}

  /**
   * Where the `//` comments printed so far start: the statement is vouched only when every
   * line comment of its text is among them (`lineComments`), and a comment printed as one
   * statement's trailing one is not read again as a mark before the next.
   */
  readonly printedComments = new Set<number>();

  /**
   * The `// comment` on the line after `end` (a statement's, or a property's after its
   * comma), as prettier prints a trailing line comment: at the end of the line, not measured,
   * breaking the groups around it. Nothing when there is none.
   */
  protected trailingLineComment(end: number): Doc[] {
    const after = this.code.text[end] === ',' ? end + 1 : end;
    // Most have none, and the reader allocates for each: a comment starts after spaces only.
    if (!/^[ \t]*\//.test(this.code.text.slice(after, after + 80))) return [];
    const ranges = ts.getTrailingCommentRanges(this.code.text, after) ?? [];
    if (ranges.length === 0) return [];
    const [range] = ranges;
    const text = this.code.text.slice(range!.pos, range!.end);
    if (ranges.length > 1 || !text.startsWith('//') || text !== text.trimEnd())
      throw new Unvouched();
    this.printedComments.add(range!.pos);
    return [lineSuffix(` ${text}`), breakParent];
  }

  protected source(node: ts.Node): string {
    return this.code.text.slice(node.getStart(this.code.file), node.end);
  }

  /** The comments before `node`: none, or only a `@__PURE__` mark when `pure` allows it. */
  protected leadingMark(node: ts.Node, pure: boolean): boolean {
    if (!commentMayFollow(this.code.text, node.pos)) return false;
    // A comment on the line of the token before is a trailing one to TypeScript's reader.
    const ranges = [
      ...(ts.getTrailingCommentRanges(this.code.text, node.pos) ?? []),
      ...(ts.getLeadingCommentRanges(this.code.text, node.pos) ?? []),
    ].filter((range) => !this.printedComments.has(range.pos));
    if (ranges.length === 0) return false;
    const [range] = ranges;
    const text = this.code.text.slice(range!.pos, range!.end);
    if (!pure || ranges.length > 1 || text !== PURE || range!.hasTrailingNewLine)
      throw new Unvouched();
    return true;
  }

  /** No comment anywhere inside `node` (the marks allowed are checked where they may stand). */
  /** No comment inside `node` but `//` ones, which the statement's count of them checks. */
  protected noBlockComments(node: ts.Node): void {
    const text = this.source(node);
    if (!text.includes('/*')) return;
    forEachComment(text, (kind, comment) => {
      if (kind === ts.SyntaxKind.MultiLineCommentTrivia && comment !== PURE) throw new Unvouched();
    });
  }

  protected noComments(node: ts.Node): void {
    const text = this.source(node);
    if (!text.includes('/*') && !text.includes('//')) return;
    const scanner = commentScanner(text);
    for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
      if (
        (token === ts.SyntaxKind.MultiLineCommentTrivia && scanner.getTokenText() !== PURE) ||
        token === ts.SyntaxKind.SingleLineCommentTrivia
      )
        throw new Unvouched();
  }

  protected modifiers(node: ts.HasModifiers, allowed: readonly ts.SyntaxKind[]): string {
    const modifiers = ts.getModifiers(node) ?? [];
    for (const modifier of modifiers) if (!allowed.includes(modifier.kind)) throw new Unvouched();
    return modifiers.map((m) => `${ts.tokenToString(m.kind)} `).join('');
  }

  protected stringLiteral(node: ts.Node): string {
    if (!ts.isStringLiteral(node)) throw new Unvouched();
    return quoted(this.source(node));
  }

  /** Whether the source has a line break between `from` and `to` (prettier keeps objects so broken). */
  protected newlineBetween(from: number, to: number): boolean {
    return this.code.text.slice(from, to).includes('\n');
  }

  /** No blank line between the items of a list (prettier would keep one). */
  protected noBlankLines(items: readonly ts.Node[]): void {
    for (let i = 1; i < items.length; i++)
      if (
        /\n[ \t]*\n/.test(
          this.code.text.slice(items[i - 1]!.end, items[i]!.getStart(this.code.file)),
        )
      )
        throw new Unvouched();
  }

  /** A key as written when prettier keeps it so (`quoteProps: 'as-needed'`). */
  protected propertyKey(name: ts.PropertyName): string {
    // `as-needed` never adds quotes to a name (only `consistent` and JSON do).
    if (ts.isIdentifier(name)) return name.text;
    if (ts.isStringLiteral(name)) {
      // Quotes around a name are dropped, each key on its own.
      if (/^[A-Za-z_$][\w$]*$/.test(name.text)) return name.text;
      // Other keys keep their quotes: with the TypeScript parsers prettier unquotes no number.
      // A name in other scripts may be an identifier to prettier: not in this table.
      if (!/^[\x20-\x7e]*$/.test(name.text)) throw new Unvouched();
      return quoted(this.source(name));
    }
    // A number (a status code) is printed as prettier prints the number: as written in the
    // spellings `bareExpression` takes. With the TypeScript parsers prettier never quotes one.
    if (ts.isNumericLiteral(name)) {
      const text = this.source(name);
      if (!SIMPLE_NUMBER.test(text)) throw new Unvouched();
      return text;
    }
    throw new Unvouched();
  }
}

let scanner: ts.Scanner | undefined;
/**
 * A scanner over `text` that reports comments. One scanner serves every call: creating one
 * builds its whole state anew (a statement holding a `@__PURE__` mark or a URL asked for one
 * per node), and setting its text starts it afresh.
 */
/**
 * How many `//` comments the text holds, as TypeScript's scanner reads them (a template's text
 * after a substitution is read as code: a `//` there counts, and leaves the statement unvouched).
 */
export function lineComments(text: string): number {
  if (!text.includes('//')) return 0;
  let count = 0;
  forEachComment(text, (kind) => {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia) count++;
  });
  return count;
}

/**
 * Calls `visit` with each comment of `text`, read as TypeScript's scanner reads tokens, with a
 * template's text after each substitution read as template text (read alone, the scanner
 * takes it for code, and a `/*` or `//` there for a comment).
 */
function forEachComment(text: string, visit: (kind: ts.SyntaxKind, comment: string) => void): void {
  const scanner = commentScanner(text);
  // The brace depth at which each open template substitution started.
  const substitutions: number[] = [];
  let depth = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.CloseBraceToken && substitutions.at(-1) === depth) {
      if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateTail) substitutions.pop();
      continue;
    }
    if (token === ts.SyntaxKind.TemplateHead) substitutions.push(depth);
    else if (token === ts.SyntaxKind.OpenBraceToken) depth++;
    else if (token === ts.SyntaxKind.CloseBraceToken) depth--;
    else if (
      token === ts.SyntaxKind.SingleLineCommentTrivia ||
      token === ts.SyntaxKind.MultiLineCommentTrivia
    )
      visit(token, scanner.getTokenText());
  }
}

function commentScanner(text: string): ts.Scanner {
  scanner ??= ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard);
  scanner.setText(text);
  return scanner;
}

/**
 * Whether TypeScript's comment readers (`getLeadingCommentRanges`, `getTrailingCommentRanges`)
 * may find a comment at `pos`: they skip the same ASCII white space, then read a comment only
 * at a `/`. Most nodes have none, and the readers allocate for each: they are asked only when
 * this says there may be one (at the text's start, where they skip a `#!` line, or at other
 * white space, they decide).
 */
function commentMayFollow(text: string, pos: number): boolean {
  if (pos === 0) return true;
  for (let at = pos; at < text.length; at++) {
    const code = text.charCodeAt(at);
    // Tab, line feed, vertical tab, form feed, carriage return, space.
    if ((code >= 0x09 && code <= 0x0d) || code === 0x20) continue;
    return code === 0x2f || code > 0x7f;
  }
  return false;
}
