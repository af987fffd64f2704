/**
 * What the statement layouts (`print-direct-code.ts`) build on: a statement's text parsed with
 * TypeScript's parser, the checks every node goes through (comments, blank lines, modifiers),
 * and types as prettier prints them: flat where it never breaks them, else as documents (a
 * union, a list or an object type as an argument) that break as prettier breaks them or are
 * known flat only.
 */

import { ts as morphTs } from 'ts-morph';
import { group, ifBreak, indent, join, line, softline, type Doc } from './print-direct-doc.js';
import { quoted, Unvouched } from './print-direct-text.js';

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
    return this.text.slice(statement!.end).trim() === '' ? statement : undefined;
  }
}

/**
 * A number as prettier prints it unchanged: no exponent, no leading or trailing dot, no
 * trailing zero in its fraction, no separator or other base (prettier rewrites those).
 */
export const SIMPLE_NUMBER = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** The one comment a statement may hold: bundlers read it, prettier prints it where it stands. */
export const PURE = '/* @__PURE__ */';

/** Reads the nodes of one statement's text, and prints its types. */
export class NodeDocs {
  constructor(protected readonly code: ParsedCode) {}

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
    ];
    if (ranges.length === 0) return false;
    const [range] = ranges;
    const text = this.code.text.slice(range!.pos, range!.end);
    if (!pure || ranges.length > 1 || text !== PURE || range!.hasTrailingNewLine)
      throw new Unvouched();
    return true;
  }

  /** No comment anywhere inside `node` (the marks allowed are checked where they may stand). */
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

  /**
   * `Name<'a' | 'b' | …>` (an operation's error type): the one argument a union, which prettier
   * does not hug; broken, `<` ends the line and each member starts one with `| ` (a union in
   * type arguments is not indented further). Any other reference is printed flat.
   */
  protected unionArgumentType(node: ts.TypeReferenceNode): Doc {
    const [arg] = node.typeArguments ?? [];
    if (arg === undefined || !ts.isUnionTypeNode(arg)) return this.typeFlat(node);
    if (!ts.isIdentifier(node.typeName) || node.typeArguments!.length !== 1) throw new Unvouched();
    const members = arg.types.map((t) => this.simpleTypeName(t));
    return [node.typeName.text, unhuggedArguments([union(members)], false)];
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

  /**
   * A type prettier prints on one line whatever the width: keywords, names with at most one
   * simple type argument (which prettier hugs), and type literals of such members (which
   * only stand in flat-only parameters).
   */
  protected typeFlat(node: ts.TypeNode, parameter = false): string {
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
          // A union of names and keywords (`pageParam: number | null`): flat, as the
          // parameter holding this type is.
          const type = ts.isUnionTypeNode(m.type)
            ? m.type.types.map((t) => this.simpleTypeName(t)).join(' | ')
            : this.typeFlat(m.type);
          return `${m.name.text}: ${type}`;
        });
        if (members.length === 0) throw new Unvouched();
        return `{ ${members.join('; ')} }`;
      }
      default:
        throw new Unvouched();
    }
  }

  protected simpleTypeName(node: ts.TypeNode): string {
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
   * A variable's type: flat, a name whose one argument is an object type
   * (`FormSchema<{ user_id: string }>`), which prettier hugs: the object type breaks in place,
   * or a name with arguments prettier does not hug (`Readonly<Record<number, E>>`, flat only).
   * Such a left side can break, which changes prettier's layout only for values these
   * statements never hold (arrow functions, numbers, booleans): those are not vouched.
   */
  protected annotation(node: ts.TypeNode): Doc {
    const [arg] = ts.isTypeReferenceNode(node) ? (node.typeArguments ?? []) : [];
    if (
      !ts.isTypeReferenceNode(node) ||
      !ts.isIdentifier(node.typeName) ||
      node.typeArguments?.length !== 1 ||
      !ts.isTypeLiteralNode(arg!)
    ) {
      if (!ts.isTypeReferenceNode(node) || !node.typeArguments) return this.typeFlat(node);
      // Prettier's `hasComplexTypeAnnotation` (`break-lhs`): two or more arguments, one generic.
      const args = node.typeArguments;
      if (args.length > 1 && args.some((t) => ts.isTypeReferenceNode(t) && t.typeArguments))
        throw new Unvouched();
      return this.typeDoc(node);
    }
    return [node.typeName.text, '<', this.objectType(arg), '>'];
  }

  /** An object type's layout: `{ a: A; b?: B }`, one member a line, each ending in `;`, when broken. */
  protected objectType(literal: ts.TypeLiteralNode): Doc {
    if (literal.members.length === 0) throw new Unvouched();
    this.noBlankLines(literal.members);
    const members = literal.members.map((member) => {
      if (ts.isIndexSignatureDeclaration(member)) return this.indexSignature(member);
      if (!ts.isPropertySignature(member) || !member.type) throw new Unvouched();
      const readonly = this.modifiers(member, [ts.SyntaxKind.ReadonlyKeyword]);
      const optional = member.questionToken ? '?' : '';
      // A union of names and literals (a path parameter's values).
      const type = ts.isUnionTypeNode(member.type)
        ? this.valueUnion(member.type, false)
        : this.typeFlat(member.type);
      return [readonly, this.propertyKey(member.name), optional, ': ', type];
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
   * A union of names and literals where prettier indents it (a parameter's or a member's type,
   * a cast): on the line of its key when it fits, else on the next line, else one member a
   * line after `| `. A name beside only `null` or `void` is hugged: never broken.
   */
  protected valueUnion(node: ts.UnionTypeNode, flatOnly: boolean): Doc {
    const members = node.types.map((t) => this.simpleTypeName(t));
    const names = node.types.filter((t) => ts.isTypeReferenceNode(t));
    const hugged =
      names.length === 1 &&
      node.types.every(
        (t) =>
          t === names[0] ||
          t.kind === ts.SyntaxKind.VoidKeyword ||
          (ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword),
      );
    if (hugged) return members.join(' | ');
    return group(indent([softline, union(members)]), { flatOnly });
  }

  /**
   * `[key: string]: T` (a map's type): prettier's `TSIndexSignature`, whose parameter may break
   * inside the brackets, which is known flat only.
   */
  private indexSignature(member: ts.IndexSignatureDeclaration): Doc {
    const [parameter] = member.parameters;
    if (
      member.parameters.length !== 1 ||
      ts.getModifiers(member)?.length ||
      !ts.isIdentifier(parameter!.name) ||
      !parameter!.type ||
      parameter!.questionToken ||
      parameter!.dotDotDotToken ||
      parameter!.initializer
    )
      throw new Unvouched();
    const key = `${parameter!.name.text}: ${this.typeFlat(parameter!.type)}`;
    return [
      '[',
      group([indent([softline, key]), softline], { flatOnly: true }),
      ']: ',
      this.typeFlat(member.type),
    ];
  }

  /**
   * `Name<{ … }>`: one object type argument, which prettier hugs (`<{`, the object type
   * breaking in place); undefined for any other type.
   */
  protected huggedObjectArgument(node: ts.TypeNode): Doc | undefined {
    if (!ts.isTypeReferenceNode(node) || !ts.isIdentifier(node.typeName)) return undefined;
    const args = node.typeArguments;
    if (args?.length !== 1 || !ts.isTypeLiteralNode(args[0]!)) return undefined;
    return [node.typeName.text, '<', this.objectType(args[0]), '>'];
  }

  /**
   * A parameter's or a return type, which may also be a union of names and keywords (known
   * flat only: prettier's union layout, `| ` first on each line when broken) or a name with
   * type arguments prettier does not hug (`ApiPromise<Partner[]>`, `ApiPromise<A | B>`,
   * `ApiPromise<Record<string, unknown>>`, whose `<…>` may break, also known flat only).
   * Elsewhere types stay `typeFlat`, so a left side that can break (prettier then chooses
   * other assignment layouts) never arises.
   */
  protected typeDoc(node: ts.TypeNode, parameter = false): Doc {
    // A return type of a map (`ApiPromise<{ [key: string]: number }>`).
    const hugged = parameter ? undefined : this.huggedObjectArgument(node);
    if (hugged !== undefined) return hugged;
    // A return type's union is known flat only: its breaking beside the signature's is not
    // in the tables.
    if (ts.isUnionTypeNode(node)) return this.valueUnion(node, !parameter);
    if (
      ts.isTypeReferenceNode(node) &&
      node.typeArguments &&
      !this.huggedArguments(node.typeArguments)
    )
      return this.unhuggedReference(node);
    const unionList = this.unionList(node);
    if (unionList !== undefined) return unionList;
    return this.typeFlat(node, parameter);
  }

  /**
   * `readonly (A | B)[]` (the page parameters so far): the union's parentheses are prettier's
   * own (it prints a union in a list type so), and the union may break: known flat only.
   */
  private unionList(node: ts.TypeNode): Doc | undefined {
    const readonly = ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword;
    const list = readonly ? node.type : node;
    if (!ts.isArrayTypeNode(list)) return undefined;
    const element = list.elementType;
    if (!ts.isParenthesizedTypeNode(element) || !ts.isUnionTypeNode(element.type)) return undefined;
    const members = element.type.types.map((t) => this.simpleTypeName(t));
    return group(`${readonly ? 'readonly ' : ''}(${members.join(' | ')})[]`, { flatOnly: true });
  }

  /**
   * Whether prettier prints type arguments inline (its `shouldHugType`): one argument that is
   * a keyword or a name without arguments of its own.
   */
  private huggedArguments(args: readonly ts.TypeNode[]): boolean {
    const [arg] = args;
    if (args.length !== 1) return false;
    if (ts.isTypeReferenceNode(arg!)) return !arg.typeArguments;
    return !ts.isArrayTypeNode(arg!) && !ts.isUnionTypeNode(arg!);
  }

  /** `Name<…>` whose arguments prettier groups (`<`, the arguments, `>`): known flat only. */
  private unhuggedReference(node: ts.TypeReferenceNode): Doc {
    if (!ts.isIdentifier(node.typeName)) throw new Unvouched();
    return [node.typeName.text, this.unhuggedTypeArguments(node.typeArguments!)];
  }

  private unhuggedTypeArguments(args: ts.NodeArray<ts.TypeNode>): Doc {
    return unhuggedArguments(
      args.map((t) => this.typeArgument(t)),
      true,
    );
  }

  /** One of the type arguments prettier groups: a list, a union (not indented there), a name. */
  private typeArgument(node: ts.TypeNode): Doc {
    if (ts.isArrayTypeNode(node)) return this.typeFlat(node);
    if (ts.isUnionTypeNode(node)) return union(node.types.map((t) => this.simpleTypeName(t)));
    if (ts.isTypeReferenceNode(node) && node.typeArguments)
      return this.huggedArguments(node.typeArguments)
        ? this.typeFlat(node)
        : this.unhuggedReference(node);
    return this.simpleTypeName(node);
  }

  /** A call's type arguments: hugged when one simple one, else known flat only. */
  protected callTypeArguments(args: ts.NodeArray<ts.TypeNode>): Doc {
    // `request<{ [key: string]: number }>(…)`: an object type, hugged.
    if (args.length === 1 && ts.isTypeLiteralNode(args[0]!))
      return ['<', this.objectType(args[0]), '>'];
    return this.huggedArguments(args) ? this.typeArguments(args) : this.unhuggedTypeArguments(args);
  }

  /** One type argument that is a name or a keyword: prettier prints `<T>` without a break. */
  protected typeArguments(args: ts.NodeArray<ts.TypeNode> | undefined): string {
    if (!args || args.length !== 1) throw new Unvouched();
    const [arg] = args;
    if (ts.isTypeReferenceNode(arg!) && arg.typeArguments) throw new Unvouched();
    return `<${this.simpleTypeName(arg!)}>`;
  }
}

let scanner: ts.Scanner | undefined;
/**
 * A scanner over `text` that reports comments. One scanner serves every call: creating one
 * builds its whole state anew (a statement holding a `@__PURE__` mark or a URL asked for one
 * per node), and setting its text starts it afresh.
 */
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

/**
 * Type arguments prettier does not hug: `<`, then the arguments on their own lines when they
 * do not fit. `flatOnly` where the breaking of what stands around them is not in the tables.
 */
function unhuggedArguments(args: readonly Doc[], flatOnly: boolean): Doc {
  return group(['<', indent([softline, join([',', line], args)]), softline, '>'], { flatOnly });
}

/**
 * Prettier's union layout (its `printUnionType`): flat, or each member on a line of its own
 * after `| `. As a type argument it stands so; elsewhere `valueUnion` indents it.
 */
function union(members: readonly string[]): Doc {
  return group([ifBreak('| '), join([line, '| '], members)]);
}
