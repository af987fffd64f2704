/** Following `$ref`s to components (parameters, request bodies, responses, path items). */
import type { RawObject } from './raw.js';
import { asObject, asString, joinPointer, resolvePointer } from './raw.js';
import type { SchemaContext } from './schema.js';

interface Located<T> {
  readonly value: T;
  readonly pointer: string;
}

/** Follows `$ref`s (to any local place) until a non-ref object; cycles give undefined. */
export function deref(node: unknown, pointer: string, ctx: SchemaContext): Located<RawObject> | undefined {
  let current: Located<unknown> = { value: node, pointer };
  const seen = new Set<string>();
  for (;;) {
    const object = asObject(current.value);
    const ref = asString(object?.$ref);
    if (!object) return undefined;
    if (ref === undefined) return { value: object, pointer: current.pointer };
    if (seen.has(ref)) {
      ctx.reporter.error('ref-cycle', joinPointer(current.pointer, '$ref'), `reference '${ref}' refers back to itself`);
      return undefined;
    }
    seen.add(ref);
    const target = resolvePointer(ctx.root, ref);
    if (target === undefined) return undefined; // reported by validation
    current = { value: target, pointer: ref.slice(1) };
  }
}

