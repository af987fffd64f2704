/**
 * The containers of JSON Schema → IrType: arrays (with 3.1 tuples) and objects (with maps
 * and `patternProperties`). Split from schema.ts, which converts the rest.
 */
import type { IrProperty, IrType } from './types.js';
import type { RawObject } from './raw.js';
import { asArray, asNumber, asObject, entries, joinPointer } from './raw.js';
import { convertSchema, dedupe, schemaDocs, type SchemaContext } from './schema.js';

const UNKNOWN: IrType = { kind: 'unknown' };

export function convertArray(schema: RawObject, pointer: string, ctx: SchemaContext): IrType {
  const minItems = asNumber(schema.minItems);
  const maxItems = asNumber(schema.maxItems);
  return {
    kind: 'array',
    items: convertItems(schema, pointer, ctx),
    ...(minItems !== undefined ? { minItems } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
    ...(schema.uniqueItems === true ? { uniqueItems: true as const } : {}),
  };
}

/**
 * The type of an array's elements. A 3.1 tuple (`prefixItems`, then `items` for the rest, or
 * `items: false` for none) has no tuple form in the IR: its elements are any of its positions'
 * types, which every valid tuple satisfies.
 */
function convertItems(schema: RawObject, pointer: string, ctx: SchemaContext): IrType {
  const prefix = asArray(schema.prefixItems);
  if (prefix.length === 0) return convertSchema(schema.items, joinPointer(pointer, 'items'), ctx);
  const positions = prefix.map((item, i) =>
    convertSchema(item, joinPointer(pointer, 'prefixItems', i), ctx),
  );
  // Without `items`, elements past the prefix may be anything.
  const rest =
    schema.items === false ? [] : [convertSchema(schema.items, joinPointer(pointer, 'items'), ctx)];
  const members = dedupe([...positions, ...rest]);
  if (members.some((m) => m.kind === 'unknown')) return UNKNOWN;
  return members.length === 1 ? members[0]! : { kind: 'union', members };
}

/**
 * The type of the values under keys that are not declared properties. `patternProperties`
 * (JSON Schema) name keys by a pattern, which TypeScript cannot; their values join the
 * map's value type, so an object that `additionalProperties: false` closes still admits them.
 */
function convertAdditional(schema: RawObject, pointer: string, ctx: SchemaContext): IrType | false {
  const extra = schema.additionalProperties;
  const patterns = entries(schema.patternProperties).map(([pattern, raw]) =>
    convertSchema(raw, joinPointer(pointer, 'patternProperties', pattern), ctx),
  );
  const additional: IrType | false =
    extra === false
      ? false
      : extra === undefined || extra === true
        ? UNKNOWN
        : convertSchema(extra, joinPointer(pointer, 'additionalProperties'), ctx);
  if (patterns.length === 0 || (additional !== false && additional.kind === 'unknown'))
    return additional;
  const members = dedupe([...patterns, ...(additional === false ? [] : [additional])]);
  if (members.some((m) => m.kind === 'unknown')) return UNKNOWN;
  return members.length === 1 ? members[0]! : { kind: 'union', members };
}

export function convertObject(schema: RawObject, pointer: string, ctx: SchemaContext): IrType {
  const required = new Set(
    asArray(schema.required).filter((r): r is string => typeof r === 'string'),
  );
  const properties: IrProperty[] = entries(schema.properties)
    // `name: false` forbids the property: it is not declared at all.
    .filter(([, raw]) => raw !== false)
    .map(([name, raw]) =>
      convertProperty(name, raw, required.has(name), joinPointer(pointer, 'properties', name), ctx),
    );
  const additional = convertAdditional(schema, pointer, ctx);
  const minProperties = asNumber(schema.minProperties);
  const maxProperties = asNumber(schema.maxProperties);
  return {
    kind: 'object',
    properties,
    additional,
    ...(minProperties !== undefined ? { minProperties } : {}),
    ...(maxProperties !== undefined ? { maxProperties } : {}),
  };
}

function convertProperty(
  name: string,
  raw: unknown,
  required: boolean,
  pointer: string,
  ctx: SchemaContext,
): IrProperty {
  const schema = asObject(raw) ?? {};
  const docs = schemaDocs(schema);
  return {
    name,
    type: convertSchema(raw, pointer, ctx),
    required,
    readOnly: flag(schema, 'readOnly'),
    writeOnly: flag(schema, 'writeOnly'),
    ...docs,
    ...('default' in schema ? { default: schema.default } : {}),
  };
}

/** readOnly and friends may sit on the property or, wrapped in allOf, on its only member. */
function flag(schema: RawObject, key: 'readOnly' | 'writeOnly'): boolean {
  if (schema[key] === true) return true;
  return asArray(schema.allOf).some((member) => asObject(member)?.[key] === true);
}
