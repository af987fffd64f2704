/**
 * The statement lines of the guard writer (`print/direct/printer.ts` reads its functions line by
 * line), parsed into a small expression tree and printed as prettier prints them: flat, by the
 * broken layouts of a table for the shapes whose breaking is simple, and for an `if` whose
 * condition does not fit, by prettier's own documents for it (`print/direct/guard-docs.ts`).
 */

import type { Doc } from './doc.js';
import {
  expressionDoc,
  ifDocument,
  isOperand,
  PRECEDENCE,
  VALUES,
  type Expr,
} from './guard-docs.js';
import { quoted, TokenReader, Unvouched } from './text.js';

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
const TYPES = new Set(['number', 'string', 'unknown', 'boolean']);

function containsCall(expr: Expr): boolean {
  if (expr.kind === 'call' || expr.kind === 'new') return true;
  if (expr.kind === 'member' || expr.kind === 'index') return containsCall(expr.object);
  return false;
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
  /** Prettier's document for the statement, for when no layout of `broken` fits. */
  readonly document?: () => Doc;
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
    let document: (() => Doc) | undefined;
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
      const condition = r.expression();
      const test = print(condition);
      r.expect(')');
      const then = r.next();
      if (then === '{')
        return r.done()
          ? { line: `if (${test}) {`, document: () => ifDocument(condition, undefined) }
          : undefined;
      let clause: string;
      let clauseByArguments: string[] | undefined;
      let clauseDocument: () => Doc = () => 'continue;';
      if (then === 'continue') clause = 'continue;';
      // A returned or thrown call or name: prettier adds no parentheses when it breaks.
      else if (then === 'return' || then === 'throw') {
        const value = r.expression();
        if (!isOperand(value) && value.kind !== 'new') return undefined;
        clause = `${then} ${print(value)};`;
        clauseDocument = () => [then, ' ', expressionDoc(value, 'ReturnStatement'), ';'];
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
      document = () => ifDocument(condition, clauseDocument());
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
    return { line: out, ...(broken ? { broken } : {}), ...(document ? { document } : {}) };
  } catch (error) {
    if (error instanceof Unvouched) return undefined;
    throw error;
  }
}

/** The index loop over a list, as the guard writer prints it and prettier leaves it. */
const FOR_INDEX =
  /^for \(let ([A-Za-z_$][\w$]*) = 0; \1 < ([A-Za-z_$][\w$]*)\.length; \1\+\+\) \{$/;
