/**
 * JSON Schema → IrMirrorSchema: the type openapi-typescript 7 gives a schema, following its
 * schema transform step by step, since code written against its output indexes exactly those
 * shapes. In its order: `false` is `never`, a `$ref` is an indexed access (its siblings unread),
 * `const` and `enum` are literals; then the schema's own type (the object's properties, with a
 * discriminator property where it extends a discriminated base), intersected with its allOf
 * members (`Omit<>` for a discriminated one, `WithRequired<>` for a `$ref` whose properties the
 * parent requires), joined to its anyOf members (`|`) and intersected with its oneOf (`&`).
 * Documents come rewritten for discriminators (mirror-discriminators.ts).
 */
import type { IrMirrorProperty, IrMirrorSchema, MirrorKeyword } from './types.js';
import { asArray, asObject, asString, entries, joinPointer, type RawObject } from './raw.js';
import { refPointer, splitPointer } from '../shared/document/pointer.js';
import { resolveThroughRefs, type MirrorDiscriminators } from './mirror-discriminators.js';

export interface MirrorSchemaContext {
  /** The document as rewritten for discriminators. */
  readonly root: unknown;
  readonly discriminators: MirrorDiscriminators;
}

const keyword = (name: MirrorKeyword): IrMirrorSchema => ({ kind: 'keyword', keyword: name });
const UNKNOWN = keyword('unknown');
const NEVER = keyword('never');
const NULL = keyword('null');
/** The roots a `$ref` can be typed through: the types the package declares. */
const REF_ROOTS = new Set(['components', 'paths', 'webhooks']);

/**
 * Where a schema sits. `path` is openapi-typescript's path of it: a JSON pointer, except that a
 * property adds only its name (no `properties`) and an allOf member or `items` keeps its
 * parent's. It decides where a `default` leaves a property optional and where a discriminator
 * applies, and names the enums `--enum` declares. `pointer` is its JSON pointer in the
 * document, where a warning about it is located.
 */
export interface MirrorAt {
  readonly path: string;
  readonly pointer: string;
}

/** A place inside `at`: `path` takes the first tokens, `pointer` the second. */
export function within(
  at: MirrorAt,
  path: readonly (string | number)[],
  pointer: readonly (string | number)[],
): MirrorAt {
  return { path: joinPointer(at.path, ...path), pointer: joinPointer(at.pointer, ...pointer) };
}

export function mirrorSchema(
  node: unknown,
  at: MirrorAt,
  ctx: MirrorSchemaContext,
): IrMirrorSchema {
  if (node === true) return UNKNOWN;
  if (!node) return NEVER;
  const schema = asObject(node);
  // openapi-typescript stops on a schema that is not an object; a validated document has none.
  if (!schema) return UNKNOWN;
  if ('$ref' in schema) return refType(schema.$ref);
  if (schema.const !== null && schema.const !== undefined) return literal(schema.const);
  if (
    Array.isArray(schema.enum) &&
    schema.type !== 'object' &&
    !('properties' in schema) &&
    !('additionalProperties' in schema)
  ) {
    const orNull =
      (Array.isArray(schema.type) && schema.type.includes('null')) || !!schema.nullable;
    const listed = schema.enum;
    if (listed.length > 0 && listed.every((v) => typeof v === 'string' || typeof v === 'number'))
      return enumOf(schema, listed, at, orNull);
    const values = listed.map(literal);
    return union(orNull ? [...values, NULL] : values);
  }
  return composed(schema, at, ctx);
}

function composed(schema: RawObject, at: MirrorAt, ctx: MirrorSchemaContext): IrMirrorSchema {
  const core = coreType(schema, at, ctx);
  const allOf = allOfMembers(schema, at, ctx);
  let type: IrMirrorSchema | undefined =
    core || allOf.length > 0 ? intersection([...(core ? [core] : []), ...allOf]) : undefined;
  const anyOf = asArray(schema.anyOf).map((m, i) =>
    mirrorSchema(m, within(at, ['anyOf', i], ['anyOf', i]), ctx),
  );
  if (anyOf.length > 0) type = union([...(type ? [type] : []), ...anyOf]);
  // An object schema's `enum` lists schemas here, as openapi-typescript reads it.
  const oneOfRaw = schema.oneOf || (schema.type === 'object' ? schema.enum : undefined);
  const oneOf = asArray(oneOfRaw).map((m, i) =>
    mirrorSchema(m, within(at, ['oneOf', i], [schema.oneOf ? 'oneOf' : 'enum', i]), ctx),
  );
  if (oneOf.length > 0) {
    type = oneOf.every(isPrimitive)
      ? union([...(type ? [type] : []), ...oneOf])
      : intersection([...(type ? [type] : []), union(oneOf)]);
  }
  type ??= 'type' in schema ? { kind: 'empty-record' } : UNKNOWN;
  return schema.nullable && !isUnknown(type) ? union([type, NULL]) : type;
}

/** The schema's own type, from `type` and the object keywords; undefined where it has none. */
function coreType(
  schema: RawObject,
  at: MirrorAt,
  ctx: MirrorSchemaContext,
): IrMirrorSchema | undefined {
  const { path } = at;
  if (schema.type) {
    switch (schema.type) {
      case 'null':
        return NULL;
      case 'string':
        return keyword('string');
      case 'number':
      case 'integer':
        return keyword('number');
      case 'boolean':
        return keyword('boolean');
      case 'array':
        return arrayType(schema, at, ctx);
    }
    if (Array.isArray(schema.type)) return typeList(schema, schema.type, at, ctx);
  }
  const properties: IrMirrorProperty[] = [];
  const discriminated = (schema.allOf || schema.anyOf) && !schema.discriminator;
  const base = discriminated ? ctx.discriminators.objects.get(path) : undefined;
  if (base && !ctx.discriminators.handled.has(path))
    properties.push({
      name: base.propertyName,
      type: { kind: 'literal', value: discriminatorValue(path, base.mapping) },
      required: true,
      requiredByDefault: false,
      readOnly: false,
    });
  const declared = entries(schema.properties);
  const isObject =
    declared.length > 0 ||
    !!schema.additionalProperties ||
    !!schema.patternProperties ||
    !!schema.$defs;
  if (!isObject) return properties.length > 0 ? objectOf(properties, [], false) : undefined;
  const required = asArray(schema.required);
  // openapi-typescript leaves a property with a default optional where its path names
  // parameters or a request body, since a sender may leave it out there.
  const sent = path.includes('parameters') || path.includes('requestBody');
  for (const [name, raw] of declared) {
    const property = asObject(raw);
    if (!property && typeof raw !== 'boolean') continue;
    // Declared again after the discriminator's property, it is a duplicate member in
    // openapi-typescript's output, which does not compile there; here the discriminator's stays.
    if (properties.some((p) => p.name === name)) continue;
    const ref = property && '$ref' in property ? property.$ref : undefined;
    properties.push({
      name,
      type: ref ? refType(ref) : mirrorSchema(raw, within(at, [name], ['properties', name]), ctx),
      required: required.includes(name),
      requiredByDefault: hasDefault(property) && !sent,
      readOnly: !!property?.readOnly,
    });
  }
  const defs = entries(schema.$defs);
  if (defs.length > 0)
    properties.push({
      name: '$defs',
      type: objectOf(
        defs.map(([name, raw]) => ({
          name,
          type: mirrorSchema(raw, within(at, ['$defs', name], ['$defs', name]), ctx),
          required: true,
          requiredByDefault: false,
          readOnly: !!asObject(raw)?.readOnly,
        })),
        [],
        false,
      ),
      required: true,
      requiredByDefault: false,
      readOnly: false,
    });
  const extra = schema.additionalProperties;
  const extraObject = asObject(extra);
  const index = [
    ...(extraObject && Object.keys(extraObject).length > 0
      ? [mirrorSchema(extra, within(at, [], ['additionalProperties']), ctx)]
      : []),
    ...(extra === true || (extraObject && Object.keys(extraObject).length === 0) ? [UNKNOWN] : []),
    ...entries(schema.patternProperties).map(([key, raw]) =>
      mirrorSchema(raw, within(at, [], ['patternProperties', key]), ctx),
    ),
  ];
  return objectOf(properties, index, !extra);
}

function hasDefault(property: RawObject | undefined): boolean {
  return !!property && 'default' in property && property.default !== undefined;
}

function objectOf(
  properties: IrMirrorProperty[],
  index: IrMirrorSchema[],
  openByOption: boolean,
): IrMirrorSchema {
  return { kind: 'object', properties, index, openByOption };
}

/** `type: [string, null]`: a member per type, less the primitive ones a oneOf beside it lists. */
function typeList(
  schema: RawObject,
  types: unknown[],
  at: MirrorAt,
  ctx: MirrorSchemaContext,
): IrMirrorSchema {
  const oneOf = Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  const members = types.flatMap((t) => {
    const primitive = ['boolean', 'string', 'number', 'integer', 'null'].includes(String(t));
    if (oneOf && primitive && oneOf.some((o) => asObject(o)?.type === t)) return [];
    if (t === 'null' || t === null) return [NULL];
    const one = oneOf ? { ...schema, type: t, oneOf: undefined } : { ...schema, type: t };
    return [mirrorSchema(one, at, ctx)];
  });
  return union(members);
}

function arrayType(schema: RawObject, at: MirrorAt, ctx: MirrorSchemaContext): IrMirrorSchema {
  const positions = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined);
  const listedAt = schema.prefixItems ? 'prefixItems' : 'items';
  if (positions)
    return {
      kind: 'tuple',
      items: asArray(positions).map((item, i) =>
        mirrorSchema(item, within(at, [], [listedAt, i]), ctx),
      ),
    };
  if (!schema.items) return { kind: 'array', items: UNKNOWN };
  const items = mirrorSchema(schema.items, within(at, [], ['items']), ctx);
  // An element type that comes out as an array or tuple is not wrapped again unless the
  // items say `type: array` themselves (openapi-typescript's test is on the node it built).
  if (
    asObject(schema.items)?.type !== 'array' &&
    (items.kind === 'array' || items.kind === 'tuple')
  )
    return items;
  return { kind: 'array', items };
}

function allOfMembers(schema: RawObject, at: MirrorAt, ctx: MirrorSchemaContext): IrMirrorSchema[] {
  const required = asArray(schema.required).filter((r): r is string => typeof r === 'string');
  return asArray(schema.allOf).map((item, i) => {
    const member = asObject(item) ?? {};
    const ref = '$ref' in member ? asString(member.$ref) : undefined;
    let type: IrMirrorSchema;
    if ('$ref' in member) {
      type = refType(member.$ref);
      const target = ref === undefined ? undefined : refPointer(ref);
      const resolved = target === undefined ? undefined : resolveThroughRefs(ctx.root, target);
      // A base the discriminator rewrite made its property required for needs no helper.
      if (resolved && 'properties' in resolved && !ctx.discriminators.handled.has(target!)) {
        const properties = asObject(resolved.properties) ?? {};
        const keys = required.filter((key) => !!properties[key]);
        if (keys.length > 0) type = { kind: 'with-required', type, keys };
      }
    } else {
      const own = asArray(member.required).filter((r): r is string => typeof r === 'string');
      type = mirrorSchema(
        { ...member, required: [...required, ...own] },
        within(at, [], ['allOf', i]),
        ctx,
      );
    }
    const discriminator =
      (ref !== undefined && ctx.discriminators.objects.get(refPointer(ref) ?? '')?.propertyName) ||
      asString(asObject(member.discriminator)?.propertyName);
    return discriminator ? { kind: 'omit', type, keys: [discriminator] } : type;
  });
}

/**
 * The value a schema extending a discriminated base has: the mapping's key that names it (by
 * ref or by bare name), else its own name, the last token of its path.
 */
function discriminatorValue(path: string, mapping: readonly (readonly [string, string])[]): string {
  const name = splitPointer(path)?.pop() ?? '';
  const lastToken = (ref: string) => splitPointer(refPointer(ref) ?? '')?.pop();
  const named = mapping.find(([, ref]) =>
    ref.startsWith('#') ? lastToken(ref) === name : ref === name,
  );
  return named ? named[0] : name;
}

/** A `$ref` as an indexed access through the type of its root; one the package has no type for is `unknown`. */
function refType(ref: unknown): IrMirrorSchema {
  const pointer = typeof ref === 'string' ? refPointer(ref) : undefined;
  const tokens = pointer === undefined ? undefined : splitPointer(pointer);
  if (!tokens || tokens.length === 0 || !REF_ROOTS.has(tokens[0]!)) return UNKNOWN;
  return { kind: 'ref', tokens };
}

/**
 * An enum of strings and numbers, the kind openapi-typescript's `--enum` declares (a list with
 * a `null` it leaves a union); the names and descriptions extensions give are read by position.
 */
function enumOf(
  schema: RawObject,
  listed: readonly (string | number)[],
  at: MirrorAt,
  orNull: boolean,
): IrMirrorSchema {
  // The first extension with an entry at the position gives it, as openapi-typescript reads them.
  const byPosition =
    (...keys: string[]) =>
    (i: number) =>
      keys.map((k) => asArray(schema[k])[i]).find((v) => v !== undefined && v !== null);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const nameAt = byPosition('x-enum-varnames', 'x-enumNames');
  const descriptionAt = byPosition('x-enum-descriptions', 'x-enumDescriptions');
  const members = listed.map((value, i) => {
    const name = text(nameAt(i));
    const description = text(descriptionAt(i));
    return {
      value,
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
    };
  });
  return { kind: 'enum', path: at.path, pointer: at.pointer, members, orNull };
}

function literal(value: unknown): IrMirrorSchema {
  if (value === null) return NULL;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { kind: 'literal', value };
  // An object or array constant: openapi-typescript writes its literal type; the mirror does not.
  return UNKNOWN;
}

/** What openapi-typescript calls primitive: a keyword type other than `unknown`. */
function isPrimitive(type: IrMirrorSchema): boolean {
  return type.kind === 'keyword' && type.keyword !== 'unknown';
}

function isUnknown(type: IrMirrorSchema): boolean {
  return type.kind === 'keyword' && type.keyword === 'unknown';
}

function union(members: IrMirrorSchema[]): IrMirrorSchema {
  return combine('union', members);
}

function intersection(members: IrMirrorSchema[]): IrMirrorSchema {
  return combine('intersection', members);
}

/** Each member once; none is `never`, one is itself (openapi-typescript's `tsUnion`, `tsIntersection`). */
function combine(kind: 'union' | 'intersection', members: IrMirrorSchema[]): IrMirrorSchema {
  const seen = new Set<string>();
  const unique = members.filter((m) => {
    // Enums of the same values are one union member wherever they sit (their path names only
    // the enum `--enum` declares, and there two enums of one list are rare enough to merge).
    const key = JSON.stringify(m.kind === 'enum' ? { ...m, path: '', pointer: '' } : m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return NEVER;
  return unique.length === 1 ? unique[0]! : { kind, members: unique };
}
