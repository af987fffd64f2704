/**
 * Our own printer for the structures the emitters make: the text ts-morph's structure printer
 * gives (`createSourceFile`'s, see `print.ts`), in a fraction of its time. It follows ts-morph
 * 28's printers call for call on a faster CodeBlockWriter (`writer.ts`), for the structure kinds
 * and properties the emitters use (`statements.ts`, `members.ts`, `docs.ts`); a file with
 * anything else is left to ts-morph whole (`printStructure` answers `undefined`), never guessed.
 */
import type { SourceFileStructure } from 'ts-morph';
import { asNode, only, Unsupported } from './pieces.js';
import { writeStatements } from './statements.js';
import { QuickWriter, quickWriterWorks } from './writer.js';

const SOURCE_FILE = new Set(['kind', 'statements']);

let usable: boolean | undefined;

/**
 * The file's text as ts-morph prints it (the `SourceFileStructurePrinter`), or `undefined` when
 * the structure holds something this printer does not know, for ts-morph to print.
 */
export function printStructure(structure: SourceFileStructure): string | undefined {
  usable ??= quickWriterWorks();
  if (!usable) return undefined;
  const writer = new QuickWriter();
  try {
    only(structure as unknown as Record<string, unknown>, SOURCE_FILE);
    asNode(writer, () => {
      writeStatements(writer, structure.statements, false);
      writer.conditionalNewLine(!writer.isAtStartOfFirstLineOfBlock() && !writer.isLastNewLine());
    });
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return writer.toString();
}
