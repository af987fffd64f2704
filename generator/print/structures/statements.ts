/**
 * Statements and the declarations the emitters make, written with the calls of ts-morph 28's
 * `StatementStructurePrinter` and the declaration printers it dispatches to (ts-morph.js), in
 * their order: the blank lines between statements come from the same writer questions (is the
 * last non-blank character a `}`? are we on a block's first line?). Class members are in
 * `members.ts`.
 */
import { StructureKind, type CodeBlockWriter } from 'ts-morph';
import { writeDocs } from './docs.js';
import { writeClass } from './members.js';
import {
  arrayOf,
  asNode,
  isBlank,
  MODIFIERS,
  only,
  structureOf,
  textOf,
  textOrWriter,
  Unsupported,
  writeCommaSeparated,
  writeInitializer,
  writeModifiers,
  writeParameters,
  writeReturnType,
  writeTextOrWriter,
  writeType,
  writeTypeParameters,
  type Structure,
} from './pieces.js';

/** `StatementStructurePrinter.printTexts`: a string or writer as it is, else each statement. */
export function writeStatements(
  writer: CodeBlockWriter,
  statements: unknown,
  ambient: boolean,
): void {
  if (statements == null) return;
  if (typeof statements === 'string' || typeof statements === 'function') {
    writeTextOrWriter(writer, statements);
    return;
  }
  for (const statement of arrayOf(statements)) {
    if (isLastNonWhitespaceCloseBrace(writer)) writer.blankLineIfLastNot();
    else if (!writer.isAtStartOfFirstLineOfBlock()) writer.newLineIfLastNot();
    writeStatement(writer, statement, ambient);
  }
}

/** ts-morph's `isLastNonWhitespaceCharCloseBrace`. */
function isLastNonWhitespaceCloseBrace(writer: CodeBlockWriter): boolean {
  return (
    writer.iterateLastChars((char) => (char === '}' ? true : isBlank(char) ? undefined : false)) ??
    false
  );
}

function writeStatement(writer: CodeBlockWriter, statement: unknown, ambient: boolean): void {
  if (statement == null || typeof statement === 'string' || typeof statement === 'function') {
    writeTextOrWriter(writer, statement);
    return;
  }
  const structure = structureOf(statement);
  const ensureBlankLine = () => {
    if (!writer.isAtStartOfFirstLineOfBlock()) writer.blankLineIfLastNot();
  };
  switch (structure.kind) {
    case StructureKind.Function:
      if (!ambient) ensureBlankLine();
      return asNode(writer, () => writeFunction(writer, structure, ambient));
    case StructureKind.Class:
      ensureBlankLine();
      return asNode(writer, () => writeClass(writer, structure, ambient));
    case StructureKind.Interface:
      ensureBlankLine();
      return asNode(writer, () => writeInterface(writer, structure));
    case StructureKind.TypeAlias:
      return asNode(writer, () => writeTypeAlias(writer, structure));
    case StructureKind.VariableStatement:
      return asNode(writer, () => writeVariableStatement(writer, structure));
    case StructureKind.ImportDeclaration:
      return asNode(writer, () => writeImport(writer, structure));
    case StructureKind.Module:
      ensureBlankLine();
      return asNode(writer, () => writeModule(writer, structure, ambient));
    case StructureKind.ExportDeclaration:
      return asNode(writer, () => writeExport(writer, structure));
    default:
      throw new Unsupported(`statement kind ${String(structure.kind)}`);
  }
}

const FUNCTION = new Set([
  'kind',
  'docs',
  'name',
  'typeParameters',
  'parameters',
  'returnType',
  'statements',
  'isGenerator',
  ...MODIFIERS,
]);

/** `FunctionDeclarationStructurePrinter` (no overloads: `only` refuses them). */
function writeFunction(writer: CodeBlockWriter, structure: Structure, ambient: boolean): void {
  only(structure, FUNCTION);
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.write('function');
  writer.conditionalWrite(Boolean(structure.isGenerator), '*');
  if (!isBlank(structure.name as string | undefined)) writer.write(` ${textOf(structure.name)}`);
  writeTypeParameters(writer, structure.typeParameters);
  writeParameters(writer, structure.parameters);
  writeReturnType(writer, structure.returnType);
  if (ambient || structure.hasDeclareKeyword) writer.write(';');
  else writer.space().inlineBlock(() => writeStatements(writer, structure.statements, false));
}

const INTERFACE = new Set([
  'kind',
  'docs',
  'name',
  'typeParameters',
  'extends',
  'indexSignatures',
  'properties',
  ...MODIFIERS,
]);
const INDEX_SIGNATURE = new Set(['kind', 'docs', 'keyName', 'keyType', 'returnType', ...MODIFIERS]);
const PROPERTY_SIGNATURE = new Set([
  'kind',
  'docs',
  'name',
  'hasQuestionToken',
  'type',
  'initializer',
  ...MODIFIERS,
]);

/** `InterfaceDeclarationStructurePrinter` with `TypeElementMemberedNodeStructurePrinter`. */
function writeInterface(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, INTERFACE);
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.write(`interface ${textOf(structure.name)}`);
  writeTypeParameters(writer, structure.typeParameters);
  writer.space();
  if (structure.extends != null) {
    const extendsText = Array.isArray(structure.extends)
      ? structure.extends.map((item) => textOrWriter(item)).join(', ')
      : textOrWriter(structure.extends);
    if (!isBlank(extendsText)) writer.hangingIndent(() => writer.write(`extends ${extendsText} `));
  }
  writer.inlineBlock(() => {
    const indexSignatures =
      structure.indexSignatures == null ? [] : arrayOf(structure.indexSignatures);
    separateMembers(writer, indexSignatures);
    indexSignatures.forEach((member, i) => {
      writer.conditionalNewLine(i > 0);
      asNode(writer, () => writeIndexSignature(writer, structureOf(member)));
    });
    const properties = structure.properties == null ? [] : arrayOf(structure.properties);
    separateMembers(writer, properties);
    properties.forEach((member, i) => {
      writer.conditionalNewLine(i > 0);
      asNode(writer, () => writePropertySignature(writer, structureOf(member)));
    });
  });
}

/** `TypeElementMemberedNodeStructurePrinter`'s separator before each group of members. */
function separateMembers(writer: CodeBlockWriter, members: readonly unknown[]): void {
  if (members.length > 0 && !writer.isAtStartOfFirstLineOfBlock()) writer.newLine();
}

function writeIndexSignature(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, INDEX_SIGNATURE);
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  const keyName = (structure.keyName as string | undefined) || 'key';
  const keyType = (structure.keyType as string | undefined) || 'string';
  writer.write(`[${textOf(keyName)}: ${textOf(keyType)}]`);
  writeReturnType(writer, structure.returnType);
  writer.write(';');
}

function writePropertySignature(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, PROPERTY_SIGNATURE);
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.write(textOf(structure.name));
  writer.conditionalWrite(Boolean(structure.hasQuestionToken), '?');
  writeType(writer, structure.type, ':');
  writeInitializer(writer, structure.initializer);
  writer.write(';');
}

const TYPE_ALIAS = new Set(['kind', 'docs', 'name', 'typeParameters', 'type', ...MODIFIERS]);

/** `TypeAliasDeclarationStructurePrinter`. */
function writeTypeAlias(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, TYPE_ALIAS);
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.write(`type ${textOf(structure.name)}`);
  writeTypeParameters(writer, structure.typeParameters);
  writeType(writer, structure.type, ' =');
  writer.write(';');
}

const VARIABLE_STATEMENT = new Set([
  'kind',
  'docs',
  'declarationKind',
  'declarations',
  ...MODIFIERS,
]);
const VARIABLE_DECLARATION = new Set([
  'kind',
  'name',
  'hasExclamationToken',
  'type',
  'initializer',
]);

/** `VariableStatementStructurePrinter` and `VariableDeclarationStructurePrinter`. */
function writeVariableStatement(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, VARIABLE_STATEMENT);
  writeDocs(writer, structure.docs);
  writer.hangingIndent(() => {
    writeModifiers(writer, structure);
    writer.write(`${(structure.declarationKind as string | undefined) || 'let'} `);
    const declarations = arrayOf(structure.declarations);
    if (declarations.length === 0)
      throw new Unsupported('a variable statement without declarations');
    writeCommaSeparated(writer, declarations, (item) => {
      const declaration = structureOf(item);
      only(declaration, VARIABLE_DECLARATION);
      asNode(writer, () => {
        writer.write(textOf(declaration.name));
        writer.conditionalWrite(Boolean(declaration.hasExclamationToken), '!');
        writeType(writer, declaration.type, ':');
        writeInitializer(writer, declaration.initializer);
      });
    });
    writer.write(';');
  });
}

const IMPORT = new Set([
  'kind',
  'isTypeOnly',
  'defaultImport',
  'namespaceImport',
  'namedImports',
  'moduleSpecifier',
]);
const EXPORT = new Set([
  'kind',
  'isTypeOnly',
  'namespaceExport',
  'namedExports',
  'moduleSpecifier',
]);
const SPECIFIER = new Set(['kind', 'name', 'isTypeOnly']);
/** Names whose specifier text ts-morph's comma placement (a scan for trailing trivia) cannot change. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `ImportDeclarationStructurePrinter`. */
function writeImport(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, IMPORT);
  const named = structure.namedImports == null ? [] : arrayOf(structure.namedImports);
  if (named.length > 0 && structure.namespaceImport != null)
    throw new Unsupported('an import with both a namespace and named imports');
  writer.write('import');
  if (structure.isTypeOnly) writer.write(' type');
  if (structure.defaultImport != null) {
    writer.write(` ${textOf(structure.defaultImport)}`);
    writer.conditionalWrite(named.length > 0 || structure.namespaceImport != null, ',');
  }
  if (structure.namespaceImport != null) writer.write(` * as ${textOf(structure.namespaceImport)}`);
  if (named.length > 0) {
    writer.space();
    writeSpecifiers(writer, named);
  }
  writer.conditionalWrite(
    structure.defaultImport != null || named.length > 0 || structure.namespaceImport != null,
    ' from',
  );
  writer.write(' ');
  writer.quote(textOf(structure.moduleSpecifier));
  writer.write(';');
}

/** `ExportDeclarationStructurePrinter`. */
function writeExport(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, EXPORT);
  const specifier = structure.moduleSpecifier as string | undefined;
  const hasModuleSpecifier = specifier != null && textOf(specifier).length > 0;
  const named = structure.namedExports == null ? [] : arrayOf(structure.namedExports);
  if (named.length > 0 && structure.namespaceExport != null)
    throw new Unsupported('an export with both a namespace and named exports');
  writer.write('export');
  if (structure.isTypeOnly) writer.write(' type');
  if (named.length > 0) {
    writer.space();
    writeSpecifiers(writer, named);
  } else if (structure.namespaceExport != null) {
    writer.write(' *');
    const namespace = textOf(structure.namespaceExport);
    if (!isBlank(namespace)) writer.write(` as ${namespace}`);
  } else if (!hasModuleSpecifier) {
    // insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces, ts-morph's default.
    writer.write(' {').write(' ').write('}');
  } else writer.write(' *');
  if (hasModuleSpecifier) {
    writer.write(' from ');
    writer.quote(specifier);
  }
  writer.write(';');
}

/**
 * `NamedImportExportSpecifierStructurePrinter.printTextsWithBraces` for plain names (with or
 * without `type`): `{ a, type B }`. Aliases and writer functions are refused.
 */
function writeSpecifiers(writer: CodeBlockWriter, specifiers: readonly unknown[]): void {
  const texts = specifiers.map((item) => {
    const specifier = typeof item === 'string' ? { name: item } : structureOf(item);
    only(specifier, SPECIFIER);
    const name = textOf(specifier.name);
    if (!IDENTIFIER.test(name)) throw new Unsupported(`specifier ${name}`);
    return specifier.isTypeOnly ? `type ${name}` : name;
  });
  writer.write('{');
  writer.space();
  writer.write(texts.join(', '));
  writer.space();
  writer.write('}');
}

const MODULE = new Set(['kind', 'docs', 'name', 'declarationKind', 'statements', ...MODIFIERS]);

/** `ModuleDeclarationStructurePrinter` for `namespace` and `module` declarations. */
function writeModule(writer: CodeBlockWriter, given: Structure, ambient: boolean): void {
  only(given, MODULE);
  const name = textOf(given.name);
  const quoted = isQuoted(name.trim());
  if (quoted && given.declarationKind === 'namespace') throw new Unsupported('a quoted namespace');
  const structure: Structure = quoted
    ? {
        ...given,
        hasDeclareKeyword: given.hasDeclareKeyword === undefined ? true : given.hasDeclareKeyword,
        declarationKind: given.declarationKind === undefined ? 'module' : given.declarationKind,
      }
    : given;
  if (structure.declarationKind === 'global') throw new Unsupported('a global declaration');
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.write(`${(structure.declarationKind as string | undefined) || 'namespace'} ${name}`);
  if (structure.hasDeclareKeyword && quoted && 'statements' in given && given.statements == null)
    writer.write(';');
  else {
    writer.write(' ');
    writer.inlineBlock(() =>
      writeStatements(
        writer,
        structure.statements,
        Boolean(structure.hasDeclareKeyword) || ambient,
      ),
    );
  }
}

/** ts-morph's `StringUtils.isQuoted`. */
function isQuoted(text: string): boolean {
  return (
    (text.startsWith("'") && text.endsWith("'")) || (text.startsWith('"') && text.endsWith('"'))
  );
}
