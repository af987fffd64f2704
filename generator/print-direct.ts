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
 * The types module's interfaces and aliases (`print-direct-types.ts`) and the enums module's
 * objects, lists and guards (`print-direct-enums.ts`) are vouched the same way, per declaration.
 * A test formats generated packages with prettier and compares (test/emit/print-direct.test.ts).
 */

import {
  startsStatement,
  vouchedStatement,
  withPendingMembers,
  type VouchedStatement,
} from './print-direct-code.js';
import { vouchedDocComment } from './print-direct-comments.js';
import { vouchedEnumDeclaration } from './print-direct-enums.js';
import { vouchedTypeDeclaration } from './print-direct-types.js';
import {
  overWidth,
  quoted,
  TokenReader,
  Unvouched,
  width,
  WIDTH,
  type VouchedLines,
} from './print-direct-text.js';

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
        ? (vouchedLineComment(lines, i) ??
          vouchedFunction(lines, i) ??
          vouchedTypeDeclaration(lines, i) ??
          vouchedEnumDeclaration(lines, i) ??
          vouchedStatement(lines, i))
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
    await flushRest();
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
 * A top-level import or type alias on one line: a statement that ends on its line (the
 * printer indents what continues a statement), so a declaration may start below it.
 */
const ONE_LINE_STATEMENT = /^(?:import |export type [A-Za-z_$][\w$]*(?:<.*>)? = ).*;$/;

/** A top-level function starting at line `start`, when every line of it is vouched. */
function vouchedFunction(lines: readonly string[], start: number): VouchedLines | undefined {
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
      const statement = printStatement(content);
      if (statement === undefined) return undefined;
      const fit = fitted(statement, indent);
      if (fit === undefined) return undefined;
      printed.push(...fit);
      if (statement.line.endsWith('{')) depth++;
    }
    i++;
  }
  return { printed, end: i };
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
  const layout = statement.broken?.find((lines) =>
    lines.every((line) => indent + width(line) <= WIDTH),
  );
  return layout?.map((line) => pad + line);
}

/** The signatures the guard writer prints: one parameter, `value: unknown`. */
const SIGNATURE =
  /^((?:export )?function [A-Za-z_$][\w$]*)\(value: unknown\): (GuardFailure \| undefined|value is [A-Za-z_$][\w$]*|asserts value is [A-Za-z_$][\w$]*) \{$/;

// ---------------------------------------------------------------------------------------
// Statements and expressions of the guard writer, read and printed as prettier prints them.

type Expr =
  | { kind: 'atom'; text: string }
  | { kind: 'member'; object: Expr; name: string }
  | { kind: 'index'; object: Expr; index: Expr }
  | { kind: 'call'; callee: Expr; args: Expr[] }
  | { kind: 'new'; callee: Expr; args: Expr[] }
  | { kind: 'unary'; op: '!' | 'typeof ' | '-'; operand: Expr }
  | { kind: 'binary'; op: string; left: Expr; right: Expr }
  | { kind: 'as'; expr: Expr; type: string }
  | { kind: 'conditional'; test: Expr; then: Expr; else: Expr };

/** Binding strength of the binary operators the guard writer uses; others are not vouched. */
const PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '===': 3,
  '!==': 3,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  instanceof: 4,
};

const TOKEN =
  /\s*("(?:[^"\\\n]|\\.)*"|'[^'"\\\n]*'|[A-Za-z_$][\w$]*|(?:0|[1-9]\d*)(?:\.\d*[1-9])?(?![\w$.])|===|!==|<=|>=|&&|\|\||\+\+|[()[\].,;:?!<>={}-])/y;

class Reader extends TokenReader {
  constructor(text: string) {
    super(text, TOKEN);
  }

  identifier(): string {
    const token = this.next();
    if (!/^[A-Za-z_$][\w$]*$/.test(token) || KEYWORDS.has(token)) throw new Unvouched();
    return token;
  }

  expression(minPrecedence = 1): Expr {
    let left = this.unary();
    for (;;) {
      const op = this.peek();
      const precedence = op === undefined ? undefined : PRECEDENCE[op];
      if (precedence === undefined || precedence < minPrecedence) return left;
      this.next();
      const right = this.expression(precedence + 1);
      left = { kind: 'binary', op: op!, left, right };
    }
  }

  private unary(): Expr {
    const token = this.peek();
    if (token === '!') {
      this.next();
      return { kind: 'unary', op: '!', operand: this.unary() };
    }
    if (token === 'typeof') {
      this.next();
      return { kind: 'unary', op: 'typeof ', operand: this.unary() };
    }
    if (token === '-') {
      this.next();
      const number = this.next();
      if (!/^\d/.test(number)) throw new Unvouched();
      return { kind: 'unary', op: '-', operand: { kind: 'atom', text: number } };
    }
    return this.postfix(this.primary());
  }

  private primary(): Expr {
    const token = this.next();
    if (token === '(') {
      const inner = this.expression();
      if (this.peek() === 'as') {
        this.next();
        const type = this.type();
        this.expect(')');
        return { kind: 'as', expr: inner, type };
      }
      this.expect(')');
      return inner;
    }
    if (token === 'new') {
      let callee: Expr = { kind: 'atom', text: this.identifier() };
      while (this.peek() === '.') {
        this.next();
        callee = { kind: 'member', object: callee, name: this.identifier() };
      }
      return { kind: 'new', callee, args: this.args() };
    }
    if (token.startsWith('"') || token.startsWith("'"))
      return { kind: 'atom', text: quoted(token) };
    if (/^\d/.test(token)) return { kind: 'atom', text: token };
    if (/^[A-Za-z_$]/.test(token) && (!KEYWORDS.has(token) || VALUES.has(token)))
      return { kind: 'atom', text: token };
    throw new Unvouched();
  }

  private postfix(expr: Expr): Expr {
    for (;;) {
      const token = this.peek();
      if (token === '.') {
        this.next();
        expr = { kind: 'member', object: expr, name: this.identifier() };
      } else if (token === '[') {
        this.next();
        const index = this.expression();
        this.expect(']');
        expr = { kind: 'index', object: expr, index };
      } else if (token === '(') {
        // A call on a call's member is a member chain, which prettier may break though it fits.
        if (expr.kind === 'member' && containsCall(expr.object)) throw new Unvouched();
        expr = { kind: 'call', callee: expr, args: this.args() };
      } else return expr;
    }
  }

  private args(): Expr[] {
    this.expect('(');
    const args: Expr[] = [];
    while (this.peek() !== ')') {
      if (args.length > 0) this.expect(',');
      args.push(this.argument());
    }
    this.next();
    return args;
  }

  /** A call's argument, where an `as` needs no parentheses. */
  private argument(): Expr {
    const expr = this.expression();
    if (this.peek() !== 'as') return expr;
    this.next();
    return { kind: 'as', expr, type: this.type() };
  }

  private type(): string {
    const words: string[] = [];
    if (this.peek() === 'readonly') words.push(this.next());
    const name = this.next();
    if (!TYPES.has(name)) throw new Unvouched();
    let type = name;
    if (this.peek() === '[' && this.peek(1) === ']') {
      this.next();
      this.next();
      type += '[]';
    } else if (words.length > 0) throw new Unvouched();
    return [...words, type].join(' ');
  }

  /** An initializer: an expression, an `as` or a conditional of plain operands. */
  initializer(): Expr {
    const expr = this.argument();
    if (expr.kind === 'as' || this.peek() !== '?') return expr;
    this.next();
    const then = this.expression();
    this.expect(':');
    const otherwise = this.expression();
    if (![expr, then, otherwise].every(isOperand)) throw new Unvouched();
    return { kind: 'conditional', test: expr, then, else: otherwise };
  }
}

const KEYWORDS = new Set([
  'if',
  'return',
  'const',
  'let',
  'for',
  'in',
  'continue',
  'throw',
  'new',
  'typeof',
  'instanceof',
  'as',
  'readonly',
  'true',
  'false',
  'null',
  'undefined',
]);
/** Keywords that are values. */
const VALUES = new Set(['true', 'false', 'null', 'undefined']);
const TYPES = new Set(['number', 'string', 'unknown', 'boolean']);

function containsCall(expr: Expr): boolean {
  if (expr.kind === 'call' || expr.kind === 'new') return true;
  if (expr.kind === 'member' || expr.kind === 'index') return containsCall(expr.object);
  return false;
}

/** An operand printed without parentheses anywhere: a name, a literal, a member, a call. */
function isOperand(expr: Expr): boolean {
  return ['atom', 'member', 'index', 'call'].includes(expr.kind);
}

/** `expr` as prettier prints it on one line. */
function print(expr: Expr): string {
  switch (expr.kind) {
    case 'atom':
      return expr.text;
    case 'member':
      return `${printObject(expr.object)}.${expr.name}`;
    case 'index':
      return `${printObject(expr.object)}[${print(expr.index)}]`;
    case 'call':
      return `${printObject(expr.callee)}(${expr.args.map(print).join(', ')})`;
    case 'new':
      return `new ${print(expr.callee)}(${expr.args.map(print).join(', ')})`;
    case 'unary':
      return `${expr.op}${isOperand(expr.operand) || expr.operand.kind === 'unary' ? print(expr.operand) : `(${print(expr.operand)})`}`;
    case 'as':
      return `${print(expr.expr)} as ${expr.type}`;
    case 'conditional':
      return `${print(expr.test)} ? ${print(expr.then)} : ${print(expr.else)}`;
    case 'binary': {
      const precedence = PRECEDENCE[expr.op]!;
      return `${printOperand(expr.left, precedence, 'left', expr.op)} ${expr.op} ${printOperand(expr.right, precedence, 'right', expr.op)}`;
    }
  }
}

/** The object of a member or callee of a call: anything but a plain operand is parenthesised. */
function printObject(expr: Expr): string {
  return isOperand(expr) ? print(expr) : `(${print(expr)})`;
}

/**
 * An operand of a binary operator, parenthesised where prettier does: a weaker operator, an
 * `as`, and a `&&` inside `||` (prettier adds those for the reader). An operator of the same
 * strength chains on the left (`a || b || c`); any other mix is not vouched.
 */
function printOperand(expr: Expr, parent: number, side: 'left' | 'right', op: string): string {
  if (expr.kind === 'as' || expr.kind === 'conditional') return `(${print(expr)})`;
  if (expr.kind !== 'binary') return print(expr);
  const precedence = PRECEDENCE[expr.op]!;
  if (precedence < parent) return `(${print(expr)})`;
  if (precedence > parent)
    return op === '||' && expr.op === '&&' ? `(${print(expr)})` : print(expr);
  if (side === 'left' && expr.op === op && (op === '||' || op === '&&')) return print(expr);
  throw new Unvouched();
}

/**
 * A statement as prettier prints it flat (`line`) and, for the shapes whose breaking is known
 * here, as prettier breaks it: an `if` with a one-statement clause after its condition, an
 * index loop's head by its three parts, a `const` of a call of one argument by the argument.
 */
export interface PrintedStatement {
  readonly line: string;
  /**
   * The statement as prettier breaks it when `line` does not fit, relative to its indentation:
   * one layout per group broken, outermost first.
   */
  readonly broken?: readonly (readonly string[])[];
}

/** One statement line of a guard function as prettier prints it, or undefined when not vouched. */
export function printStatement(line: string): PrintedStatement | undefined {
  const loop = FOR_INDEX.exec(line);
  if (loop) {
    const [, index, list] = loop;
    const parts = [`let ${index} = 0;`, `${index} < ${list}.length;`, `${index}++`];
    return { line, broken: [['for (', ...parts.map((part) => `  ${part}`), ') {']] };
  }
  try {
    const r = new Reader(line);
    let out: string;
    let broken: string[][] | undefined;
    const head = r.next();
    if (head === 'return') out = `return ${print(r.initializer())};`;
    else if (head === 'const') {
      const name = r.identifier();
      r.expect('=');
      const value = r.initializer();
      out = `const ${name} = ${print(value)};`;
      // `const x = check(value.y);`: prettier's fluid layout keeps `= check(` on the line and
      // breaks the argument out, unless the argument is one it calls short (a name, a literal).
      if (
        value.kind === 'call' &&
        value.callee.kind === 'atom' &&
        value.args.length === 1 &&
        (value.args[0]!.kind === 'member' || value.args[0]!.kind === 'index')
      )
        broken = [[`const ${name} = ${value.callee.text}(`, `  ${print(value.args[0]!)},`, ');']];
    } else if (head === 'if') {
      r.expect('(');
      const test = print(r.expression());
      r.expect(')');
      const then = r.next();
      if (then === '{') return r.done() ? { line: `if (${test}) {` } : undefined;
      let clause: string;
      let clauseByArguments: string[] | undefined;
      if (then === 'continue') clause = 'continue;';
      // A returned or thrown call or name: prettier adds no parentheses when it breaks.
      else if (then === 'return' || then === 'throw') {
        const value = r.expression();
        if (!isOperand(value) && value.kind !== 'new') return undefined;
        clause = `${then} ${print(value)};`;
        // Then the clause's call by its arguments, one a line: a call of a plain name whose
        // arguments are not functions or objects, which prettier would hug.
        if (value.kind === 'call' && value.callee.kind === 'atom' && value.args.length > 0)
          clauseByArguments = [
            `${then} ${value.callee.text}(`,
            ...value.args.map((arg) => `  ${print(arg)},`),
            ');',
          ];
      } else return undefined;
      out = `if (${test}) ${clause}`;
      broken = [[`if (${test})`, `  ${clause}`]];
      if (clauseByArguments)
        broken.push([`if (${test})`, ...clauseByArguments.map((line) => `  ${line}`)]);
    } else if (head === 'for') {
      r.expect('(');
      r.expect('const');
      const name = r.identifier();
      r.expect('in');
      const object = print(r.expression());
      r.expect(')');
      r.expect('{');
      return r.done() ? { line: `for (const ${name} in ${object}) {` } : undefined;
    } else return undefined;
    r.expect(';');
    if (!r.done()) return undefined;
    return broken ? { line: out, broken } : { line: out };
  } catch (error) {
    if (error instanceof Unvouched) return undefined;
    throw error;
  }
}

/** The index loop over a list, as the guard writer prints it and prettier leaves it. */
const FOR_INDEX =
  /^for \(let ([A-Za-z_$][\w$]*) = 0; \1 < ([A-Za-z_$][\w$]*)\.length; \1\+\+\) \{$/;
