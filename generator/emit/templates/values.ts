/**
 * Constants a template module declares, read as data from its text. The generator never
 * imports a template's code (the fake's modules are the package's, written for Node and its
 * own tsconfig, not the generator's), yet a few of their values decide what it emits: which
 * operations the fake serves, the token it accepts by default. Reading the literal keeps one
 * place that states each value, the module the package ships, with nothing to keep in step.
 *
 * Parsed with ts-morph's TypeScript, which emit has loaded anyway (a second copy of the
 * compiler doubled generation time).
 */
import { ts } from 'ts-morph';

export type TemplateConstant = string | readonly string[];

/** A string literal, or an array of them, possibly `as const`; undefined for anything else. */
function literal(node: ts.Expression): TemplateConstant | undefined {
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literal(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isArrayLiteralExpression(node)) return undefined;
  const items = node.elements.map((e) => (ts.isStringLiteral(e) ? e.text : undefined));
  return items.every((i) => i !== undefined) ? (items as string[]) : undefined;
}

/**
 * The value of `const name = …` at the top level of `source` (the module `fileName`, named in
 * errors): a string, or an array of strings written out. A template without it, or with a
 * value computed at run time, is a mistake in the templates, so it throws saying which.
 */
export function templateConstant(source: string, fileName: string, name: string): TemplateConstant {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      const value = declaration.initializer && literal(declaration.initializer);
      if (value === undefined)
        throw new Error(
          `${fileName}: ${name} must be a string or an array of strings written out; the generator reads it as data`,
        );
      return value;
    }
  }
  throw new Error(`${fileName}: no top-level constant ${name}; the generator reads it as data`);
}

/** `templateConstant` when it must be a list. */
export function templateList(source: string, fileName: string, name: string): readonly string[] {
  const value = templateConstant(source, fileName, name);
  if (typeof value === 'string')
    throw new Error(`${fileName}: ${name} must be an array of strings`);
  return value;
}

/** `templateConstant` when it must be one string. */
export function templateString(source: string, fileName: string, name: string): string {
  const value = templateConstant(source, fileName, name);
  if (typeof value !== 'string') throw new Error(`${fileName}: ${name} must be a string`);
  return value;
}
