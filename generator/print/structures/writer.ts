/**
 * ts-morph's CodeBlockWriter with its hot internals rewritten for speed, every public method
 * inherited: the text it builds is the writer's own, character for character. The writer keeps
 * a small state machine over everything written (inside a string, a template, a comment, a
 * regular expression?) because it indents a new line only outside strings; that machine ran
 * per character through a `Set` and looked back through its text array for the previous two
 * characters, and split every write with a regular expression, which made it most of the print
 * stage's time. Here the same machine runs over a lookup table with the last two characters
 * kept at hand, and writes are split with `indexOf`.
 *
 * The overridden members are code-block-writer's internal ones (13.x, the version ts-morph 28
 * bundles); `print-structures.test.ts` compares whole packages with ts-morph's own printer, and
 * `quickWriterWorks` checks the members exist before a printer relies on them.
 */
import { CodeBlockWriter } from 'ts-morph';

const NEW_LINE = 10;
const CARRIAGE_RETURN = 13;
const BACK_SLASH = 92;
const FORWARD_SLASH = 47;
const ASTERISK = 42;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACK_TICK = 96;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const DOLLAR_SIGN = 36;
/** No character: where the writer's `_getLastCharCodeWithOffset` answers `undefined`. */
const NONE = -1;
/** code-block-writer's `CommentChar`. */
const LINE_COMMENT = 0;
const STAR_COMMENT = 1;

/** The characters that can change the writer's state (code-block-writer's `isCharToHandle`). */
const HANDLED = new Uint8Array(128);
for (const char of '\\/\n\r*"\'`{}') HANDLED[char.charCodeAt(0)] = 1;

/** code-block-writer's `isRegExStart`. */
function isRegExStart(current: number, past: number, pastPast: number): boolean {
  return (
    past === FORWARD_SLASH &&
    current !== FORWARD_SLASH &&
    current !== ASTERISK &&
    pastPast !== ASTERISK &&
    pastPast !== FORWARD_SLASH
  );
}

const INTERNAL_METHODS = [
  '_writeIndentingNewLines',
  '_updateInternalState',
  '_internalWrite',
  '_getLastCharCodeWithOffset',
  '_writeIndentation',
  '_baseWriteNewline',
] as const;

/** Whether this CodeBlockWriter still has the internals `QuickWriter` replaces (else print with ts-morph). */
export function quickWriterWorks(): boolean {
  const plain = new CodeBlockWriter() as unknown as Record<string, unknown>;
  const proto = CodeBlockWriter.prototype as unknown as Record<string, unknown>;
  return (
    INTERNAL_METHODS.every((name) => typeof proto[name] === 'function') &&
    Array.isArray(plain._texts) &&
    Array.isArray(plain._stringCharStack) &&
    plain._length === 0 &&
    plain._isInRegEx === false &&
    '_currentCommentChar' in plain
  );
}

/** The options every writer of a printed file shares (see `printFiles`' project settings). */
export const WRITER_OPTIONS = {
  newLine: '\n',
  indentNumberOfSpaces: 2,
  useTabs: false,
  useSingleQuote: true,
} as const;

export class QuickWriter extends CodeBlockWriter {
  /** The last character written and the one before it, `NONE` when there is none. */
  #last = NONE;
  #beforeLast = NONE;

  constructor() {
    super(WRITER_OPTIONS);
  }

  // CodeBlockWriter's own members, absent from its typings (set by its constructor).
  declare private _texts: string[];
  declare private _length: number;
  declare private _stringCharStack: number[];
  declare private _currentCommentChar: number | undefined;
  declare private _isInRegEx: boolean;
  declare private _writeIndentation: () => void;
  declare private _baseWriteNewline: () => void;

  override isLastNewLine(): boolean {
    return this.#last === NEW_LINE || this.#last === CARRIAGE_RETURN;
  }

  /**
   * Text written since the last look back, kept as one string: appending to a string is cheaper
   * than pushing to CodeBlockWriter's array and joining it (a large file is millions of writes).
   * It joins the array before anything reads it (`#settled`).
   */
  #pending = '';

  #settled(): string[] {
    if (this.#pending.length > 0) {
      this._texts.push(this.#pending);
      this.#pending = '';
    }
    return this._texts;
  }

  override toString(): string {
    this.#settled();
    return super.toString();
  }

  override isLastBlankLine(): boolean {
    this.#settled();
    return super.isLastBlankLine();
  }

  override iterateLastCharCodes<T>(
    action: (charCode: number, index: number) => T | undefined,
  ): T | undefined {
    this.#settled();
    return super.iterateLastCharCodes(action);
  }

  override unsafeInsert(pos: number, text: string): this {
    this.#settled();
    super.unsafeInsert(pos, text);
    // An insert near the end moves the last two characters: read them back.
    this.#last = this.#lastFromTexts(0);
    this.#beforeLast = this.#lastFromTexts(1);
    return this;
  }

  #lastFromTexts(offset: number): number {
    const texts = this.#settled();
    for (let i = texts.length - 1; i >= 0; i--) {
      const text = texts[i]!;
      if (offset < text.length) return text.charCodeAt(text.length - 1 - offset);
      offset -= text.length;
    }
    return NONE;
  }

  /** @internal code-block-writer's: the character `offset` places before the end. */
  _getLastCharCodeWithOffset(offset: number): number | undefined {
    if (offset === 0) return this.#last === NONE ? undefined : this.#last;
    if (offset === 1) return this.#beforeLast === NONE ? undefined : this.#beforeLast;
    return this.#lastFromTexts(offset) === NONE ? undefined : this.#lastFromTexts(offset);
  }

  /** @internal */
  _internalWrite(text: string): void {
    const length = text.length;
    if (length === 0) return;
    this.#pending += text;
    this._length += length;
    if (length === 1) {
      this.#beforeLast = this.#last;
      this.#last = text.charCodeAt(0);
    } else {
      this.#beforeLast = text.charCodeAt(length - 2);
      this.#last = text.charCodeAt(length - 1);
    }
  }

  /** @internal Writes each line, indenting those that start outside a string. */
  _writeIndentingNewLines(text: string | undefined): void {
    const all = text || '';
    if (all.length === 0) {
      this.#writeIndividual('');
      return;
    }
    let start = 0;
    for (;;) {
      const newLine = all.indexOf('\n', start);
      const end =
        newLine === -1
          ? all.length
          : newLine > start && all.charCodeAt(newLine - 1) === CARRIAGE_RETURN
            ? newLine - 1
            : newLine;
      if (start > 0) this._baseWriteNewline();
      if (end > start)
        this.#writeIndividual(start === 0 && end === all.length ? all : all.slice(start, end));
      if (newLine === -1) return;
      start = newLine + 1;
      if (start === all.length) {
        // A text ending in a new line: the empty last line still gets its new line.
        this._baseWriteNewline();
        return;
      }
    }
  }

  #writeIndividual(text: string): void {
    if (!this.isInString() && (this.#last === NONE || this.isLastNewLine()))
      this._writeIndentation();
    this._updateInternalState(text);
    this._internalWrite(text);
  }

  /** @internal code-block-writer's state machine, over a lookup table. */
  _updateInternalState(text: string): void {
    const state = this;
    const stack = state._stringCharStack;
    for (let i = 0; i < text.length; i++) {
      const current = text.charCodeAt(i);
      if (current >= 128 || HANDLED[current] === 0) continue;
      const past = i === 0 ? this.#last : text.charCodeAt(i - 1);
      const pastPast = i === 0 ? this.#beforeLast : i === 1 ? this.#last : text.charCodeAt(i - 2);
      const inString = stack.length > 0 && stack[stack.length - 1] !== OPEN_BRACE;
      if (state._isInRegEx) {
        if ((past === FORWARD_SLASH && pastPast !== BACK_SLASH) || past === NEW_LINE)
          state._isInRegEx = false;
        else continue;
      } else if (
        !inString &&
        state._currentCommentChar === undefined &&
        isRegExStart(current, past, pastPast)
      ) {
        state._isInRegEx = true;
        continue;
      }
      if (!inString) {
        const comment = state._currentCommentChar;
        if (comment == null && past === FORWARD_SLASH && current === FORWARD_SLASH)
          state._currentCommentChar = LINE_COMMENT;
        else if (comment == null && past === FORWARD_SLASH && current === ASTERISK)
          state._currentCommentChar = STAR_COMMENT;
        else if (comment === STAR_COMMENT && past === ASTERISK && current === FORWARD_SLASH)
          state._currentCommentChar = undefined;
      }
      if (state._currentCommentChar === LINE_COMMENT) {
        // Nothing but a new line (not in `text`) ends a line comment: the rest changes nothing.
        return;
      }
      if (state._currentCommentChar === STAR_COMMENT) {
        // Only a `*\/` ends it: go to its `/`, which the next round reads.
        const close = text.indexOf('*/', i);
        if (close === -1) return;
        i = close;
        continue;
      }
      const top = stack.length === 0 ? undefined : stack[stack.length - 1];
      if (
        past !== BACK_SLASH &&
        (current === DOUBLE_QUOTE || current === SINGLE_QUOTE || current === BACK_TICK)
      ) {
        if (top === current) stack.pop();
        else if (top === OPEN_BRACE || top === undefined) stack.push(current);
      } else if (
        pastPast !== BACK_SLASH &&
        past === DOLLAR_SIGN &&
        current === OPEN_BRACE &&
        top === BACK_TICK
      )
        stack.push(current);
      else if (current === CLOSE_BRACE && top === OPEN_BRACE) stack.pop();
    }
  }
}
