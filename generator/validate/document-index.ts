/**
 * What the semantic rules read from a document, gathered in one walk and kept per document:
 * every `$ref`, every `enum`, every `$anchor`, and the operations under `paths` and
 * `webhooks`. Every accessor checks types first, because the rules also run on documents
 * the schema check rejected (the shared reader in `shared/document/read.ts` sees to that).
 */
import { pathItemOperations } from '../shared/document/methods.js';
import { isExtensionKey, NAME_MAPS } from '../shared/document/name-maps.js';
import { joinPointer } from '../shared/document/pointer.js';
import { followRefs, isObject, member, type RawObject } from '../shared/document/read.js';
import type { SourceDocument } from '../load/load.js';

export type JsonObject = RawObject;

export interface RefSite {
  /** Pointer of the `$ref` member itself. */
  readonly pointer: string;
  readonly ref: string;
}

export interface EnumSite {
  /** Pointer of the `enum` member. */
  readonly pointer: string;
  readonly values: readonly unknown[];
}

export interface OperationSite {
  /** `paths` or `webhooks`. */
  readonly section: string;
  /** The path template (`/users/{id}`) or webhook name. */
  readonly key: string;
  readonly method: string;
  readonly pointer: string;
  readonly operation: JsonObject;
  /** The path item after following a `$ref`, and where that is. */
  readonly pathItem: JsonObject;
  readonly pathItemPointer: string;
}

export interface DocumentIndex {
  readonly refs: readonly RefSite[];
  readonly enums: readonly EnumSite[];
  readonly anchors: ReadonlySet<string>;
  readonly operations: readonly OperationSite[];
}

const cache = new WeakMap<SourceDocument, DocumentIndex>();

export function indexDocument(doc: SourceDocument): DocumentIndex {
  let index = cache.get(doc);
  if (!index) {
    index = { ...walk(doc.value), operations: collectOperations(doc.value) };
    cache.set(doc, index);
  }
  return index;
}

/** Keys whose value is example or default data, where `$ref` and `enum` are just data. */
const LITERALS = new Set(['example', 'default', 'const']);

function walk(root: unknown): Omit<DocumentIndex, 'operations'> {
  const refs: RefSite[] = [];
  const enums: EnumSite[] = [];
  const anchors = new Set<string>();
  // The loader never produces cycles, but a hand-built document might; `active` keeps the
  // walk finite on one without skipping shared (aliased) subtrees, which each have their own pointers.
  const active = new Set<unknown>();
  const visit = (
    node: unknown,
    pointer: string,
    parentKey: string | undefined,
    grandparentKey: string | undefined,
  ): void => {
    if (typeof node !== 'object' || node === null || active.has(node)) return;
    active.add(node);
    if (Array.isArray(node)) {
      // Items of an array are objects in their own right, never a map of names (`parameters`
      // is a name map in `components` but a list of Parameter Objects in an operation).
      node.forEach((item, index) => visit(item, joinPointer(pointer, index), undefined, undefined));
    } else {
      const names = parentKey !== undefined && NAME_MAPS.has(parentKey);
      for (const [key, value] of Object.entries(node)) {
        const at = joinPointer(pointer, key);
        if (isExtensionKey(key, parentKey, grandparentKey)) continue;
        if (names) {
          visit(value, at, key, parentKey);
          continue;
        }
        if (LITERALS.has(key)) continue;
        if (key === 'value' && grandparentKey === 'examples') continue;
        // A link's parameters and request body are runtime expressions and values.
        if ((key === 'parameters' || key === 'requestBody') && grandparentKey === 'links') continue;
        if (key === 'examples' && Array.isArray(value)) continue;
        if (key === '$ref' && typeof value === 'string') refs.push({ pointer: at, ref: value });
        else if (key === '$anchor' && typeof value === 'string') anchors.add(value);
        else if (key === 'enum' && Array.isArray(value)) enums.push({ pointer: at, values: value });
        else visit(value, at, key, parentKey);
      }
    }
    active.delete(node);
  };
  visit(root, '', undefined, undefined);
  return { refs, enums, anchors };
}

function collectOperations(root: unknown): OperationSite[] {
  const operations: OperationSite[] = [];
  for (const section of ['paths', 'webhooks']) {
    const items = member(root, section);
    if (!isObject(items)) continue;
    for (const [key, raw] of Object.entries(items)) {
      // A webhook's name is the author's, `x-` or not; a path is a path only with its `/`.
      if (section === 'paths' && !key.startsWith('/')) continue;
      const item = followRefs(root, raw, joinPointer('', section, key));
      if (!isObject(item.value)) continue;
      for (const { method, keys, operation } of pathItemOperations(item.value)) {
        if (!isObject(operation)) continue;
        operations.push({
          section,
          key,
          method,
          pointer: joinPointer(item.pointer, ...keys),
          operation,
          pathItem: item.value,
          pathItemPointer: item.pointer,
        });
      }
    }
  }
  return operations;
}
