/**
 * JSON Schema keywords the generated types and guards do not apply, though they change which
 * values a schema allows: each is a located warning at the keyword, so that a reader of the
 * document knows the client accepts (and lets the caller send) more than it says. Keywords
 * that only document (`title`, `format`, `xml`, `contentMediaType` …) are not reported.
 */
import type { RawObject } from './raw.js';
import { asObject, asString, entries, joinPointer } from './raw.js';
import type { SchemaContext } from './schema.js';
import { warnOnce } from './left-out.js';

/** Keywords that constrain values and that nothing reads, with what they constrain. */
const UNREAD: readonly (readonly [keyword: string, what: string])[] = [
  ['not', 'the values it rules out'],
  ['if', 'the conditions of if/then/else'],
  ['dependentSchemas', 'what a present property requires of the rest'],
  ['dependentRequired', 'the properties a present property requires'],
  ['dependencies', 'what a present property requires of the rest'],
  ['propertyNames', 'which property names are allowed'],
  ['contains', 'what a list must contain'],
  ['unevaluatedProperties', 'the properties no other keyword names'],
  ['unevaluatedItems', 'the items no other keyword names'],
];

/** Keywords that give a schema members or properties: beside a `$ref` in 3.1, they are not read. */
const STRUCTURAL = ['properties', 'required', 'allOf', 'oneOf', 'anyOf', 'items', 'enum', 'const'];

const HINT =
  'the client accepts such values and lets callers send them; check them in your own code if it matters';

export function reportIgnoredKeywords(
  schema: RawObject,
  pointer: string,
  ctx: SchemaContext,
): void {
  for (const [keyword, what] of UNREAD) {
    const value = schema[keyword];
    // `true` (and `{}`) constrain nothing.
    if (value === undefined || value === true) continue;
    if (asObject(value) && Object.keys(value as object).length === 0) continue;
    // `if` alone constrains nothing: only `then` or `else` give it a consequence.
    if (keyword === 'if' && schema.then === undefined && schema.else === undefined) continue;
    warnOnce(
      ctx.reporter,
      'ignored-keyword',
      joinPointer(pointer, keyword),
      `'${keyword}' is not applied by the generated types and guards, so ${what} go unchecked`,
      HINT,
    );
  }
  const beside = besideRead(schema, ctx.root);
  if (beside)
    warnOnce(
      ctx.reporter,
      'ignored-keyword',
      joinPointer(pointer, beside.ignored),
      `'${beside.ignored}' beside '${beside.read}' is not read: the type is the ${beside.read === '$ref' ? "reference's" : `${beside.read}'s`} alone`,
      beside.read === '$ref'
        ? `move the reference into an allOf with the '${beside.ignored}' beside it`
        : `move the '${beside.ignored}' into the ${beside.read}'s members, or combine them with allOf`,
    );
  reportMapping(schema, pointer, ctx);
}

/**
 * A keyword the schema reader passes over because another one decides the type: the reader
 * takes `$ref`, then `allOf` (with `properties`), then `oneOf`, then `anyOf`. A `$ref`'s
 * siblings are ignored by OpenAPI 3.0 itself, so only 3.1 and 3.2 documents are told.
 */
function besideRead(
  schema: RawObject,
  root: unknown,
): { readonly read: string; readonly ignored: string } | undefined {
  if (typeof schema.$ref === 'string') {
    const version = asString(asObject(root)?.openapi) ?? '';
    if (!/^3\.[12]\./.test(version)) return undefined;
    const ignored = STRUCTURAL.find((k) => schema[k] !== undefined);
    return ignored ? { read: '$ref', ignored } : undefined;
  }
  if (Array.isArray(schema.allOf)) {
    const ignored = ['oneOf', 'anyOf'].find((k) => Array.isArray(schema[k]));
    return ignored ? { read: 'allOf', ignored } : undefined;
  }
  const read = Array.isArray(schema.oneOf)
    ? 'oneOf'
    : Array.isArray(schema.anyOf)
      ? 'anyOf'
      : undefined;
  if (!read) return undefined;
  if (read === 'oneOf' && Array.isArray(schema.anyOf)) return { read, ignored: 'anyOf' };
  return schema.properties !== undefined ? { read, ignored: 'properties' } : undefined;
}

/** Discriminator mappings to schemas outside components.schemas, which the union cannot name. */
function reportMapping(schema: RawObject, pointer: string, ctx: SchemaContext): void {
  const discriminator = asObject(schema.discriminator);
  if (!discriminator || !(Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf))) return;
  for (const [value, target] of entries(discriminator.mapping)) {
    const text = asString(target) ?? '';
    const name = text.startsWith('#/components/schemas/')
      ? text.slice('#/components/schemas/'.length)
      : text;
    if (ctx.schemaIds.has(name.replace(/~1/g, '/').replace(/~0/g, '~'))) continue;
    warnOnce(
      ctx.reporter,
      'discriminator-mapping',
      joinPointer(pointer, 'discriminator', 'mapping', value),
      `the mapping of '${value}' names '${text}', not a schema of components.schemas, so the client does not use it to tell the members apart`,
      'map the value to a schema under #/components/schemas',
    );
  }
}
