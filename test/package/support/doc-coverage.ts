/**
 * Which parts of a module's public surface have no doc comment: every export, and for
 * classes, interfaces and const objects every public member. Read through the TypeScript
 * checker, so it sees exactly what an editor's hover sees.
 */
import ts from 'typescript';

function hasDocs(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim().length > 0;
}

function isPublicMember(symbol: ts.Symbol): boolean {
  const declaration = symbol.declarations?.[0];
  if (!declaration) return false;
  const flags = ts.getCombinedModifierFlags(declaration);
  if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) return false;
  return !symbol.name.startsWith('#') && !symbol.name.startsWith('__');
}

/** Members worth a doc comment: a class's instance and static API, an interface's properties, a const object's keys. */
function members(symbol: ts.Symbol, checker: ts.TypeChecker): ts.Symbol[] {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declaration = target.valueDeclaration ?? target.declarations?.[0];
  if (!declaration) return [];
  if (ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)) {
    return [...(target.members?.values() ?? [])].filter(
      (m) => m.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Property) && isPublicMember(m),
    );
  }
  if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
    const init = ts.isAsExpression(declaration.initializer)
      ? declaration.initializer.expression
      : declaration.initializer;
    if (ts.isObjectLiteralExpression(init))
      return checker.getTypeOfSymbolAtLocation(target, declaration).getProperties();
  }
  return [];
}

/** `Name` or `Name.member` for every undocumented part of what `entry` exports. */
export function undocumented(
  entry: string,
  compilerOptions: ts.CompilerOptions,
  include: (fileName: string) => boolean,
): string[] {
  const program = ts.createProgram([entry], compilerOptions);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${entry}: not a module`);
  const missing: string[] = [];
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const file = target.declarations?.[0]?.getSourceFile().fileName ?? '';
    if (!include(file)) continue;
    if (!hasDocs(target, checker)) missing.push(symbol.name);
    for (const member of members(symbol, checker)) {
      if (!hasDocs(member, checker)) missing.push(`${symbol.name}.${member.name}`);
    }
  }
  return missing.sort();
}
