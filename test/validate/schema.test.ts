import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../generator/validate/index.js';
import { checkSchema, detectVersion } from '../../generator/validate/openapi-schema.js';
import { parseSource } from '../../generator/load/load.js';
import { brief, documentOf } from '../support/documents.js';

const info = { title: 'Test', version: '1.0.0' };
const ok = { '200': { description: 'ok' } };

/** A document with one GET operation on `/things`, with `operation` merged into it. */
function withOperation(
  openapi: string,
  operation: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    openapi,
    info,
    paths: { '/things': { get: { responses: ok, ...operation } } },
    ...extra,
  };
}

describe('detectVersion', () => {
  it.each([
    { openapi: '3.1.0', line: '3.1' },
    { openapi: '3.1.1', line: '3.1' },
    { openapi: '3.0.0', line: '3.0' },
    { openapi: '3.0.3', line: '3.0' },
    { openapi: '3.0.3-rc1', line: '3.0' },
    { openapi: '3.2.0', line: '3.2' },
  ])('$openapi → $line', ({ openapi, line }) => {
    expect(detectVersion(documentOf({ openapi }))).toEqual({ line });
  });

  it.each([
    {
      value: { swagger: '2.0', info },
      want: {
        code: 'unsupported-version',
        pointer: '/swagger',
        message: 'Swagger 2.0 documents are not supported',
        hint: 'load it with loadDocument (generator/load/swagger/load.ts), which converts it to OpenAPI 3.0',
      },
    },
    {
      value: { info },
      want: {
        code: 'unsupported-version',
        pointer: '',
        message: "the document has no 'openapi' field",
        hint: 'add `openapi: 3.1.0` at the top; this generator reads Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x documents',
      },
    },
    {
      value: { openapi: '3.3.0', info },
      want: {
        code: 'unsupported-version',
        pointer: '/openapi',
        message: 'OpenAPI version "3.3.0" is not supported',
        hint: 'this generator reads Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x documents',
      },
    },
    {
      value: { openapi: '3.1', info },
      want: {
        code: 'unsupported-version',
        pointer: '/openapi',
        message: 'OpenAPI version "3.1" is not supported',
        hint: 'this generator reads Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x documents',
      },
    },
    {
      value: { openapi: 3, info },
      want: {
        code: 'unsupported-version',
        pointer: '/openapi',
        message: '\'openapi\' must be a version string such as "3.1.0", not the number 3',
        hint: 'quote the full version: `openapi: "3.1.0"`',
      },
    },
  ])(
    'rejects $value.openapi$value.swagger with one unsupported-version error and nothing else',
    ({ value, want }) => {
      // Enough wrong with these documents that any other check would have something to say.
      const doc = documentOf({ ...value, paths: { '/a/{id}': { get: { operationId: 1 } } } });
      expect(validateDocument(doc).map(brief)).toEqual([want]);
    },
  );
});

describe('checkSchema: OpenAPI 3.1', () => {
  it('accepts what the 2021-04-15 schema gets wrong: relative $refs, templated server URLs, Schema Objects', () => {
    const doc = documentOf({
      openapi: '3.1.0',
      info: { ...info, termsOfService: '/terms' },
      servers: [
        { url: 'https://{region}.example.com/v1', variables: { region: { default: 'eu' } } },
        { url: '/v1' },
      ],
      paths: {
        '/things/{id}': {
          get: {
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                schema: { type: 'string', format: 'uuid' },
              },
              { $ref: '#/components/parameters/Q' },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
              },
            },
          },
        },
      },
      components: {
        parameters: { Q: { name: 'q', in: 'query', schema: { type: ['string', 'null'] } } },
        schemas: {
          Thing: {
            type: 'object',
            properties: { id: { type: 'string' } },
            unevaluatedProperties: false,
          },
        },
      },
    });
    expect(checkSchema(doc, '3.1')).toEqual([]);
  });

  const cases: { name: string; value: unknown; want: ReturnType<typeof brief>[] }[] = [
    {
      name: 'a misspelt operation property, with the likely name and the allowed ones',
      value: withOperation('3.1.0', { sumary: 'List' }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/sumary',
          message: "unexpected property 'sumary' in operation (typo?)",
          hint: "did you mean 'summary'? allowed here: tags, summary, description, externalDocs, operationId, parameters, requestBody, responses, callbacks, deprecated, security, servers, x-* extensions",
        },
      ],
    },
    {
      name: 'an unknown top-level property with no close match',
      value: { openapi: '3.1.0', info, paths: {}, colour: 'red' },
      want: [
        {
          code: 'unknown-key',
          pointer: '/colour',
          message: "unexpected property 'colour' in the document (typo?)",
          hint: 'allowed here: openapi, info, jsonSchemaDialect, servers, paths, webhooks, components, security, tags, externalDocs, x-* extensions',
        },
      ],
    },
    {
      name: 'a path that does not start with a slash',
      value: { openapi: '3.1.0', info, paths: { things: {} } },
      want: [
        {
          code: 'schema',
          pointer: '/paths/things',
          message: "unexpected property 'things' in paths (typo?)",
          hint: "allowed here: paths starting with '/', x-* extensions",
        },
      ],
    },
    {
      name: 'a missing required property',
      value: { openapi: '3.1.0', info: { version: '1' }, paths: {} },
      want: [
        { code: 'schema', pointer: '/info', message: "info is missing required property 'title'" },
      ],
    },
    {
      name: 'a wrong type',
      value: withOperation('3.1.0', { operationId: 42 }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/operationId',
          message: "'operationId' must be a string, not the number 42",
        },
      ],
    },
    {
      name: 'a wrong type in an array',
      value: withOperation('3.1.0', { tags: ['a', true] }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/tags/1',
          message: "item 1 of 'tags' must be a string, not a boolean",
        },
      ],
    },
    {
      name: 'a value outside an enum (the if/then/else fan-out is gone)',
      value: withOperation('3.1.0', {
        parameters: [{ name: 'q', in: 'body', schema: { type: 'string' } }],
      }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/parameters/0/in',
          message: "'in' must be one of 'query', 'header', 'path' or 'cookie' (got 'body')",
        },
      ],
    },
    {
      name: 'a oneOf of required properties, none present',
      value: withOperation('3.1.0', { parameters: [{ name: 'q', in: 'query' }] }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/parameters/0',
          message: "parameter must have exactly one of 'schema' or 'content'",
        },
      ],
    },
    {
      name: 'a parameter without schema: its style is not also called unexpected',
      value: withOperation('3.1.0', {
        parameters: [{ name: 'q', in: 'query', style: 'form', explod: true }],
      }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/parameters/0/explod',
          message: "unexpected property 'explod' in parameter (typo?)",
          hint: 'allowed here: name, in, description, required, deprecated, allowEmptyValue, schema, content, x-* extensions',
        },
        {
          code: 'schema',
          pointer: '/paths/~1things/get/parameters/0',
          message: "parameter must have exactly one of 'schema' or 'content'",
        },
      ],
    },
    {
      name: 'a oneOf of required properties, both present',
      value: {
        openapi: '3.1.0',
        info: { ...info, license: { name: 'MIT', identifier: 'MIT', url: 'https://mit.example' } },
        paths: {},
      },
      want: [
        {
          code: 'schema',
          pointer: '/info/license',
          message: "'license' must have only one of 'identifier' or 'url', not both",
        },
      ],
    },
    {
      name: 'an anyOf of required properties',
      value: { openapi: '3.1.0', info },
      want: [
        {
          code: 'schema',
          pointer: '',
          message: "the document must have at least one of 'paths', 'components' or 'webhooks'",
        },
      ],
    },
    {
      name: 'an extra property on a reference',
      value: withOperation(
        '3.1.0',
        { parameters: [{ $ref: '#/components/parameters/Q', name: 'q' }] },
        { components: { parameters: { Q: { name: 'q', in: 'query', schema: {} } } } },
      ),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/parameters/0/name',
          message: "unexpected property 'name' in parameter (typo?)",
          hint: 'allowed here: $ref, summary, description',
        },
      ],
    },
    {
      name: 'a security scheme of an unknown type (no cascade about its other properties)',
      value: {
        openapi: '3.1.0',
        info,
        paths: {},
        components: { securitySchemes: { b: { type: 'htp', scheme: 'bearer' } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/securitySchemes/b/type',
          message:
            "'type' must be one of 'apiKey', 'http', 'mutualTLS', 'oauth2' or 'openIdConnect' (got 'htp')",
        },
      ],
    },
    {
      name: 'a security scheme missing what its type requires',
      value: {
        openapi: '3.1.0',
        info,
        paths: {},
        components: { securitySchemes: { b: { type: 'http' } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/securitySchemes/b',
          message: "security scheme is missing required property 'scheme'",
        },
      ],
    },
    {
      name: 'a component name with a space',
      value: { openapi: '3.1.0', info, components: { schemas: { 'My Thing': {} } } },
      want: [
        {
          code: 'schema',
          pointer: '/components/schemas/My Thing',
          message:
            "name 'My Thing' in 'components.schemas' must match the pattern /^[a-zA-Z0-9._-]+$/",
        },
      ],
    },
    {
      name: 'a numeric name is a name, not an array index',
      value: { openapi: '3.1.0', info, components: { schemas: { '1': 5 } } },
      want: [
        {
          code: 'schema',
          pointer: '/components/schemas/1',
          message: "'1' must be an object or a boolean, not the number 5",
        },
      ],
    },
    {
      name: 'a status code that is not one',
      value: withOperation('3.1.0', { responses: { '2000': { description: 'ok' } } }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/responses/2000',
          message: "unexpected property '2000' in responses (typo?)",
          hint: 'allowed here: default, names matching /^[1-5][0-9X]{2}$/, x-* extensions',
        },
      ],
    },
  ];

  it.each(cases)('$name', ({ value, want }) => {
    expect(checkSchema(documentOf(value), '3.1').map(brief)).toEqual(want);
  });
});

describe('checkSchema: OpenAPI 3.0', () => {
  const cases: { name: string; value: unknown; want: ReturnType<typeof brief>[] }[] = [
    {
      name: 'a missing responses object',
      value: { openapi: '3.0.3', info, paths: { '/things': { get: { summary: 'List' } } } },
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get',
          message: "operation is missing required property 'responses'",
        },
      ],
    },
    {
      name: 'an empty responses object',
      value: withOperation('3.0.3', { responses: {} }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/responses',
          message: "'responses' must not be empty",
        },
      ],
    },
    {
      name: 'a location outside the enum (nine raw errors, one message)',
      value: withOperation('3.0.3', {
        parameters: [{ name: 'q', in: 'body', schema: { type: 'string' } }],
      }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/parameters/0/in',
          message: "'in' must be one of 'path', 'query', 'header' or 'cookie' (got 'body')",
        },
      ],
    },
    {
      name: 'both schema and content',
      value: withOperation('3.0.3', {
        parameters: [
          { name: 'q', in: 'query', schema: { type: 'string' }, content: { 'text/plain': {} } },
        ],
      }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/parameters/0',
          message: "parameter must not have both 'schema' and 'content'",
        },
      ],
    },
    {
      name: 'a typo deep in a schema (the Reference alternative is not blamed)',
      value: {
        openapi: '3.0.3',
        info,
        paths: {},
        components: {
          schemas: { A: { type: 'object', properties: { b: { type: 'integer', nulable: true } } } },
        },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/schemas/A/properties/b/nulable',
          message: "unexpected property 'nulable' in schema (typo?)",
          hint: "did you mean 'nullable'? allowed here: title, multipleOf, maximum, exclusiveMaximum, minimum, exclusiveMinimum, maxLength, minLength, pattern, maxItems, minItems, uniqueItems, maxProperties, minProperties, required, enum, type, not, allOf, oneOf, anyOf, items, properties, additionalProperties, description, format, default, nullable, discriminator, readOnly, writeOnly, example, externalDocs, deprecated, xml, x-* extensions",
        },
      ],
    },
    {
      name: 'a 3.1-style type array in a 3.0 schema',
      value: {
        openapi: '3.0.3',
        info,
        paths: {},
        components: { schemas: { A: { type: ['string', 'null'] } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/schemas/A/type',
          message: "'type' must be a string, not an array",
        },
      ],
    },
    {
      name: 'a reference whose $ref is not a string (the Parameter alternative is not blamed)',
      value: withOperation('3.0.3', { parameters: [{ $ref: 5 }] }),
      want: [
        {
          code: 'schema',
          pointer: '/paths/~1things/get/parameters/0/$ref',
          message: "'$ref' must be a string, not the number 5",
        },
      ],
    },
    {
      name: 'a security scheme of type http without a scheme (the other three types are not blamed)',
      value: {
        openapi: '3.0.3',
        info,
        paths: {},
        components: { securitySchemes: { b: { type: 'http' } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/securitySchemes/b',
          message: "security scheme is missing required property 'scheme'",
        },
      ],
    },
    {
      name: 'a security scheme of an unknown type',
      value: {
        openapi: '3.0.3',
        info,
        paths: {},
        components: { securitySchemes: { b: { type: 'htp', scheme: 'bearer' } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/securitySchemes/b/type',
          message:
            "'type' must be one of 'apiKey', 'http', 'oauth2' or 'openIdConnect' (got 'htp')",
        },
      ],
    },
    {
      name: 'a path parameter whose required is not a boolean (the query/header/cookie alternatives are not blamed)',
      value: {
        openapi: '3.0.3',
        info,
        paths: {},
        components: { parameters: { P: { name: 'p', in: 'path', required: 'yes', schema: {} } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/parameters/P/required',
          message: "'required' must be a boolean, not a string",
        },
      ],
    },
    {
      name: 'a path parameter with required: false',
      value: {
        openapi: '3.0.3',
        info,
        paths: {},
        components: { parameters: { P: { name: 'p', in: 'path', required: false, schema: {} } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/parameters/P/required',
          message: "'required' must be true (got false)",
        },
      ],
    },
    {
      name: 'a style that does not fit the location',
      value: {
        openapi: '3.0.3',
        info,
        paths: {},
        components: { parameters: { P: { name: 'p', in: 'query', style: 'label', schema: {} } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/parameters/P/style',
          message:
            "'style' must be one of 'form', 'spaceDelimited', 'pipeDelimited' or 'deepObject' (got 'label')",
        },
      ],
    },
    {
      name: 'a bad format',
      value: { openapi: '3.0.3', info: { ...info, contact: { email: 'not an email' } }, paths: {} },
      want: [
        {
          code: 'schema',
          pointer: '/info/contact/email',
          message: "'email' must be a valid 'email' (got 'not an email')",
        },
      ],
    },
    {
      name: 'a draft-04 boolean exclusiveMinimum (compiled from the rewritten schema)',
      value: {
        openapi: '3.0.3',
        info,
        paths: {},
        components: { schemas: { A: { type: 'number', multipleOf: 0 } } },
      },
      want: [
        {
          code: 'schema',
          pointer: '/components/schemas/A/multipleOf',
          message: "'multipleOf' must be > 0",
        },
      ],
    },
  ];

  it.each(cases)('$name', ({ value, want }) => {
    expect(checkSchema(documentOf(value), '3.0').map(brief)).toEqual(want);
  });
});

describe('diagnostics', () => {
  it('carry file, line and column from the source', () => {
    const { document } = parseSource(
      'specs/x.yaml',
      'openapi: 3.1.0\ninfo:\n  title: T\n  version: "1"\npaths:\n  /a:\n    get:\n      operationId: 7\n',
    );
    if (!document) throw new Error('did not parse');
    expect(checkSchema(document, '3.1')).toEqual([
      {
        code: 'schema',
        severity: 'error',
        message: "'operationId' must be a string, not the number 7",
        file: 'specs/x.yaml',
        pointer: '/paths/~1a/get/operationId',
        line: 8,
        column: 7,
      },
    ]);
  });
});
