/**
 * Statements with a body and the expressions a README's examples hold, in prettier's format
 * without prettier (issue 37): blocks with their `//` comments, `if`/`else` chains, `try`/`catch`,
 * `for … of` (and `for await`), `throw`, `let`, destructuring, and template literals, logical
 * and comparison operators, `a[0]` and `void x++`. The README's fences were the last text a
 * run sent to prettier, and that one call cost its whole load. Each layout is prettier's for
 * the construct (its `printIfStatement`, `printTryStatement`, `printTemplateLiteral`, …);
 * where it depends on the width and only the flat one is in these tables (a condition, an
 * operator's operands, a pattern), it is known flat only (`flatOnly`), and a statement that
 * would break it is left to prettier.
 */

import { group, hardline, indent, join, line, printDoc, type Doc } from './doc.js';
import { ExpressionDocs } from './expressions.js';
import { SIMPLE_NUMBER, ts } from './nodes.js';
import { Unvouched } from './text.js';

/** Operators printed flat only, by precedence (prettier's `getPrecedence`, higher binds tighter). */
const BINARY_PRECEDENCE = new Map<ts.SyntaxKind, number>([
  [ts.SyntaxKind.QuestionQuestionToken, 1],
  [ts.SyntaxKind.BarBarToken, 1],
  [ts.SyntaxKind.AmpersandAmpersandToken, 2],
  [ts.SyntaxKind.EqualsEqualsEqualsToken, 6],
  [ts.SyntaxKind.ExclamationEqualsEqualsToken, 6],
  [ts.SyntaxKind.InstanceOfKeyword, 7],
]);

/** A number with `_` between its digit groups (`20_000`), which prettier keeps as written. */
const GROUPED_NUMBER = /^(0|[1-9]\d{0,2}(_\d{3})+)$/;

/** Builds prettier's documents for statement bodies and the expressions they hold. */
export abstract class ControlDocs extends ExpressionDocs {
  /** A statement inside a function's or a control statement's block. */
  protected abstract bodyStatement(node: ts.Statement): Doc;

  /**
   * `{ … }`: its statements one a line, each after its whole-line comments and before its
   * trailing one; a block holding only comments prints them (prettier's dangling comments).
   */
  protected block(node: ts.Block): Doc {
    if (node.statements.length === 0) {
      const comments = this.ownLineComments(node.end - 1, node.getStart(this.code.file) + 1);
      if (comments.length === 0) return '{}';
      return ['{', indent([hardline, join(hardline, comments)]), hardline, '}'];
    }
    this.noBlankLines(node.statements);
    const statements = node.statements.map((statement) => [
      ...this.ownLineComments(statement.getStart(this.code.file), statement.pos).flatMap(
        (comment) => [comment, hardline],
      ),
      this.bodyStatement(statement),
      ...this.trailingLineComment(statement.end),
    ]);
    return ['{', indent([hardline, join(hardline, statements)]), hardline, '}'];
  }

  /**
   * The `//` comments on lines of their own between `from` and `to` (before a statement, or
   * in an empty block), each printed as written; none may be followed by a blank line, which
   * prettier would keep.
   */
  private ownLineComments(to: number, from: number): string[] {
    const text = this.code.text;
    // Most statements have no comment before them, and the reader allocates for each.
    if (!text.slice(from, to).includes('//')) return [];
    const ranges = (ts.getLeadingCommentRanges(text, from) ?? []).filter(
      (range) => range.end <= to && !this.printedComments.has(range.pos),
    );
    return ranges.map((range) => {
      const comment = text.slice(range.pos, range.end);
      if (!comment.startsWith('//') || comment !== comment.trimEnd() || !range.hasTrailingNewLine)
        throw new Unvouched();
      if (/\n[ \t]*\n/.test(text.slice(range.end, to))) throw new Unvouched();
      this.printedComments.add(range.pos);
      return comment;
    });
  }

  /** The statements a block holds beyond the function bodies' returns, calls and constants. */
  protected controlStatement(node: ts.Statement): Doc {
    if (ts.isIfStatement(node)) return this.ifStatement(node);
    if (ts.isTryStatement(node)) return this.tryStatement(node);
    if (ts.isForOfStatement(node)) return this.forOf(node);
    if (ts.isThrowStatement(node)) return ['throw ', this.flat(node.expression), ';'];
    if (ts.isExpressionStatement(node)) {
      const expression = node.expression;
      if (ts.isAwaitExpression(expression)) return [this.expression(expression), ';'];
    }
    throw new Unvouched();
  }

  /**
   * `if (test) …` with its `else` chain: the test known flat only; a block after `) ` and
   * `else ` on its closing line; another statement on the same line when it fits, else on the
   * next, indented (prettier's `adjustClause`).
   */
  private ifStatement(node: ts.IfStatement): Doc {
    const clause = (statement: ts.Statement, beside: boolean): Doc =>
      ts.isBlock(statement)
        ? [' ', this.block(statement)]
        : beside
          ? [' ', this.ifStatement(statement as ts.IfStatement)]
          : group(indent([line, this.bodyStatement(statement)]));
    const parts: Doc[] = [
      group(['if (', this.flat(node.expression), ')', clause(node.thenStatement, false)]),
    ];
    const alternate = node.elseStatement;
    if (alternate) {
      parts.push(ts.isBlock(node.thenStatement) ? ' ' : hardline);
      parts.push('else', clause(alternate, ts.isIfStatement(alternate)));
    }
    return parts;
  }

  /** `try { … } catch (name) { … }`, with a `finally` block when there is one. */
  private tryStatement(node: ts.TryStatement): Doc {
    const parts: Doc[] = ['try ', this.block(node.tryBlock)];
    const handler = node.catchClause;
    if (handler) {
      const variable = handler.variableDeclaration;
      if (variable && (!ts.isIdentifier(variable.name) || variable.type || variable.initializer))
        throw new Unvouched();
      const name = variable ? `(${(variable.name as ts.Identifier).text}) ` : '';
      parts.push(' catch ', name, this.block(handler.block));
    }
    if (node.finallyBlock) parts.push(' finally ', this.block(node.finallyBlock));
    return parts;
  }

  /** `for (const x of xs) { … }` and `for await`: the head is not a group in prettier. */
  private forOf(node: ts.ForOfStatement): Doc {
    const list = node.initializer;
    if (
      !ts.isVariableDeclarationList(list) ||
      !(list.flags & ts.NodeFlags.Const) ||
      list.declarations.length !== 1 ||
      !ts.isBlock(node.statement)
    )
      throw new Unvouched();
    const declaration = list.declarations[0]!;
    if (declaration.type || declaration.initializer) throw new Unvouched();
    return [
      'for',
      node.awaitModifier ? ' await' : '',
      ' (const ',
      this.bindingName(declaration.name),
      ' of ',
      this.expression(node.expression),
      ') ',
      this.block(node.statement),
    ];
  }

  /** A declared name, or a pattern of plain names (`{ x, y }`, `[a, b]`), known flat only. */
  protected bindingName(name: ts.BindingName): Doc {
    if (ts.isIdentifier(name)) return name.text;
    const names = name.elements.map((element) => {
      if (
        ts.isOmittedExpression(element) ||
        element.dotDotDotToken ||
        element.propertyName ||
        element.initializer ||
        !ts.isIdentifier(element.name)
      )
        throw new Unvouched();
      return element.name.text;
    });
    if (names.length === 0 || this.newlineBetween(name.getStart(this.code.file), name.end))
      throw new Unvouched();
    const [open, close] = ts.isObjectBindingPattern(name) ? ['{ ', ' }'] : ['[', ']'];
    return group([open, names.join(', '), close], { flatOnly: true });
  }

  /** An expression known flat only: where prettier's layout would break it, not vouched. */
  protected flat(node: ts.Expression): Doc {
    return group(this.expression(node), { flatOnly: true });
  }

  /**
   * Prettier's `printAssignment` for the values added here: a template literal stays beside
   * the operator (`never-break-after-operator`); an operator's expression, or a ternary whose
   * test is one, goes to the next line, indented, when it does not fit beside it
   * (`break-after-operator`).
   */
  protected override assignment(
    left: Doc,
    operator: string,
    right: ts.Expression,
    shortKey: boolean,
  ): Doc {
    if (ts.isTemplateExpression(right) || ts.isNoSubstitutionTemplateLiteral(right))
      return group([group(left), operator, ' ', this.expression(right)]);
    const binaryish =
      (ts.isBinaryExpression(right) && BINARY_PRECEDENCE.has(right.operatorToken.kind)) ||
      (ts.isConditionalExpression(right) && ts.isBinaryExpression(right.condition));
    if (binaryish) {
      // Prettier keeps `a || { … }` (an object or list on the right) beside the operator.
      if (ts.isBinaryExpression(right) && this.couldExpand(right.right)) throw new Unvouched();
      return group([group(left), operator, group(indent([line, this.flat(right)]))]);
    }
    return super.assignment(left, operator, right, shortKey);
  }

  /** A ternary's test: an operator's expression, known flat only. */
  protected override comparison(node: ts.BinaryExpression): Doc {
    return this.binary(node);
  }

  protected override bareExpression(node: ts.Expression): Doc {
    switch (node.kind) {
      case ts.SyntaxKind.NumericLiteral: {
        const text = this.source(node);
        return GROUPED_NUMBER.test(text) && !SIMPLE_NUMBER.test(text)
          ? text
          : super.bareExpression(node);
      }
      case ts.SyntaxKind.BinaryExpression:
        return this.binary(node as ts.BinaryExpression);
      case ts.SyntaxKind.ElementAccessExpression: {
        // `a.b[0]`: an index printed as written, without a group.
        const access = node as ts.ElementAccessExpression;
        const index = access.argumentExpression;
        if (
          access.questionDotToken ||
          !ts.isNumericLiteral(index) ||
          !SIMPLE_NUMBER.test(this.source(index)) ||
          !(ts.isIdentifier(access.expression) || ts.isPropertyAccessExpression(access.expression))
        )
          throw new Unvouched();
        return [this.bareExpression(access.expression), '[', this.source(index), ']'];
      }
      case ts.SyntaxKind.PropertyAccessExpression: {
        // `'text'.length`: a member of a string, as written.
        const access = node as ts.PropertyAccessExpression;
        if (ts.isStringLiteral(access.expression) && ts.isIdentifier(access.name))
          return [this.stringLiteral(access.expression), '.', access.name.text];
        return super.bareExpression(node);
      }
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateExpression:
        return this.template(node as ts.TemplateLiteral);
      case ts.SyntaxKind.VoidExpression: {
        const operand = (node as ts.VoidExpression).expression;
        if (ts.isCallExpression(operand)) return ['void ', this.expression(operand)];
        return ['void ', this.increment(operand)];
      }
      case ts.SyntaxKind.PostfixUnaryExpression:
        return this.increment(node);
      default:
        return super.bareExpression(node);
    }
  }

  /** `name++` or `name--`. */
  private increment(node: ts.Expression): Doc {
    if (!ts.isPostfixUnaryExpression(node) || !ts.isIdentifier(node.operand)) throw new Unvouched();
    return [node.operand.text, ts.tokenToString(node.operator)!];
  }

  /**
   * A template literal on one line: its text as written, each substitution printed flat
   * whatever its width (prettier prints them at an infinite width, so they never break).
   */
  private template(node: ts.TemplateLiteral): Doc {
    const source = this.source(node);
    if (source.includes('\n')) throw new Unvouched();
    if (ts.isNoSubstitutionTemplateLiteral(node)) return source;
    const parts = [this.source(node.head)];
    for (const span of node.templateSpans) {
      const printed = printDoc(this.expression(span.expression), Number.POSITIVE_INFINITY);
      if (printed.includes('\n')) throw new Unvouched();
      parts.push(printed, this.source(span.literal));
    }
    return parts.join('');
  }

  /**
   * `a === b`, `x instanceof Y`, `a && b`, `a ?? b` and chains of them, known flat only. A
   * nested operator binds tighter than its parent, or is the same logical one on its left:
   * what prettier prints without adding parentheses.
   */
  protected binary(node: ts.BinaryExpression): Doc {
    const operator = node.operatorToken.kind;
    const precedence = BINARY_PRECEDENCE.get(operator);
    if (precedence === undefined) throw new Unvouched();
    const operand = (side: ts.Expression, left: boolean): Doc => {
      if (ts.isBinaryExpression(side)) {
        const inner = BINARY_PRECEDENCE.get(side.operatorToken.kind);
        const sameChain = left && side.operatorToken.kind === operator && precedence <= 2;
        if (inner === undefined || (inner <= precedence && !sameChain)) throw new Unvouched();
        return this.binary(side);
      }
      if (
        ts.isConditionalExpression(side) ||
        ts.isArrowFunction(side) ||
        ts.isAsExpression(side) ||
        ts.isVoidExpression(side) ||
        (precedence >= 6 && ts.isAwaitExpression(side))
      )
        throw new Unvouched();
      return this.expression(side);
    };
    return group(
      [operand(node.left, true), ' ', ts.tokenToString(operator)!, ' ', operand(node.right, false)],
      { flatOnly: true },
    );
  }
}
