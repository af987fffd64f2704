/**
 * The discriminators of a document as openapi-typescript 7 reads them before it types a single
 * schema. It rewrites the document first: each schema a `oneOf` with a discriminator names (by
 * its mapping, or by the last token of its `$ref`) gets the discriminator property as a
 * required string of those values. Then it notes, for every schema, the discriminator it lives
 * under: its own, or the one of an allOf `$ref` it extends. The schema transform (mirror-schema.ts)
 * reads both. The rewrite is made on a copy, which only the mirror reads: the IR proper keeps the
 * document as written.
 */
import { asArray, asObject, asString, entries, joinPointer, type RawObject } from './raw.js';
import { refPointer, resolvePointer } from '../shared/document/pointer.js';

export interface MirrorDiscriminator {
  readonly propertyName: string;
  /** Value → `$ref` as written (`#/components/schemas/Cat`, or a bare schema name). */
  readonly mapping: readonly (readonly [string, string])[];
}

export interface MirrorDiscriminators {
  /** Schema pointer (`/components/schemas/Cat`) → the discriminator it has or extends. */
  readonly objects: ReadonlyMap<string, MirrorDiscriminator>;
  /** Schemas that got their discriminator property from the rewrite. */
  readonly handled: ReadonlySet<string>;
}

/** A copy of `root` with openapi-typescript's rewrite, and what it found. */
export function scanDiscriminators(root: unknown): {
  document: unknown;
  discriminators: MirrorDiscriminators;
} {
  const document = structuredClone(root);
  const objects = new Map<string, MirrorDiscriminator>();
  const handled = new Set<string>();
  walk(document, '', (node, pointer) => {
    const discriminator = discriminatorOf(node.discriminator);
    if (!discriminator) return;
    objects.set(pointer, discriminator);
    if (!Array.isArray(node.oneOf)) return;
    // By ref: the values the mapping gives it, else the ref's last token.
    const values = new Map<string, { inferred?: string; defined?: string[] }>();
    for (const member of node.oneOf) {
      const ref = asString(asObject(member)?.$ref);
      const last = ref?.split('/').pop();
      if (ref !== undefined && last) values.set(ref, { ...values.get(ref), inferred: last });
    }
    for (const [value, ref] of discriminator.mapping) {
      const entry = values.get(ref);
      if (entry?.defined) entry.defined.push(value);
      else values.set(ref, { defined: [value] });
    }
    for (const [ref, { inferred, defined }] of values) {
      const target = refPointer(ref);
      if (target === undefined || handled.has(target)) continue;
      const patchedValues = defined ?? (inferred !== undefined ? [inferred] : []);
      if (patchedValues.length === 0) continue;
      if (patch(document, target, discriminator.propertyName, patchedValues)) handled.add(target);
    }
  });
  walk(document, '', (node, pointer) => {
    for (const member of asArray(node.allOf)) {
      const object = asObject(member);
      const ref = asString(object?.$ref);
      if (ref !== undefined) {
        const base = objects.get(refPointer(ref) ?? '');
        // openapi-typescript stops at the first `$ref` that has no discriminator.
        if (!base) return;
        const values = base.mapping.filter(([, to]) => refPointer(to) === pointer).map(([v]) => v);
        if (values.length > 0 && patch(document, pointer, base.propertyName, values))
          handled.add(pointer);
        objects.set(pointer, base);
      } else {
        const own = discriminatorOf(object?.discriminator);
        if (own) objects.set(pointer, own);
      }
    }
  });
  return { document, discriminators: { objects, handled } };
}

function discriminatorOf(raw: unknown): MirrorDiscriminator | undefined {
  const object = asObject(raw);
  const propertyName = asString(object?.propertyName);
  if (object === undefined || !propertyName) return undefined;
  const mapping = entries(object.mapping).flatMap(([value, ref]) => {
    const text = asString(ref);
    return text ? [[value, text] as const] : [];
  });
  return { propertyName, mapping };
}

/**
 * Makes the discriminator property of the schema at `pointer` (through any `$ref`s) a required
 * string of `values`: a new allOf member for a composed schema, the property replaced for an
 * object. Anything else is left as it is (openapi-typescript warns).
 */
function patch(document: unknown, pointer: string, property: string, values: string[]): boolean {
  // The copy is ours to change.
  const schema = resolveThroughRefs(document, pointer) as Record<string, unknown> | undefined;
  if (!schema) return false;
  if (Array.isArray(schema.allOf)) {
    schema.allOf.push({
      type: 'object',
      required: [property],
      properties: { [property]: { type: 'string', enum: values } },
    });
    return true;
  }
  if (schema.type !== 'object') return false;
  const properties = (asObject(schema.properties) ?? {}) as Record<string, unknown>;
  schema.properties = properties;
  const required = Array.isArray(schema.required) ? schema.required : [];
  if (!required.includes(property)) required.push(property);
  schema.required = required;
  properties[property] = { type: 'string', enum: values };
  return true;
}

export function resolveThroughRefs(
  document: unknown,
  pointer: string,
  seen = new Set<string>(),
): RawObject | undefined {
  const node = asObject(resolvePointer(document, pointer).value);
  const ref = asString(node?.$ref);
  if (ref === undefined) return node;
  const next = refPointer(ref);
  if (next === undefined || seen.has(next)) return undefined;
  seen.add(next);
  return resolveThroughRefs(document, next, seen);
}

/** Every object in `node`, parents before children, keys in their order: openapi-typescript's walk. */
function walk(node: unknown, pointer: string, visit: (node: RawObject, pointer: string) => void) {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, joinPointer(pointer, i), visit));
    return;
  }
  const object = asObject(node);
  if (!object) return;
  visit(object, pointer);
  for (const [key, value] of Object.entries(object)) walk(value, joinPointer(pointer, key), visit);
}
