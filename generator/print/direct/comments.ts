/**
 * JSDoc comments as prettier reprints them, for the statement and function layouts. A block
 * comment whose every line starts with `*` is "indentable" to prettier: it trims the start of
 * each line and puts one space before its `*`, and trims the end of each line but keeps a
 * Markdown hard break (two spaces at the end of a JSDoc line, as prettier 3's `printComment`
 * reads it). Descriptions copied from a document often end their lines in spaces (a Markdown
 * table's `|  `, a stray one): the comment is vouched as reprinted rather than left to
 * prettier with its statement.
 */

import { docComment, type VouchedLines } from './text.js';

/** The two spaces prettier keeps at the end of a JSDoc line (a Markdown hard break). */
export const HARD_BREAK = '  ';

/**
 * The lines prettier prints for a block comment's `text` at the margin: reprinted when it is
 * indentable, else as written.
 */
export function reprintedComment(text: string): string[] {
  const value = text.slice(2, -2);
  if (!value.includes('\n')) return [text];
  const lines = `*${value}*`.split('\n').map((l) => l.trimStart());
  if (!lines.every((l) => l.startsWith('*'))) return text.split('\n');
  const jsdoc = value[0] === '*' && value[1] !== '*';
  const last = lines.length - 1;
  return lines.map((l, i) => {
    if (i === 0) return `/${l.trimEnd()}`;
    if (i === last) return ` ${l}/`;
    const trimmed = l.trimEnd();
    const hardBreak = jsdoc && trimmed !== '*' && l.endsWith(HARD_BREAK);
    return ` ${trimmed}${hardBreak ? HARD_BREAK : ''}`;
  });
}

/**
 * The comment's `lines` (reprinted) when they are a JSDoc comment prettier prints so, else
 * undefined. The lines' shape is `docComment`'s, which takes no line ending in spaces: it
 * checks them without their hard breaks.
 */
export function vouchedReprint(lines: readonly string[]): string[] | undefined {
  const checked = docComment(
    lines.map((l) => (l.endsWith(HARD_BREAK) ? l.slice(0, -HARD_BREAK.length) : l)),
    0,
    '',
  );
  return checked === undefined || checked.end !== lines.length ? undefined : [...lines];
}

/**
 * The JSDoc comment at line `start` (at the margin) as prettier prints it, and the line after
 * it; no comment there: no lines. A comment that is not prettier's once reprinted: undefined.
 */
export function vouchedDocComment(
  lines: readonly string[],
  start: number,
): VouchedLines | undefined {
  const first = lines[start];
  if (first === undefined || !first.startsWith('/**') || first.includes('*/'))
    return docComment(lines, start, '');
  let last = start + 1;
  while (last < lines.length && !lines[last]!.includes('*/')) last++;
  // Text after the comment's end on its line: the reader below decides (it refuses it).
  const closing = lines[last];
  if (closing === undefined || closing.indexOf('*/') !== closing.length - 2)
    return docComment(lines, start, '');
  const printed = vouchedReprint(reprintedComment(lines.slice(start, last + 1).join('\n')));
  return printed === undefined ? undefined : { printed, end: last + 1 };
}
