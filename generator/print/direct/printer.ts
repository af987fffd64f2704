/**
 * TypeScript in the house format without asking prettier, for the functions whose printed text
 * this module can vouch is already prettier's (issue 37). Prettier's time grows with the text,
 * and a guards module is most of a package's text (Star Trek's: 45% of formatting), made of a
 * handful of line shapes the guard writer prints: `if (cond) return failure;`, `const x = …;`,
 * `if (…) {` and `for (…) {` blocks, a JSDoc comment and a one-line signature.
 *
 * A top-level function is vouched when each of its lines is one of those shapes, parsed here
 * into a small expression tree and printed back the way prettier prints it flat (its quotes,
 * its parentheses), and fits in the print width: prettier prints such a line flat, so the
 * two agree. Anything else (a construct outside the table, a line over the width, nesting
 * the indentation does not match) leaves the whole function to prettier, with the statements
 * around it: the file is cut between top-level statements, and a statement formatted alone is
 * given the text it gets in the file, as `markdown-format.ts` relies on for fences.
 * The types module's interfaces and aliases (`print/direct/types.ts`) and the enums module's
 * objects, lists and guards (`print/direct/enums.ts`) are vouched the same way, per declaration.
 * A test formats generated packages with prettier and compares (test/emit/print-direct.test.ts).
 */

import {
  startsStatement,
  vouchedStatement,
  withPendingMembers,
  type VouchedStatement,
} from './code.js';
import { vouchedDocComment } from './comments.js';
import { vouchedEnumDeclaration } from './enums.js';
import { vouchedTypeDeclaration } from './types.js';
import { printDoc } from './doc.js';
import { printStatement, type PrintedStatement } from './guards.js';
import { overWidth, Unvouched, width, WIDTH, type VouchedLines } from './text.js';

export { printStatement };

/** Formats TypeScript with prettier at the house settings. */
export type TypeScriptFormatter = (text: string) => Promise<string>;

/**
 * Prettier's text for `text`: vouched functions as printed here, every run of other
 * statements as `format` gives it.
 */
export async function formatDirect(text: string, format: TypeScriptFormatter): Promise<string> {
  const lines = text.split('\n');
  const items: { text: string; blankBefore: boolean }[] = [];
  let rest: string[] = [];
  const flushRest = async () => {
    const start = rest.findIndex((l) => l.trim() !== '');
    if (start >= 0) {
      const formatted = await format(`${rest.join('\n')}\n`);
      if (formatted !== '') items.push({ text: formatted, blankBefore: start > 0 });
    }
    rest = [];
  };
  // The guards' statement lines, each read once: see `statementLines`.
  const statements = new Map<string, StatementLines | null>();
  // The interfaces' members, each read once (`vouchedTypeDeclaration`).
  const members = new Map<string, readonly string[] | null>();
  let i = 0;
  // Where the last vouched declaration ended: the next may start there, on the line below it.
  let vouchedEnd = -1;
  while (i < lines.length) {
    // A declaration starts after a blank line (the printer separates functions and interfaces
    // by one), a vouched declaration or a one-line statement (type aliases follow each other
    // directly), never inside a statement or right below a comment that was not vouched.
    const chunk: VouchedStatement | undefined =
      i === 0 ||
      lines[i - 1] === '' ||
      i === vouchedEnd ||
      ONE_LINE_STATEMENT.test(lines[i - 1]!) ||
      startsStatement(lines, i)
        ? vouchedDeclaration(lines, i, statements, members)
        : undefined;
    if (chunk === undefined) {
      rest.push(lines[i]!);
      i++;
      continue;
    }
    // The blank lines that ended the previous run belong before this function.
    let trailingBlank = false;
    while (rest.length > 0 && rest[rest.length - 1]!.trim() === '') {
      rest.pop();
      trailingBlank = true;
    }
    const blankBefore = trailingBlank;
    // Most declarations follow another: nothing to flush, and no await for it.
    if (rest.length > 0) await flushRest();
    // A class with members left to prettier: those members formatted, or else the whole class.
    const printed = chunk.pending
      ? ((await withPendingMembers(chunk, format)) ??
        (await format(`${lines.slice(i, chunk.end).join('\n')}\n`)).slice(0, -1).split('\n'))
      : chunk.printed;
    items.push({ text: `${printed.join('\n')}\n`, blankBefore });
    i = chunk.end;
    vouchedEnd = i;
  }
  await flushRest();
  let out = '';
  for (const item of items) {
    if (out !== '' && item.blankBefore) out += '\n';
    out += item.text;
  }
  return out;
}

/**
 * The declaration starting at line `start`, by the first reader that vouches for it. Each
 * reader reads the JSDoc comment before its declaration first, then the declaration's first
 * line: one whose first line cannot be that line (`declarationHead`) is not asked, which spares
 * reading each JSDoc comment up to four times.
 */
function vouchedDeclaration(
  lines: readonly string[],
  start: number,
  statements: Map<string, StatementLines | null>,
  members: Map<string, readonly string[] | null>,
): VouchedStatement | undefined {
  const head = declarationHead(lines, start) ?? '';
  return (
    vouchedLineComment(lines, start) ??
    (FUNCTION_HEAD.test(head) ? vouchedFunction(lines, start, statements) : undefined) ??
    (TYPE_HEAD.test(head) ? vouchedTypeDeclaration(lines, start, members) : undefined) ??
    (head.startsWith('export ') ? vouchedEnumDeclaration(lines, start) : undefined) ??
    (head.startsWith('declare module ')
      ? vouchedModuleDeclaration(lines, start, statements, members)
      : undefined) ??
    vouchedImport(lines, start) ??
    vouchedStatement(lines, start)
  );
}

/**
 * `declare module 'path' {` … `}` (the error types' augmentation of the runtime's module): its
 * body is read as a file's top level is, two columns in, and every statement of it must be
 * vouched. Prettier prints a module block's statements as a file's (one blank line kept
 * between two, none at its ends), indented. The body is read at the margin, where the
 * printers lay out for the full width: it is vouched only when every line it prints fits two
 * columns narrower, where prettier, whose groups break only on what ends up on their line,
 * lays it out the same.
 */
function vouchedModuleDeclaration(
  lines: readonly string[],
  start: number,
  statements: Map<string, StatementLines | null>,
  members: Map<string, readonly string[] | null>,
): VouchedLines | undefined {
  const head = MODULE_HEAD.exec(lines[start]!);
  if (!head) return undefined;
  const header = `declare module '${head[2]!}' {`;
  if (width(header) > WIDTH) return undefined;
  let end = start + 1;
  while (end < lines.length && lines[end] !== '}') end++;
  if (end === lines.length) return undefined;
  const body = lines.slice(start + 1, end);
  if (body.some((line) => line !== '' && !line.startsWith('  '))) return undefined;
  const printed = vouchedBody(
    body.map((line) => line.slice(2)),
    statements,
    members,
  );
  if (printed === undefined || printed.some((line) => width(line) > WIDTH - 2)) return undefined;
  if (printed.length === 0) return { printed: [`${header}}`], end: end + 1 };
  return {
    printed: [header, ...printed.map((line) => (line === '' ? '' : `  ${line}`)), '}'],
    end: end + 1,
  };
}

/** `declare module 'path' {` with a path of printable ASCII without quotes or escapes. */
const MODULE_HEAD = /^declare module (['"])([\x20\x21\x23-\x26\x28-\x5b\x5d-\x7e]*)\1 \{$/;

/**
 * Statements at the margin, each vouched (as `formatDirect` reads them), with one blank line
 * where the text has any between two; undefined when any is not vouched.
 */
function vouchedBody(
  lines: readonly string[],
  statements: Map<string, StatementLines | null>,
  members: Map<string, readonly string[] | null>,
): string[] | undefined {
  const printed: string[] = [];
  let i = 0;
  let blank = false;
  while (i < lines.length) {
    if (lines[i]!.trim() === '') {
      blank = true;
      i++;
      continue;
    }
    const chunk = vouchedDeclaration(lines, i, statements, members);
    if (chunk === undefined || chunk.pending || chunk.end <= i) return undefined;
    if (blank && printed.length > 0) printed.push('');
    printed.push(...chunk.printed);
    blank = false;
    i = chunk.end;
  }
  return printed;
}

/**
 * The first line of a declaration starting at line `start`: the line after its JSDoc comment
 * (the first line from there holding the comment's end, where every JSDoc reader ends a
 * comment it vouches for), or the line itself when no comment opens there. Undefined past the
 * end.
 */
function declarationHead(lines: readonly string[], start: number): string | undefined {
  if (!lines[start]!.startsWith('/**')) return lines[start];
  let close = start;
  while (close < lines.length && !lines[close]!.includes('*/')) close++;
  return lines[close + 1];
}

/** The first lines `vouchedFunction` reads (its `SIGNATURE`). */
const FUNCTION_HEAD = /^(?:export )?function /;
/** The first lines `vouchedTypeDeclaration` reads: an alias or an interface. */
const TYPE_HEAD = /^(?:export )?(?:type|interface) /;

/**
 * A line comment at the margin (the generated-by header, a fence's marker): prettier prints a
 * comment as written, whatever its length, only trimming the end of its line.
 */
function vouchedLineComment(lines: readonly string[], start: number): VouchedLines | undefined {
  const line = lines[start]!;
  // A command's `#!` line, first in its file, is kept as written too.
  const comment = /^\/\/(.*\S)?$/.test(line) || (start === 0 && /^#!\S.*$/.test(line));
  return comment ? { printed: [line], end: start + 1 } : undefined;
}

/**
 * An import of named bindings on one line, as the printer writes them
 * (`import { a, type B, c as d } from './x.js';`): the lines `vouchedStatement` prints for it
 * (flat when it fits, else one binding a line; a lone binding never breaks), without
 * TypeScript's parser, whose time on a file's imports (a third of the statements it read) was
 * mostly its start-up for each. Any other import, and a name the grammar may read otherwise
 * (a keyword), is left to `vouchedStatement`.
 */
function vouchedImport(lines: readonly string[], start: number): VouchedLines | undefined {
  const parts = IMPORT.exec(lines[start]!);
  // The statement must end on its line, as `vouchedStatement` cuts it.
  const next = start + 1;
  if (!parts || (next < lines.length && lines[next] !== '' && !startsStatement(lines, next)))
    return undefined;
  const [, typeOnly = '', list, , path] = parts;
  // A quote or an escape in the path: `quoted` decides.
  if (/['"\\]/.test(path!)) return undefined;
  const bindings = list!.split(', ');
  for (const binding of bindings) {
    // `a`, `type a`, `a as b` or `type a as b`: two or four words when `type` leads.
    const words = binding.split(' ');
    const typed = words.length % 2 === 0;
    // `type a` in an `import type` is refused by the checker, not the parser: not here.
    if (typed && typeOnly !== '') return undefined;
    const names = typed ? [words[1]!, words[3]] : [words[0]!, words[2]];
    if (names.some((name) => name !== undefined && IMPORT_KEYWORDS.has(name))) return undefined;
  }
  const from = `'${path!}'`;
  const flat = `import ${typeOnly}{ ${list!} } from ${from};`;
  if (width(flat) <= WIDTH || bindings.length === 1) return { printed: [flat], end: next };
  return {
    printed: [
      `import ${typeOnly}{`,
      ...bindings.map((binding) => `  ${binding},`),
      `} from ${from};`,
    ],
    end: next,
  };
}

const IMPORT_NAME = '[A-Za-z_$][\\w$]*';
const IMPORT_BINDING = `(?:type )?${IMPORT_NAME}(?: as ${IMPORT_NAME})?`;
/** The module path in either quote (printed in single quotes), printable ASCII. */
const IMPORT = new RegExp(
  `^import (type )?\\{ (${IMPORT_BINDING}(?:, ${IMPORT_BINDING})*) \\} from (['"])([\\x20-\\x7e]*)\\3;$`,
);

/**
 * Words TypeScript may read as other than a binding's name (reserved words, and the contextual
 * ones of an import): a binding holding one is left to the parser.
 */
const IMPORT_KEYWORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with implements interface let package private protected ' +
    'public static yield await async as type from of get set declare module namespace require ' +
    'global abstract readonly accessor satisfies keyof unique infer is asserts out override'
  ).split(' '),
);

/**
 * A top-level import or type alias on one line: a statement that ends on its line (the
 * printer indents what continues a statement), so a declaration may start below it.
 */
const ONE_LINE_STATEMENT = /^(?:import |export type [A-Za-z_$][\w$]*(?:<.*>)? = ).*;$/;

/** A top-level function starting at line `start`, when every line of it is vouched. */
function vouchedFunction(
  lines: readonly string[],
  start: number,
  statements: Map<string, StatementLines | null>,
): VouchedLines | undefined {
  const doc = vouchedDocComment(lines, start);
  if (doc === undefined) return undefined;
  const printed = doc.printed;
  let i = doc.end;
  const signature = lines[i];
  const parts = signature === undefined ? null : SIGNATURE.exec(signature);
  if (!parts) return undefined;
  if (width(signature!) <= WIDTH) printed.push(signature!);
  else {
    // Too long: prettier puts the parameter on a line of its own (it hugs a sole parameter
    // only when its type is an object type).
    const [, head, returnType] = parts;
    const broken = [`${head}(`, '  value: unknown,', `): ${returnType} {`];
    if (broken.some((line) => width(line) > WIDTH)) return undefined;
    printed.push(...broken);
  }
  i++;
  let depth = 1;
  while (depth > 0) {
    const line = lines[i];
    if (line === undefined) return undefined;
    const content = line.trimStart();
    const indent = line.length - content.length;
    if (content === '}') {
      depth--;
      if (indent !== 2 * depth) return undefined;
      printed.push(line);
    } else {
      if (indent !== 2 * depth) return undefined;
      const statement = statementLines(line, content, indent, statements);
      if (statement === undefined) return undefined;
      printed.push(...statement.lines);
      if (statement.opens) depth++;
    }
    i++;
  }
  return { printed, end: i };
}

/** A statement line of a guard as prettier prints it, and whether it opens a block. */
interface StatementLines {
  readonly lines: readonly string[];
  readonly opens: boolean;
}

/**
 * The statement `line` (`content` at `indent`) as prettier prints it; undefined when not
 * vouched. Read once per distinct line in `seen`: a guards module repeats most of its lines
 * (three in four of Star Trek's), and the printed lines are the line's alone.
 */
function statementLines(
  line: string,
  content: string,
  indent: number,
  seen: Map<string, StatementLines | null>,
): StatementLines | undefined {
  let known = seen.get(line);
  if (known === undefined) {
    const statement = printStatement(content);
    const fit = statement && fitted(statement, indent);
    known = fit ? { lines: fit, opens: statement!.line.endsWith('{') } : null;
    seen.set(line, known);
  }
  return known ?? undefined;
}

/**
 * A statement's lines at `indent`: the flat line when it fits, else the first of its broken
 * layouts (in the order prettier breaks its groups, outermost first) whose every line fits;
 * else undefined (prettier decides).
 */
function fitted(statement: PrintedStatement, indent: number): string[] | undefined {
  const pad = ' '.repeat(indent);
  // Wide text's width is only bounded: a broken layout is chosen only when the line surely
  // does not fit.
  const over = overWidth(pad + statement.line);
  if (over !== true) return over === false ? [pad + statement.line] : undefined;
  const layout =
    statement.broken?.find((lines) => lines.every((line) => indent + width(line) <= WIDTH)) ??
    laidOut(statement, indent);
  return layout?.map((line) => pad + line);
}

/**
 * The statement's lines by prettier's document for it, at `indent` (printed at the margin in
 * the width less the indentation, which measures the same); undefined when it has none or
 * its layout is not vouched.
 */
function laidOut(statement: PrintedStatement, indent: number): readonly string[] | undefined {
  if (!statement.document) return undefined;
  try {
    return printDoc(statement.document(), WIDTH - indent).split('\n');
  } catch (error) {
    if (error instanceof Unvouched) return undefined;
    throw error;
  }
}

/** The signatures the guard writer prints: one parameter, `value: unknown`. */
const SIGNATURE =
  /^((?:export )?function [A-Za-z_$][\w$]*)\(value: unknown\): (GuardFailure \| undefined|value is [A-Za-z_$][\w$]*|asserts value is [A-Za-z_$][\w$]*) \{$/;
