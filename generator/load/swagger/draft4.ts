/**
 * Schema forms that Swagger 2.0 allows and OpenAPI 3.0 does not. A 2.0 Schema Object is
 * JSON Schema draft 4, whose `type` may be a list (`["null", "string"]`) or `"null"`, and
 * whose `items` may be a list (a tuple: one schema per position); 3.0 has neither, so after
 * the conversion the validator would refuse a valid 2.0 document (Slack's Web API, 52 times).
 * Each is rewritten into the 3.0 form with the same meaning before the upgrader runs:
 *
 * - a type list is nullable when it lists `"null"`, and a union (`anyOf`, one branch per type
 *   with that type's keywords) when it lists several other types: exactly what it says;
 * - a tuple has no 3.0 form: it becomes an array whose items are any of the listed schemas,
 *   which every valid tuple satisfies (the first schema alone would mistype the others),
 *   and a located warning says so.
 *
 * Works in place on the copy `prepare.ts` makes, at the original's pointers.
 */
import { joinPointer } from '../../shared/document/pointer.js';
import { isObject, member } from '../../shared/document/read.js';
import { OPERATION_KEYS } from './parameters.js';
import type { Finding } from './prepare.js';

type Mutable = Record<string, unknown>;

/** Rewrites every type list and tuple in the schemas of `document`; a finding for each tuple. */
export function readDraft4Forms(document: Mutable): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<object>();
  const schema = (pointer: string, value: unknown) => readSchema(value, pointer, findings, seen);
  const inParameter = (pointer: string, parameter: unknown) =>
    schema(joinPointer(pointer, 'schema'), member(parameter, 'schema'));
  const inResponses = (pointer: string, responses: unknown) => {
    for (const [status, response] of entries(responses))
      schema(joinPointer(pointer, status, 'schema'), member(response, 'schema'));
  };
  const inList = (pointer: string, list: unknown) => {
    if (Array.isArray(list)) list.forEach((p, i) => inParameter(joinPointer(pointer, i), p));
  };
  for (const [name, value] of entries(document.definitions))
    schema(joinPointer('/definitions', name), value);
  for (const [name, value] of entries(document.parameters))
    inParameter(joinPointer('/parameters', name), value);
  inResponses('/responses', document.responses);
  for (const [path, item] of entries(document.paths)) {
    inList(joinPointer('/paths', path, 'parameters'), member(item, 'parameters'));
    for (const method of OPERATION_KEYS) {
      const operation = member(item, method);
      const at = joinPointer('/paths', path, method);
      inList(joinPointer(at, 'parameters'), member(operation, 'parameters'));
      inResponses(joinPointer(at, 'responses'), member(operation, 'responses'));
    }
  }
  return findings;
}

/** Keywords whose values are schemas, each a map of names, a list, or one schema. */
const SCHEMA_MAPS = ['properties', 'definitions', 'patternProperties'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SCHEMA_MEMBERS = ['additionalProperties', 'additionalItems', 'not'];

/**
 * `node` and the schemas inside it, innermost first: a node is rewritten after its children
 * were read at the pointers they have in the original.
 */
function readSchema(node: unknown, pointer: string, findings: Finding[], seen: Set<object>): void {
  // A YAML alias is one object in several places: it is read once, at the first.
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  // Beside a `$ref`, 2.0 ignores every other keyword.
  if ('$ref' in node) return;
  const schema = node as Mutable;
  const read = (value: unknown, ...tokens: (string | number)[]) =>
    readSchema(value, joinPointer(pointer, ...tokens), findings, seen);
  for (const key of SCHEMA_MAPS)
    for (const [name, value] of entries(schema[key])) read(value, key, name);
  for (const key of SCHEMA_LISTS)
    if (Array.isArray(schema[key])) schema[key].forEach((value, i) => read(value, key, i));
  for (const key of SCHEMA_MEMBERS) read(schema[key], key);
  if (Array.isArray(schema.items)) {
    schema.items.forEach((value, i) => read(value, 'items', i));
    findings.push(readTuple(schema, joinPointer(pointer, 'items')));
  } else read(schema.items, 'items');
  readTypeList(schema);
}

/**
 * `items: [A, B]` (with `additionalItems` for the positions after them) read as an array
 * whose every item is A or B: the union of the schemas listed, each once; the one schema
 * when they all agree. `additionalItems: false` caps the length at the positions listed.
 */
function readTuple(schema: Mutable, pointer: string): Finding {
  const listed = schema.items as unknown[];
  const extra = schema.additionalItems;
  const distinct = new Map<string, unknown>();
  for (const item of [...listed, ...(isObject(extra) ? [extra] : [])])
    distinct.set(JSON.stringify(item), item);
  const members = [...distinct.values()];
  schema.items = members.length === 1 ? members[0] : members.length === 0 ? {} : { anyOf: members };
  if (extra === false && schema.maxItems === undefined) schema.maxItems = listed.length;
  // OpenAPI 3.0 has no `additionalItems`: it is part of the reading above.
  delete schema.additionalItems;
  const reading =
    members.length === 1
      ? 'an array of the one schema it lists'
      : members.length === 0
        ? 'an array of anything'
        : `an array whose items are any of the ${members.length} schemas it lists`;
  return {
    code: 'swagger-tuple-items',
    pointer,
    message: `\`items\` is a list (a tuple, one schema per position), which OpenAPI 3 cannot express; it is read as ${reading}`,
    hint:
      members.length > 1
        ? 'the client does not check which schema stands at which position; if every item has the same schema, write `items` as that one schema'
        : 'write `items` as one schema rather than a list to say what every item is',
  };
}

/** The keywords that apply to one type in JSON Schema draft 4 (the rest apply to any). */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: ['format', 'pattern', 'minLength', 'maxLength'],
  number: ['format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems'],
  object: [
    'properties',
    'additionalProperties',
    'patternProperties',
    'required',
    'minProperties',
    'maxProperties',
    'discriminator',
  ],
};

/**
 * `type: [X, "null"]` → `type: X, nullable: true`; `type: "null"` → only null (an enum of
 * it); `type: [X, Y]` → `anyOf` of one branch per type, each with the keywords of its type,
 * or no `type` at all beside an `enum`, whose values already say which are allowed. A list
 * with anything but type names is left for the validator to report.
 */
function readTypeList(schema: Mutable): void {
  const listed = schema.type;
  if (!Array.isArray(listed) && listed !== 'null') return;
  const names = Array.isArray(listed) ? listed : [listed];
  if (names.length === 0 || !names.every((t): t is string => typeof t === 'string')) return;
  const types = [...new Set(names)].filter((t) => t !== 'null');
  delete schema.type;
  if (names.includes('null')) schema.nullable = true;
  if (types.length === 0) {
    schema.enum ??= [null];
    return;
  }
  if (types.length === 1 || 'enum' in schema) {
    if (types.length === 1) schema.type = types[0];
    return;
  }
  const branches = types.map((type) => {
    const branch: Mutable = { type };
    for (const keyword of TYPE_KEYWORDS[type] ?? [])
      if (Object.hasOwn(schema, keyword)) branch[keyword] = schema[keyword];
    return branch;
  });
  for (const type of types) for (const keyword of TYPE_KEYWORDS[type] ?? []) delete schema[keyword];
  // Beside an `anyOf` of its own, the union of types is one more condition on the value.
  if (!('anyOf' in schema)) schema.anyOf = branches;
  else schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), { anyOf: branches }];
}

function entries(value: unknown): [string, unknown][] {
  return isObject(value) ? Object.entries(value) : [];
}
