/** Following `$ref`s to components (parameters, request bodies, responses, path items). */
import { followRefs, isObject, type RawObject } from '../shared/document/read.js';
import { joinPointer } from '../shared/document/pointer.js';
import { isExtensionKey, NAME_MAPS } from '../shared/document/name-maps.js';
import type { SchemaContext } from './schema.js';

interface Located<T> {
  readonly value: T;
  readonly pointer: string;
}

/** Follows `$ref`s (to any local place) until a non-ref object; a cycle is reported and gives undefined. */
export function deref(
  node: unknown,
  pointer: string,
  ctx: SchemaContext,
): Located<RawObject> | undefined {
  const followed = followRefs(ctx.root, node, pointer);
  if (followed.stop?.reason === 'cycle') {
    ctx.reporter.error(
      'ref-cycle',
      followed.stop.at,
      `reference '${followed.stop.ref}' refers back to itself`,
    );
    return undefined;
  }
  // An unresolved reference was reported by validation.
  if (followed.stop || !isObject(followed.value)) return undefined;
  return { value: followed.value, pointer: followed.pointer };
}

const anchorIndexes = new WeakMap<object, ReadonlyMap<string, string>>();

/**
 * The pointer of the schema a 3.1 `$anchor` names (`$ref: '#node'` → the schema holding
 * `$anchor: node`), or undefined. The document is walked once, on the first anchor ref;
 * example and default data and extensions are skipped, as validation skips them.
 */
export function anchorPointer(root: unknown, name: string): string | undefined {
  if (typeof root !== 'object' || root === null) return undefined;
  let index = anchorIndexes.get(root);
  if (!index) {
    const found = new Map<string, string>();
    const active = new Set<unknown>();
    const visit = (node: unknown, pointer: string, parent?: string, grand?: string): void => {
      if (typeof node !== 'object' || node === null || active.has(node)) return;
      active.add(node);
      const anchor = (node as RawObject).$anchor;
      if (typeof anchor === 'string' && !found.has(anchor)) found.set(anchor, pointer);
      // In a map of names (`properties`) `x-foo` is a property and `default` a name, not data.
      const names = parent !== undefined && NAME_MAPS.has(parent);
      for (const [key, value] of Object.entries(node)) {
        if (isExtensionKey(key, parent, grand)) continue;
        if (!names && ['example', 'default', 'const'].includes(key)) continue;
        if (!names && key === 'examples' && Array.isArray(value)) continue;
        visit(value, joinPointer(pointer, key), Array.isArray(node) ? undefined : key, parent);
      }
      active.delete(node);
    };
    visit(root, '');
    index = found;
    anchorIndexes.set(root, index);
  }
  return index.get(name);
}
