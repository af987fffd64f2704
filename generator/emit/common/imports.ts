import { StructureKind, type ImportDeclarationStructure } from 'ts-morph';

/** `import { a, b } from './x.js'`, names sorted so the output never depends on visit order. */
export function moduleImport(
  specifier: string,
  names: Iterable<string>,
  typeOnly = false,
): ImportDeclarationStructure {
  const sorted = [...new Set(names)].sort();
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: specifier,
    isTypeOnly: typeOnly,
    namedImports: sorted.map((name) => ({ name })),
  };
}

/** An import where some names are types only: `import { f, type T } from './x.js'`. */
export function mixedImport(
  specifier: string,
  values: Iterable<string>,
  types: Iterable<string>,
): ImportDeclarationStructure {
  const valueSet = new Set(values);
  const entries = [...new Set([...valueSet, ...types])].sort();
  return {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: specifier,
    namedImports: entries.map((name) => ({ name, isTypeOnly: !valueSet.has(name) })),
  };
}
