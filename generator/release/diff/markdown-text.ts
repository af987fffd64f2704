/**
 * Text from a spec (a path, a name, an enum value, a version) as a report may show it. The
 * markdown report is posted as a pull-request comment and written into the changelog, and a
 * spec is written by whoever opened the pull request: nothing in it may add a heading, a list
 * item, a link, an image, HTML, a mention, or hide the lines after it. So in markdown every
 * such string is a code span (GitHub turns nothing inside one into a link or a mention),
 * unless it is made only of letters and digits joined by `.`, `-`, `+` or a space, which
 * nothing in markdown reads as syntax. A terminal gets the text itself, with its control
 * characters (ESC sequences, which can clear a screen or set a window title) made visible.
 */

/** A code span longer than this is cut, with `…`: a report names things, it does not quote documents. */
export const CODE_SPAN_LIMIT = 200;

/**
 * Characters that are invisible or move the cursor: controls (C0, DEL, C1, newlines), format
 * characters (zero-width spaces and joiners, bidirectional overrides that reorder what a
 * reader sees, the BOM) and the Unicode line and paragraph separators.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const HIDDEN_ALL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One hidden character as its escape: `\n`, `\u001b`, `\u200b`, `\u{e0001}`. */
function escapeOf(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const point = char.codePointAt(0)!;
  return point > 0xffff
    ? `\\u{${point.toString(16)}}`
    : `\\u${point.toString(16).padStart(4, '0')}`;
}

/** The text with every hidden character written as an escape, so that what it holds is what a reader sees. */
export function visible(text: string): string {
  return HIDDEN.test(text) ? text.replace(HIDDEN_ALL, escapeOf) : text;
}

/** `visible(text)`, cut after `limit` characters (never inside an escape or a surrogate pair). */
function bounded(text: string, limit: number): string {
  let out = '';
  let length = 0;
  for (const char of text) {
    const shown = HIDDEN.test(char) ? escapeOf(char) : char;
    if (length + shown.length > limit) return `${out}…`;
    out += shown;
    length += shown.length;
  }
  return out;
}

/**
 * A code span for any text, as CommonMark reads them: the fence is one backtick longer than
 * the longest run of backticks inside, so none of them closes it; a space pads text that starts
 * or ends with a backtick or a space (one is stripped from each side). Hidden characters are
 * escaped (a line ending would otherwise become a space, and a paragraph break would end the
 * span), and the text is cut at `limit` characters. Empty text is a span holding one space:
 * two bare backticks would open a span that a later one closes.
 */
export function inlineCode(text: string, limit = CODE_SPAN_LIMIT): string {
  const shown = bounded(text, limit);
  if (shown === '') return '` `';
  const longest = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(shown) && !/^ +$/.test(shown) ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/**
 * Words that mean nothing to markdown or to GitHub anywhere in a line: letters and digits,
 * joined by one `.`, `-`, `+`, space or ` + `. No emphasis, link, HTML, entity, escape,
 * autolink (no `:` or `@`), mention, emoji (`:`) or issue reference (`#`); it starts with a
 * letter or digit, so it starts no list or heading even at a line's start; and no word
 * starts with `www.`, which GitHub links on its own.
 */
const INERT = /^[0-9A-Za-z]+(?:(?:[.+-]| \+ | )[0-9A-Za-z]+)*$/;
const BARE_LINK = /(?:^| )www\./i;

/** Spec text in running prose: as it is when it is inert (`1.5.0`, `200`, `one of`), else a code span. */
export function inlineText(text: string): string {
  return text.length <= CODE_SPAN_LIMIT && INERT.test(text) && !BARE_LINK.test(text)
    ? text
    : inlineCode(text);
}
