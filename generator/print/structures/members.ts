/**
 * Classes as ts-morph 28's `ClassDeclarationStructurePrinter` writes them: properties, static
 * blocks, constructors, then methods, each printer's separators (a blank line unless on the
 * block's first line) as ts-morph.js has them. Accessors, decorators, overloads and
 * `implements` are refused (`only`).
 */
import type { CodeBlockWriter } from 'ts-morph';
import { writeDocs } from './docs.js';
import {
  arrayOf,
  asNode,
  isBlank,
  MODIFIERS,
  only,
  structureOf,
  textOf,
  textOrWriter,
  writeInitializer,
  writeModifiers,
  writeParameters,
  writeReturnType,
  writeType,
  writeTypeParameters,
  type Structure,
} from './pieces.js';
import { writeStatements } from './statements.js';

const CLASS = new Set([
  'kind',
  'docs',
  'name',
  'typeParameters',
  'extends',
  'properties',
  'staticBlocks',
  'ctors',
  'methods',
  ...MODIFIERS,
]);
const PROPERTY = new Set([
  'kind',
  'docs',
  'name',
  'hasQuestionToken',
  'hasExclamationToken',
  'type',
  'initializer',
  ...MODIFIERS,
]);
const STATIC_BLOCK = new Set(['kind', 'statements']);
const CONSTRUCTOR = new Set([
  'kind',
  'docs',
  'typeParameters',
  'parameters',
  'statements',
  ...MODIFIERS,
]);
const METHOD = new Set([
  'kind',
  'docs',
  'name',
  'isGenerator',
  'hasQuestionToken',
  'typeParameters',
  'parameters',
  'returnType',
  'statements',
  ...MODIFIERS,
]);

function listOf(value: unknown): readonly unknown[] {
  return value == null ? [] : arrayOf(value);
}

export function writeClass(writer: CodeBlockWriter, structure: Structure, ambient: boolean): void {
  only(structure, CLASS);
  const isAmbient = Boolean(structure.hasDeclareKeyword) || ambient;
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.write('class');
  if (!isBlank(structure.name as string | undefined)) writer.space().write(textOf(structure.name));
  writeTypeParameters(writer, structure.typeParameters);
  writer.space();
  writer.hangingIndent(() => {
    if (structure.extends != null) {
      const extendsText = textOrWriter(structure.extends);
      if (!isBlank(extendsText)) writer.write(`extends ${extendsText} `);
    }
  });
  writer.inlineBlock(() => {
    listOf(structure.properties).forEach((property, i) => {
      writer.conditionalNewLine(i > 0);
      asNode(writer, () => writeProperty(writer, structureOf(property)));
    });
    for (const block of listOf(structure.staticBlocks)) {
      separate(writer, false);
      asNode(writer, () => writeStaticBlock(writer, structureOf(block)));
    }
    for (const ctor of listOf(structure.ctors)) {
      separate(writer, isAmbient);
      asNode(writer, () => writeConstructor(writer, structureOf(ctor), isAmbient));
    }
    const methods = listOf(structure.methods);
    if (methods.length > 0) {
      separate(writer, isAmbient);
      methods.forEach((method, i) => {
        if (i > 0) {
          if (isAmbient) writer.newLine();
          else writer.blankLine();
        }
        asNode(writer, () => writeMethod(writer, structureOf(method), isAmbient));
      });
    }
  });
}

/** The class printer's `#conditionalSeparator`. */
function separate(writer: CodeBlockWriter, isAmbient: boolean): void {
  if (writer.isAtStartOfFirstLineOfBlock()) return;
  if (isAmbient) writer.newLine();
  else writer.blankLine();
}

function writeProperty(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, PROPERTY);
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.write(textOf(structure.name));
  writer.conditionalWrite(Boolean(structure.hasQuestionToken), '?');
  writer.conditionalWrite(
    Boolean(structure.hasExclamationToken) && !structure.hasQuestionToken,
    '!',
  );
  writeType(writer, structure.type, ':');
  writeInitializer(writer, structure.initializer);
  writer.write(';');
}

function writeStaticBlock(writer: CodeBlockWriter, structure: Structure): void {
  only(structure, STATIC_BLOCK);
  writer.write('static');
  writer.space().inlineBlock(() => writeStatements(writer, structure.statements, false));
}

function writeConstructor(writer: CodeBlockWriter, structure: Structure, isAmbient: boolean): void {
  only(structure, CONSTRUCTOR);
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.write('constructor');
  writeTypeParameters(writer, structure.typeParameters);
  writeParameters(writer, structure.parameters);
  if (isAmbient) writer.write(';');
  else writer.space().inlineBlock(() => writeStatements(writer, structure.statements, isAmbient));
}

function writeMethod(writer: CodeBlockWriter, structure: Structure, isAmbient: boolean): void {
  only(structure, METHOD);
  writeDocs(writer, structure.docs);
  writeModifiers(writer, structure);
  writer.conditionalWrite(Boolean(structure.isGenerator), '*');
  writer.write(textOf(structure.name));
  writer.conditionalWrite(Boolean(structure.hasQuestionToken), '?');
  writeTypeParameters(writer, structure.typeParameters);
  writeParameters(writer, structure.parameters);
  writeReturnType(writer, structure.returnType);
  if (isAmbient || structure.isAbstract) writer.write(';');
  else
    writer
      .spaceIfLastNot()
      .inlineBlock(() => writeStatements(writer, structure.statements, isAmbient));
}
