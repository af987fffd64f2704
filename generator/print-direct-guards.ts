/**
 * The statement lines of the guard writer (`print-direct.ts` reads its functions line by
 * line), parsed into a small expression tree and printed as prettier prints them: flat, by the
 * broken layouts of a table for the shapes whose breaking is simple, and for an `if` whose
 * condition does not fit, by prettier's own documents for it (its `printIfStatement`,
 * `printBinaryishExpression`, member lookups and call arguments), laid out by
 * `print-direct-doc.ts`.
 */

import { group, ifBreak, indent, join, line, softline, type Doc } from './print-direct-doc.js';
import { quoted, TokenReader, Unvouched } from './print-direct-text.js';

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

// ---------------------------------------------------------------------------------------
// Prettier's documents for an `if` whose condition does not fit, as its printer builds them.

/** The kind of node an expression stands in, as prettier's layout rules ask. */
type Parent =
  | 'IfStatement'
  | 'ReturnStatement'
  | 'UnaryExpression'
  | 'LogicalExpression'
  | 'BinaryExpression'
  | 'CallExpression'
  | 'MemberExpression'
  | 'TSAsExpression';

/**
 * `if (test) clause` (`clause` undefined: the `{` of a block, whose hard line ends the
 * measuring as the document's end does). Prettier's `printIfStatement`: the test in a group
 * of its own, indented, except a `!` of a logical expression (`if (!(a && b))`), which its
 * parentheses break; a clause that is not a block on the next line, indented.
 */
function ifDocument(test: Expr, clause: Doc | undefined): Doc {
  const negated = test.kind === 'unary' && test.op === '!' ? test.operand : undefined;
  const inner = negated?.kind === 'unary' && negated.op === '!' ? negated.operand : negated;
  const testDoc =
    inner?.kind === 'binary' && isLogical(inner.op)
      ? expressionDoc(test, 'IfStatement')
      : group([indent([softline, expressionDoc(test, 'IfStatement')]), softline]);
  if (clause === undefined) return ['if (', testDoc, ') {'];
  return group(['if (', testDoc, ')', indent([line, clause])]);
}

const isLogical = (op: string): boolean => op === '&&' || op === '||';

/** An identifier to prettier (not `this`, a literal or `null`). */
const isName = (expr: Expr): expr is { kind: 'atom'; text: string } =>
  expr.kind === 'atom' &&
  /^[A-Za-z_$]/.test(expr.text) &&
  !VALUES.has(expr.text) &&
  expr.text !== 'this';
const nodeType = (expr: Expr): string =>
  expr.kind === 'binary' ? (isLogical(expr.op) ? 'LogicalExpression' : 'BinaryExpression') : '';

/**
 * Callees prettier prints specially (CommonJS and AMD modules, test calls, boolean coercion):
 * not in this table.
 */
const SPECIAL_CALLEES = new Set([
  'require',
  'define',
  'it',
  'test',
  'describe',
  'xit',
  'xtest',
  'xdescribe',
  'fit',
  'fdescribe',
  'skip',
  'beforeEach',
  'beforeAll',
  'afterEach',
  'afterAll',
  'Boolean',
]);

/** `expr` as prettier's printer documents it, standing in a node of kind `parent`. */
function expressionDoc(expr: Expr, parent: Parent): Doc {
  switch (expr.kind) {
    case 'atom':
      return expr.text;
    case 'member': {
      // Prettier's `printMemberExpression`: a name's member is inline unless in a member
      // itself; any other lookup may break before its `.`.
      const lookup = `.${expr.name}`;
      const inline = isName(expr.object) && parent !== 'MemberExpression';
      return [objectDoc(expr.object), inline ? lookup : group(indent([softline, lookup]))];
    }
    case 'index': {
      const property = expressionDoc(expr.index, 'MemberExpression');
      const numeric = expr.index.kind === 'atom' && /^\d/.test(expr.index.text);
      return [
        objectDoc(expr.object),
        numeric ? ['[', property, ']'] : group(['[', indent([softline, property]), softline, ']']),
      ];
    }
    case 'call': {
      // No argument is an object, a list or a function: none is hugged (`printCallArguments`).
      const args = expr.args.map((arg) => expressionDoc(arg, 'CallExpression'));
      const argumentsDoc: Doc =
        args.length === 0
          ? '()'
          : group(['(', indent([softline, join([',', line], args)]), ifBreak(','), softline, ')']);
      const callee = expr.callee;
      if (callee.kind === 'atom' && !SPECIAL_CALLEES.has(callee.text))
        return [callee.text, argumentsDoc];
      // A method of a name (`Number.isInteger(x)`): a member chain of two groups, under
      // prettier's cutoff, which `printMemberChain` prints as one group.
      if (callee.kind === 'member' && isName(callee.object))
        return group([callee.object.text, `.${callee.name}`, argumentsDoc]);
      throw new Unvouched();
    }
    case 'unary': {
      const operand = expr.operand;
      if (isOperand(operand) || operand.kind === 'unary')
        return [expr.op, expressionDoc(operand, 'UnaryExpression')];
      return [expr.op, '(', expressionDoc(operand, 'UnaryExpression'), ')'];
    }
    case 'as':
      if (expr.expr.kind === 'binary') throw new Unvouched();
      return [expressionDoc(expr.expr, 'TSAsExpression'), ' as ', expr.type];
    case 'binary':
      return binaryDoc(expr, parent);
    default:
      throw new Unvouched();
  }
}

/** The object of a member or an index: anything but a plain operand in parentheses. */
function objectDoc(expr: Expr): Doc {
  if (expr.kind === 'binary') throw new Unvouched(); // prettier breaks inside those parentheses
  return isOperand(expr)
    ? expressionDoc(expr, 'MemberExpression')
    : ['(', expressionDoc(expr, 'MemberExpression'), ')'];
}

/**
 * Prettier's `printBinaryishExpression`: the operands of one precedence flattened into parts,
 * left as they are in an `if`'s parentheses, in a group broken between parentheses under a
 * unary operator, else a group whose operands after the first are indented.
 */
function binaryDoc(expr: Extract<Expr, { kind: 'binary' }>, parent: Parent): Doc {
  const parts = binaryParts(expr, parent === 'IfStatement', parent);
  if (parent === 'IfStatement') return parts;
  if (parent === 'UnaryExpression') return group([indent([softline, ...parts]), softline]);
  if (
    parent !== 'LogicalExpression' &&
    parent !== 'BinaryExpression' &&
    parent !== 'CallExpression'
  )
    throw new Unvouched();
  return group([parts[0]!, indent(parts.slice(1))]);
}

/** Prettier's `printBinaryishExpressions`: `a`, ` && b`, ` && c`, each right part grouped alone. */
function binaryParts(
  expr: Extract<Expr, { kind: 'binary' }>,
  insideParentheses: boolean,
  parent: string,
): Doc[] {
  const type = nodeType(expr);
  const left = expr.left;
  // Operators of one precedence chain on the left (`printOperand` allows only `&&` and `||`).
  const parts =
    left.kind === 'binary' && left.op === expr.op && isLogical(expr.op)
      ? binaryParts(left, insideParentheses, type)
      : [group(operandDoc(left, expr))];
  const right: Doc = [expr.op, line, operandDoc(expr.right, expr)];
  const grouped =
    !(insideParentheses && type === 'LogicalExpression') &&
    parent !== type &&
    nodeType(left) !== type &&
    nodeType(expr.right) !== type;
  parts.push(' ', grouped ? group(right) : right);
  return parts;
}

/** An operand of a binary operator, in parentheses where `printOperand` puts them. */
function operandDoc(expr: Expr, parent: Extract<Expr, { kind: 'binary' }>): Doc {
  const type = nodeType(parent) as Parent;
  if (expr.kind === 'as') return ['(', expressionDoc(expr, type), ')'];
  if (expr.kind !== 'binary') return expressionDoc(expr, type);
  const precedence = PRECEDENCE[expr.op]!;
  const parentPrecedence = PRECEDENCE[parent.op]!;
  const parenthesised =
    precedence < parentPrecedence ||
    (precedence > parentPrecedence && parent.op === '||' && expr.op === '&&');
  if (precedence === parentPrecedence) throw new Unvouched();
  return parenthesised ? ['(', binaryDoc(expr, type), ')'] : binaryDoc(expr, type);
}
