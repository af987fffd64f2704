/**
 * Markdown in the house format for a fraction of prettier's markdown cost. Prettier's markdown
 * parser is most of a run's formatting time (api.md on a 120-operation document: 2.5 s of
 * about 7), while nearly every line we print is already what prettier would print: headings,
 * one-line list items and paragraphs of plain words and code spans. So the text is cut into
 * sections at its headings (block structure never crosses a heading that follows a blank
 * line, so formatting a section alone gives what formatting the whole does), and a section
 * made only of constructs prettier leaves as they are (`plainBlocks`: headings, paragraphs,
 * lists, tables it aligns as prettier does) keeps its prose; only its TypeScript code blocks
 * are formatted, as prettier's markdown printer formats them
 * (the embedded code through the TypeScript printer, kept as is when it does not parse).
 * Every other section goes through prettier's markdown whole. A test runs prettier's markdown
 * over the generated documentation of two documents and asserts it leaves them unchanged, and
 * compares this with prettier's answer on markdown made to hit each way out.
 */

/** Formats `text` with prettier's `parser`; throws when the text does not parse. */
export type Formatter = (text: string, parser: string) => Promise<string>;

/** The parser for TypeScript everywhere we print it (same output as `typescript`, see print.ts). */
const CODE_PARSER = 'babel-ts';
/** Fence languages whose code prettier's markdown printer formats as TypeScript. */
const TYPESCRIPT_FENCES = new Set(['ts', 'typescript']);
/** Fence languages prettier has no formatter for, whose code it prints unchanged. */
const RAW_FENCES = new Set(['', 'sh', 'bash', 'shell', 'text', 'console']);

const FENCE_OPEN = /^```([a-z]*)$/;
const FENCE_CLOSE = '```';

/** Cuts `lines` before every heading that is first or follows a blank line, outside code blocks. */
export function sections(lines: readonly string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let inFence = false;
  for (const [i, line] of lines.entries()) {
    if (!inFence && /^#{1,6} /.test(line) && (i === 0 || lines[i - 1] === '') && current.length) {
      out.push(current);
      current = [];
    }
    if (inFence ? line === FENCE_CLOSE : FENCE_OPEN.test(line)) inFence = !inFence;
    current.push(line);
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * Words prettier prints as they are: letters, digits and punctuation without a markdown
 * meaning, single spaces between, code spans without backticks inside or spaces at their
 * ends, `**strong**` words and `[links](#to-a-plain-target)`. Anything that may be emphasis
 * in `*` (printed with `_`), an escape, HTML, a table cell or East Asian text (which prettier
 * spaces by its own rules) is not plain. A bare URL of these characters is printed as written
 * whether or not prettier reads it as a link. Formulas in descriptions (`x >= 1`,
 * `360 · 2^z`, `tan φ`), snake_case names and a lone `&` are plain too, within
 * `LOOSE_UNDERSCORE`, `TAG_OPENING` and `ENTITY`; `>` opens a block quote only first on a
 * line, which the blocks rule out.
 */
const PLAIN_WORDS =
  /^[A-Za-z0-9.,;:!?'"()/=%+\-<>^_&\u00B7\u00C0-\u024F\u0391-\u03C9\u2010-\u2027\u2030-\u205E\u2190-\u22FF]+$/;
/**
 * An underscore that may open or close emphasis (`_a_`, `__init__`), or that prettier
 * escapes: one not between ASCII letters or digits. Between them (`evse_id`) it is a letter.
 */
const LOOSE_UNDERSCORE = /(^|[^A-Za-z0-9])_|_($|[^A-Za-z0-9])/;
/** A `<` that may open inline HTML, a comment or an autolink (`<b>`, `</b>`, `<!--`, `<?`, `<https:`). */
const TAG_OPENING = /<[A-Za-z/!?]/;
/** A character reference (`&amp;`, `&#35;`), which the parser decodes; a lone `&` is text. */
const ENTITY = /&[A-Za-z0-9#]/;
/** A bare URL, which prettier may read as a link: its underscores are not vouched for. */
const BARE_URL = /:\/\/|www\./;
const CODE_SPAN = /`([^`\s]|[^`\s][^`]*[^`\s])`/g;
const LINK = /\[([^[\]]+)\]\(([A-Za-z0-9#./:_-]+)\)/g;
const STRONG = /\*\*([^*\s]|[^*\s][^*]*[^*\s])\*\*/g;

export function isPlainInline(text: string): boolean {
  if (text === '' || text !== text.trim() || text.includes('  ')) return false;
  // Code first: what a code span holds is not markdown. A link's target is not text either.
  // A code span leaves a space for the underscore rule: `x_` before a code span ends a word.
  // A link is left out too: its text is checked on its own below, its target is no text.
  const prose = text.replace(CODE_SPAN, ' ').replace(LINK, ' ');
  if (TAG_OPENING.test(prose) || ENTITY.test(prose) || LOOSE_UNDERSCORE.test(prose)) return false;
  if (prose.includes('_') && BARE_URL.test(prose)) return false;
  let words = text.replace(CODE_SPAN, 'code');
  let plain = true;
  const inner = (_: string, content: string) => {
    plain &&= isPlainInline(content);
    return 'text';
  };
  words = words.replace(LINK, inner).replace(STRONG, inner);
  if (!plain) return false;
  return words.split(' ').every((word) => PLAIN_WORDS.test(word));
}

/**
 * Whether `line` starts as only paragraph text does: no block opens with it and it does not
 * underline a heading. A number opens an ordered list only before `.` or `)` (prettier joins
 * `2. x` to the line before, lest it become a list): `0 = driver` is text.
 */
function startsParagraphLine(line: string): boolean {
  return /^[A-Za-z`(]/.test(line) || (/^[0-9]/.test(line) && !/^[0-9]+[.)]/.test(line));
}

type Block =
  | { kind: 'heading' | 'paragraph' | 'list' | 'comment'; lines: string[] }
  | { kind: 'table'; lines: string[]; printed: string }
  | { kind: 'fence'; lang: string; lines: string[] };

/** The section's blocks when it is made only of plain ones, one blank line apart; else undefined. */
export function plainBlocks(lines: readonly string[]): Block[] | undefined {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = FENCE_OPEN.exec(line);
    let block: Block;
    if (fence) {
      const end = lines.indexOf(FENCE_CLOSE, i + 1);
      const lang = fence[1]!;
      if (end < 0 || !(TYPESCRIPT_FENCES.has(lang) || RAW_FENCES.has(lang))) return undefined;
      const code = lines.slice(i + 1, end);
      // Prettier lengthens the fence when the code holds one, and trims blank edges.
      if (code.some((l) => l.startsWith('```')) || code.length === 0) return undefined;
      if (code[0]!.trim() === '' || code[code.length - 1]!.trim() === '') return undefined;
      block = { kind: 'fence', lang, lines: lines.slice(i, end + 1) };
    } else if (i === 0 && /^#{1,6} /.test(line)) {
      if (!isPlainInline(line.replace(/^#+ /, ''))) return undefined;
      block = { kind: 'heading', lines: [line] };
    } else if (/^<!--.*-->$/.test(line) && line.indexOf('-->') === line.length - 3) {
      // An HTML comment block, which prettier prints as written.
      block = { kind: 'comment', lines: [line] };
    } else if (line.startsWith('- ')) {
      // A list directly after another list is printed with the other bullet: not plain.
      if (blocks.at(-1)?.kind === 'list') return undefined;
      let end = i;
      // Items one line each, some with items of their own one level in (under a two-space indent).
      while (end < lines.length && /^( {2})?- /.test(lines[end]!)) end++;
      const items = lines.slice(i, end);
      // An item's text may not open a block of its own (`- - x`, `- 1. x`, `- ---`).
      const texts = items.map((item) => item.replace(/^ *- /, ''));
      if (!texts.every((t) => /^([A-Za-z`(["']|\*\*)/.test(t) && isPlainInline(t)))
        return undefined;
      block = { kind: 'list', lines: items };
    } else if (line.startsWith('|')) {
      let end = i;
      while (end < lines.length && lines[end]!.startsWith('|')) end++;
      const printed = alignedTable(lines.slice(i, end));
      if (printed === undefined) return undefined;
      block = { kind: 'table', lines: lines.slice(i, end), printed };
    } else if (startsParagraphLine(line)) {
      let end = i;
      while (end < lines.length && lines[end] !== '') end++;
      const paragraph = lines.slice(i, end);
      // Each line starts like a paragraph's first, so no line opens a block or underlines a heading.
      if (!paragraph.every((l) => startsParagraphLine(l) && isPlainInline(l))) return undefined;
      block = { kind: 'paragraph', lines: paragraph };
    } else return undefined;
    blocks.push(block);
    i += block.lines.length;
    if (i === lines.length) break;
    // Exactly one blank line between blocks, none at the end of a section but the last's.
    if (lines[i] !== '') return undefined;
    i++;
    if (i === lines.length || lines[i] === '') return undefined;
  }
  return blocks;
}

/**
 * A table as prettier prints it: every column as wide as its widest cell (three at least),
 * cells padded on the right, the delimiter row in dashes. Only for a header, a delimiter row
 * without alignment and rows of plain ASCII cells (one character, one column), the same
 * number in each; else undefined.
 */
export function alignedTable(rows: readonly string[]): string | undefined {
  if (rows.length < 2 || !/^\|( *-{3,} *\|)+$/.test(rows[1]!)) return undefined;
  const cells = [rows[0]!, ...rows.slice(2)].map((row) =>
    /^\|.*\|$/.test(row) && /^[\x20-\x7e]*$/.test(row)
      ? row
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim())
      : undefined,
  );
  const columns = rows[1]!.split('|').length - 2;
  if (cells.some((row) => row?.length !== columns)) return undefined;
  const table = cells as string[][];
  if (!table.every((row) => row.every((cell) => cell === '' || isPlainInline(cell))))
    return undefined;
  const widths = [...Array(columns).keys()].map((c) =>
    Math.max(3, ...table.map((row) => row[c]!.length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [
    line(table[0]!),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.slice(1).map(line),
  ].join('\n');
}

/** What prettier is asked, through the caller (which may cache its answers). */
export interface MarkdownTools {
  readonly format: Formatter;
  /**
   * Whether prettier's TypeScript parser (`babel-ts`) reads `code`: prettier's markdown
   * printer keeps a code block that does not parse as it is written.
   */
  readonly parses: (code: string) => Promise<boolean>;
  /**
   * The fence's code as prettier formats it, when a printer of our own vouches it without
   * prettier (what it vouches parses, so it needs no parse check); else undefined.
   */
  readonly vouched?: (code: string) => Promise<string | undefined>;
}

/** The code of a TypeScript fence as prettier's markdown printer leaves it: formatted, or as written when it does not parse. */
async function fenceCode(code: string, format: Formatter): Promise<string> {
  try {
    return (await format(code, CODE_PARSER)).replace(/\n$/, '');
  } catch {
    return code;
  }
}

const FENCE_MARK = /^\/\/ @fence-\d+\n\n/m;

/**
 * The code of every TypeScript fence as `fenceCode` gives it: as vouched when the direct
 * printer vouches it (api.md's calls and types), the rest in one call to prettier: a call
 * costs milliseconds before any work, and api.md has two or three fences per operation. The
 * code that parses is formatted as one module, each fence's after a marker comment on a line
 * of its own (statements are formatted one by one, so each fence gets its own format); the
 * markers cut it apart again, and when they do not come back as written each fence goes alone.
 */
async function fenceCodes(codes: readonly string[], tools: MarkdownTools): Promise<string[]> {
  const out = [...codes];
  const batch: number[] = [];
  for (const [i, code] of codes.entries()) {
    const vouched = await tools.vouched?.(code);
    if (vouched !== undefined) out[i] = vouched.replace(/\n+$/, '');
    else if (await tools.parses(code)) batch.push(i);
  }
  if (batch.length === 0) return out;
  // A marker of ours inside a fence, or a string first (a directive at a module's start only).
  if (!codes.some((code) => code.includes('@fence-') || /^['"]/.test(code))) {
    try {
      const joined = batch.map((i) => `// @fence-${i}\n\n${codes[i]}`).join('\n\n');
      const parts = (await tools.format(joined, CODE_PARSER)).split(FENCE_MARK).slice(1);
      if (parts.length === batch.length) {
        for (const [k, i] of batch.entries()) out[i] = parts[k]!.replace(/\n+$/, '');
        return out;
      }
    } catch {
      // Fences that parse alone but not together: each goes alone below.
    }
  }
  for (const i of batch) out[i] = await fenceCode(codes[i]!, tools.format);
  return out;
}

const isTypeScriptFence = (block: Block) =>
  block.kind === 'fence' && TYPESCRIPT_FENCES.has(block.lang);

/** `text` as prettier's markdown formats it, asking prettier only for the sections that need it. */
export async function formatMarkdown(text: string, tools: MarkdownTools): Promise<string> {
  const lines = text.replace(/\n+$/, '').split('\n');
  // Front matter, a tab or a carriage return; an HTML block or a code block that a blank line
  // does not end (a heading inside it is not one): all prettier's.
  if (
    lines[0] === '---' ||
    /[\t\r]/.test(text) ||
    lines.some(
      (l) => /^ {0,3}<(!|\?|pre|script|style|textarea)/i.test(l) && !/^<!--.*-->$/.test(l),
    ) ||
    lines.some((l) => /^ {0,3}(```|~~~)/.test(l) && l !== FENCE_CLOSE && !FENCE_OPEN.test(l))
  )
    return tools.format(text, 'markdown');
  const planned = sections(lines)
    .map((section) => {
      // Blank lines between sections belong to neither.
      while (section.at(-1) === '') section.pop();
      return { section, blocks: plainBlocks(section) };
    })
    .filter(({ section }) => section.length > 0);
  const codes = await fenceCodes(
    planned.flatMap(({ blocks }) =>
      (blocks ?? []).filter(isTypeScriptFence).map((b) => b.lines.slice(1, -1).join('\n')),
    ),
    tools,
  );
  let next = 0;
  const parts: (string | undefined)[] = [];
  const rest: string[][] = [];
  for (const { section, blocks } of planned) {
    const printed = (blocks ?? []).map((block) =>
      isTypeScriptFence(block)
        ? { text: `${block.lines[0]}\n${codes[next]}\n${FENCE_CLOSE}`, code: codes[next++]! }
        : { text: 'printed' in block ? block.printed : block.lines.join('\n'), code: '' },
    );
    // Code with a fence line of its own needs a longer fence: prettier's to choose.
    const plain = blocks && !printed.some(({ code }) => /^```/m.test(code));
    parts.push(plain ? printed.map((p) => p.text).join('\n\n') : undefined);
    if (!plain) rest.push(section);
  }
  const formatted = await sectionsByPrettier(rest, tools.format);
  return `${parts.map((part) => part ?? formatted.shift()!).join('\n\n')}\n`;
}

const SECTION_MARK = /^<!-- @section-\d+ -->\n\n/m;

/**
 * The sections prettier formats, in one call (a large document has hundreds, and each call
 * sets prettier's markdown parser up again): as they are whole sections, formatting them
 * together gives each its own format, as cutting the text into sections did. A comment line
 * before each (a block of its own, which prettier prints as written) cuts the answer apart
 * again; when the comments do not come back as written each section goes alone.
 */
async function sectionsByPrettier(
  rest: readonly (readonly string[])[],
  format: Formatter,
): Promise<string[]> {
  const alone = (section: readonly string[]) =>
    format(`${section.join('\n')}\n`, 'markdown').then((text) => text.replace(/\n$/, ''));
  if (rest.length < 2) return Promise.all(rest.map(alone));
  if (!rest.some((section) => section.some((line) => line.includes('@section-')))) {
    const joined = rest.map((section, i) => `<!-- @section-${i} -->\n\n${section.join('\n')}`);
    const answer = (await format(`${joined.join('\n\n')}\n`, 'markdown')).split(SECTION_MARK);
    if (answer[0] === '' && answer.length === rest.length + 1)
      return answer.slice(1).map((part) => part.replace(/\n+$/, ''));
  }
  const out: string[] = [];
  for (const section of rest) out.push(await alone(section));
  return out;
}
