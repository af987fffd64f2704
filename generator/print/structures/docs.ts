/**
 * JSDoc comments as ts-morph 28's `JSDocStructurePrinter` and `JSDocTagStructurePrinter` write
 * them: the comment's text is first built on a writer of its own (description, then each
 * `@tag text` on a new line), then written line by line between `/**` and `*\/`.
 */
import type { CodeBlockWriter } from 'ts-morph';
import {
  arrayOf,
  asNode,
  only,
  structureOf,
  textOf,
  Unsupported,
  writeTextOrWriter,
  type Structure,
} from './pieces.js';
import { QuickWriter } from './writer.js';

const JSDOC = new Set(['kind', 'description', 'tags']);
const JSDOC_TAG = new Set(['kind', 'tagName', 'text']);

/** `JSDocStructurePrinter.printDocs`: each comment, then a new line. */
export function writeDocs(writer: CodeBlockWriter, docs: unknown): void {
  if (docs == null) return;
  for (const doc of arrayOf(docs)) {
    asNode(writer, () => writeDoc(writer, docText(doc)));
    writer.newLine();
  }
}

function writeDoc(writer: CodeBlockWriter, text: string): void {
  const lines = text.split(/\r?\n/);
  const startIndex = lines[0]!.length === 0 ? 1 : 0;
  const isSingleLine = lines.length <= 1;
  writer.write('/**');
  if (isSingleLine) {
    writer.space();
    writer.write(lines[startIndex]!);
  } else {
    writer.newLine();
    for (let i = startIndex; i < lines.length; i++) {
      writer.write(' *');
      if (lines[i]!.length > 0) writer.write(` ${lines[i]}`);
      writer.newLine();
    }
  }
  writer.spaceIfLastNot();
  writer.write('*/');
}

/**
 * The comment's text. Built on a writer, as ts-morph does, because the writer's state machine
 * can change it: a `/*` in a description (`image/*`) opens a comment that the next tag's
 * `closeComment` closes with a `*\/` of its own.
 */
function docText(doc: unknown): string {
  if (typeof doc === 'string') return doc;
  if (typeof doc === 'function') {
    const writer = new QuickWriter();
    (doc as (w: CodeBlockWriter) => void)(writer);
    return writer.toString();
  }
  const structure = structureOf(doc);
  only(structure, JSDOC);
  const plain = plainDocText(structure);
  if (plain !== undefined) return plain;
  const writer = new QuickWriter();
  if (structure.description) writeDescription(writer, structure.description);
  const tags = structure.tags == null ? [] : arrayOf(structure.tags);
  if (tags.length > 0) {
    if (writer.getLength() > 0) writer.newLine();
    tags.forEach((tag, i) => {
      if (i > 0) writer.newLine();
      asNode(writer, () => writeTag(writer, tag));
    });
  }
  return writer.toString();
}

/**
 * The comment's text without a writer, for the usual comment: string description and tags.
 * A writer at indentation level 0 writes strings as they are (a `\r\n` becoming `\n`); the
 * only thing its state machine can add is `closeComment`'s `*\/` before a tag, which needs a
 * `/*` in the text, so a text with one is built on the writer.
 */
function plainDocText(structure: Structure): string | undefined {
  const { description } = structure;
  if (description && typeof description !== 'string') return undefined;
  const parts = description ? [normalized(description as string)] : [];
  const tags = structure.tags == null ? [] : arrayOf(structure.tags);
  const tagTexts: string[] = [];
  for (const tag of tags) {
    if (typeof tag !== 'object' || tag === null) return undefined;
    const tagStructure = structureOf(tag);
    only(tagStructure, JSDOC_TAG);
    const { text } = tagStructure;
    if (text && typeof text !== 'string') return undefined;
    const body = text ? normalized(text as string) : '';
    const space = body.length > 0 && !startsWithNewLine(body) ? ' ' : '';
    tagTexts.push(`@${textOf(tagStructure.tagName)}${space}${body}`);
  }
  if (tagTexts.length > 0) parts.push(tagTexts.join('\n'));
  const joined = parts.join('\n');
  return joined.includes('/*') ? undefined : joined;
}

function normalized(text: string): string {
  return text.includes('\r') ? text.split(/\r?\n/).join('\n') : text;
}

/** ts-morph's `printTextFromStringOrWriter`. */
function writeDescription(writer: CodeBlockWriter, description: unknown): void {
  if (Array.isArray(description))
    description.forEach((part, i) => {
      if (i > 0) writer.newLineIfLastNot();
      writeDescription(writer, part);
    });
  else writeTextOrWriter(writer, description);
}

function writeTag(writer: CodeBlockWriter, tag: unknown): void {
  const lines = tagText(tag).split(/\r?\n/);
  lines.forEach((line, i) => {
    if (i > 0) writer.newLine();
    if (line.length > 0) writer.write(line);
  });
}

function tagText(tag: unknown): string {
  if (typeof tag === 'string') return tag;
  if (typeof tag === 'function') throw new Unsupported('a JSDoc tag as a writer function');
  const structure: Structure = structureOf(tag);
  only(structure, JSDOC_TAG);
  const writer = new QuickWriter();
  if (structure.text) writeDescription(writer, structure.text);
  const text = writer.toString();
  const space = text.length > 0 && !startsWithNewLine(text) ? ' ' : '';
  writer.unsafeInsert(0, `@${textOf(structure.tagName)}${space}`);
  return writer.toString();
}

/** ts-morph's `StringUtils.startsWithNewLine`. */
function startsWithNewLine(text: string): boolean {
  return text.startsWith('\n') || text.startsWith('\r\n');
}
