/**
 * Where a JSON pointer is in JSON text, found by scanning the text rather than building a YAML
 * tree of it: for GitHub's 13 MB description the tree costs ten seconds and half a gigabyte,
 * which the first warning of a run would otherwise pay. It answers as the YAML locator does
 * (`load-yaml.ts`): a member at its key, an array item at the item, the nearest existing ancestor
 * when the pointer goes further than the document, lines and columns from 1.
 *
 * Each container the pointers pass through is scanned once, and the places of its members are
 * kept, so that a thousand warnings under `/paths` scan `/paths` once.
 */
import { splitPointer } from './pointer.js';

interface Position {
  readonly line: number;
  readonly column: number;
}

/** The members of one object or array: each key (or index) with where its key and value start. */
type Members = Map<string, { readonly at: number; readonly value: number }>;

/** A `locate` for valid JSON text (the loader has parsed it already). */
export function jsonLocator(text: string): (pointer: string) => Position {
  const members = new Map<number, Members>();
  let lineStarts: number[] | undefined;
  const position = (offset: number): Position => {
    lineStarts ??= startsOfLines(text);
    // The last line starting at or before the offset.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
  const root = skipSpace(text, 0);
  return (pointer) => {
    const tokens = splitPointer(pointer.startsWith('#') ? pointer.slice(1) : pointer);
    if (tokens === undefined || root >= text.length) return { line: 0, column: 0 };
    let value = root;
    let offset = root;
    for (const token of tokens) {
      const open = text[value];
      if (open !== '{' && open !== '[') break;
      let known = members.get(value);
      if (!known) members.set(value, (known = scanContainer(text, value)));
      const found = known.get(token);
      // An array index is written without leading zeros (`01` names nothing), as in load-yaml.ts.
      if (!found || (open === '[' && !/^(0|[1-9][0-9]*)$/.test(token))) break;
      offset = found.at;
      value = found.value;
    }
    return position(offset);
  };
}

function startsOfLines(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

const SPACE = new Set([' ', '\t', '\n', '\r', '\ufeff']);

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && SPACE.has(text[i]!)) i++;
  return i;
}

/** The members of the object or array opening at `start`. */
function scanContainer(text: string, start: number): Members {
  const found: Members = new Map();
  const object = text[start] === '{';
  let i = skipSpace(text, start + 1);
  let index = 0;
  while (i < text.length && text[i] !== (object ? '}' : ']')) {
    if (object) {
      const keyEnd = endOfString(text, i);
      const key = JSON.parse(text.slice(i, keyEnd)) as string;
      const value = skipSpace(text, skipSpace(text, keyEnd) + 1);
      found.set(key, { at: i, value });
      i = endOfValue(text, value);
    } else {
      found.set(String(index++), { at: i, value: i });
      i = endOfValue(text, i);
    }
    i = skipSpace(text, i);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return found;
}

/** The offset just after the string opening at `start`. */
function endOfString(text: string, start: number): number {
  // From quote to quote (a tenth of the time of a step per character over GitHub's `paths`):
  // a quote ends the string unless an odd number of backslashes escapes it.
  for (let i = text.indexOf('"', start + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return i + 1;
  }
  return text.length;
}

const BACKSLASH = 0x5c;

/** What a container's extent depends on: strings (which may hold brackets) and brackets. */
const STRUCTURE = /["{}[\]]/g;

/** The offset just after the value starting at `start`. */
function endOfValue(text: string, start: number): number {
  const c = text[start];
  if (c === '"') return endOfString(text, start);
  if (c !== '{' && c !== '[') {
    let i = start;
    while (i < text.length && !',}] \t\n\r'.includes(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  STRUCTURE.lastIndex = start;
  for (let found = STRUCTURE.exec(text); found; found = STRUCTURE.exec(text)) {
    const d = found[0];
    if (d === '"') STRUCTURE.lastIndex = endOfString(text, found.index);
    else if (d === '{' || d === '[') depth++;
    else if (--depth === 0) return found.index + 1;
  }
  return text.length;
}
