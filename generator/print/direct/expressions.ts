/**
 * Expressions as prettier lays them out, for the statement layouts (`print/direct/code.ts`):
 * assignments (its `printAssignment` layouts), objects kept broken, lists, calls with their
 * last argument hugged, member calls under its chain cutoff, arrow functions and ternaries
 * (the parameters and signatures of functions are `print/direct/signatures.ts`'s). Each builds the document prettier's printer
 * builds for the construct, as its source states it; anything else is `Unvouched`.
 */

import {
  conditionalGroup,
  group,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  softline,
  willBreak,
  type Doc,
} from './doc.js';
import { quoted, textWidth, Unvouched, WIDTH } from './text.js';
import { PURE, SIMPLE_NUMBER, ts } from './nodes.js';
import { SignatureDocs } from './signatures.js';

/** Builds prettier's documents for expressions. */
export class ExpressionDocs extends SignatureDocs {
  /**
   * Prettier's `printAssignment` for the layouts these values take: `break-after-operator` for
   * a string or a member chain without calls, `never-break-after-operator` for a short key or
   * a number or boolean, else `fluid` (the value stays beside the operator while its first
   * line fits there). `break-lhs` needs a left side that can break: `variableStatement` leaves
   * out the values that would take it.
   */
  protected assignment(left: Doc, operator: string, right: ts.Expression, shortKey: boolean): Doc {
    const value = this.expression(right);
    const kind = this.unwrapped(right);
    if (
      ts.isBinaryExpression(kind) ||
      ts.isConditionalExpression(kind) ||
      ts.isTemplateExpression(kind) ||
      ts.isNoSubstitutionTemplateLiteral(kind)
    )
      throw new Unvouched();
    // Prettier looks through `await` for a string or a poorly breakable chain.
    const awaited = ts.isAwaitExpression(kind) ? kind.expression : kind;
    if (!shortKey && (ts.isStringLiteral(awaited) || this.poorlyBreakableChain(awaited, false)))
      return group([group(left), operator, group(indent([line, value]))]);
    if (
      shortKey ||
      ts.isNumericLiteral(kind) ||
      kind.kind === ts.SyntaxKind.TrueKeyword ||
      kind.kind === ts.SyntaxKind.FalseKeyword
    )
      return group([group(left), operator, ' ', value]);
    const id = Symbol('assignment');
    return group([group(left), operator, group(indent(line), { id }), indentIfBreak(value, id)]);
  }

  /** `right` as prettier sees it when choosing a layout (TypeScript keeps parentheses as nodes). */
  protected unwrapped(node: ts.Expression): ts.Expression {
    if (ts.isParenthesizedExpression(node)) throw new Unvouched();
    return node;
  }

  /**
   * Prettier's `isPoorlyBreakableMemberOrCallChain`: a chain of names and members whose calls
   * take no argument or one short one. (Complex type arguments make a call breakable to it:
   * a call with type arguments is not in this table.)
   */
  protected poorlyBreakableChain(node: ts.Expression, deep: boolean): boolean {
    if (ts.isCallExpression(node)) {
      if (node.typeArguments) throw new Unvouched();
      if (node.arguments.length === 0) return this.poorlyBreakableChain(node.expression, true);
      if (node.arguments.length === 1 && this.loneShortArgument(node.arguments[0]!))
        return this.poorlyBreakableChain(node.expression, true);
      return false;
    }
    if (ts.isPropertyAccessExpression(node))
      return this.poorlyBreakableChain(node.expression, true);
    return deep && (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword);
  }

  /**
   * Prettier's `isLoneShortArgument` (a quarter of the print width) for the arguments this
   * table prints; an argument whose rule is not here is not vouched.
   */
  protected loneShortArgument(arg: ts.Expression): boolean {
    const threshold = WIDTH / 4;
    if (ts.getLeadingCommentRanges(this.code.text, arg.pos)?.length) throw new Unvouched();
    if (ts.getTrailingCommentRanges(this.code.text, arg.pos)?.length) throw new Unvouched();
    if (arg.kind === ts.SyntaxKind.ThisKeyword) return true;
    if (ts.isIdentifier(arg)) return arg.text.length <= threshold;
    if (ts.isStringLiteral(arg)) return quoted(this.source(arg)).length <= threshold;
    if (ts.isObjectLiteralExpression(arg)) return arg.properties.length === 0;
    if (ts.isArrayLiteralExpression(arg)) return arg.elements.length === 0;
    if (ts.isPropertyAccessExpression(arg) || ts.isCallExpression(arg) || ts.isArrowFunction(arg))
      return false;
    // `new X(…)` with arguments: prettier's rule for a call-like argument wants none.
    if (ts.isNewExpression(arg) && (arg.arguments?.length ?? 0) > 0) return false;
    throw new Unvouched();
  }

  /**
   * An expression, after the comment before it: only a `@__PURE__` mark before a call, which
   * prettier prints as it stands. (A node starting where its parent starts is printed from
   * the parent's text, never through here, so no mark is read twice.)
   */
  expression(node: ts.Expression): Doc {
    const printed = this.bareExpression(node);
    const markable = ts.isCallExpression(node) || ts.isNewExpression(node);
    return this.leadingMark(node, markable) ? [PURE, ' ', printed] : printed;
  }

  protected bareExpression(node: ts.Expression): Doc {
    switch (node.kind) {
      case ts.SyntaxKind.Identifier:
      case ts.SyntaxKind.ThisKeyword:
      case ts.SyntaxKind.TrueKeyword:
      case ts.SyntaxKind.FalseKeyword:
      case ts.SyntaxKind.NullKeyword:
        return this.source(node);
      case ts.SyntaxKind.StringLiteral:
        return this.stringLiteral(node);
      case ts.SyntaxKind.NumericLiteral: {
        const text = this.source(node);
        // Prettier rewrites other spellings of numbers (exponents, leading dots, hex case).
        if (!SIMPLE_NUMBER.test(text)) throw new Unvouched();
        return text;
      }
      case ts.SyntaxKind.PrefixUnaryExpression: {
        const unary = node as ts.PrefixUnaryExpression;
        if (unary.operator !== ts.SyntaxKind.MinusToken || !ts.isNumericLiteral(unary.operand))
          throw new Unvouched();
        return ['-', this.expression(unary.operand)];
      }
      case ts.SyntaxKind.ObjectLiteralExpression:
        return this.objectLiteral(node as ts.ObjectLiteralExpression);
      case ts.SyntaxKind.ArrayLiteralExpression:
        return this.arrayLiteral(node as ts.ArrayLiteralExpression);
      case ts.SyntaxKind.PropertyAccessExpression: {
        const access = node as ts.PropertyAccessExpression;
        if (!ts.isIdentifier(access.name)) throw new Unvouched();
        const object = access.expression;
        if (
          !ts.isIdentifier(object) &&
          object.kind !== ts.SyntaxKind.ThisKeyword &&
          !ts.isPropertyAccessExpression(object)
        )
          throw new Unvouched();
        return [
          this.bareExpression(object),
          access.questionDotToken ? '?.' : '.',
          access.name.text,
        ];
      }
      case ts.SyntaxKind.CallExpression:
        return this.call(node as ts.CallExpression);
      case ts.SyntaxKind.NewExpression: {
        // `new Name(…)`: printed as a call on a name, after `new `.
        const created = node as ts.NewExpression;
        if (!ts.isIdentifier(created.expression) || created.typeArguments || !created.arguments)
          throw new Unvouched();
        return ['new ', created.expression.text, this.callArguments(created.arguments)];
      }
      case ts.SyntaxKind.AwaitExpression: {
        // `await call(…)` (a fence's top level): prettier prints `await `, then the call as it
        // would alone; it wraps the operand only under a call or member, which are not here.
        const operand = (node as ts.AwaitExpression).expression;
        if (!ts.isCallExpression(operand) && !ts.isNewExpression(operand)) throw new Unvouched();
        return ['await ', this.expression(operand)];
      }
      case ts.SyntaxKind.ArrowFunction:
        return this.arrowFunction(node as ts.ArrowFunction);
      case ts.SyntaxKind.AsExpression: {
        const cast = node as ts.AsExpression;
        // `null as number | null` (a first page parameter): a union there is indented as a
        // value's is, known flat only.
        if (cast.expression.kind === ts.SyntaxKind.NullKeyword && ts.isUnionTypeNode(cast.type))
          return ['null as ', this.typeDoc(cast.type)];
        if (
          !ts.isArrayLiteralExpression(cast.expression) &&
          !ts.isObjectLiteralExpression(cast.expression)
        )
          throw new Unvouched();
        return [this.bareExpression(cast.expression), ' as ', this.typeFlat(cast.type)];
      }
      case ts.SyntaxKind.ConditionalExpression:
        return this.conditional(node as ts.ConditionalExpression);
      case ts.SyntaxKind.ExpressionWithTypeArguments: {
        const instantiation = node as ts.ExpressionWithTypeArguments;
        if (!ts.isIdentifier(instantiation.expression)) throw new Unvouched();
        return [
          this.source(instantiation.expression),
          this.typeArguments(instantiation.typeArguments),
        ];
      }
      default:
        throw new Unvouched();
    }
  }

  protected objectLiteral(node: ts.ObjectLiteralExpression): Doc {
    if (node.properties.length === 0) {
      if (this.newlineBetween(node.getStart(this.code.file), node.end)) throw new Unvouched();
      return '{}';
    }
    this.noBlankLines(node.properties);
    const shouldBreak = this.newlineBetween(
      node.getStart(this.code.file),
      node.properties[0]!.getStart(this.code.file),
    );
    // A property's trailing `// comment` (after its comma) breaks the object, as in prettier.
    const properties = node.properties.map((p) => [
      this.property(p),
      ...this.trailingLineComment(p.end),
    ]);
    return group(['{', indent([line, join([',', line], properties)]), ifBreak(','), line, '}'], {
      shouldBreak,
    });
  }

  protected property(node: ts.ObjectLiteralElementLike): Doc {
    if (ts.isShorthandPropertyAssignment(node)) {
      if (node.objectAssignmentInitializer) throw new Unvouched();
      return node.name.text;
    }
    if (ts.isSpreadAssignment(node)) return ['...', this.expression(node.expression)];
    if (!ts.isPropertyAssignment(node)) throw new Unvouched();
    const key = this.propertyKey(node.name);
    // Prettier's `isObjectPropertyWithShortKey`: a key narrower than the tab width plus 3.
    const shortKey = (textWidth(key) ?? Infinity) < 5;
    return this.assignment(key, ':', node.initializer, shortKey);
  }

  protected arrayLiteral(node: ts.ArrayLiteralExpression): Doc {
    const elements = node.elements;
    if (elements.length === 0) {
      if (this.newlineBetween(node.getStart(this.code.file), node.end)) throw new Unvouched();
      return '[]';
    }
    this.noBlankLines(elements);
    // A list of numbers is printed with fill, which is not in this table: it is known flat
    // only (flat, fill prints its items as `join` does).
    const numbers =
      elements.length > 1 &&
      elements.every((e) => ts.isNumericLiteral(e) || ts.isPrefixUnaryExpression(e));
    // Prettier breaks a list of two or more objects (or lists) that each hold more than one entry.
    const first = elements[0]!;
    const shouldBreak =
      elements.length > 1 &&
      elements.every(
        (e) =>
          (ts.isObjectLiteralExpression(e) &&
            ts.isObjectLiteralExpression(first) &&
            e.properties.length > 1) ||
          (ts.isArrayLiteralExpression(e) &&
            ts.isArrayLiteralExpression(first) &&
            e.elements.length > 1),
      );
    const printed = elements.map((e) => {
      if (ts.isSpreadElement(e)) return ['...', this.expression(e.expression)];
      if (ts.isOmittedExpression(e)) throw new Unvouched();
      return this.expression(e);
    });
    return group(
      ['[', indent([softline, join([',', line], printed)]), ifBreak(','), softline, ']'],
      { shouldBreak, flatOnly: numbers },
    );
  }

  /** A call on a name, its arguments laid out as prettier's `printCallArguments` does. */
  protected call(node: ts.CallExpression): Doc {
    if (node.questionDotToken) throw new Unvouched();
    const typeArguments = node.typeArguments ? [this.callTypeArguments(node.typeArguments)] : [];
    if (ts.isIdentifier(node.expression) || node.expression.kind === ts.SyntaxKind.SuperKeyword)
      return [this.source(node.expression), ...typeArguments, this.callArguments(node.arguments)];
    // A method of a name or `this` (`core.request(…)`, `this.core.request(…)`): a member chain
    // of one call, which prettier prints as one group (its `printMemberChain` under the cutoff).
    if (!ts.isPropertyAccessExpression(node.expression)) throw new Unvouched();
    return group([
      this.bareExpression(node.expression),
      ...typeArguments,
      this.callArguments(node.arguments),
    ]);
  }

  protected callArguments(args: ts.NodeArray<ts.Expression>): Doc {
    if (args.length === 0) return '()';
    this.noBlankLines(args);
    for (const arg of args) {
      if (ts.isSpreadElement(arg)) throw new Unvouched();
      // Function composition, first-argument hugging and React hooks: layouts not in this table.
      if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) {
        if (!ts.isArrowFunction(arg) || ts.isBlock(arg.body) || arg !== args[args.length - 1])
          throw new Unvouched();
      }
      // (Prettier's `isFunctionCompositionArgs` looks only at two arguments or more.)
      if (
        args.length > 1 &&
        ts.isCallExpression(arg) &&
        arg.arguments.some((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a))
      )
        throw new Unvouched();
    }
    const printed = args.map((arg, i) => {
      const doc = this.expression(arg);
      return i === args.length - 1 ? doc : [doc, ',', line];
    });
    const allBrokenOut = () =>
      group(['(', indent([line, ...printed]), ',', line, ')'], { shouldBreak: true });
    const last = args[args.length - 1]!;
    const penultimate = args.length > 1 ? args[args.length - 2] : undefined;
    if (
      this.couldExpand(last) &&
      (penultimate === undefined || penultimate.kind !== last.kind) &&
      !(
        args.length === 2 &&
        penultimate &&
        ts.isArrowFunction(penultimate) &&
        ts.isArrayLiteralExpression(last)
      )
    ) {
      // The last argument is hugged: printed in its own lines right after the others.
      const head = printed.slice(0, -1);
      // A hugged arrow function: its expanded layouts are not in this table, only the flat one
      // (prettier's first state, taken when all fits on the line).
      if (ts.isArrowFunction(last)) {
        if (printed.some(willBreak)) throw new Unvouched();
        return group(['(', ...printed, ')'], { flatOnly: true });
      }
      if (head.some(willBreak)) return allBrokenOut();
      const lastDoc = printed[printed.length - 1]!;
      if (willBreak(lastDoc))
        return [
          { type: 'break-parent' },
          conditionalGroup([
            ['(', ...head, group(lastDoc, { shouldBreak: true }), ')'],
            allBrokenOut(),
          ]),
        ];
      return conditionalGroup([
        ['(', ...head, lastDoc, ')'],
        ['(', ...head, group(lastDoc, { shouldBreak: true }), ')'],
        allBrokenOut(),
      ]);
    }
    return group(['(', indent([softline, ...printed]), ifBreak(','), softline, ')'], {
      shouldBreak: printed.some(willBreak),
    });
  }

  /** Prettier's `couldExpandArg` for the arguments this table prints. */
  protected couldExpand(arg: ts.Expression): boolean {
    if (
      ts.getLeadingCommentRanges(this.code.text, arg.pos)?.length ||
      ts.getTrailingCommentRanges(this.code.text, arg.pos)?.length
    )
      return false;
    if (ts.isObjectLiteralExpression(arg)) return arg.properties.length > 0;
    if (ts.isArrayLiteralExpression(arg)) return arg.elements.length > 0;
    if (ts.isAsExpression(arg)) return this.couldExpand(arg.expression);
    if (ts.isArrowFunction(arg)) {
      const body = arg.body;
      return (
        ts.isBlock(body) ||
        ts.isObjectLiteralExpression(body) ||
        ts.isArrayLiteralExpression(body) ||
        ts.isArrowFunction(body) ||
        ts.isConditionalExpression(body) ||
        ts.isCallExpression(body)
      );
    }
    return false;
  }

  /**
   * An arrow function with an expression body: the body beside the arrow when it is an object
   * or a list, else on the next line when the whole does not fit. Its parameters are known
   * only flat.
   */
  protected arrowFunction(node: ts.ArrowFunction): Doc {
    if (node.typeParameters || node.type || ts.getModifiers(node)?.length) throw new Unvouched();
    const body = node.body;
    if (ts.isBlock(body) || ts.isArrowFunction(body) || ts.isConditionalExpression(body))
      throw new Unvouched();
    const signature = this.hugged(node.parameters)
      ? group(this.parametersFlat(node.parameters), { flatOnly: true })
      : this.signature(node.parameters, undefined);
    const sameLine = ts.isObjectLiteralExpression(body) || ts.isArrayLiteralExpression(body);
    const printed = this.expression(body);
    return group([
      group(signature),
      ' =>',
      group(sameLine ? [' ', printed] : indent([line, printed])),
    ]);
  }

  /**
   * `test ? a : b`, not nested: flat when it fits, else `? a` and `: b` each on a line of its
   * own under the test (prettier's ternary layout; its `align(2)` is two spaces, as `indent`).
   */
  protected conditional(node: ts.ConditionalExpression): Doc {
    const parts = [node.condition, node.whenTrue, node.whenFalse];
    if (parts.some((part) => ts.isConditionalExpression(part))) throw new Unvouched();
    if (ts.isBinaryExpression(node.whenTrue) || ts.isBinaryExpression(node.whenFalse))
      throw new Unvouched();
    const test = ts.isBinaryExpression(node.condition)
      ? this.comparison(node.condition)
      : this.expression(node.condition);
    return group([
      test,
      indent([
        line,
        '? ',
        indent(this.expression(node.whenTrue)),
        line,
        ': ',
        indent(this.expression(node.whenFalse)),
      ]),
    ]);
  }

  /**
   * `a === b` or `a !== b` of names and literals (a ternary's test, `pageParam === null`):
   * prettier's binary layout (the operator and the right operand in a group that breaks after
   * the operator), known flat only.
   */
  protected comparison(node: ts.BinaryExpression): Doc {
    const operator = node.operatorToken.kind;
    if (
      operator !== ts.SyntaxKind.EqualsEqualsEqualsToken &&
      operator !== ts.SyntaxKind.ExclamationEqualsEqualsToken
    )
      throw new Unvouched();
    const operand = (side: ts.Expression): Doc => {
      if (
        !ts.isIdentifier(side) &&
        side.kind !== ts.SyntaxKind.NullKeyword &&
        !ts.isLiteralExpression(side)
      )
        throw new Unvouched();
      return this.expression(side);
    };
    return group([
      operand(node.left),
      ' ',
      group([ts.tokenToString(operator)!, line, operand(node.right)], { flatOnly: true }),
    ]);
  }
}
