/**
 * The parameters and signatures of functions as prettier lays them out, for the expression
 * and statement layouts (`print/direct/expressions.ts`, `print/direct/code.ts`): a parameter
 * with its modifiers, type and default value, the parameter list flat or one a line, and
 * whether prettier hugs a lone parameter. A default value is an expression, printed by the
 * expression layouts built on this class.
 */

import { group, ifBreak, indent, join, line, softline, type Doc } from './doc.js';
import { Unvouched } from './text.js';
import { ts } from './nodes.js';
import { TypeDocs } from './type-docs.js';

/** Builds prettier's documents for parameters and signatures. */
export abstract class SignatureDocs extends TypeDocs {
  /** An expression's document (a parameter's default value). */
  abstract expression(node: ts.Expression): Doc;

  protected parametersFlat(parameters: ts.NodeArray<ts.ParameterDeclaration>): Doc {
    return [
      '(',
      join(
        ', ',
        parameters.map((p) => this.parameter(p)),
      ),
      ')',
    ];
  }

  protected parameter(node: ts.ParameterDeclaration): Doc {
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
   * `(a: A, b: B): R`: the parameters one per line when the signature does not fit
   * (prettier groups them with the return type, which breaks nothing here).
   */
  protected signature(
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
  protected hugged(parameters: ts.NodeArray<ts.ParameterDeclaration>): boolean {
    const only = parameters[0];
    return (
      parameters.length === 1 &&
      (!ts.isIdentifier(only!.name) ||
        (only!.type !== undefined && ts.isTypeLiteralNode(only!.type)))
    );
  }
}
