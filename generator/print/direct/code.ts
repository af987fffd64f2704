/**
 * Top-level statements in prettier's format without prettier, for what the line readers of
 * `print-direct.ts` do not take: imports and exports, constants holding data (the forms' and
 * the fake's schema nodes, the client's settings), functions and classes whose bodies return
 * a call (the client, the query options), type aliases. Each statement is cut from the printed
 * text at its ends and parsed with TypeScript's parser; its nodes get the documents prettier's
 * printer builds for them (`print/direct/expressions.ts`, `print/direct/nodes.ts`), printed by
 * `print/direct/doc.ts`. A construct outside these tables, a comment other than a JSDoc or a
 * `@__PURE__` mark, a character whose width prettier may count otherwise (`textWidth`), or a
 * layout known only flat that would break (`flatOnly`) leaves the statement to prettier, or
 * in a class only the member that holds it (`PendingMember`): a resource class is most of a
 * client's text, and one method's long signature sent all of it.
 * Prettier is the judge: test/emit/print-direct*.test.ts compare with it.
 */

import {
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  printDoc,
  spacesKeepingHardline,
  type Doc,
} from './doc.js';
import { Unvouched, WIDTH } from './text.js';
import { HARD_BREAK, reprintedComment, vouchedDocComment, vouchedReprint } from './comments.js';
import { lineComments, ParsedCode, PURE, ts } from './nodes.js';
import { ControlDocs } from './control.js';
import {
  MEMBER_INDENT,
  MEMBER_MARKER,
  type PendingMember,
  type VouchedStatement,
} from './pending.js';

export { withPendingMembers, type PendingMember, type VouchedStatement } from './pending.js';

/** How a top-level statement (or the JSDoc before one) begins in the printed text. */
const STATEMENT_START =
  /^(?:export |import |const |let |function |async function |class |interface |type |declare |void |await |try |if |for |\/\*\*|\/\/|[A-Za-z_$][\w$]*[.(])/;
/** The last line of a top-level statement: at the margin, ending it (a `// comment` may follow). */
const STATEMENT_END = /^(?:\S.*)?[;}](?: \/\/.*)?$|^ +};$/;

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
): VouchedStatement | undefined {
  const doc = vouchedDocComment(lines, start);
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
    const docs = new StatementDocs(code);
    const printed = printDoc(docs.statement(statement));
    // Every `@__PURE__` mark is printed where it stood, none dropped (bundlers read them);
    // prettier keeps those of the members left to it.
    const pendingMarks = docs.pending.reduce((sum, member) => sum + marks(member.text), 0);
    if (marks(printed) + pendingMarks !== marks(code.text)) throw new Unvouched();
    // Every `//` comment is printed, none dropped: prettier prints those of pending members.
    const pendingComments = docs.pending.reduce((sum, m) => sum + lineComments(m.text), 0);
    if (docs.printedComments.size + pendingComments !== lineComments(code.text))
      throw new Unvouched();
    const lines = [...doc.printed, ...printed.split('\n')];
    return docs.pending.length > 0
      ? { printed: lines, end, pending: docs.pending }
      : { printed: lines, end };
  } catch (error) {
    if (error instanceof Unvouched) return undefined;
    throw error;
  }
}

const marks = (text: string): number => text.split(PURE).length - 1;

/** The statements with a body that `ControlDocs` prints, at the top level too (a README's fences). */
const CONTROL_KINDS = new Set([
  ts.SyntaxKind.IfStatement,
  ts.SyntaxKind.TryStatement,
  ts.SyntaxKind.ForOfStatement,
]);

/** The statements whose `//` comments `ControlDocs` may print: code, not declarations of types. */
const CODE_KINDS = new Set([
  ...CONTROL_KINDS,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.ExpressionStatement,
  ts.SyntaxKind.FunctionDeclaration,
]);

/** Builds prettier's documents for top-level statements and the bodies of functions and classes. */
class StatementDocs extends ControlDocs {
  /** The class members left to prettier, in order. */
  readonly pending: PendingMember[] = [];

  statement(node: ts.Statement): Doc {
    return [this.statementAlone(node), ...this.trailingLineComment(node.end)];
  }

  private statementAlone(node: ts.Statement): Doc {
    // A class's members carry JSDoc comments, read member by member. Code may hold `//`
    // comments where `ControlDocs` prints them (`vouchedStatement` counts them).
    if (CODE_KINDS.has(node.kind)) this.noBlockComments(node);
    else if (!ts.isClassDeclaration(node)) this.noComments(node);
    if (ts.isImportDeclaration(node)) return this.importDeclaration(node);
    if (ts.isExportDeclaration(node)) return this.exportDeclaration(node);
    if (ts.isVariableStatement(node)) return [this.variableStatement(node), ';'];
    if (ts.isExpressionStatement(node)) {
      const expression = node.expression;
      if (ts.isCallExpression(expression) || ts.isAwaitExpression(expression))
        return [this.expression(expression), ';'];
      if (ts.isVoidExpression(expression) && ts.isCallExpression(expression.expression))
        return ['void ', this.expression(expression.expression), ';'];
      throw new Unvouched();
    }
    if (ts.isFunctionDeclaration(node)) return this.functionDeclaration(node);
    if (ts.isClassDeclaration(node)) return this.classDeclaration(node);
    if (ts.isTypeAliasDeclaration(node)) return this.typeAlias(node);
    if (CONTROL_KINDS.has(node.kind)) return this.controlStatement(node);
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
    // `export {};` (a module of declarations only): prettier closes the braces.
    if (clause.elements.length === 0 && from.length === 0 && type === '') return 'export {};';
    return group(['export ', type, this.namedBindings(clause.elements), ...from, ';']);
  }

  private variableStatement(node: ts.VariableStatement): Doc {
    const exported = this.modifiers(node, [ts.SyntaxKind.ExportKeyword]);
    const list = node.declarationList;
    const keyword =
      list.flags & ts.NodeFlags.Const ? 'const ' : list.flags & ts.NodeFlags.Let ? 'let ' : '';
    if (keyword === '' || list.declarations.length !== 1) throw new Unvouched();
    const declaration = list.declarations[0]!;
    if (declaration.exclamationToken) throw new Unvouched();
    // A pattern of names (`{ x, y }`) is no complex destructuring: prettier's layouts as a name's.
    if (!ts.isIdentifier(declaration.name) && declaration.type) throw new Unvouched();
    const annotation = declaration.type ? this.annotation(declaration.type) : undefined;
    const left = [
      this.bindingName(declaration.name),
      ...(annotation === undefined ? [] : [': ', annotation]),
    ];
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
    return [exported, keyword, this.assignment(left, ' =', declaration.initializer, false)];
  }

  private functionDeclaration(node: ts.FunctionDeclaration): Doc {
    const exported = this.modifiers(node, [
      ts.SyntaxKind.ExportKeyword,
      ts.SyntaxKind.AsyncKeyword,
    ]);
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

  protected bodyStatement(node: ts.Statement): Doc {
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
    return this.controlStatement(node);
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
    const headerText = `${exported}class ${node.name.text}${base ? ` extends ${this.source(base)}` : ''}`;
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
      let printed: Doc[];
      try {
        printed = this.memberLines(member);
      } catch (error) {
        if (!(error instanceof Unvouched)) throw error;
        printed = [this.pendingMember(member, headerText)];
      }
      members.push(...printed);
    });
    const afterMembers = this.code.text.slice(node.members[node.members.length - 1]!.end, node.end);
    if (afterMembers.trim() !== '}') throw new Unvouched();
    // A class none of whose members is vouched goes to prettier whole, in one call.
    if (this.pending.length === node.members.length) throw new Unvouched();
    return [header, ' {', indent([hardline, members]), hardline, '}'];
  }

  /**
   * A member printed on its own, at the class body's indentation: prettier's printer gives a
   * member the same lines alone as among the others (each ends in a hard line, where its
   * measuring stops), so a member whose layout is not in the tables is left to prettier
   * alone. Printing at the margin in the width less the indentation measures the same.
   */
  private memberLines(node: ts.ClassElement): Doc[] {
    const lines = printDoc(this.classMember(node), WIDTH - MEMBER_INDENT).split('\n');
    if (lines.some((l) => l === '')) throw new Unvouched();
    return lines.flatMap((l, i) =>
      i === 0 ? [l] : [lines[i - 1]!.endsWith(' ') ? spacesKeepingHardline : hardline, l],
    );
  }

  /**
   * A member the tables do not hold, left to prettier (see `PendingMember`): the line standing
   * for it. Its comments must be JSDoc ones starting a line, so that the blank line before it
   * is read as for the others (prettier keeps one after a member) and none of them belongs to
   * the member before.
   */
  private pendingMember(node: ts.ClassElement, header: string): string {
    const text = this.code.text;
    const comments = ts.getLeadingCommentRanges(text, node.pos) ?? [];
    if (comments.some((range) => !text.slice(range.pos, range.end).startsWith('/**')))
      throw new Unvouched();
    const first = comments[0]?.pos ?? node.getStart(this.code.file);
    if (!text.slice(node.pos, first).includes('\n')) throw new Unvouched();
    const marker = `${MEMBER_MARKER}${this.pending.length}`;
    this.pending.push({
      marker: `${' '.repeat(MEMBER_INDENT)}${marker}`,
      header,
      text: text.slice(first, node.end),
    });
    return marker;
  }

  /** A member with its JSDoc comment (reprinted as prettier does, see `print/direct/comments.ts`). */
  private classMember(node: ts.ClassElement): Doc[] {
    const start = node.getStart(this.code.file);
    this.noComments(node);
    const comments = ts.getLeadingCommentRanges(this.code.text, node.pos) ?? [];
    const out: Doc[] = [];
    if (comments.length > 1) throw new Unvouched();
    for (const range of comments) {
      const text = this.code.text.slice(range.pos, range.end);
      if (!text.startsWith('/**') || !range.hasTrailingNewLine) throw new Unvouched();
      const docLines = vouchedReprint(reprintedComment(text));
      if (docLines === undefined) throw new Unvouched();
      for (const docLine of docLines)
        out.push(docLine, docLine.endsWith(HARD_BREAK) ? spacesKeepingHardline : hardline);
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
    // `static { … }`: prettier prints the block as a function's body.
    if (ts.isClassStaticBlockDeclaration(node)) {
      out.push('static ', this.block(node.body));
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
