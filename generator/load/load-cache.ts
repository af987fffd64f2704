/**
 * A YAML spec's plain value remembered across runs by its text (`cache.ts`): parsing our
 * 75 KB spec with the `yaml` package is the largest single cost of a run whose other work
 * is cached, and its answer depends on the text alone. Only a document that loaded without a
 * single diagnostic is remembered, and only when its value is a plain JSON tree, so that
 * `JSON.parse` gives back exactly what the YAML parser gave: no shared objects (YAML
 * aliases), no `NaN`, infinities or `-0`, no `__proto__` keys, nothing but plain objects,
 * arrays, strings, finite numbers, booleans and null. Anything else takes the parser's path
 * on every run, as before.
 */
import { createRequire } from 'node:module';
import { contentKey } from '../shared/cache.js';

let yamlVersion: string | undefined;
/** The key of a text: the parser's version and this format's, then the text. */
export function loadKey(text: string): string {
  yamlVersion ??= (createRequire(import.meta.url)('yaml/package.json') as { version: string })
    .version;
  return contentKey('yaml-value-2', yamlVersion, text);
}

/** `value` as JSON text when `JSON.parse` of it gives an equal tree; otherwise `undefined`. */
export function treeAsJson(value: unknown): string | undefined {
  const seen = new Set<object>();
  const plain = (node: unknown): boolean => {
    if (node === null || typeof node === 'string' || typeof node === 'boolean') return true;
    if (typeof node === 'number') return Number.isFinite(node) && !Object.is(node, -0);
    if (typeof node !== 'object' || seen.has(node)) return false;
    seen.add(node);
    if (Array.isArray(node)) return node.every(plain);
    if (Object.getPrototypeOf(node) !== Object.prototype) return false;
    if (Object.hasOwn(node, '__proto__') || Object.getOwnPropertySymbols(node).length > 0)
      return false;
    return Object.values(node).every(plain);
  };
  return plain(value) ? JSON.stringify(value) : undefined;
}
