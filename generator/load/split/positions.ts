/**
 * What an OpenAPI node is, from where it stands: the position of a `$ref` decides what its
 * target is (a schema, a parameter, a path item…) and so whether the bundler hoists it into
 * `components` or inlines it. One table per object kind, after the OpenAPI 3.0–3.2 object
 * model. Example and default values and extensions are `data`, where a `$ref` is plain data
 * and is left alone (OpenAPI says so of examples). Anything else the table does not name is
 * `other`: a `$ref` there has no meaning OpenAPI defines, and is read as a JSON Reference
 * (the bundler inlines its target, as Redocly does: `description: {$ref: intro.md}`).
 *
 * An `x-` key is an extension only where OpenAPI allows extensions: in an object with fixed
 * fields, the Paths Object and an operation's Responses Object. In a map of names (response
 * headers, properties, components, content, links…) `x-request-id` is a name like any other.
 */

import { COMPONENT_KINDS, type ComponentKind } from '../../shared/document/components.js';
import { isPathItemMethod } from '../../shared/document/methods.js';

/** Nodes that are inlined when referenced (no components slot in 3.0), or maps and lists of nodes. */
type OtherKind =
  | 'document'
  | 'pathItem'
  | 'operation'
  | 'mediaType'
  | 'encoding'
  | 'server'
  | 'components'
  | 'data'
  | 'other'
  | 'discriminator'
  | 'mapping'
  | 'paths'
  | 'statusResponses'
  | `map:${ComponentKind | 'pathItem' | 'operation' | 'mediaType' | 'encoding'}`
  | `list:${'schemas' | 'parameters' | 'server'}`;

export type Kind = ComponentKind | OtherKind;

export function isComponentKind(kind: Kind): kind is ComponentKind {
  return (COMPONENT_KINDS as readonly string[]).includes(kind);
}

/** Keys whose value is example or default data wherever they stand (but as names in a map). */
const LITERALS = new Set(['example', 'default', 'const', 'enum']);

const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MEMBERS = new Set([
  'not',
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'contentSchema',
]);

const COMPONENT_MAPS: Readonly<Record<string, Kind>> = {
  schemas: 'map:schemas',
  responses: 'map:responses',
  parameters: 'map:parameters',
  examples: 'map:examples',
  requestBodies: 'map:requestBodies',
  headers: 'map:headers',
  securitySchemes: 'map:securitySchemes',
  links: 'map:links',
  callbacks: 'map:callbacks',
  pathItems: 'map:pathItem',
  // OpenAPI 3.2's shared media type objects, inlined where a split file's `$ref` names one.
  mediaTypes: 'map:mediaType',
};

/** The kind of `parent[key]`, given the kind of `parent` (and, for `items`, the value itself). */
export function childKind(parent: Kind, key: string, value: unknown): Kind {
  if (parent === 'data') return 'data';
  // Every key of a map is a name, an `x-` one too: the maps OpenAPI lets carry extensions
  // (paths, an operation's responses) have kinds of their own below.
  if (parent.startsWith('map:')) return parent.slice(4) as Kind;
  if (parent.startsWith('list:')) return parent.slice(5) as Kind;
  if (key.startsWith('x-')) return 'data';
  // `default` names a response here (not a default value), as any status code would.
  if (parent === 'statusResponses') return 'responses';
  if (LITERALS.has(key)) return 'data';
  switch (parent) {
    case 'document':
      if (key === 'paths') return 'paths';
      if (key === 'webhooks') return 'map:pathItem';
      if (key === 'components') return 'components';
      return key === 'servers' ? 'list:server' : 'other';
    case 'paths':
      return 'pathItem';
    case 'components':
      return COMPONENT_MAPS[key] ?? 'other';
    case 'pathItem':
      if (isPathItemMethod(key)) return 'operation';
      // OpenAPI 3.2: operations under other methods (`LINK`), by method.
      if (key === 'additionalOperations') return 'map:operation';
      if (key === 'parameters') return 'list:parameters';
      return key === 'servers' ? 'list:server' : 'other';
    case 'operation':
      if (key === 'parameters') return 'list:parameters';
      if (key === 'requestBody') return 'requestBodies';
      if (key === 'responses') return 'statusResponses';
      if (key === 'callbacks') return 'map:callbacks';
      return key === 'servers' ? 'list:server' : 'other';
    case 'callbacks':
      return 'pathItem';
    case 'parameters':
    case 'headers':
      if (key === 'schema') return 'schemas';
      if (key === 'content') return 'map:mediaType';
      return key === 'examples' ? 'map:examples' : 'other';
    case 'requestBodies':
      return key === 'content' ? 'map:mediaType' : 'other';
    case 'responses':
      if (key === 'headers') return 'map:headers';
      if (key === 'content') return 'map:mediaType';
      return key === 'links' ? 'map:links' : 'other';
    case 'mediaType':
      if (key === 'schema') return 'schemas';
      if (key === 'examples') return 'map:examples';
      return key === 'encoding' ? 'map:encoding' : 'other';
    case 'encoding':
      return key === 'headers' ? 'map:headers' : 'other';
    case 'links':
      // `parameters` and `requestBody` hold runtime expressions and values, not objects.
      if (key === 'server') return 'server';
      return key === 'parameters' || key === 'requestBody' ? 'data' : 'other';
    case 'examples':
      return key === 'value' ? 'data' : 'other';
    case 'schemas':
      if (SCHEMA_MAPS.has(key)) return 'map:schemas';
      if (SCHEMA_LISTS.has(key)) return 'list:schemas';
      if (SCHEMA_MEMBERS.has(key)) return 'schemas';
      if (key === 'items') return Array.isArray(value) ? 'list:schemas' : 'schemas';
      if (key === 'examples') return 'data';
      return key === 'discriminator' ? 'discriminator' : 'other';
    case 'discriminator':
      return key === 'mapping' ? 'mapping' : 'other';
    default:
      return 'other';
  }
}

/**
 * Swagger 2.0, where its positions differ from OpenAPI 3's: reusable schemas, parameters and
 * responses are maps at the top of the document (there is no `components`), and a response
 * holds its `schema` itself and its `examples` by media type. Path items, operations,
 * parameter lists and schemas stand as in OpenAPI 3, so the table above reads them.
 */
const SWAGGER_MAPS: Readonly<Record<string, Kind>> = {
  definitions: 'map:schemas',
  parameters: 'map:parameters',
  responses: 'map:responses',
};

function swaggerChildKind(parent: Kind, key: string, value: unknown): Kind {
  if (parent === 'document' && Object.hasOwn(SWAGGER_MAPS, key)) return SWAGGER_MAPS[key]!;
  if (parent === 'responses' && key === 'schema') return 'schemas';
  if (parent === 'responses' && key === 'examples') return 'data';
  return childKind(parent, key, value);
}

/** The map of the document a hoisted target of each kind goes in, as pointer tokens. */
const SWAGGER_SLOTS: Partial<Record<ComponentKind, readonly string[]>> = {
  schemas: ['definitions'],
  parameters: ['parameters'],
  responses: ['responses'],
};

/** What the bundler needs to know of the document's version: positions, and where to hoist. */
export interface Dialect {
  readonly childKind: (parent: Kind, key: string, value: unknown) => Kind;
  /** The map a target of `kind` is hoisted into; `undefined` when it has none, and is inlined. */
  readonly slot: (kind: ComponentKind) => readonly string[] | undefined;
}

const OPENAPI: Dialect = { childKind, slot: (kind) => ['components', kind] };
const SWAGGER: Dialect = { childKind: swaggerChildKind, slot: (kind) => SWAGGER_SLOTS[kind] };

/** The dialect of a root document: Swagger 2.0 when it says `swagger: "2.0"` (and no `openapi`). */
export function dialectOf(root: unknown): Dialect {
  const swagger =
    typeof root === 'object' &&
    root !== null &&
    (root as Record<string, unknown>).swagger === '2.0' &&
    !Object.hasOwn(root, 'openapi');
  return swagger ? SWAGGER : OPENAPI;
}
