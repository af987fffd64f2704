/**
 * What the direct printers (`print/direct/printer.ts` for functions, `print/direct/types.ts` for type
 * declarations) share: the print width and how prettier counts it, JSDoc comments, string
 * literals, and the signal that a text is not vouched for.
 */

/** The house print width (`PRETTIER.printWidth`). */
export const WIDTH = 100;

/** Lines the printer vouches are prettier's: as printed, and the line after the source's. */
export interface VouchedLines {
  printed: string[];
  end: number;
}

/** Thrown while reading a text the printer cannot vouch for; the caller leaves it to prettier. */
export class Unvouched extends Error {}

/**
 * Columns prettier counts for `text` (its `getStringWidth`): one per character for ASCII and
 * for the ranges below, which hold no wide, combining or emoji characters (Latin, Greek,
 * Cyrillic, dashes, quotes, bullets and the ellipsis, arrows, mathematical operators);
 * undefined for any other character, whose width is not vouched for.
 */
export function textWidth(text: string): number | undefined {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let columns = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) columns++;
    else if (
      (code >= 0xa0 && code <= 0x2ff && code !== 0xa9 && code !== 0xae) ||
      (code >= 0x370 && code <= 0x4ff) ||
      (code >= 0x2010 && code <= 0x2027) ||
      (code >= 0x2030 && code <= 0x205e) ||
      (code >= 0x2190 && code <= 0x2193) ||
      (code >= 0x2200 && code <= 0x22ff)
    )
      columns++;
    else return undefined;
  }
  return columns;
}

/**
 * Columns prettier counts for `text` (`textWidth`), or where a character's width is not known
 * there, at most two per code unit (prettier counts East Asian wide characters as two), so a
 * line is never thought to fit when it does not.
 */
export function width(text: string): number {
  return textWidth(text) ?? 2 * text.length;
}

/**
 * Whether prettier finds `text` wider than the print width: exactly known when every
 * character's width is (`textWidth`: the guards' `…`, a description's dashes); else only when
 * it surely fits (`width` is an upper bound), else undefined. A layout chosen because another
 * does not fit needs a definite answer.
 */
export function overWidth(text: string): boolean | undefined {
  const known = textWidth(text);
  if (known !== undefined) return known > WIDTH;
  return width(text) <= WIDTH ? false : undefined;
}

/**
 * The JSDoc comment at line `start`, indented by `pad`, as prettier prints it (it is then
 * already so): its lines and the line after it. No comment there: no lines. A comment
 * prettier would change: undefined.
 */
export function docComment(
  lines: readonly string[],
  start: number,
  pad: string,
): VouchedLines | undefined {
  const first = lines[start];
  if (first === undefined || !first.startsWith(`${pad}/**`)) return { printed: [], end: start };
  const own = first.slice(pad.length);
  // One-line JSDoc: prettier prints a comment as written, at any length.
  if (/^\/\*\*[^]*\*\/$/.test(own))
    return isOneLineDoc(own) ? { printed: [first], end: start + 1 } : undefined;
  if (own !== '/**') return undefined;
  const printed = [first];
  let i = start + 1;
  while (i < lines.length && lines[i] !== `${pad} */`) {
    // Lines prettier re-indents as ` * text`, trimmed: already so.
    const line = lines[i]!;
    if (
      !line.startsWith(pad) ||
      !/^ \*( .*)?$/.test(line.slice(pad.length)) ||
      line.includes('*/') ||
      line !== line.trimEnd()
    )
      return undefined;
    printed.push(line);
    i++;
  }
  if (i >= lines.length) return undefined;
  printed.push(lines[i]!);
  return { printed, end: i + 1 };
}

function isOneLineDoc(line: string): boolean {
  const inner = line.slice(3, -2);
  // Prettier keeps `/** text */` when the text has no other comment end and no edge spaces to trim.
  return (
    !inner.includes('*/') &&
    inner.startsWith(' ') &&
    inner.endsWith(' ') &&
    !inner.startsWith('  ') &&
    !inner.endsWith('  ') &&
    !inner.startsWith(' *')
  );
}

/**
 * A string literal as prettier prints it with `singleQuote`: in single quotes, a double quote
 * unescaped, every other escape kept. A string holding a single quote is not vouched (prettier
 * picks its quotes by counting them).
 */
export function quoted(token: string): string {
  const body = token.slice(1, -1);
  if (body.includes("'")) throw new Unvouched();
  if (token.startsWith("'")) return token;
  // Most strings hold no escape: nothing to rewrite.
  if (!body.includes('\\')) return `'${body}'`;
  return `'${body.replace(/\\(.)/g, (escape, char: string) => (char === '"' ? '"' : escape))}'`;
}

/**
 * A cursor over the tokens of one line, as `pattern` (a sticky regular expression whose first
 * group is a token) cuts them; a line it cannot cut whole, and a token asked for past the end
 * or other than expected, are not vouched. The statement and type readers extend it with
 * their grammars.
 */
export class TokenReader {
  private readonly tokens: string[] = [];
  private at = 0;

  constructor(text: string, pattern: RegExp) {
    pattern.lastIndex = 0;
    let end = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      this.tokens.push(m[1]!);
      end = pattern.lastIndex;
    }
    if (end !== text.length) throw new Unvouched();
  }

  peek(offset = 0): string | undefined {
    return this.tokens[this.at + offset];
  }

  next(): string {
    const token = this.tokens[this.at++];
    if (token === undefined) throw new Unvouched();
    return token;
  }

  expect(token: string): void {
    if (this.next() !== token) throw new Unvouched();
  }

  done(): boolean {
    return this.at === this.tokens.length;
  }
}

/**
 * `docComment`, for a comment whose lines may end in spaces (a description's markdown line
 * break, an empty list line), which prettier prints as `printedDocLine` says.
 */
export function trimmedDocComment(
  lines: readonly string[],
  start: number,
  pad: string,
): VouchedLines | undefined {
  const first = lines[start];
  if (first === undefined || !first.startsWith(`${pad}/**`) || first.includes('*/'))
    return docComment(lines, start, pad);
  let last = start;
  while (last < lines.length && !lines[last]!.includes('*/')) last++;
  const comment = lines.slice(start, last + 1);
  // Prettier trims the opening line's end; spaces after the closing one are not the comment's.
  if ([comment[0]!, comment[comment.length - 1]!].some((line) => line !== line.trimEnd()))
    return undefined;
  const printed = comment.map(printedDocLine);
  if (printed.some((line) => line === undefined)) return undefined;
  // Read as `docComment` reads it without the spaces: the same lines are vouched.
  const doc = docComment(
    comment.map((line) => line.trimEnd()),
    0,
    pad,
  );
  return doc && { printed: printed as string[], end: start + doc.end };
}

/**
 * A JSDoc comment's line as prettier prints it (its `printIndentableBlockComment`): a line of
 * no text as its star, spaces after text as a markdown line break (two when there were two or
 * more, none for one). Other trailing white space (a tab, a no-break space): undefined,
 * prettier's call.
 */
function printedDocLine(line: string): string | undefined {
  const text = line.trimEnd();
  const spaces = line.length - text.length;
  if (spaces === 0) return line;
  if (line.slice(text.length) !== ' '.repeat(spaces)) return undefined;
  if (/^ *\*$/.test(text)) return text;
  return spaces === 1 ? text : `${text}  `;
}
