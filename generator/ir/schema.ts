/**
 * JSON Schema (OpenAPI 3.0 and 3.1 dialects) → IrType. Handles the shapes real documents
 * use: `nullable: true` and type arrays, `$ref` wrapped in `allOf` to add `nullable` or a
 * description, `oneOf` with a null branch, `const`, integer enums, maps, and refs that
 * point at other refs.
 */
import type { IrType, StringFormat } from './types.js';
import { convertArray, convertObject } from './containers.js';
import type { RawObject, Reporter } from './raw.js';
import { asArray, asNumber, asObject, asString, entries, joinPointer } from './raw.js';
import { refPointer, resolvePointer, splitPointer } from '../shared/document/pointer.js';
import { anchorPointer } from './deref.js';
import type { Hoisting } from './hoist.js';
import { readPattern } from './pattern.js';
import { reportIgnoredKeywords } from './ignored-keywords.js';

export interface SchemaContext {
  readonly root: unknown;
  readonly reporter: Reporter;
  /** `components.schemas` key → the schema's id in the IR (its pointer). */
  readonly schemaIds: ReadonlyMap<string, string>;
  /** Targets of references outside components.schemas being inlined right now, to catch cycles. */
  readonly inlining: Set<string>;
  /** Such targets found to refer back to themselves, declared as named types instead. */
  readonly hoisting: Hoisting;
}

const STRING_FORMATS: Readonly<Record<string, StringFormat>> = {
  'date-time': 'date-time',
  date: 'date',
  uri: 'uri',
  url: 'uri',
  email: 'email',
  uuid: 'uuid',
  decimal: 'decimal',
  binary: 'binary',
};

const NULL: IrType = { kind: 'null' };
const UNKNOWN: IrType = { kind: 'unknown' };

export function convertSchema(node: unknown, pointer: string, ctx: SchemaContext): IrType {
  // `false` matches nothing. Where it has a meaning (a forbidden property, no items past a
  // tuple's) the object and array cases handle it; anywhere else the IR has no `never`, and
  // `unknown` keeps the output usable.
  if (node === true || node === false || node === undefined) return UNKNOWN;
  const schema = asObject(node);
  if (!schema) {
    ctx.reporter.error('unsupported-schema', pointer, 'a schema must be an object or `true`');
    return UNKNOWN;
  }
  reportIgnoredKeywords(schema, pointer, ctx);
  const type = convertCore(schema, pointer, ctx);
  // OpenAPI 3.0 spells nullability as a sibling keyword. Beside a `$ref`, 3.1 documents write
  // it as `type: [object, 'null']`; strictly the ref's own type still applies, but what the
  // writer means (and the 3.0 form says) is "or null", and a client that refused the null
  // its API sends would be the worse error.
  const nullSibling = schema.$ref !== undefined && typeList(schema).includes('null');
  const full = schema.nullable === true || nullSibling ? nullable(type) : type;
  // A schema found to recur while it was converted is declared once, under its name: at its
  // own place as much as where it is referred to.
  const hoisted = ctx.hoisting.idOf(pointer);
  if (hoisted === undefined) return full;
  ctx.hoisting.define(pointer, full, schemaDocs(schema));
  return { kind: 'ref', name: hoisted };
}

function convertCore(schema: RawObject, pointer: string, ctx: SchemaContext): IrType {
  const ref = asString(schema.$ref);
  if (ref !== undefined) return convertRef(ref, pointer, ctx);

  if (Array.isArray(schema.allOf)) return convertAllOf(schema, pointer, ctx);
  const alternatives = Array.isArray(schema.oneOf)
    ? 'oneOf'
    : Array.isArray(schema.anyOf)
      ? 'anyOf'
      : undefined;
  if (alternatives) return convertAlternatives(schema, alternatives, pointer, ctx);

  if ('const' in schema) return literalOf(schema.const, pointer, ctx);
  // `enum: []` is read as no enum at all (a warning, `enum-empty`): the schema's other
  // keywords say what it holds.
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return convertEnum(schema.enum, pointer, ctx);

  const types = typeList(schema);
  if (types.length === 0) {
    if (
      schema.properties !== undefined ||
      schema.additionalProperties !== undefined ||
      schema.patternProperties !== undefined
    ) {
      return convertObject(schema, pointer, ctx);
    }
    if (schema.items !== undefined || schema.prefixItems !== undefined)
      return convertArray(schema, pointer, ctx);
    return UNKNOWN;
  }
  const members = types.map((t) => convertTyped(t, schema, pointer, ctx));
  return members.length === 1 ? members[0]! : { kind: 'union', members };
}

function typeList(schema: RawObject): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  return asArray(schema.type).filter((t): t is string => typeof t === 'string');
}

function convertTyped(
  type: string,
  schema: RawObject,
  pointer: string,
  ctx: SchemaContext,
): IrType {
  switch (type) {
    case 'string':
      return convertString(schema, pointer, ctx);
    case 'integer':
    case 'number':
      return {
        kind: 'number',
        integer: type === 'integer',
        ...numberBounds(schema),
      };
    case 'boolean':
      return { kind: 'boolean' };
    case 'null':
      return NULL;
    case 'array':
      return convertArray(schema, pointer, ctx);
    case 'object':
      return convertObject(schema, pointer, ctx);
    default:
      ctx.reporter.error(
        'unsupported-schema',
        joinPointer(pointer, 'type'),
        `unknown schema type '${type}'`,
      );
      return UNKNOWN;
  }
}

function convertString(schema: RawObject, pointer: string, ctx: SchemaContext): IrType {
  // 3.1's raw bytes of a media type (`contentMediaType: image/png`, no contentEncoding) are
  // 3.0's `format: binary`.
  const rawFormat =
    asString(schema.format) ??
    (schema.contentMediaType !== undefined && schema.contentEncoding === undefined
      ? 'binary'
      : undefined);
  const format = rawFormat === undefined ? undefined : (STRING_FORMATS[rawFormat] ?? 'other');
  const minLength = asNumber(schema.minLength);
  const maxLength = asNumber(schema.maxLength);
  const rawPattern = asString(schema.pattern);
  return {
    kind: 'string',
    ...(format !== undefined && format !== 'other' ? { format } : {}),
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(rawPattern !== undefined
      ? patternOf(rawPattern, joinPointer(pointer, 'pattern'), ctx)
      : {}),
  };
}

/** The pattern as the generated code tests it, or nothing (and a warning) when it cannot. */
function patternOf(
  raw: string,
  pointer: string,
  ctx: SchemaContext,
): { pattern?: string; patternWithoutUnicode?: true } {
  const reading = readPattern(raw);
  switch (reading.kind) {
    case 'unicode':
      return { pattern: reading.source };
    case 'plain':
      ctx.reporter.warning(
        'pattern-without-unicode',
        pointer,
        `pattern '${raw}' compiles in JavaScript only without the \`u\` flag: the client's checks test it so, but the forms validators and the fake server do not check it`,
        'write the pattern so that JavaScript compiles it with the `u` flag (no octal escapes, no quantified lookahead) to have it checked everywhere',
      );
      return { pattern: reading.source, patternWithoutUnicode: true };
    case 'unreadable':
      ctx.reporter.warning(
        'pattern-unchecked',
        pointer,
        `pattern '${raw}' is not a regular expression JavaScript can read (${reading.why}): values are not checked against it`,
        'write the pattern in the ECMA-262 dialect JSON Schema uses (`\\p{Script=Han}` rather than `\\p{Han}`, no `(?P<name>…)`) to have it checked',
      );
      return {};
  }
}

function numberBounds(schema: RawObject): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of ['minimum', 'maximum', 'multipleOf'] as const) {
    const value = asNumber(schema[key]);
    if (value !== undefined) out[key] = value;
  }
  // 3.0 writes exclusive bounds as booleans beside minimum/maximum; 3.1 as numbers.
  for (const [key, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const raw = schema[key];
    if (typeof raw === 'number') out[key] = raw;
    else if (raw === true && out[bound] !== undefined) {
      out[key] = out[bound]!;
      delete out[bound];
    }
  }
  return out;
}

export function schemaDocs(schema: RawObject): {
  title?: string;
  description?: string;
  deprecated?: boolean;
  example?: unknown;
} {
  const description = asString(schema.description);
  const title = asString(schema.title);
  const examples = asArray(schema.examples);
  const example =
    'example' in schema ? schema.example : examples.length > 0 ? examples[0] : undefined;
  return {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(schema.deprecated === true ? { deprecated: true } : {}),
    ...(example !== undefined ? { example } : {}),
  };
}

function convertRef(ref: string, pointer: string, ctx: SchemaContext): IrType {
  // `#node` names a schema by its 3.1 `$anchor`; validation has checked that one exists.
  const targetPointer = /^#[A-Za-z_][-A-Za-z0-9._]*$/.test(ref)
    ? anchorPointer(ctx.root, ref.slice(1))
    : refPointer(ref);
  const sourceName = componentSchemaName(ref);
  const id = sourceName === undefined ? undefined : ctx.schemaIds.get(sourceName);
  if (id !== undefined) return { kind: 'ref', name: id };
  // A schema elsewhere in the document (inside a path, or a property of a component) has no
  // name to declare, so it is inlined; one that refers back to itself is hoisted into a
  // named type (hoist.ts) the moment the recursion shows, and the ref goes through the name.
  const target =
    targetPointer === undefined ? undefined : resolvePointer(ctx.root, targetPointer).value;
  if (target !== undefined && targetPointer !== undefined) {
    const hoisted = ctx.hoisting.idOf(targetPointer);
    if (hoisted !== undefined) return { kind: 'ref', name: hoisted };
    if (ctx.inlining.has(targetPointer))
      return { kind: 'ref', name: ctx.hoisting.hoist(targetPointer) };
    ctx.inlining.add(targetPointer);
    const type = convertSchema(target, targetPointer, ctx);
    ctx.inlining.delete(targetPointer);
    return type;
  }
  ctx.reporter.error(
    'unsupported-ref',
    joinPointer(pointer, '$ref'),
    `schema reference '${ref}' does not resolve to a schema`,
    'point the reference at a schema in this document, such as #/components/schemas/<Name>',
  );
  return UNKNOWN;
}

function convertAllOf(schema: RawObject, pointer: string, ctx: SchemaContext): IrType {
  const members = asArray(schema.allOf).map((member, i) =>
    convertSchema(member, joinPointer(pointer, 'allOf', i), ctx),
  );
  // Sibling properties next to allOf form one more member.
  const siblings = schema.properties !== undefined ? [convertObject(schema, pointer, ctx)] : [];
  // A member that is anything (`{}`, `true`, a description alone) constrains nothing.
  const all = [...members, ...siblings].filter((m) => m.kind !== 'unknown');
  if (all.length === 0) return UNKNOWN;
  return all.length === 1 ? all[0]! : { kind: 'intersection', members: all };
}

function convertAlternatives(
  schema: RawObject,
  key: 'oneOf' | 'anyOf',
  pointer: string,
  ctx: SchemaContext,
): IrType {
  // A `false` member (3.1) matches nothing, so it adds nothing to the alternatives.
  const members = asArray(schema[key]).flatMap((member, i) =>
    member === false ? [] : [convertSchema(member, joinPointer(pointer, key, i), ctx)],
  );
  const discriminator = convertDiscriminator(schema, ctx);
  const flat = dedupe(
    members.flatMap((m) => (m.kind === 'union' && !m.discriminator ? m.members : [m])),
  );
  if (flat.length === 0) return UNKNOWN;
  // A member that is anything (`{}`, `true`) makes the union anything: `X | unknown` is
  // `unknown` in TypeScript too, and a guard has nothing to tell apart.
  if (flat.some((m) => m.kind === 'unknown')) return UNKNOWN;
  if (flat.length === 1) return flat[0]!;
  return { kind: 'union', members: flat, ...(discriminator ? { discriminator } : {}) };
}

/** `#/components/schemas/Pet~1Cat` → `Pet/Cat`; undefined for a ref to anywhere else. */
function componentSchemaName(ref: string): string | undefined {
  const pointer = refPointer(ref);
  const tokens = pointer === undefined ? undefined : splitPointer(pointer);
  return tokens?.length === 3 && tokens[0] === 'components' && tokens[1] === 'schemas'
    ? tokens[2]
    : undefined;
}

function convertDiscriminator(schema: RawObject, ctx: SchemaContext) {
  const raw = asObject(schema.discriminator);
  const property = asString(raw?.propertyName);
  if (!raw || property === undefined) return undefined;
  const mapping = entries(raw.mapping).flatMap(([value, target]) => {
    const text = asString(target) ?? '';
    const id = ctx.schemaIds.get(componentSchemaName(text) ?? text);
    return id !== undefined ? [{ value, schema: id }] : [];
  });
  return { property, mapping };
}

function convertEnum(values: readonly unknown[], pointer: string, ctx: SchemaContext): IrType {
  const nonNull = values.filter((v) => v !== null);
  const scalars = nonNull.filter((v): v is string | number | boolean =>
    ['string', 'number', 'boolean'].includes(typeof v),
  );
  // A value listed twice counts once (a warning, `enum-duplicate`).
  const kept = scalars.filter((v, i) => scalars.indexOf(v) === i);
  if (scalars.length !== nonNull.length) {
    ctx.reporter.error(
      'unsupported-schema',
      joinPointer(pointer, 'enum'),
      'enum values must be strings, numbers, booleans or null',
      'describe structured values with properties instead of listing them',
    );
  }
  // An enum of only `null` is how some generators spell "or null" inside a oneOf.
  if (kept.length === 0) return NULL;
  // `enum: [true, false]` has no TypeScript enum form; its values become a union of literals.
  const base: IrType = kept.every((v): v is string | number => typeof v !== 'boolean')
    ? { kind: 'enum', values: kept }
    : { kind: 'union', members: kept.map((value) => ({ kind: 'literal', value })) };
  return values.includes(null) ? nullable(base) : base;
}

function literalOf(value: unknown, pointer: string, ctx: SchemaContext): IrType {
  if (value === null) return NULL;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return { kind: 'literal', value };
  }
  ctx.reporter.error(
    'unsupported-schema',
    joinPointer(pointer, 'const'),
    'only string, number, boolean and null constants are supported',
  );
  return UNKNOWN;
}

export function nullable(type: IrType): IrType {
  if (type.kind === 'null' || type.kind === 'unknown') return type;
  if (type.kind === 'union')
    return type.members.some((m) => m.kind === 'null')
      ? type
      : { ...type, members: [...type.members, NULL] };
  return { kind: 'union', members: [type, NULL] };
}

/** The items in order, each once: equal when their JSON is (types, invalidations: plain data). */
export function dedupe<T>(types: readonly T[]): T[] {
  const seen = new Set<string>();
  return types.filter((t) => {
    const key = JSON.stringify(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
