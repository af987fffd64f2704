/** Following `$ref`s to components (parameters, request bodies, responses, path items). */
import { followRefs, isObject, type RawObject } from '../document/read.js';
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
