/**
 * The parts every declaration is made of — JSDoc, modifiers, parameters, type annotations,
 * initializers — written with the calls ts-morph 28's structure printers make, in their order
 * (`JSDocStructurePrinter`, `ModifierableNodeStructurePrinter`, `ParameterDeclarationStructurePrinter`
 * and the rest in ts-morph.js), so the writer produces the same text. Whatever these do not
 * know throws `Unsupported`, and the file is printed by ts-morph instead.
 */
import type { CodeBlockWriter, WriterFunction } from 'ts-morph';
import { QuickWriter } from './writer.js';

/** A structure or property this printer does not print exactly as ts-morph would. */
export class Unsupported extends Error {}

export type Structure = Readonly<Record<string, unknown>>;

/** Throws `Unsupported` for a property outside `allowed` (an undefined one is no property). */
export function only(structure: Structure, allowed: ReadonlySet<string>): void {
  for (const key in structure)
    if (structure[key] !== undefined && !allowed.has(key)) throw new Unsupported(`property ${key}`);
}

/** A string property (names, keys): anything else is not ours to print. */
export function textOf(value: unknown): string {
  if (typeof value !== 'string') throw new Unsupported(`not a string: ${typeof value}`);
  return value;
}

/** ts-morph's `StringUtils.isWhitespace` set. */
const WHITESPACE = new Set([' ', '\f', '\n', '\r', '\t', '\v', '\u00A0', '\u2028', '\u2029']);

/** ts-morph's `StringUtils.isNullOrWhitespace`. */
export function isBlank(text: string | undefined): boolean {
  if (typeof text !== 'string') return true;
  for (const char of text) if (!WHITESPACE.has(char)) return false;
  return true;
}

/** A string or writer function as text (ts-morph's `Printer.getText`): a fresh writer's output. */
export function textOrWriter(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string')
    // A fresh writer writes a string's lines as they are (no indentation at level 0), joined by
    // its own new line: only a `\r\n` changes.
    return value.includes('\r') ? value.split(/\r?\n/).join('\n') : value;
  if (typeof value === 'function') {
    const writer = new QuickWriter();
    (value as WriterFunction)(writer);
    return writer.toString();
  }
  throw new Unsupported(`text of type ${typeof value}`);
}

/** ts-morph's `Printer.printTextOrWriterFunc`. */
export function writeTextOrWriter(writer: CodeBlockWriter, value: unknown): void {
  if (typeof value === 'string') writer.write(value);
  else if (typeof value === 'function') (value as WriterFunction)(writer);
  else if (value != null) throw new Unsupported(`statement of type ${typeof value}`);
}

/** `ModifierableNodeStructurePrinter`. */
export function writeModifiers(writer: CodeBlockWriter, structure: Structure): void {
  if (structure.isDefaultExport) writer.write('export default ');
  else if (structure.isExported) writer.write('export ');
  if (structure.hasDeclareKeyword) writer.write('declare ');
  if (structure.scope != null) writer.write(`${textOf(structure.scope)} `);
  if (structure.isStatic) writer.write('static ');
  if (structure.hasOverrideKeyword) writer.write('override ');
  if (structure.isAbstract) writer.write('abstract ');
  if (structure.isAsync) writer.write('async ');
  if (structure.isReadonly) writer.write('readonly ');
  if (structure.hasAccessorKeyword) writer.write('accessor ');
}

/** The modifier properties `writeModifiers` prints. */
export const MODIFIERS = [
  'isDefaultExport',
  'isExported',
  'hasDeclareKeyword',
  'scope',
  'isStatic',
  'hasOverrideKeyword',
  'isAbstract',
  'isAsync',
  'isReadonly',
  'hasAccessorKeyword',
] as const;

/** `TypedNodeStructurePrinter`: `: type` (or `separator type`), continued lines hanging. */
export function writeType(
  writer: CodeBlockWriter,
  type: unknown,
  separator: string,
  alwaysWrite = false,
): void {
  if (type == null && !alwaysWrite) return;
  const text = textOrWriter(type ?? 'any');
  if (!isBlank(text)) writer.hangingIndent(() => writer.write(`${separator} ${text}`));
}

/** `ReturnTypedNodeStructurePrinter` (never `alwaysWrite` in the printers we follow). */
export function writeReturnType(writer: CodeBlockWriter, returnType: unknown): void {
  if (returnType == null) return;
  const text = textOrWriter(returnType);
  if (!isBlank(text)) writer.hangingIndent(() => writer.write(`: ${text}`));
}

/** `InitializerExpressionableNodeStructurePrinter`. */
export function writeInitializer(writer: CodeBlockWriter, initializer: unknown): void {
  if (initializer == null) return;
  const text = textOrWriter(initializer);
  if (!isBlank(text))
    writer.hangingIndent(() => {
      writer.spaceIfLastNot();
      writer.write(`= ${text}`);
    });
}

/** `NodePrinter.printText` without trivia (refused by `only`): a comment left open is closed first. */
export function asNode(writer: CodeBlockWriter, print: () => void): void {
  writer.closeComment();
  print();
}

/**
 * `CommaSeparatedStructuresPrinter`: the items separated by a space, then a comma after every
 * item but the last that does not already end in one. ts-morph finds where a comma goes with
 * the TypeScript scanner (before trailing comments and whitespace); an item that could end in
 * either is refused rather than scanned.
 */
export function writeCommaSeparated<T>(
  writer: CodeBlockWriter,
  items: readonly T[],
  print: (item: T) => void,
): void {
  // A single item gets no comma, wherever it would go.
  if (items.length === 1) {
    print(items[0]!);
    return;
  }
  const commaAt: (number | false)[] = [];
  items.forEach((item, i) => {
    if (i > 0) writer.spaceIfLastNot();
    const start = writer.getLength();
    print(item);
    commaAt.push(appendCommaPos(writtenSince(writer, start), start));
  });
  let foundLast = false;
  for (let i = commaAt.length - 1; i >= 0; i--) {
    const pos = commaAt[i]!;
    if (pos === false) continue;
    if (!foundLast) foundLast = true;
    else writer.unsafeInsert(pos, ',');
  }
}

function writtenSince(writer: CodeBlockWriter, start: number): string {
  const chars: string[] = [];
  writer.iterateLastChars((char, index) => {
    if (index < start) return true;
    chars.push(char);
    return undefined;
  });
  return chars.reverse().join('');
}

/** ts-morph's `getAppendCommaPos` for items without comments or trailing whitespace. */
function appendCommaPos(text: string, start: number): number | false {
  if (text.length === 0) return false;
  if (text.includes('//') || text.includes('/*') || isBlank(text[text.length - 1]))
    throw new Unsupported('a comma-separated item that may end in trivia');
  return text.endsWith(',') ? false : start + text.length;
}

/** `ParameterDeclarationStructurePrinter.printTextsWithParenthesis`. */
export function writeParameters(writer: CodeBlockWriter, parameters: unknown): void {
  writer.write('(');
  if (parameters != null) {
    const list = arrayOf(parameters);
    if (list.length > 0)
      writer.hangingIndent(() =>
        writeCommaSeparated(writer, list, (p) => writeParameter(writer, p)),
      );
  }
  writer.write(')');
}

const PARAMETER = new Set([
  'kind',
  'name',
  'type',
  'hasQuestionToken',
  'initializer',
  'isRestParameter',
  'scope',
  'isReadonly',
  'hasOverrideKeyword',
]);

function writeParameter(writer: CodeBlockWriter, parameter: unknown): void {
  const structure = structureOf(parameter);
  only(structure, PARAMETER);
  asNode(writer, () => {
    writeModifiers(writer, structure);
    writer.conditionalWrite(Boolean(structure.isRestParameter), '...');
    writer.write(textOf(structure.name));
    writer.conditionalWrite(Boolean(structure.hasQuestionToken), '?');
    writeType(writer, structure.type, ':', Boolean(structure.hasQuestionToken));
    writeInitializer(writer, structure.initializer);
  });
}

const TYPE_PARAMETER = new Set(['kind', 'name', 'constraint', 'default', 'isConst']);

/** `TypeParameterDeclarationStructurePrinter.printTextsWithBrackets`. */
export function writeTypeParameters(writer: CodeBlockWriter, typeParameters: unknown): void {
  if (typeParameters == null) return;
  const list = arrayOf(typeParameters);
  if (list.length === 0) return;
  writer.write('<');
  writeCommaSeparated(writer, list, (item) =>
    asNode(writer, () => {
      if (typeof item === 'string') {
        writer.write(item);
        return;
      }
      const structure = structureOf(item);
      only(structure, TYPE_PARAMETER);
      writer.hangingIndent(() => {
        if (structure.isConst) writer.write('const ');
        writer.write(textOf(structure.name));
        const constraint = structure.constraint == null ? '' : textOrWriter(structure.constraint);
        if (structure.constraint != null && !isBlank(constraint))
          writer.write(` extends ${constraint}`);
        const fallback = structure.default == null ? '' : textOrWriter(structure.default);
        if (structure.default != null && !isBlank(fallback)) writer.write(` = ${fallback}`);
      });
    }),
  );
  writer.write('>');
}

export function arrayOf(value: unknown): readonly unknown[] {
  if (!Array.isArray(value)) throw new Unsupported(`not a list: ${typeof value}`);
  return value;
}

export function structureOf(value: unknown): Structure {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Unsupported(`not a structure: ${typeof value}`);
  return value as Structure;
}
