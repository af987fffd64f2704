/**
 * What the semantic rules read from a document, gathered in one walk and kept per document:
 * every `$ref`, every `enum`, every `$anchor`, and the operations under `paths` and
 * `webhooks`. Every accessor checks types first, because the rules also run on documents
 * the schema check rejected.
 */
import { joinPointer, splitPointer } from '../diagnostics.js';
import type { SourceDocument } from '../load.js';

export type JsonObject = Record<string, unknown>;

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

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const cache = new WeakMap<SourceDocument, DocumentIndex>();

export function indexDocument(doc: SourceDocument): DocumentIndex {
  let index = cache.get(doc);
  if (!index) {
    index = { ...walk(doc.value), operations: collectOperations(doc.value) };
    cache.set(doc, index);
  }
  return index;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own member of an object, never one inherited from `Object.prototype` (`constructor`, `__proto__`). */
export function member(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** The value at a JSON pointer, if every step exists. */
export function resolvePointer(root: unknown, pointer: string): { found: boolean; value?: unknown } {
  const tokens = splitPointer(pointer);
  if (!tokens) return { found: false };
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < node.length) {
      node = node[Number(token)];
    } else if (isObject(node) && Object.hasOwn(node, token)) {
      node = node[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: node };
}

/**
 * The JSON pointer a local `$ref` names (`#/components/schemas/User%20Id` →
 * `/components/schemas/User Id`), or `undefined` if the ref is not local or not a pointer.
 */
export function refPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  const fragment = percentDecode(ref.slice(1));
  return fragment === undefined || (fragment !== '' && !fragment.startsWith('/')) ? undefined : fragment;
}

/** Follows local `$ref`s from `value` (at `pointer`) to what they name; stops at a cycle or a dead end. */
export function deref(root: unknown, value: unknown, pointer: string): { value: unknown; pointer: string } {
  const seen = new Set<string>([pointer]);
  let current = { value, pointer };
  for (;;) {
    const ref = member(current.value, '$ref');
    const target = typeof ref === 'string' ? refPointer(ref) : undefined;
    if (target === undefined || seen.has(target)) return current;
    const resolved = resolvePointer(root, target);
    if (!resolved.found) return current;
    seen.add(target);
    current = { value: resolved.value, pointer: target };
  }
}

/** URI fragments are percent-encoded; a malformed escape leaves the text as written. */
function percentDecode(text: string): string | undefined {
  if (!text.includes('%')) return text;
  // decodeURIComponent throws URIError on a malformed escape (`%zz`, a cut UTF-8 sequence);
  // that is a property of the input, reported by the caller as an unresolved reference.
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Keys whose value is a map from names to objects: inside them a key such as `default`,
 * `example` or `enum` is a name (a response code, a property called "example"), not a keyword.
 */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'paths',
  'webhooks',
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'content',
  'encoding',
  'variables',
  'mapping',
]);

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
        if (names) {
          visit(value, at, key, parentKey);
          continue;
        }
        if (key.startsWith('x-') || LITERALS.has(key)) continue;
        if (key === 'value' && grandparentKey === 'examples') continue;
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
      if (key.startsWith('x-') || (section === 'paths' && !key.startsWith('/'))) continue;
      const item = deref(root, raw, joinPointer('', section, key));
      if (!isObject(item.value)) continue;
      for (const method of HTTP_METHODS) {
        const operation = member(item.value, method);
        if (!isObject(operation)) continue;
        operations.push({
          section,
          key,
          method,
          pointer: joinPointer(item.pointer, method),
          operation,
          pathItem: item.value,
          pathItemPointer: item.pointer,
        });
      }
    }
  }
  return operations;
}
