import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../generator/validate/index.js';
import { pathParameters } from '../../generator/validate/path-parameters.js';
import { sdkExtensions } from '../../generator/validate/sdk-extensions.js';
import {
  bearerSecurity,
  enumValues,
  references,
  semanticRules,
  trailingSlashes,
  uniqueOperationIds,
  type Rule,
} from '../../generator/validate/semantic.js';
import { parseSource, type SourceDocument } from '../../generator/load/load.js';
import { brief, documentOf } from '../support/documents.js';

interface Case {
  readonly name: string;
  readonly value: unknown;
  /** Code, pointer and message of each diagnostic, in the rule's order; hints where they carry information. */
  readonly want: readonly Partial<ReturnType<typeof brief>>[];
}

function table(rule: Rule, cases: readonly Case[]): void {
  it.each(cases)('$name', ({ value, want }) => {
    const got = rule(documentOf(value)).map(brief);
    expect(got).toEqual(want.map((w, index) => ({ ...got[index], ...w })));
    expect(got).toHaveLength(want.length);
  });
}

const info = { title: 'T', version: '1' };
const ok = { '200': { description: 'ok' } };
const get = (extra: Record<string, unknown> = {}) => ({ get: { responses: ok, ...extra } });

describe('uniqueOperationIds', () => {
  table(uniqueOperationIds, [
    {
      name: 'unique ids, missing ids and non-string ids are fine',
      value: {
        openapi: '3.1.0',
        info,
        paths: { '/a': get({ operationId: 'a' }), '/b': get(), '/c': get({ operationId: 7 }) },
      },
      want: [],
    },
    {
      name: 'every duplicate after the first, naming the first',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          '/a': get({ operationId: 'x' }),
          '/b': { ...get({ operationId: 'x' }), post: { operationId: 'x', responses: ok } },
        },
      },
      want: [
        {
          code: 'duplicate-operation-id',
          pointer: '/paths/~1b/get/operationId',
          message: "operationId 'x' is already used by GET /a at #/paths/~1a/get",
        },
        {
          code: 'duplicate-operation-id',
          pointer: '/paths/~1b/post/operationId',
          message: "operationId 'x' is already used by GET /a at #/paths/~1a/get",
        },
      ],
    },
    {
      name: 'across paths and webhooks',
      value: {
        openapi: '3.1.0',
        info,
        paths: { '/a': get({ operationId: 'x' }) },
        webhooks: { ping: { post: { operationId: 'x', responses: ok } } },
      },
      want: [
        {
          code: 'duplicate-operation-id',
          pointer: '/webhooks/ping/post/operationId',
          message: "operationId 'x' is already used by GET /a at #/paths/~1a/get",
        },
      ],
    },
    {
      name: 'a webhook named x-… is a webhook, not an extension',
      value: {
        openapi: '3.1.0',
        info,
        paths: { '/a': get({ operationId: 'x' }) },
        webhooks: { 'x-ping': { post: { operationId: 'x', responses: ok } } },
      },
      want: [
        {
          code: 'duplicate-operation-id',
          pointer: '/webhooks/x-ping/post/operationId',
          message: "operationId 'x' is already used by GET /a at #/paths/~1a/get",
        },
      ],
    },
    {
      name: 'through a path item $ref',
      value: {
        openapi: '3.1.0',
        info,
        paths: { '/a': get({ operationId: 'x' }), '/b': { $ref: '#/components/pathItems/B' } },
        components: { pathItems: { B: get({ operationId: 'x' }) } },
      },
      want: [
        {
          code: 'duplicate-operation-id',
          pointer: '/components/pathItems/B/get/operationId',
          message: "operationId 'x' is already used by GET /a at #/paths/~1a/get",
        },
      ],
    },
  ]);
});

describe('references', () => {
  table(references, [
    {
      name: 'local refs that resolve, including escaped and percent-encoded tokens and array indices',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          '/a/{id}': get({
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          }),
        },
        components: {
          schemas: {
            'A B': { type: 'string' },
            Tilde: { $ref: '#/components/schemas/A%20B' },
            Slash: { $ref: '#/paths/~1a~1%7Bid%7D/get/parameters/0/schema' },
            Root: { $ref: '#' },
            Anchored: { $anchor: 'thing', type: 'string' },
            ByAnchor: { $ref: '#thing' },
          },
        },
      },
      want: [],
    },
    {
      name: 'a ref to a missing component, with a suggestion',
      value: {
        openapi: '3.1.0',
        info,
        components: { schemas: { Station: {}, Use: { $ref: '#/components/schemas/Statoin' } } },
      },
      want: [
        {
          code: 'unresolved-ref',
          pointer: '/components/schemas/Use/$ref',
          message:
            "$ref '#/components/schemas/Statoin' does not resolve: #/components/schemas has no 'Statoin'",
          hint: "did you mean '#/components/schemas/Station'?",
        },
      ],
    },
    {
      name: 'a ref into Object.prototype does not resolve',
      value: {
        openapi: '3.1.0',
        info,
        components: {
          schemas: { A: { $ref: '#/constructor' }, B: { $ref: '#/components/__proto__' } },
        },
      },
      want: [
        {
          code: 'unresolved-ref',
          pointer: '/components/schemas/A/$ref',
          message: "$ref '#/constructor' does not resolve: # has no 'constructor'",
        },
        {
          code: 'unresolved-ref',
          pointer: '/components/schemas/B/$ref',
          message:
            "$ref '#/components/__proto__' does not resolve: #/components has no '__proto__'",
        },
      ],
    },
    {
      name: 'an unknown anchor and a malformed escape',
      value: {
        openapi: '3.1.0',
        info,
        components: { schemas: { A: { $ref: '#nowhere' }, B: { $ref: '#/a%zz' } } },
      },
      want: [
        {
          code: 'unresolved-ref',
          pointer: '/components/schemas/A/$ref',
          message: "$ref '#nowhere' is not a JSON pointer (#/...) nor a known $anchor",
        },
        {
          code: 'unresolved-ref',
          pointer: '/components/schemas/B/$ref',
          message: "$ref '#/a%zz' is not a JSON pointer (#/...) nor a known $anchor",
        },
      ],
    },
    {
      name: 'refs to other files and URLs',
      value: {
        openapi: '3.1.0',
        info,
        components: {
          schemas: {
            A: { $ref: 'common.yaml#/A' },
            B: { items: { $ref: 'https://example.com/b.json' } },
          },
        },
      },
      want: [
        {
          code: 'unresolved-ref',
          pointer: '/components/schemas/A/$ref',
          message:
            "$ref 'common.yaml#/A' points to another file, which was not read with this document",
          hint: "give the spec's root file with --spec: the files its $refs name are read with it",
        },
        {
          code: 'unsupported-ref',
          pointer: '/components/schemas/B/items/$ref',
          message:
            "$ref 'https://example.com/b.json' points to a URL, which the generator does not fetch",
        },
      ],
    },
    {
      name: '$ref in example data, defaults and extensions is data, but a property called example is a schema',
      value: {
        openapi: '3.1.0',
        info,
        'x-notes': { $ref: '#/nowhere' },
        components: {
          schemas: {
            A: {
              example: { $ref: '#/nowhere' },
              default: { $ref: '#/nowhere' },
              examples: [{ $ref: '#/nowhere' }],
              properties: { example: { $ref: '#/missing' } },
            },
          },
          examples: { E: { value: { $ref: '#/nowhere' } } },
          pathItems: {
            P: {
              get: {
                parameters: [
                  { name: 'q', in: 'query', schema: {}, example: { $ref: '#/nowhere' } },
                ],
                responses: ok,
              },
            },
          },
        },
      },
      want: [
        {
          code: 'unresolved-ref',
          pointer: '/components/schemas/A/properties/example/$ref',
          message: "$ref '#/missing' does not resolve: # has no 'missing'",
        },
      ],
    },
    {
      name: 'x- keys in maps of names are names (their refs are checked); extensions of paths, responses and links values are data',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          'x-notes': { $ref: '#/nowhere' },
          '/a': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  headers: { 'x-request-id': { $ref: '#/components/headers/x-missing' } },
                  links: {
                    next: { operationId: 'a', parameters: { page: { $ref: '#/nowhere' } } },
                  },
                },
                'x-internal': { $ref: '#/nowhere' },
              },
            },
          },
        },
        components: {
          headers: { 'x-request-id': { schema: {} } },
          schemas: { A: { properties: { 'x-size': { $ref: '#/components/schemas/x-missing' } } } },
        },
      },
      want: [
        {
          code: 'unresolved-ref',
          pointer: '/paths/~1a/get/responses/200/headers/x-request-id/$ref',
        },
        {
          code: 'unresolved-ref',
          pointer: '/components/schemas/A/properties/x-size/$ref',
        },
      ],
    },
  ]);
});

describe('pathParameters', () => {
  const param = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...extra,
  });
  table(pathParameters, [
    {
      name: 'declared on the operation, on the path item, or through a $ref',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          '/a/{x}/{y}/{z}': {
            parameters: [param('x'), { $ref: '#/components/parameters/Z' }],
            get: { parameters: [param('y')], responses: ok },
            put: {
              parameters: [param('y'), param('x', { description: 'overrides the path item one' })],
              responses: ok,
            },
          },
        },
        components: { parameters: { Z: param('z') } },
      },
      want: [],
    },
    {
      name: 'undeclared in one of two operations',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          '/a/{x}': { get: { parameters: [param('x')], responses: ok }, delete: { responses: ok } },
        },
      },
      want: [
        {
          code: 'path-parameter-undeclared',
          pointer: '/paths/~1a~1{x}/delete',
          message: "DELETE /a/{x} does not declare the path parameter 'x'",
          hint: 'add {name: x, in: path, required: true, schema: {type: string}} to the parameters of the operation or of its path item',
        },
      ],
    },
    {
      name: 'a query parameter of the same name does not declare it',
      value: {
        openapi: '3.1.0',
        info,
        paths: { '/a/{x}': get({ parameters: [{ name: 'x', in: 'query', schema: {} }] }) },
      },
      want: [{ code: 'path-parameter-undeclared', pointer: '/paths/~1a~1{x}/get' }],
    },
    {
      name: 'unused on the path item (reported once, not per operation) and on an operation',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          '/a': {
            parameters: [param('x')],
            get: { parameters: [param('y')], responses: ok },
            post: { responses: ok },
          },
        },
      },
      want: [
        {
          code: 'path-parameter-unused',
          pointer: '/paths/~1a/get/parameters/0',
          message: "path parameter 'y' does not appear in the path '/a'",
          hint: "add {y} to the path, or remove the parameter (or change its 'in')",
        },
        {
          code: 'path-parameter-unused',
          pointer: '/paths/~1a/parameters/0',
          message: "path parameter 'x' does not appear in the path '/a'",
        },
      ],
    },
    {
      name: 'optional, at required when it is there and at the parameter when it is not, once per definition',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          '/a/{x}/{y}': {
            get: {
              parameters: [param('x', { required: false }), { $ref: '#/components/parameters/Y' }],
              responses: ok,
            },
            put: { parameters: [param('x'), { $ref: '#/components/parameters/Y' }], responses: ok },
          },
        },
        components: { parameters: { Y: { name: 'y', in: 'path', schema: {} } } },
      },
      want: [
        {
          code: 'path-parameter-optional',
          pointer: '/paths/~1a~1{x}~1{y}/get/parameters/0/required',
          message: "path parameter 'x' must have required: true",
        },
        {
          code: 'path-parameter-optional',
          pointer: '/components/parameters/Y',
          message: "path parameter 'y' must have required: true",
        },
      ],
    },
    {
      name: 'a path item behind a $ref',
      value: {
        openapi: '3.1.0',
        info,
        paths: { '/a/{x}': { $ref: '#/components/pathItems/A' } },
        components: { pathItems: { A: get() } },
      },
      want: [
        {
          code: 'path-parameter-undeclared',
          pointer: '/components/pathItems/A/get',
          message: "GET /a/{x} does not declare the path parameter 'x'",
        },
      ],
    },
    {
      name: 'malformed parameters are skipped, not thrown on',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          '/a/{x}': { parameters: 'x', get: { parameters: [null, 5, 'x', []], responses: ok } },
          '/b': [],
          'x-ext': { get: {} },
        },
      },
      want: [{ code: 'path-parameter-undeclared', pointer: '/paths/~1a~1{x}/get' }],
    },
    {
      name: 'a parameter that might declare the name (unreadable in, unresolved $ref) is not called undeclared',
      value: {
        openapi: '3.1.0',
        info,
        paths: {
          '/a/{x}': { get: { parameters: [{ $ref: '#/components/parameters/X' }], responses: ok } },
          '/b/{x}': { get: { parameters: [{ name: 'x', in: 5 }], responses: ok } },
          '/c/{x}': { get: { parameters: [{ $ref: '#/nowhere' }], responses: ok } },
          '/d/{x}': { get: { parameters: [{ name: 'y' }], responses: ok } },
        },
        components: { parameters: { X: { name: 'x', schema: {} } } },
      },
      want: [{ code: 'path-parameter-undeclared', pointer: '/paths/~1d~1{x}/get' }],
    },
  ]);
});

describe('enumValues', () => {
  table(enumValues, [
    {
      name: 'empty and duplicated enums, in schemas and server variables',
      value: {
        openapi: '3.1.0',
        info,
        servers: [
          {
            url: 'https://{r}.example.com',
            variables: { r: { default: 'eu', enum: ['eu', 'eu'] } },
          },
        ],
        components: {
          schemas: {
            A: { enum: [] },
            B: { type: 'array', items: { enum: [null, 0, false, '', null] } },
            C: {
              enum: [
                [1, 2],
                [2, 1],
                [1, 2],
              ],
            },
          },
        },
      },
      want: [
        {
          code: 'enum-duplicate',
          pointer: '/servers/0/variables/r/enum/1',
          message: 'enum value "eu" is listed twice (first at index 0)',
        },
        {
          code: 'enum-empty',
          pointer: '/components/schemas/A/enum',
          message: 'enum has no values, so strictly no value is valid',
          hint: "read as no enum constraint: the schema's other keywords (`type`, `allOf` …) give its type and its guard; list the allowed values, or remove the enum",
        },
        {
          code: 'enum-duplicate',
          pointer: '/components/schemas/B/items/enum/4',
          message: 'enum value null is listed twice (first at index 0)',
        },
        {
          code: 'enum-duplicate',
          pointer: '/components/schemas/C/enum/2',
          message: 'enum value [1,2] is listed twice (first at index 0)',
        },
      ],
    },
    {
      name: 'values that only look alike are distinct; enum in example data and non-array enums are ignored',
      value: {
        openapi: '3.1.0',
        info,
        components: {
          schemas: {
            A: { enum: [1, '1', true, 'true', 'a', 'A'] },
            B: { example: { enum: [] }, enum: 'not an array' },
            C: { properties: { enum: { type: 'string' } } },
          },
        },
      },
      want: [],
    },
  ]);
});

describe('house rules', () => {
  const paths = {
    '/stations/': get(),
    '/stations/{id}': get({ parameters: [{ name: 'id', in: 'path', required: true, schema: {} }] }),
    'x-ext': {},
  };

  describe('trailingSlashes', () => {
    table(trailingSlashes, [
      { name: 'off without x-codegen-rules', value: { openapi: '3.1.0', info, paths }, want: [] },
      {
        name: 'off unless exactly true',
        value: { openapi: '3.1.0', info, paths, 'x-codegen-rules': { trailingSlash: 'yes' } },
        want: [],
      },
      {
        name: 'on',
        value: { openapi: '3.1.0', info, paths, 'x-codegen-rules': { trailingSlash: true } },
        want: [
          {
            code: 'path-trailing-slash',
            pointer: '/paths/~1stations~1{id}',
            message: "path '/stations/{id}' does not end with '/'",
            hint: "rename it to '/stations/{id}/' (x-codegen-rules.trailingSlash is on)",
          },
        ],
      },
    ]);
  });

  describe('bearerSecurity', () => {
    const rules = { 'x-codegen-rules': { bearerSecurity: true } };
    const bearer = {
      securitySchemes: {
        jwt: { type: 'http', scheme: 'Bearer' },
        key: { type: 'apiKey', in: 'header', name: 'K' },
      },
    };
    table(bearerSecurity, [
      {
        name: 'off without x-codegen-rules',
        value: { openapi: '3.1.0', info, paths: { '/a': get() } },
        want: [],
      },
      {
        name: 'every operation covered, by its own security or the top-level one (scheme names are case-insensitive)',
        value: {
          openapi: '3.1.0',
          info,
          ...rules,
          security: [{ jwt: [] }],
          paths: { '/a': { ...get(), post: { security: [{ jwt: [], key: [] }], responses: ok } } },
          webhooks: { ping: { post: { security: [], responses: ok } } },
          components: bearer,
        },
        want: [],
      },
      {
        name: 'a bearer scheme behind a $ref counts',
        value: {
          openapi: '3.1.0',
          info,
          ...rules,
          security: [{ jwt: [] }],
          paths: { '/a': get() },
          components: {
            securitySchemes: {
              jwt: { $ref: '#/components/securitySchemes/real' },
              real: { type: 'http', scheme: 'bearer' },
            },
          },
        },
        want: [],
      },
      {
        name: 'no bearer scheme at all: one diagnostic, not one per operation',
        value: {
          openapi: '3.1.0',
          info,
          ...rules,
          paths: { '/a': get(), '/b': get() },
          components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
        },
        want: [
          {
            code: 'operation-security',
            pointer: '/components/securitySchemes',
            message: "no security scheme has type 'http' and scheme 'bearer'",
            hint: 'x-codegen-rules.bearerSecurity requires one, for example components.securitySchemes.bearerAuth: {type: http, scheme: bearer}',
          },
        ],
      },
      {
        name: 'operations without security, with an empty one, and with an alternative that skips bearer',
        value: {
          openapi: '3.1.0',
          info,
          ...rules,
          security: [{ jwt: [] }, {}],
          paths: {
            '/a': get(),
            '/b': get({ security: [] }),
            '/c': get({ security: [{ jwt: [] }, { key: [] }] }),
            '/d': get({ security: [{ jwt: [] }] }),
          },
          components: bearer,
        },
        want: [
          {
            code: 'operation-security',
            pointer: '/paths/~1a/get',
            message:
              "GET /a can be called without bearer authentication: security requirement 1 does not include 'jwt' (inherited from the top-level security)",
            hint: "every alternative in 'security' must include a bearer scheme, for example security: [{jwt: []}]",
          },
          {
            code: 'operation-security',
            pointer: '/paths/~1b/get/security',
            message: 'GET /b requires no authentication',
            hint: 'add security: [{jwt: []}] to the operation or at the top level',
          },
          {
            code: 'operation-security',
            pointer: '/paths/~1c/get/security/1',
            message:
              "GET /c can be called without bearer authentication: security requirement 1 does not include 'jwt'",
          },
        ],
      },
      {
        name: 'no security anywhere',
        value: { openapi: '3.1.0', info, ...rules, paths: { '/a': get() }, components: bearer },
        want: [
          {
            code: 'operation-security',
            pointer: '/paths/~1a/get',
            message: 'GET /a requires no authentication (inherited from the top-level security)',
          },
        ],
      },
    ]);
  });
});

describe('validateDocument', () => {
  it('runs the semantic rules even when the schema check fails', () => {
    const doc = documentOf({
      openapi: '3.1.0',
      info,
      paths: {
        '/a/{id}': { get: { operationId: 'x', responses: { '200': {} } } },
        '/b': { get: { operationId: 'x', responses: ok } },
      },
    });
    expect(validateDocument(doc).map((d) => [d.code, d.pointer])).toEqual([
      ['path-parameter-undeclared', '/paths/~1a~1{id}/get'],
      ['schema', '/paths/~1a~1{id}/get/responses/200'],
      ['duplicate-operation-id', '/paths/~1b/get/operationId'],
    ]);
  });

  it('reports a restated problem once: the rule’s message replaces the schema’s at the same place', () => {
    const doc = documentOf({
      openapi: '3.1.0',
      info,
      paths: {
        '/a/{id}': get({ parameters: [{ name: 'id', in: 'path', required: false, schema: {} }] }),
      },
    });
    expect(validateDocument(doc).map((d) => [d.code, d.pointer])).toEqual([
      ['path-parameter-optional', '/paths/~1a~1{id}/get/parameters/0/required'],
    ]);
  });

  it('lists every rule once', () => {
    expect(semanticRules).toEqual([
      uniqueOperationIds,
      references,
      pathParameters,
      enumValues,
      trailingSlashes,
      bearerSecurity,
      sdkExtensions,
    ]);
  });

  // Any JSON at all under the keys the rules read: a throw here is a bug, never acceptable input handling.
  const anyJson = fc.jsonValue({ maxDepth: 5 });
  const shaped = fc.record(
    {
      openapi: fc.constantFrom('3.0.3', '3.1.0'),
      info: anyJson,
      paths: fc.oneof(
        anyJson,
        fc.dictionary(
          fc.constantFrom('/a', '/a/{id}', '/{x}/b/', 'x-y'),
          fc.dictionary(fc.constantFrom('get', 'post', 'parameters', '$ref'), anyJson),
        ),
      ),
      webhooks: anyJson,
      components: fc.oneof(
        anyJson,
        fc.record({
          schemas: anyJson,
          parameters: anyJson,
          securitySchemes: anyJson,
          pathItems: anyJson,
        }),
      ),
      security: anyJson,
      'x-codegen-rules': fc.oneof(
        anyJson,
        fc.constant({ trailingSlash: true, bearerSecurity: true }),
      ),
    },
    { requiredKeys: ['openapi'] },
  );

  it('never throws, and every diagnostic is complete, on any shape', () => {
    fc.assert(
      fc.property(shaped, (value) => {
        // As JSON: a generated key such as `<<` means the same there as in the value.
        const { document, diagnostics } = parseSource('spec.json', JSON.stringify(value));
        expect(diagnostics).toEqual([]);
        for (const d of document ? validateDocument(document) : []) {
          // Tolerated slight invalidities (an unknown top-level key) are warnings.
          expect(d.severity).toBe(
            ['unknown-key', 'path-parameter-optional'].includes(d.code) ? 'warning' : 'error',
          );
          expect(d.file).toBe('spec.json');
          expect(typeof d.code).toBe('string');
          expect(d.message.length).toBeGreaterThan(0);
          expect(d.message).not.toMatch(/\n|at .+\.ts:\d+/);
          expect(d.pointer === '' || d.pointer.startsWith('/')).toBe(true);
          expect(d.line).toBeGreaterThan(0);
          expect(d.column).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on a hand-built document with a cycle', () => {
    const value: Record<string, unknown> = { openapi: '3.1.0', info };
    value['components'] = { schemas: { Self: value } };
    const doc: SourceDocument = {
      file: 'cyclic.json',
      format: 'json',
      value,
      files: ['cyclic.json'],
      locate: () => ({ line: 0, column: 0 }),
    };
    expect(() => semanticRules.flatMap((rule) => rule(doc))).not.toThrow();
  });
});
