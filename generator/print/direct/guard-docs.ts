/**
 * Prettier's documents for a guard's `if` whose condition does not fit, as its printer builds
 * them (its `printIfStatement`, `printBinaryishExpression`, member lookups, call arguments and
 * short member chains), for the expression tree `print/direct/guards.ts` reads; laid out by
 * `print/direct/doc.ts`. A construct whose document is not here is `Unvouched`.
 */

import { group, ifBreak, indent, join, line, softline, type Doc } from './doc.js';
import { Unvouched } from './text.js';

/** A guard statement's expression, as `print/direct/guards.ts` reads it. */
export type Expr =
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
export const PRECEDENCE: Record<string, number> = {
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

/** Keywords that are values. */
export const VALUES = new Set(['true', 'false', 'null', 'undefined']);
/** An operand printed without parentheses anywhere: a name, a literal, a member, a call. */
export function isOperand(expr: Expr): boolean {
  return ['atom', 'member', 'index', 'call'].includes(expr.kind);
}

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
export function ifDocument(test: Expr, clause: Doc | undefined): Doc {
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
export function expressionDoc(expr: Expr, parent: Parent): Doc {
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
