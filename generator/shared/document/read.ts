/**
 * Typed reading of a raw OpenAPI document: the one reader the validator and the IR builder
 * share. Every accessor checks the shape first, because the semantic rules also run on
 * documents the schema check rejected, so an unexpected shape gives `undefined`, not a crash.
 */
import { refPointer, resolvePointer } from './pointer.js';

export type RawObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is RawObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown): RawObject | undefined {
  return isObject(value) ? value : undefined;
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Own member of an object, never one inherited from `Object.prototype` (`constructor`, `__proto__`). */
export function member(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Object entries in document order (YAML and JSON parsers keep insertion order). */
export function entries(value: unknown): [string, unknown][] {
  return isObject(value) ? Object.entries(value) : [];
}

/** Where a chain of `$ref`s ended. */
export interface Followed {
  /** The last node reached, and its pointer. */
  readonly value: unknown;
  readonly pointer: string;
  /**
   * Why the chain stopped before a node without `$ref`: a reference back into the chain
   * (`cycle`, with the pointer of the `$ref` that closes it) or one naming nothing
   * (`unresolved`). Absent when it reached such a node.
   */
  readonly stop?: {
    readonly reason: 'cycle' | 'unresolved';
    readonly ref: string;
    readonly at: string;
  };
}

/** Follows local `$ref`s from `value` (found at `pointer`) to what they name. */
export function followRefs(root: unknown, value: unknown, pointer: string): Followed {
  const seen = new Set<string>([pointer]);
  let current = { value, pointer };
  for (;;) {
    const ref = member(current.value, '$ref');
    if (typeof ref !== 'string') return current;
    const at = `${current.pointer}/$ref`;
    const target = refPointer(ref);
    const resolved = target === undefined ? { found: false } : resolvePointer(root, target);
    if (target === undefined || !resolved.found)
      return { ...current, stop: { reason: 'unresolved', ref, at } };
    if (seen.has(target)) return { ...current, stop: { reason: 'cycle', ref, at } };
    seen.add(target);
    current = { value: resolved.value, pointer: target };
  }
}
