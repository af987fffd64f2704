/**
 * What the upgrader's OpenAPI 3.0 output needs after it, where it falls short of what the
 * Swagger 2.0 document said (each step says how). `prepared` is the 2.0 document the
 * upgrader was given (`prepare.ts`), read only.
 */
import { isObject, member } from '../../shared/document/read.js';
import { OPERATION_KEYS } from './parameters.js';
import type { Prepared } from './prepare.js';

type Mutable = Record<string, unknown>;

export function repair(upgraded: unknown, prepared: Prepared): Mutable {
  // A JSON copy: the upgrader writes `description: undefined` into form fields.
  const document = JSON.parse(JSON.stringify(upgraded)) as Mutable;
  const source = prepared.document;
  const paths = records(document.paths);
  for (const [path, set] of prepared.aside) {
    const item = records(paths[path]);
    Object.assign(item, set);
  }
  for (const [path, item] of Object.entries(records(source.paths))) {
    for (const method of OPERATION_KEYS) {
      const before = member(item, method);
      const after = member(paths[path], method);
      if (!isObject(before) || !isObject(after)) continue;
      repairProduces(after as Mutable, before, source);
      repairForm(member(after, 'requestBody'), member(before, 'parameters'));
    }
  }
  const requestBodies = records(member(document.components, 'requestBodies'));
  for (const [name, parameter] of Object.entries(records(source.parameters)))
    repairForm(requestBodies[name], [parameter]);
  upgradeSchemas(document);
  return document;
}

/**
 * The upgrader reads `produces` from the document before the operation's own, the wrong way
 * round (an operation's list overrides the document's): each response's content is made
 * again from the operation's list.
 */
function repairProduces(operation: Mutable, before: unknown, source: Mutable): void {
  const own = member(before, 'produces');
  if (!Array.isArray(own) || !Array.isArray(source.produces)) return;
  for (const [status, response] of Object.entries(records(operation.responses))) {
    const content = member(response, 'content');
    const original = member(member(member(before, 'responses'), status), 'schema');
    if (!isObject(content) || original === undefined) continue;
    const schema = Object.values(content).map((c) => member(c, 'schema'))[0];
    const examples = Object.keys(
      records(member(member(member(before, 'responses'), status), 'examples')),
    );
    const made: Mutable = {};
    for (const type of own.filter((t): t is string => typeof t === 'string'))
      made[type] = { ...records(content[type]), schema };
    for (const type of examples) if (type in content && !(type in made)) made[type] = content[type];
    (response as Mutable).content = made;
  }
}

/**
 * The upgrader makes a form field of a parameter's `type`, `format` and `description` alone,
 * losing `items` (a list of files becomes a list of nothing), `enum`, `default` and the
 * limits, and writes `required: []`, which OpenAPI 3.0 forbids. The form's schema is made
 * again from the parameters.
 */
function repairForm(requestBody: unknown, parameters: unknown): void {
  const fields = (Array.isArray(parameters) ? parameters : []).filter(
    (p) => member(p, 'in') === 'formData',
  );
  const content = member(requestBody, 'content');
  if (fields.length === 0 || !isObject(content)) return;
  const properties: Mutable = {};
  const required: string[] = [];
  for (const field of fields) {
    const name = member(field, 'name');
    if (typeof name !== 'string') continue;
    const description = member(field, 'description');
    properties[name] = {
      ...fieldSchema(field),
      ...(typeof description === 'string' ? { description } : {}),
    };
    if (member(field, 'required') === true) required.push(name);
  }
  for (const media of Object.values(content))
    if (isObject(media))
      (media as Mutable).schema = {
        type: 'object',
        properties,
        ...(required.length > 0 ? { required } : {}),
      };
}

/** The keywords a 2.0 parameter or items object shares with a schema. */
const FIELD_KEYWORDS = [
  'type',
  'format',
  'items',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
];

function fieldSchema(field: unknown): Mutable {
  const schema: Mutable = {};
  for (const keyword of FIELD_KEYWORDS)
    if (isObject(field) && Object.hasOwn(field, keyword)) schema[keyword] = field[keyword];
  if (isObject(schema.items)) schema.items = fieldSchema(schema.items);
  // 2.0's `type: file` is a file upload; OpenAPI 3 says so with a binary string.
  if (schema.type === 'file') Object.assign(schema, { type: 'string', format: 'binary' });
  return schema;
}

/** Keys under which values are data, not schemas: left as written. */
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'default', 'const']);

/**
 * Two schema keywords the upgrader leaves as 2.0 wrote them: `discriminator` is a property
 * name in 2.0 and an object in 3.0, and `x-nullable: true` (the common 2.0 extension, there
 * being no `nullable`) is read as `nullable: true`, as swagger2openapi does.
 */
function upgradeSchemas(value: unknown, keysAreNames = false): void {
  if (Array.isArray(value)) {
    for (const item of value) upgradeSchemas(item);
    return;
  }
  if (!isObject(value)) return;
  const node = value as Mutable;
  if (keysAreNames) {
    for (const inner of Object.values(node)) upgradeSchemas(inner);
    return;
  }
  if (typeof node.discriminator === 'string')
    node.discriminator = { propertyName: node.discriminator };
  if (node['x-nullable'] === true && !('nullable' in node)) node.nullable = true;
  for (const [key, inner] of Object.entries(node))
    if (!DATA_KEYS.has(key) && !key.startsWith('x-')) upgradeSchemas(inner, NAMES.has(key));
}

/** Keys whose members the author names (a property or a response called `default` is no data). */
const NAMES = new Set([
  'properties',
  'patternProperties',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'content',
]);

function records(value: unknown): Mutable {
  return isObject(value) ? (value as Mutable) : {};
}
