/**
 * The loosest answers the contract allows (`responses: 'loosest'`): optional members left out
 * and nullable ones null, at every depth, so a client tested against the fake copes with the
 * sparsest answer the real service may give. Applied to every answer, made up or stored, on
 * its way out; the stored value is left alone. Unions keep their value (which member it
 * belongs to is not certain), and so do members nothing declares.
 */
import { isRecord } from '../../runtime/core/guard.js';
import { define } from '../own.js';
import { objectView, resolve, type SampleNode } from './sample-node.js';

/** The answer as loosely as `node` allows; beyond 64 levels it is left as it is. */
export function loosen(value: unknown, node: SampleNode, depth = 0): unknown {
  if (value === undefined || depth > 64) return value;
  const { node: target, nullable } = resolve(node);
  if (nullable) return null;
  const object = objectView(target);
  if (object !== undefined && isRecord(value)) {
    const required = new Set(object.required ?? []);
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const member = Object.prototype.hasOwnProperty.call(object.properties, key)
        ? object.properties[key]
        : undefined;
      if (member !== undefined && !required.has(key)) continue;
      const shape = member ?? object.additional;
      define(out, key, shape === undefined ? inner : loosen(inner, shape, depth + 1));
    }
    return out;
  }
  if (target.type === 'array' && Array.isArray(value))
    return value.map((item) => loosen(item, target.items, depth + 1));
  return value;
}
