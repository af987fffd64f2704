/**
 * The one check a JSON document needs that `JSON.parse` does not make: duplicate keys
 * (`JSON.parse` silently keeps the last). One pass over text `JSON.parse` has already
 * accepted, so it only tracks containers, strings and commas, never validates. This lets a
 * large JSON document (GitHub's is 13 MB) skip the YAML parser's syntax tree entirely.
 */
import { joinPointer } from './pointer.js';

export interface DuplicateKey {
  readonly name: string;
  /** Offsets of the first and the repeated key in the text. */
  readonly firstOffset: number;
  readonly offset: number;
  /** JSON pointer of the repeated member. */
  readonly pointer: string;
}

interface Container {
  /** Key → offset of its first occurrence; `undefined` for an array. */
  readonly keys?: Map<string, number>;
  /** Object: whether the next string is a key. Array: the current index. */
  expectKey: boolean;
  index: number;
  /** This container's token in its parent (a key or an index). */
  readonly token: string;
  /** The member being read: its key (objects). */
  current: string;
}

/** Duplicate keys in `text`, which must be valid JSON (`JSON.parse` accepted it). */
export function duplicateJsonKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Container[] = [];
  const childToken = (): string => {
    const top = stack.at(-1);
    if (!top) return '';
    return top.keys ? top.current : String(top.index);
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const token = childToken();
      stack.push(
        c === 0x7b
          ? { keys: new Map(), expectKey: true, index: 0, token, current: '' }
          : { expectKey: false, index: 0, token, current: '' },
      );
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack.at(-1);
      if (top?.keys) top.expectKey = true;
      else if (top) top.index += 1;
    } else if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i += 1; i < text.length; i += 1) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) {
          escaped = true;
          i += 1;
        } else if (d === 0x22) break;
      }
      const top = stack.at(-1);
      if (!top?.keys || !top.expectKey) continue;
      const raw = text.slice(start, i + 1);
      const name = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      top.expectKey = false;
      top.current = name;
      const first = top.keys.get(name);
      if (first === undefined) {
        top.keys.set(name, start);
        continue;
      }
      const parents = stack.slice(1).map((s) => s.token);
      found.push({
        name,
        firstOffset: first,
        offset: start,
        pointer: joinPointer('', ...parents, name),
      });
    }
  }
  return found;
}
