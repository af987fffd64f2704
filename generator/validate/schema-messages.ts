/**
 * Plain-language wording for the ajv errors that `simplifyErrors` keeps: what the value is
 * ("operation", "parameter", "'operationId'"), what is wrong, and where to point.
 */
import { isPathItemMethod } from '../shared/document/methods.js';
import { joinPointer, resolvePointer, splitPointer } from '../shared/document/pointer.js';
import { closest } from './closest.js';
import type { KeptError } from './schema-errors.js';
import type { CompiledSchema, SchemaNode } from './schemas.js';

export interface Wording {
  readonly pointer: string;
  readonly message: string;
  readonly hint?: string;
}

/** `root` is the validated document: whether a value is an array item decides "item 2 of 'tags'" over "'2'". */
export function wordError(kept: KeptError, schema: CompiledSchema, root: unknown): Wording {
  const { error } = kept;
  const tokens = splitPointer(error.instancePath) ?? [];
  const inArray = Array.isArray(
    resolvePointer(root, joinPointer('', ...tokens.slice(0, -1))).value,
  );
  const noun = nounFor(tokens, inArray);
  const subject = subjectFor(tokens, inArray);
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;

  if (kept.alternatives) {
    const { keyword, properties } = kept.alternatives;
    return {
      pointer,
      message: `${noun} must have ${keyword === 'oneOf' ? 'exactly' : 'at least'} one of ${orList(properties.map(show))}`,
    };
  }
  if (kept.allowedValues) {
    const allowed =
      kept.allowedValues.length === 1
        ? show(kept.allowedValues[0])
        : `one of ${orList(kept.allowedValues.map(show))}`;
    return { pointer, message: `${subject} must be ${allowed} (got ${show(error.data)})` };
  }
  if (error.propertyName !== undefined) {
    // A `not: {enum}` on names is a list of names kept for elsewhere: 3.2's
    // `additionalOperations` refuses the methods that have a key of their own (`GET`).
    const taken =
      error.keyword === 'not' && isObject(error.schema) && Array.isArray(error.schema['enum'])
        ? error.schema['enum'].map(String)
        : undefined;
    const rule =
      error.keyword === 'pattern'
        ? `must match the pattern /${String(params['pattern'])}/`
        : taken
          ? `must not be ${orList(taken.map(show))}`
          : plain(error.message);
    return {
      pointer: joinPointer(pointer, error.propertyName),
      message: `name '${error.propertyName}' in ${noun} ${rule}`,
    };
  }
  switch (error.keyword) {
    case 'required':
      return {
        pointer,
        message: `${noun} is missing required property '${String(params['missingProperty'])}'`,
      };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params['additionalProperty'] ?? params['unevaluatedProperty']);
      const allowed = allowedNames(error.parentSchema, schema);
      const guess = closest(
        name,
        allowed.filter((candidate) => !candidate.includes(' ')),
      );
      const hints = [
        guess ? `did you mean '${guess}'?` : '',
        allowed.length > 0 ? `allowed here: ${allowed.join(', ')}` : '',
      ];
      const hint = hints.filter(Boolean).join(' ');
      return {
        pointer: joinPointer(pointer, name),
        message: `unexpected property '${name}' in ${noun} (typo?)`,
        ...(hint ? { hint } : {}),
      };
    }
    case 'type':
      return {
        pointer,
        message: `${subject} must be ${typeList(params['type'])}, not ${typeOf(error.data)}`,
      };
    case 'const':
      return {
        pointer,
        message: `${subject} must be ${show(params['allowedValue'])} (got ${show(error.data)})`,
      };
    case 'format':
      return {
        pointer,
        message: `${subject} must be a valid '${String(params['format'])}' (got ${show(error.data)})`,
      };
    case 'pattern':
      return {
        pointer,
        message: `${subject} must match the pattern /${String(params['pattern'])}/ (got ${show(error.data)})`,
      };
    case 'oneOf':
    case 'anyOf': {
      const passing = Array.isArray(params['passingSchemas'])
        ? (params['passingSchemas'] as unknown[])
        : undefined;
      if (!passing) return { pointer, message: `${noun} does not match any of the allowed forms` };
      const both = passing.map((index) =>
        onlyRequired(Array.isArray(error.schema) ? error.schema[Number(index)] : undefined),
      );
      return {
        pointer,
        message: both.every((name) => name !== undefined)
          ? `${noun} must have only one of ${orList(both.map(show))}, not both`
          : `${noun} matches more than one of the allowed forms; it must match exactly one`,
      };
    }
    case 'minItems':
    case 'minProperties':
      if (params['limit'] === 1) return { pointer, message: `${subject} must not be empty` };
      return { pointer, message: `${subject} ${plain(error.message)}` };
    case 'not':
      return { pointer, message: `${noun} ${forbidden(error.schema)}` };
    case 'false schema':
      return { pointer, message: `${subject} is not allowed here` };
    case 'dependentRequired':
    case 'dependencies':
      return {
        pointer,
        message: `${noun} has '${String(params['property'])}' and so must also have '${String(params['missingProperty'])}'`,
      };
    default:
      return { pointer, message: `${subject} ${plain(error.message)}` };
  }
}

/** What kind of OpenAPI object sits at a path, judged from the path alone (the same for 3.0 and 3.1). */
export function nounFor(tokens: readonly string[], inArray: boolean): string {
  const last = tokens[tokens.length - 1];
  const parent = tokens[tokens.length - 2];
  const grandparent = tokens[tokens.length - 3];
  if (last === undefined) return 'the document';
  if (tokens.length === 1) return TOP_LEVEL[last] ?? `'${last}'`;
  if (tokens.length === 2 && (parent === 'paths' || parent === 'webhooks')) return 'path item';
  if (
    isPathItemMethod(last) &&
    (grandparent === 'paths' || grandparent === 'webhooks' || grandparent === 'pathItems')
  )
    return 'operation';
  if (parent === 'components' && last !== undefined) return `'components.${last}'`;
  if (grandparent === 'components' && parent !== undefined && parent in COMPONENTS)
    return COMPONENTS[parent] ?? 'component';
  if (parent !== undefined && parent in CHILDREN) return CHILDREN[parent] ?? `'${last}'`;
  if (SCHEMA_SLOTS.has(last)) return 'schema';
  if (last === 'requestBody') return 'request body';
  if (last === 'responses') return 'responses';
  if (last === 'externalDocs') return 'external docs';
  if (last === 'flows') return 'OAuth flows';
  return inArray && parent !== undefined ? `item ${last} of '${parent}'` : `'${last}'`;
}

const TOP_LEVEL: Record<string, string> = {
  info: 'info',
  paths: 'paths',
  components: 'components',
  webhooks: 'webhooks',
  externalDocs: 'external docs',
};

const COMPONENTS: Record<string, string> = {
  schemas: 'schema',
  responses: 'response',
  parameters: 'parameter',
  examples: 'example',
  requestBodies: 'request body',
  headers: 'header',
  securitySchemes: 'security scheme',
  links: 'link',
  callbacks: 'callback',
  pathItems: 'path item',
};

/** Containers whose members are all one kind of object: `parameters/0` is a parameter. */
const CHILDREN: Record<string, string> = {
  parameters: 'parameter',
  responses: 'response',
  content: 'media type',
  headers: 'header',
  servers: 'server',
  tags: 'tag',
  examples: 'example',
  links: 'link',
  encoding: 'encoding',
  variables: 'server variable',
  properties: 'schema',
  allOf: 'schema',
  oneOf: 'schema',
  anyOf: 'schema',
  prefixItems: 'schema',
  security: 'security requirement',
};

const SCHEMA_SLOTS = new Set(['schema', 'items', 'not', 'additionalProperties']);

/** How a message names the value itself: `'operationId'`, `item 2 of 'tags'`, `the document`. */
export function subjectFor(tokens: readonly string[], inArray: boolean): string {
  const last = tokens[tokens.length - 1];
  const parent = tokens[tokens.length - 2];
  if (last === undefined) return 'the document';
  return inArray && parent !== undefined ? `item ${last} of '${parent}'` : `'${last}'`;
}

/**
 * Property names an object schema allows: its `properties`, its `patternProperties` in words,
 * and the same from schemas it pulls in with `$ref` or `allOf` (one level, which is where the
 * OpenAPI schemas put `x-` extensions).
 */
function allowedNames(parentSchema: unknown, schema: CompiledSchema): string[] {
  const names = new Set<string>();
  const collect = (node: unknown, level: number): void => {
    if (typeof node !== 'object' || node === null) return;
    const object = node as SchemaNode;
    if (isObject(object['properties']))
      for (const name of Object.keys(object['properties'])) names.add(name);
    if (isObject(object['patternProperties']))
      for (const pattern of Object.keys(object['patternProperties']))
        names.add(describePattern(pattern));
    if (level > 0) return;
    if (typeof object['$ref'] === 'string') collect(schema.resolve(object['$ref']), level + 1);
    if (Array.isArray(object['allOf']))
      for (const part of object['allOf'])
        collect(
          isObject(part) && typeof part['$ref'] === 'string' ? schema.resolve(part['$ref']) : part,
          level + 1,
        );
  };
  collect(parentSchema, 0);
  return [...names];
}

function describePattern(pattern: string): string {
  if (pattern === '^x-') return 'x-* extensions';
  const choice = /^\^\(([A-Za-z|]+)\)\$$/.exec(pattern);
  if (choice?.[1]) return choice[1].split('|').join(', ');
  if (pattern === '^/' || pattern === '^\\/') return "paths starting with '/'";
  return `names matching /${pattern}/`;
}

/** The property name of an alternative that is just `{required: [name]}`. */
function onlyRequired(branch: unknown): string | undefined {
  if (!isObject(branch) || Object.keys(branch).length !== 1 || !Array.isArray(branch['required']))
    return undefined;
  return branch['required'].length === 1 ? String(branch['required'][0]) : undefined;
}

function forbidden(notSchema: unknown): string {
  const required =
    isObject(notSchema) && Array.isArray(notSchema['required'])
      ? notSchema['required'].map(String)
      : [];
  if (required.length === 1) return `must not have property '${required[0]}'`;
  if (required.length === 2) return `must not have both '${required[0]}' and '${required[1]}'`;
  if (required.length > 2)
    return `must not have all of ${required.map((name) => `'${name}'`).join(', ')}`;
  return 'has a form that is not allowed here';
}

function typeList(type: unknown): string {
  const types = (Array.isArray(type) ? type : [type]).map((t) => withArticle(String(t)));
  return types.length > 1
    ? `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}`
    : (types[0] ?? 'something else');
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && Number.isInteger(value)) return `the number ${value}`;
  return withArticle(typeof value);
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** `'a', 'b' or 'c'` from items already formatted by `show`. */
function orList(items: readonly string[]): string {
  return items.length > 1
    ? `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`
    : (items[0] ?? 'nothing');
}

/** A value as the message shows it: strings in single quotes, the rest as JSON, long ones cut. */
function show(value: unknown): string {
  const text =
    typeof value === 'string'
      ? `'${value}'`
      : value === undefined
        ? 'nothing'
        : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** ajv's own message, lower-cased where it shouts ("must NOT have"). */
function plain(message: string | undefined): string {
  return (message ?? 'is not valid').replace(/\bNOT\b/g, 'not');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
