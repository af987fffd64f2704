/**
 * Top-level statements in prettier's format without prettier, for what the line readers of
 * `print-direct.ts` do not take: imports and exports, constants holding data (the forms' and
 * the fake's schema nodes, the client's settings), functions and classes whose bodies return
 * a call (the client, the query options). The file is parsed once with TypeScript's parser;
 * a statement of the constructs below gets the document prettier builds for it (its layouts
 * for assignments, objects, arrays, call arguments, arrow functions and parameters, as its
 * printer's source states them), printed by `print-direct-doc.ts`. A construct outside this
 * table, a comment other than a JSDoc or `@__PURE__` mark, a character whose width prettier may count otherwise (`textWidth`), or a layout
 * known only flat that would break (`flatOnly`) leaves the statement to prettier.
 * A test formats generated packages with prettier and compares (test/emit/print-direct.test.ts).
 */

import { ts } from 'ts-morph';
import {
  conditionalGroup,
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  printDoc,
  softline,
  textWidth,
  willBreak,
  type Doc,
} from './print-direct-doc.js';
import { docComment, quoted, Unvouched, WIDTH } from './print-direct-text.js';

/** One top-level statement's text, parsed with TypeScript's parser. */
class ParsedCode {
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
    return this.text.slice(statement!.end).trim() === '' ? statement : undefined;
  }
}

/** How a top-level statement (or the JSDoc before one) begins in the printed text. */
const STATEMENT_START =
  /^(?:export |import |const |let |function |class |interface |type |declare |void |\/\*\*|\/\/)/;
/** The last line of a top-level statement: at the margin, ending it. */
const STATEMENT_END = /^(?:\S.*)?[;}]$|^ +};$/;

/**
 * Whether a top-level statement may start at line `i`: below the end of another. The parse
 * of the statement (`vouchedStatement`) confirms it; a wrong guess is only not vouched.
 */
export function startsStatement(lines: readonly string[], i: number): boolean {
  return STATEMENT_START.test(lines[i]!) && (i === 0 || STATEMENT_END.test(lines[i - 1]!));
}

/**
 * The statement starting at line `start` (after its JSDoc comment, if any), printed as
 * prettier prints it: its lines and the line after it; undefined when not vouched. Its
 * text runs to the first line that ends a statement and is followed by the start of another
 * (or a blank line, or the end), and must parse as that one statement.
 */
export function vouchedStatement(
  lines: readonly string[],
  start: number,
): { printed: string[]; end: number } | undefined {
  const doc = docComment(lines, start, '');
  if (doc === undefined || doc.end >= lines.length || !STATEMENT_START.test(lines[doc.end]!))
    return undefined;
  let end = doc.end + 1;
  while (
    end < lines.length &&
    !(
      STATEMENT_END.test(lines[end - 1]!) &&
      (lines[end] === '' || STATEMENT_START.test(lines[end]!))
    )
  )
    end++;
  const code = new ParsedCode(lines.slice(doc.end, end).join('\n'));
  const statement = code.only();
  if (statement === undefined) return undefined;
  try {
    const printed = printDoc(new StatementPrinter(code).statement(statement));
    // Every `@__PURE__` mark is printed where it stood, none dropped (bundlers read them).
    if (marks(printed) !== marks(code.text)) throw new Unvouched();
    return { printed: [...doc.printed, ...printed.split('\n')], end };
  } catch (error) {
    if (error instanceof Unvouched) return undefined;
    throw error;
  }
}

const PURE = '/* @__PURE__ */';
const marks = (text: string): number => text.split(PURE).length - 1;

/** Builds prettier's documents for the nodes of one file. */
class StatementPrinter {
  constructor(private readonly code: ParsedCode) {}

  private source(node: ts.Node): string {
    return this.code.text.slice(node.getStart(this.code.file), node.end);
  }

  /** The comments before `node`: none, or only a `@__PURE__` mark when `pure` allows it. */
  private leadingMark(node: ts.Node, pure: boolean): boolean {
    // A comment on the line of the token before is a trailing one to TypeScript's reader.
    const ranges = [
      ...(ts.getTrailingCommentRanges(this.code.text, node.pos) ?? []),
      ...(ts.getLeadingCommentRanges(this.code.text, node.pos) ?? []),
    ];
    if (ranges.length === 0) return false;
    const [range] = ranges;
    const text = this.code.text.slice(range!.pos, range!.end);
    if (!pure || ranges.length > 1 || text !== PURE || range!.hasTrailingNewLine)
      throw new Unvouched();
    return true;
  }

  /** No comment anywhere inside `node` (the marks allowed are checked where they may stand). */
  private noComments(node: ts.Node): void {
    const text = this.source(node);
    if (!text.includes('/*') && !text.includes('//')) return;
    const scanner = ts.createScanner(
      ts.ScriptTarget.Latest,
      false,
      ts.LanguageVariant.Standard,
      text,
    );
    for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
      if (
        (token === ts.SyntaxKind.MultiLineCommentTrivia && scanner.getTokenText() !== PURE) ||
        token === ts.SyntaxKind.SingleLineCommentTrivia
      )
        throw new Unvouched();
  }

  statement(node: ts.Statement): Doc {
    // A class's members carry JSDoc comments, read member by member.
    if (!ts.isClassDeclaration(node)) this.noComments(node);
    if (ts.isImportDeclaration(node)) return this.importDeclaration(node);
    if (ts.isExportDeclaration(node)) return this.exportDeclaration(node);
    if (ts.isVariableStatement(node)) return [this.variableStatement(node), ';'];
    if (ts.isExpressionStatement(node)) {
      const expression = node.expression;
      if (ts.isCallExpression(expression)) return [this.expression(expression), ';'];
      if (ts.isVoidExpression(expression) && ts.isCallExpression(expression.expression))
        return ['void ', this.expression(expression.expression), ';'];
      throw new Unvouched();
    }
    if (ts.isFunctionDeclaration(node)) return this.functionDeclaration(node);
    if (ts.isClassDeclaration(node)) return this.classDeclaration(node);
    if (ts.isTypeAliasDeclaration(node)) return this.typeAlias(node);
    throw new Unvouched();
  }

  /**
   * `type X = { a?: string; … };`: an object type assigned as a value is (`fluid`), its
   * members one per line, each ending in `;`, when it does not fit.
   */
  private typeAlias(node: ts.TypeAliasDeclaration): Doc {
    const exported = this.modifiers(node, [ts.SyntaxKind.ExportKeyword]);
    if (node.typeParameters) throw new Unvouched();
    const assigned = (value: Doc): Doc => {
      const id = Symbol('assignment');
      return [
        exported,
        group([
          group(['type ', node.name.text]),
          ' =',
          group(indent(line), { id }),
          indentIfBreak(value, id),
        ]),
        ';',
      ];
    };
    if (ts.isTypeReferenceNode(node.type)) return assigned(this.unionArgumentType(node.type));
    if (!ts.isTypeLiteralNode(node.type)) throw new Unvouched();
    return assigned(this.objectType(node.type));
  }

  /**
   * `Name<'a' | 'b' | …>` (an operation's error type): the one argument a union, which prettier
   * does not hug; broken, `<` ends the line and each member starts one with `| ` (a union in
   * type arguments is not indented further). Any other reference is printed flat.
   */
  private unionArgumentType(node: ts.TypeReferenceNode): Doc {
    const [arg] = node.typeArguments ?? [];
    if (arg === undefined || !ts.isUnionTypeNode(arg)) return this.typeFlat(node);
    if (!ts.isIdentifier(node.typeName) || node.typeArguments!.length !== 1) throw new Unvouched();
    const members = arg.types.map((t) => this.simpleTypeName(t));
    const union = group([ifBreak('| '), join([line, '| '], members)]);
    return [node.typeName.text, group(['<', indent([softline, union]), softline, '>'])];
  }

  private modifiers(node: ts.HasModifiers, allowed: readonly ts.SyntaxKind[]): string {
    const modifiers = ts.getModifiers(node) ?? [];
    for (const modifier of modifiers) if (!allowed.includes(modifier.kind)) throw new Unvouched();
    return modifiers.map((m) => `${ts.tokenToString(m.kind)} `).join('');
  }

  // Imports and exports: `{ a, b }` breaks one per line, except a lone specifier, which
  // prettier never breaks.
  private namedBindings(elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[]): Doc {
    if (elements.length === 0) throw new Unvouched();
    const specifiers = elements.map((element) => {
      const type = element.isTypeOnly ? 'type ' : '';
      const name = element.propertyName
        ? `${this.source(element.propertyName)} as ${element.name.text}`
        : element.name.text;
      return type + name;
    });
    if (specifiers.length === 1) return `{ ${specifiers[0]} }`;
    return group(['{', indent([line, join([',', line], specifiers)]), ifBreak(','), line, '}']);
  }

  private importDeclaration(node: ts.ImportDeclaration): Doc {
    const clause = node.importClause;
    if (node.attributes) throw new Unvouched();
    const from = this.stringLiteral(node.moduleSpecifier);
    if (!clause) return ['import ', from, ';'];
    if (clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings))
      throw new Unvouched();
    const type = clause.isTypeOnly ? 'type ' : '';
    return group([
      'import ',
      type,
      this.namedBindings(clause.namedBindings.elements),
      ' from ',
      from,
      ';',
    ]);
  }

  private exportDeclaration(node: ts.ExportDeclaration): Doc {
    if (node.attributes || ts.getModifiers(node)?.length) throw new Unvouched();
    const type = node.isTypeOnly ? 'type ' : '';
    const from = node.moduleSpecifier ? [' from ', this.stringLiteral(node.moduleSpecifier)] : [];
    const clause = node.exportClause;
    if (!clause) return group(['export ', type, '*', ...from, ';']);
    if (!ts.isNamedExports(clause)) throw new Unvouched();
    return group(['export ', type, this.namedBindings(clause.elements), ...from, ';']);
  }

  private variableStatement(node: ts.VariableStatement): Doc {
    const exported = this.modifiers(node, [ts.SyntaxKind.ExportKeyword]);
    const list = node.declarationList;
    if (!(list.flags & ts.NodeFlags.Const) || list.declarations.length !== 1) throw new Unvouched();
    const declaration = list.declarations[0]!;
    if (!ts.isIdentifier(declaration.name) || declaration.exclamationToken) throw new Unvouched();
    const annotation = declaration.type ? this.annotation(declaration.type) : undefined;
    const left = [declaration.name.text, ...(annotation === undefined ? [] : [': ', annotation])];
    if (!declaration.initializer) throw new Unvouched();
    // Prettier's `break-lhs` and `never-break-after-operator` turn on whether the left side can
    // break (a hugged object type can): for the values that would choose them, not vouched.
    const value = declaration.initializer;
    if (
      annotation !== undefined &&
      typeof annotation !== 'string' &&
      (ts.isArrowFunction(value) ||
        ts.isNumericLiteral(value) ||
        value.kind === ts.SyntaxKind.TrueKeyword ||
        value.kind === ts.SyntaxKind.FalseKeyword)
    )
      throw new Unvouched();
    return [exported, 'const ', this.assignment(left, ' =', declaration.initializer, false)];
  }

  /**
   * Prettier's `printAssignment` for the layouts these values take: `break-after-operator` for
   * a string or a member chain without calls, `never-break-after-operator` for a short key or
   * a number or boolean, else `fluid` (the value stays beside the operator while its first
   * line fits there). `break-lhs` needs a left side that can break, which these never have.
   */
  private assignment(left: Doc, operator: string, right: ts.Expression, shortKey: boolean): Doc {
    const value = this.expression(right);
    const kind = this.unwrapped(right);
    if (
      ts.isBinaryExpression(kind) ||
      ts.isConditionalExpression(kind) ||
      ts.isTemplateExpression(kind) ||
      ts.isNoSubstitutionTemplateLiteral(kind)
    )
      throw new Unvouched();
    if (!shortKey && (ts.isStringLiteral(kind) || this.poorlyBreakableChain(kind, false)))
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
  private unwrapped(node: ts.Expression): ts.Expression {
    if (ts.isParenthesizedExpression(node)) throw new Unvouched();
    return node;
  }

  /** Prettier's `isPoorlyBreakableMemberOrCallChain`, for chains without calls. */
  private poorlyBreakableChain(node: ts.Expression, deep: boolean): boolean {
    if (ts.isCallExpression(node)) {
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
  private loneShortArgument(arg: ts.Expression): boolean {
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

  private bareExpression(node: ts.Expression): Doc {
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
        if (!/^(0|[1-9]\d*)(\.\d*[1-9])?$/.test(text)) throw new Unvouched();
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
      case ts.SyntaxKind.ArrowFunction:
        return this.arrowFunction(node as ts.ArrowFunction);
      case ts.SyntaxKind.AsExpression: {
        const cast = node as ts.AsExpression;
        if (
          !ts.isArrayLiteralExpression(cast.expression) &&
          !ts.isObjectLiteralExpression(cast.expression)
        )
          throw new Unvouched();
        return [this.bareExpression(cast.expression), ' as ', this.typeFlat(cast.type)];
      }
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

  private stringLiteral(node: ts.Node): string {
    if (!ts.isStringLiteral(node)) throw new Unvouched();
    return quoted(this.source(node));
  }

  /** Whether the source has a line break between `from` and `to` (prettier keeps objects so broken). */
  private newlineBetween(from: number, to: number): boolean {
    return this.code.text.slice(from, to).includes('\n');
  }

  /** No blank line between the items of a list (prettier would keep one). */
  private noBlankLines(items: readonly ts.Node[]): void {
    for (let i = 1; i < items.length; i++)
      if (
        /\n[ \t]*\n/.test(
          this.code.text.slice(items[i - 1]!.end, items[i]!.getStart(this.code.file)),
        )
      )
        throw new Unvouched();
  }

  private objectLiteral(node: ts.ObjectLiteralExpression): Doc {
    if (node.properties.length === 0) {
      if (this.newlineBetween(node.getStart(this.code.file), node.end)) throw new Unvouched();
      return '{}';
    }
    this.noBlankLines(node.properties);
    const shouldBreak = this.newlineBetween(
      node.getStart(this.code.file),
      node.properties[0]!.getStart(this.code.file),
    );
    const properties = node.properties.map((p) => this.property(p));
    return group(['{', indent([line, join([',', line], properties)]), ifBreak(','), line, '}'], {
      shouldBreak,
    });
  }

  private property(node: ts.ObjectLiteralElementLike): Doc {
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

  /** A key as written when prettier keeps it so (`quoteProps: 'as-needed'`). */
  private propertyKey(name: ts.PropertyName): string {
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
    throw new Unvouched();
  }

  private arrayLiteral(node: ts.ArrayLiteralExpression): Doc {
    const elements = node.elements;
    if (elements.length === 0) {
      if (this.newlineBetween(node.getStart(this.code.file), node.end)) throw new Unvouched();
      return '[]';
    }
    this.noBlankLines(elements);
    if (
      elements.length > 1 &&
      elements.every((e) => ts.isNumericLiteral(e) || ts.isPrefixUnaryExpression(e))
    )
      throw new Unvouched(); // printed with fill, which is not in this table
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
      {
        shouldBreak,
      },
    );
  }

  /** A call on a name, its arguments laid out as prettier's `printCallArguments` does. */
  private call(node: ts.CallExpression): Doc {
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

  private callArguments(args: ts.NodeArray<ts.Expression>): Doc {
    if (args.length === 0) return '()';
    this.noBlankLines(args);
    for (const arg of args) {
      if (ts.isSpreadElement(arg)) throw new Unvouched();
      // Function composition, first-argument hugging and React hooks: layouts not in this table.
      if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) {
        if (!ts.isArrowFunction(arg) || ts.isBlock(arg.body) || arg !== args[args.length - 1])
          throw new Unvouched();
      }
      if (
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
      if (ts.isArrowFunction(last)) throw new Unvouched();
      const head = printed.slice(0, -1);
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
  private couldExpand(arg: ts.Expression): boolean {
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
  private arrowFunction(node: ts.ArrowFunction): Doc {
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

  private parametersFlat(parameters: ts.NodeArray<ts.ParameterDeclaration>): Doc {
    return [
      '(',
      join(
        ', ',
        parameters.map((p) => this.parameter(p)),
      ),
      ')',
    ];
  }

  private parameter(node: ts.ParameterDeclaration): Doc {
    if (node.dotDotDotToken) throw new Unvouched();
    // A default value (`options: ClientOptions = {}`), printed beside its parameter.
    if (node.initializer && !ts.isIdentifier(node.name)) throw new Unvouched();
    const initializer = node.initializer ? [' = ', this.expression(node.initializer)] : [];
    const modifiers = this.modifiers(node, [
      ts.SyntaxKind.PrivateKeyword,
      ts.SyntaxKind.PublicKeyword,
      ts.SyntaxKind.ProtectedKeyword,
      ts.SyntaxKind.ReadonlyKeyword,
    ]);
    let name: string;
    if (ts.isIdentifier(node.name)) name = node.name.text;
    else if (ts.isObjectBindingPattern(node.name)) {
      const elements = node.name.elements.map((e) => {
        if (e.propertyName || e.initializer || e.dotDotDotToken || !ts.isIdentifier(e.name))
          throw new Unvouched();
        return e.name.text;
      });
      name = elements.length === 0 ? '{}' : `{ ${elements.join(', ')} }`;
    } else throw new Unvouched();
    const optional = node.questionToken ? '?' : '';
    return [
      modifiers,
      name,
      optional,
      ...(node.type ? [': ', this.typeDoc(node.type, true)] : []),
      ...initializer,
    ];
  }

  /**
   * A type prettier prints on one line whatever the width: keywords, names with at most one
   * simple type argument (which prettier hugs), and type literals of such members (which
   * only stand in flat-only parameters).
   */
  private typeFlat(node: ts.TypeNode, parameter = false): string {
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
      case ts.SyntaxKind.NumberKeyword:
      case ts.SyntaxKind.BooleanKeyword:
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.VoidKeyword:
      case ts.SyntaxKind.NeverKeyword:
      case ts.SyntaxKind.UndefinedKeyword:
        return this.source(node);
      case ts.SyntaxKind.TypeOperator: {
        const operator = node as ts.TypeOperatorNode;
        if (
          operator.operator !== ts.SyntaxKind.ReadonlyKeyword ||
          !ts.isArrayTypeNode(operator.type)
        )
          throw new Unvouched();
        return `readonly ${this.typeFlat(operator.type)}`;
      }
      case ts.SyntaxKind.ArrayType:
        return `${this.simpleTypeName((node as ts.ArrayTypeNode).elementType)}[]`;
      case ts.SyntaxKind.TypeReference: {
        const reference = node as ts.TypeReferenceNode;
        if (!ts.isIdentifier(reference.typeName)) throw new Unvouched();
        if (!reference.typeArguments) return reference.typeName.text;
        return `${reference.typeName.text}${this.typeArguments(reference.typeArguments)}`;
      }
      case ts.SyntaxKind.TypeLiteral: {
        const literal = node as ts.TypeLiteralNode;
        if (!parameter) throw new Unvouched();
        const members = literal.members.map((m) => {
          if (!ts.isPropertySignature(m) || !ts.isIdentifier(m.name) || !m.type || m.questionToken)
            throw new Unvouched();
          return `${m.name.text}: ${this.typeFlat(m.type)}`;
        });
        if (members.length === 0) throw new Unvouched();
        return `{ ${members.join('; ')} }`;
      }
      default:
        throw new Unvouched();
    }
  }

  private simpleTypeName(node: ts.TypeNode): string {
    if (ts.isTypeReferenceNode(node) && !node.typeArguments) return this.typeFlat(node);
    if (
      node.kind === ts.SyntaxKind.StringKeyword ||
      node.kind === ts.SyntaxKind.NumberKeyword ||
      node.kind === ts.SyntaxKind.BooleanKeyword ||
      node.kind === ts.SyntaxKind.UndefinedKeyword ||
      node.kind === ts.SyntaxKind.UnknownKeyword ||
      node.kind === ts.SyntaxKind.VoidKeyword ||
      (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword)
    )
      return this.source(node);
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal))
      return quoted(this.source(node.literal));
    throw new Unvouched();
  }

  /**
   * A variable's type: flat, or a name whose one argument is an object type
   * (`FormSchema<{ user_id: string }>`), which prettier hugs: the object type breaks in place.
   * Such a left side can break, which changes prettier's layout only for values these
   * statements never hold (arrow functions, numbers, booleans): those are not vouched.
   */
  private annotation(node: ts.TypeNode): Doc {
    const [arg] = ts.isTypeReferenceNode(node) ? (node.typeArguments ?? []) : [];
    if (
      !ts.isTypeReferenceNode(node) ||
      !ts.isIdentifier(node.typeName) ||
      node.typeArguments?.length !== 1 ||
      !ts.isTypeLiteralNode(arg!)
    )
      return this.typeFlat(node);
    return [node.typeName.text, '<', this.objectType(arg), '>'];
  }

  /** An object type's layout: `{ a: A; b?: B }`, one member a line, each ending in `;`, when broken. */
  private objectType(literal: ts.TypeLiteralNode): Doc {
    if (literal.members.length === 0) throw new Unvouched();
    this.noBlankLines(literal.members);
    const members = literal.members.map((member) => {
      if (!ts.isPropertySignature(member) || !member.type) throw new Unvouched();
      const readonly = this.modifiers(member, [ts.SyntaxKind.ReadonlyKeyword]);
      const optional = member.questionToken ? '?' : '';
      return [readonly, this.propertyKey(member.name), optional, ': ', this.typeFlat(member.type)];
    });
    const shouldBreak = this.newlineBetween(
      literal.getStart(this.code.file),
      literal.members[0]!.getStart(this.code.file),
    );
    return group(['{', indent([line, join([';', line], members)]), ifBreak(';'), line, '}'], {
      shouldBreak,
    });
  }

  /**
   * A parameter's or a return type, which may also be a union of names and keywords (known
   * flat only: prettier's union layout, `| ` first on each line when broken) or a name whose
   * one type argument is a list (`ApiPromise<Partner[]>`, whose `<…>` may break, also known
   * flat only). Elsewhere types stay `typeFlat`, so a left side that can break (prettier then
   * chooses other assignment layouts) never arises.
   */
  private typeDoc(node: ts.TypeNode, parameter = false): Doc {
    if (ts.isUnionTypeNode(node)) {
      const members = node.types.map((t) => this.simpleTypeName(t));
      return group(indent([ifBreak([line, '| ']), join([line, '| '], members)]), {
        flatOnly: true,
      });
    }
    if (
      ts.isTypeReferenceNode(node) &&
      ts.isIdentifier(node.typeName) &&
      node.typeArguments?.length === 1 &&
      ts.isArrayTypeNode(node.typeArguments[0]!)
    )
      return [
        node.typeName.text,
        group(['<', indent([softline, this.typeFlat(node.typeArguments[0]!)]), softline, '>'], {
          flatOnly: true,
        }),
      ];
    if (
      ts.isTypeReferenceNode(node) &&
      ts.isIdentifier(node.typeName) &&
      (node.typeArguments?.length ?? 0) > 1
    ) {
      // Not hugged: `<` then the arguments, known flat only.
      const args = node.typeArguments!.map((t) => this.simpleTypeName(t));
      return [
        node.typeName.text,
        group(['<', indent([softline, join([',', line], args)]), softline, '>'], {
          flatOnly: true,
        }),
      ];
    }
    return this.typeFlat(node, parameter);
  }

  /** A call's one type argument: hugged when simple, else (a list type) known flat only. */
  private callTypeArguments(args: ts.NodeArray<ts.TypeNode>): Doc {
    const [arg] = args;
    if (args.length === 1 && ts.isArrayTypeNode(arg!))
      return group(['<', indent([softline, this.typeFlat(arg)]), softline, '>'], {
        flatOnly: true,
      });
    return this.typeArguments(args);
  }

  /** One type argument that is a name or a keyword: prettier prints `<T>` without a break. */
  private typeArguments(args: ts.NodeArray<ts.TypeNode> | undefined): string {
    if (!args || args.length !== 1) throw new Unvouched();
    const [arg] = args;
    if (ts.isTypeReferenceNode(arg!) && arg.typeArguments) throw new Unvouched();
    return `<${this.simpleTypeName(arg!)}>`;
  }

  // Functions, classes and their bodies.

  /**
   * `(a: A, b: B): R`: the parameters one per line when the signature does not fit
   * (prettier groups them with the return type, which breaks nothing here).
   */
  private signature(
    parameters: ts.NodeArray<ts.ParameterDeclaration>,
    type: ts.TypeNode | undefined,
  ): Doc {
    const returnType = type ? [': ', this.typeDoc(type)] : [];
    if (parameters.length === 0) return ['()', ...returnType];
    // Prettier hugs a lone destructured or object-typed parameter: not in this table.
    if (this.hugged(parameters)) throw new Unvouched();
    const printed = parameters.map((p) => this.parameter(p));
    const propertyParameters = parameters.filter((p) => ts.getModifiers(p)?.length).length;
    // Constructors of more than one parameter property always break (prettier's rule).
    if (propertyParameters > 0 && parameters.length > 1) throw new Unvouched();
    return group([
      '(',
      indent([softline, join([',', line], printed)]),
      ifBreak(','),
      softline,
      ')',
      ...returnType,
    ]);
  }

  /** Whether prettier hugs the parameters: a lone destructured or object-typed one. */
  private hugged(parameters: ts.NodeArray<ts.ParameterDeclaration>): boolean {
    const only = parameters[0];
    return (
      parameters.length === 1 &&
      (!ts.isIdentifier(only!.name) ||
        (only!.type !== undefined && ts.isTypeLiteralNode(only!.type)))
    );
  }

  private functionDeclaration(node: ts.FunctionDeclaration): Doc {
    const exported = this.modifiers(node, [ts.SyntaxKind.ExportKeyword]);
    if (!node.name || !node.body || node.typeParameters || node.asteriskToken)
      throw new Unvouched();
    return [
      exported,
      'function ',
      node.name.text,
      group(this.signature(node.parameters, node.type)),
      ' ',
      this.block(node.body),
    ];
  }

  private block(node: ts.Block): Doc {
    // An empty block is `{}` however it was written (no comment inside: checked before).
    if (node.statements.length === 0) return '{}';
    this.noBlankLines(node.statements);
    const statements = node.statements.map((s) => this.bodyStatement(s));
    return ['{', indent([hardline, join(hardline, statements)]), hardline, '}'];
  }

  private bodyStatement(node: ts.Statement): Doc {
    if (ts.isReturnStatement(node)) {
      if (!node.expression) return 'return;';
      const argument = node.expression;
      if (ts.isBinaryExpression(argument)) throw new Unvouched();
      if (ts.isConditionalExpression(argument)) return ['return ', this.conditional(argument), ';'];
      return ['return ', this.expression(argument), ';'];
    }
    if (ts.isVariableStatement(node)) return [this.variableStatement(node), ';'];
    if (ts.isExpressionStatement(node) && ts.isCallExpression(node.expression))
      return [this.expression(node.expression), ';'];
    // `this.name = value;`: an assignment, laid out as a variable's is.
    if (
      ts.isExpressionStatement(node) &&
      ts.isBinaryExpression(node.expression) &&
      node.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.expression.left)
    )
      return [
        this.assignment(
          this.bareExpression(node.expression.left),
          ' =',
          node.expression.right,
          false,
        ),
        ';',
      ];
    throw new Unvouched();
  }

  /**
   * `test ? a : b`, not nested: flat when it fits, else `? a` and `: b` each on a line of its
   * own under the test (prettier's ternary layout; its `align(2)` is two spaces, as `indent`).
   */
  private conditional(node: ts.ConditionalExpression): Doc {
    const parts = [node.condition, node.whenTrue, node.whenFalse];
    if (parts.some((part) => ts.isConditionalExpression(part) || ts.isBinaryExpression(part)))
      throw new Unvouched();
    return group([
      this.expression(node.condition),
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

  private classDeclaration(node: ts.ClassDeclaration): Doc {
    const exported = this.modifiers(node, [ts.SyntaxKind.ExportKeyword]);
    if (!node.name || node.typeParameters) throw new Unvouched();
    const clauses = node.heritageClauses ?? [];
    if (clauses.length > 1) throw new Unvouched();
    const [clause] = clauses;
    if (clause && (clause.token !== ts.SyntaxKind.ExtendsKeyword || clause.types.length !== 1))
      throw new Unvouched();
    const base = clause?.types[0];
    if (base && (base.typeArguments || !ts.isIdentifier(base.expression))) throw new Unvouched();
    // `class A extends B {`: known flat only (prettier breaks a long header before `extends`).
    const header = group(
      [exported, 'class ', node.name.text, ...(base ? [' extends ', this.source(base)] : [])],
      { flatOnly: true },
    );
    if (node.members.length === 0) return [header, ' {}'];
    const members: Doc[] = [];
    node.members.forEach((member, i) => {
      if (i > 0) {
        const previous = node.members[i - 1]!;
        // A blank line after a member stays one; prettier drops none and adds none.
        members.push(hardline);
        if (
          /\n[ \t]*\n/.test(
            this.code.text.slice(previous.end, member.getStart(this.code.file)).split('/**')[0]!,
          )
        )
          members.push(hardline);
      }
      members.push(...this.classMember(member));
    });
    const afterMembers = this.code.text.slice(node.members[node.members.length - 1]!.end, node.end);
    if (afterMembers.trim() !== '}') throw new Unvouched();
    return [header, ' {', indent([hardline, members]), hardline, '}'];
  }

  /** A member with its JSDoc comment (re-indented as prettier does: already so). */
  private classMember(node: ts.ClassElement): Doc[] {
    const start = node.getStart(this.code.file);
    this.noComments(node);
    const comments = ts.getLeadingCommentRanges(this.code.text, node.pos) ?? [];
    const out: Doc[] = [];
    if (comments.length > 1) throw new Unvouched();
    for (const range of comments) {
      const text = this.code.text.slice(range.pos, range.end);
      if (!text.startsWith('/**') || !range.hasTrailingNewLine) throw new Unvouched();
      const lines = text.split('\n').map((l, i) => (i === 0 ? l : l.trimStart()));
      const docLines = lines.map((l, i) => (i === 0 ? l : ` ${l}`));
      const checked = docComment(docLines, 0, '');
      if (checked === undefined || checked.end !== docLines.length) throw new Unvouched();
      for (const docLine of checked.printed) out.push(docLine, hardline);
    }
    if (
      this.code.text
        .slice(comments.length ? comments[comments.length - 1]!.end : node.pos, start)
        .trim() !== ''
    )
      throw new Unvouched();
    if (ts.isConstructorDeclaration(node)) {
      if (!node.body || ts.getModifiers(node)?.length) throw new Unvouched();
      out.push(
        'constructor',
        group(this.signature(node.parameters, undefined)),
        ' ',
        this.block(node.body),
      );
      return out;
    }
    if (ts.isPropertyDeclaration(node)) {
      if (!ts.isIdentifier(node.name) || node.initializer || !node.type || node.exclamationToken)
        throw new Unvouched();
      const modifiers = this.modifiers(node, [
        ts.SyntaxKind.ReadonlyKeyword,
        ts.SyntaxKind.PrivateKeyword,
        ts.SyntaxKind.PublicKeyword,
        ts.SyntaxKind.ProtectedKeyword,
      ]);
      const optional = node.questionToken ? '?' : '';
      out.push(modifiers, node.name.text, optional, ': ', this.typeFlat(node.type), ';');
      return out;
    }
    if (ts.isMethodDeclaration(node)) {
      if (
        !ts.isIdentifier(node.name) ||
        !node.body ||
        node.typeParameters ||
        node.asteriskToken ||
        node.questionToken
      )
        throw new Unvouched();
      const modifiers = this.modifiers(node, []);
      out.push(
        modifiers,
        node.name.text,
        group(this.signature(node.parameters, node.type)),
        ' ',
        this.block(node.body),
      );
      return out;
    }
    throw new Unvouched();
  }
}
