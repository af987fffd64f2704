/**
 * How deep a document may nest: mappings and sequences inside one another, at most
 * `MAX_DEPTH` levels (the root mapping is level 1). Published API descriptions stay far
 * below it (GitHub's, fully dereferenced, nests 29 levels; ours 10), and every later stage is
 * safe well above it: the deepest one, the code formatter, fails on a chain of
 * `additionalProperties` about 250 levels deep. Past the limit a document is refused with a
 * located error rather than ending in a stack overflow somewhere downstream.
 *
 * Two checks, both without recursion:
 * - `firstTooDeep` walks a parsed value and names the first node past the limit, by pointer;
 *   it runs on each file as it is parsed (`withinDepthLimit`) and on a split spec's bundled
 *   value, where inlined path items and operations stack the depths of several files.
 * - `textTooDeep` guards the YAML parser itself, which recurses per level and gives up
 *   (with a bare "maximum call stack size exceeded") from about 800 levels: a cheap scan
 *   of the text's brackets and indentation refuses a text that nests about twice the limit
 *   before it is parsed. The scan is an estimate (it does not parse), so it only stands guard
 *   where the exact check cannot run: a text between the limit and the guard is parsed and
 *   refused by `firstTooDeep`, with its pointer.
 */
import { diagnostic, diagnosticAt, type Diagnostic } from '../shared/diagnostics.js';
import type { LoadResult, SourceDocument } from './load.js';
import { joinPointer } from '../shared/document/pointer.js';

export const MAX_DEPTH = 128;

/** The scan's threshold: far enough past the limit that its estimate never refuses a document within it. */
const PARSE_GUARD = 2 * MAX_DEPTH;

const CODE = 'too-deep';
const MESSAGE = `the document nests deeper than ${MAX_DEPTH} levels of mappings and sequences`;
const HINT =
  'no API description needs this depth: give deeply nested schemas names in components and refer to them with $ref';

/** The loader's two ways to parse one file (`load.ts`). */
export interface Parsers {
  /**
   * JSON.parse's fast path, or js-yaml's (which declines past the limit), or `undefined` when
   * the text must take the full parser's.
   */
  readonly fast: () => LoadResult | undefined;
  /** The YAML parser, which recurses per level. */
  readonly full: () => LoadResult;
}

/**
 * One file parsed, refused with a located `too-deep` error when its text or its value nests
 * deeper than `MAX_DEPTH`. `JSON.parse` nests without recursing, so only the full parser
 * waits for the scan.
 */
export function withinDepthLimit(file: string, text: string, parsers: Parsers): LoadResult {
  const fast = parsers.fast();
  let loaded = fast;
  if (!loaded) {
    const offset = textTooDeep(text);
    if (offset !== undefined) {
      const { line, column } = lineAndColumn(text, offset);
      const refused = { code: CODE, message: MESSAGE, hint: HINT, file, line, column };
      return { diagnostics: [diagnostic(refused)] };
    }
    loaded = parsers.full();
  }
  const document = loaded.document;
  const tokens = document ? firstTooDeep(document.value, MAX_DEPTH) : undefined;
  if (!document || tokens === undefined) return loaded;
  // A JSON text too deep for the YAML parser cannot be located through its syntax tree:
  // the scan (exact for JSON) gives the line and column of the first node past the limit.
  const offset = loaded === fast ? textTooDeep(text) : undefined;
  const pointer = joinPointer('', ...tokens);
  const tooDeep =
    offset === undefined
      ? diagnosticAt(document, CODE, pointer, MESSAGE, { hint: HINT })
      : diagnostic({
          code: CODE,
          message: MESSAGE,
          hint: HINT,
          file,
          pointer,
          ...lineAndColumn(text, offset),
        });
  return { diagnostics: [...loaded.diagnostics, tooDeep] };
}

/**
 * `loaded` refused when it is a split spec whose bundled value nests deeper than the limit
 * (a spec in one file was checked as it was parsed).
 */
export function bundledWithinDepthLimit(loaded: LoadResult): LoadResult {
  const { document } = loaded;
  if (!document || document.files.length < 2) return loaded;
  const tooDeep = depthDiagnostic(document);
  return tooDeep ? { diagnostics: [...loaded.diagnostics, tooDeep] } : loaded;
}

/** A `too-deep` error at the first node of `document` past the limit, if there is one. */
export function depthDiagnostic(document: SourceDocument): Diagnostic | undefined {
  const tokens = firstTooDeep(document.value, MAX_DEPTH);
  if (tokens === undefined) return undefined;
  return diagnosticAt(document, CODE, joinPointer('', ...tokens), MESSAGE, { hint: HINT });
}

/** One open mapping or sequence on the walk: its members and how far through them it is. */
interface Frame {
  readonly node: Readonly<Record<string, unknown>> | readonly unknown[];
  /** The members' keys for a mapping; `undefined` for a sequence (the token is the index). */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  index: number;
}

/**
 * The pointer tokens of the first mapping or sequence (in document order) at level
 * `limit + 1`, or `undefined` when `value` nests no deeper than `limit`. Depth-first on a
 * stack of its own, so any depth is walked safely.
 */
export function firstTooDeep(value: unknown, limit: number): string[] | undefined {
  return nestsDeeper(value, limit) ? pathPast(value, limit) : undefined;
}

/** Whether `value` nests deeper than `limit`: the quick answer (no keys, no paths) for every document. */
function nestsDeeper(value: unknown, limit: number): boolean {
  const nodes: unknown[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const child of node) {
        if (typeof child !== 'object' || child === null) continue;
        nodes.push(child);
        depths.push(depth + 1);
      }
    } else {
      for (const key in node) {
        const child = (node as Record<string, unknown>)[key];
        if (typeof child !== 'object' || child === null) continue;
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** The first node past `limit` in document order, by its pointer tokens (there must be one). */
function pathPast(value: unknown, limit: number): string[] | undefined {
  const frames: Frame[] = [];
  const open = (node: object): void => {
    if (Array.isArray(node)) frames.push({ node, keys: undefined, length: node.length, index: 0 });
    else {
      const keys = Object.keys(node);
      frames.push({ node: node as Record<string, unknown>, keys, length: keys.length, index: 0 });
    }
  };
  if (typeof value !== 'object' || value === null) return undefined;
  open(value);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.index >= frame.length) {
      frames.pop();
      continue;
    }
    const child = frame.keys
      ? (frame.node as Record<string, unknown>)[frame.keys[frame.index]!]
      : (frame.node as readonly unknown[])[frame.index];
    frame.index += 1;
    if (typeof child !== 'object' || child === null) continue;
    if (frames.length === limit) {
      // `child` is at level limit + 1: name it by the tokens of every open frame.
      return frames.map((f) => (f.keys ? f.keys[f.index - 1]! : String(f.index - 1)));
    }
    open(child);
  }
  return undefined;
}

/**
 * The offset where the text's nesting last went past `limit` on a branch that goes on past
 * `guard` (the first node past the limit on that branch), or `undefined`. An estimate from one pass over the text: block
 * collections by indentation (and `- - ` on one line), flow collections by their brackets,
 * skipping quoted scalars, block scalars (`|`, `>`) and comments; JSON is its flow case.
 */
export function textTooDeep(
  text: string,
  limit = MAX_DEPTH,
  guard = PARSE_GUARD,
): number | undefined {
  const end = text.length;
  /** The block collections open at this line: their indentation, and whether each is a sequence. */
  const indents: number[] = [];
  const sequence: boolean[] = [];
  const push = (indent: number, isSequence: boolean): void => {
    indents.push(indent);
    sequence.push(isSequence);
  };
  const pop = (): void => {
    indents.pop();
    sequence.pop();
  };
  let flow = 0;
  let crossed = 0;
  /** A collection opens at `offset`: `true` once the branch is past the guard. */
  const enter = (offset: number): boolean => {
    const depth = indents.length + flow;
    if (depth === limit + 1) crossed = offset;
    return depth > guard;
  };
  let i = 0;
  /** Indentation of the line that opened a block scalar, whose more indented lines are its text. */
  let blockScalar = -1;
  while (i < end) {
    const lineStart = i;
    while (i < end && text.charCodeAt(i) === 0x20) i += 1;
    const indent = i - lineStart;
    let lineEnd = text.indexOf('\n', i);
    if (lineEnd < 0) lineEnd = end;
    if (isBlank(text, i, lineEnd) || (blockScalar >= 0 && indent > blockScalar)) {
      i = lineEnd + 1;
      continue;
    }
    blockScalar = -1;
    if (flow === 0) {
      if (text.charCodeAt(i) === 0x23 /* # */) {
        i = lineEnd + 1;
        continue;
      }
      const dash = isEntry(text, i);
      while (indents.length > 0 && indents[indents.length - 1]! > indent) pop();
      // A sequence written at its mapping's indentation (`key:` then `- item`) ends at the next key.
      if (indents[indents.length - 1] === indent && sequence[sequence.length - 1] && !dash) pop();
      const top = indents[indents.length - 1];
      // A flow collection at the start of a line counts as itself, below.
      const opensFlow = isFlowStart(text.charCodeAt(i));
      const opens =
        top === undefined || top < indent || (top === indent && dash && !sequence.at(-1));
      if (!opensFlow && opens) {
        push(indent, dash);
        if (enter(i)) return crossed;
      }
      // `- - - x`: each further entry is a sequence (or mapping) one level down, at its column.
      while (isEntry(text, i)) {
        i += 2;
        while (text.charCodeAt(i) === 0x20) i += 1;
        // A scalar item opens nothing; a flow collection counts as itself, below.
        const inner = isEntry(text, i);
        const flowItem = isFlowStart(text.charCodeAt(i));
        if (i >= lineEnd || flowItem || (!inner && !hasKey(text, i, lineEnd))) break;
        push(i - lineStart, inner);
        if (enter(i)) return crossed;
      }
    }
    // The rest of the line (and of any quoted scalar that runs on past it).
    let valueStart = true;
    for (; i < lineEnd; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0d) continue;
      if (c === 0x23 /* # */ && (i === lineStart || isSpace(text.charCodeAt(i - 1)))) break;
      if (valueStart && (c === 0x22 /* " */ || c === 0x27) /* ' */) {
        i = closingQuote(text, i, c);
        if (i >= lineEnd) {
          lineEnd = text.indexOf('\n', i);
          if (lineEnd < 0) lineEnd = end;
        }
        valueStart = false;
      } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
        if (!valueStart && flow === 0) continue; // inside a plain scalar
        flow += 1;
        if (enter(i)) return crossed;
        valueStart = true;
      } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
        if (flow > 0) flow -= 1;
        valueStart = false;
      } else if (c === 0x2c /* , */) {
        valueStart = flow > 0;
      } else if (c === 0x3a /* : */) {
        valueStart = flow > 0 || isSpace(text.charCodeAt(i + 1)) || i + 1 >= lineEnd;
      } else if (valueStart && flow === 0 && (c === 0x7c /* | */ || c === 0x3e) /* > */) {
        blockScalar = indent;
        break;
      } else if (valueStart && (c === 0x26 /* & */ || c === 0x21) /* ! */) {
        while (i + 1 < lineEnd && !isSpace(text.charCodeAt(i + 1))) i += 1;
      } else {
        valueStart = false;
      }
    }
    i = lineEnd + 1;
  }
  return undefined;
}

/** The offset of the quote that closes the one at `open` (the end of the text if none does). */
function closingQuote(text: string, open: number, quote: number): number {
  const mark = quote === 0x22 ? '"' : "'";
  for (let i = text.indexOf(mark, open + 1); i >= 0; i = text.indexOf(mark, i + 1)) {
    if (quote === 0x27) {
      // `''` is a quote inside a single-quoted scalar.
      if (text.charCodeAt(i + 1) !== 0x27) return i;
      i += 1;
      continue;
    }
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 0x5c /* \ */) backslashes += 1;
    if (backslashes % 2 === 0) return i;
  }
  return text.length;
}

/** Whether the line from `from` holds a mapping key (`key: value` or `key:`), roughly. */
function hasKey(text: string, from: number, to: number): boolean {
  const c = text.charCodeAt(from);
  // A quoted scalar's colons are its text: only one after its closing quote makes it a key.
  const after = c === 0x22 || c === 0x27 ? closingQuote(text, from, c) : from;
  for (let i = text.indexOf(':', after); i >= 0 && i < to; i = text.indexOf(':', i + 1))
    if (i + 1 >= to || isSpace(text.charCodeAt(i + 1))) return true;
  return false;
}

/** Whether a block sequence entry (`- `) starts at `i`. */
function isEntry(text: string, i: number): boolean {
  return text.charCodeAt(i) === 0x2d /* - */ && isSpace(text.charCodeAt(i + 1));
}

function isFlowStart(c: number): boolean {
  return c === 0x5b /* [ */ || c === 0x7b; /* { */
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || Number.isNaN(c);
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}
