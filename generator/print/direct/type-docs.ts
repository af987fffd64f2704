/**
 * Types as prettier prints them, for the expression and statement layouts: flat where it never
 * breaks them, else as documents (a union, a list, an object type or a map as an argument or
 * a member) that break as prettier breaks them or are known flat only.
 */

import { group, ifBreak, indent, join, line, softline, type Doc } from './doc.js';
import { quoted, Unvouched } from './text.js';
import { NodeDocs, ts } from './nodes.js';

/** Prints the types of one statement's text. */
export class TypeDocs extends NodeDocs {
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
    // A parameter's object type is printed flat only: prettier breaks it, one member a line,
    // where the parameter's line does not fit.
    if (parameter && ts.isTypeLiteralNode(node))
      return group(this.typeFlat(node, parameter), { flatOnly: true });
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
