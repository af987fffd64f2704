/**
 * Nothing dropped in silence: each construct the generated client leaves out, or reads more
 * loosely than the document writes it, is one located warning at its own place, on the
 * smallest valid document that holds it; and a document without such constructs gets none.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../generator/shared/diagnostics.js';
import { buildIr } from '../../generator/ir/build.js';
import { validateDocument } from '../../generator/validate/index.js';
import { documentOf } from '../support/documents.js';

const info = { title: 'T', version: '1' };
const ok = { '204': { description: 'done' } };
const THING = { type: 'object', properties: { a: { type: 'string' } } };

/** The warnings building the IR gives for a valid document, as `code pointer`. */
function warnings(document: object): string[] {
  const source = documentOf(document);
  expect(validateDocument(source).filter((d) => d.severity === 'error')).toEqual([]);
  const built = buildIr(source);
  expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return built.diagnostics
    .filter((d: Diagnostic) => d.severity === 'warning')
    .map((d) => `${d.code} ${d.pointer}`);
}

/** A 3.0 document with one operation, `GET /x` unless `method` says otherwise. */
function oneOperation(operation: object, method = 'get', version = '3.0.3'): object {
  return {
    openapi: version,
    info,
    paths: { '/x': { [method]: { operationId: 'x', responses: ok, ...operation } } },
  };
}

const query = (parameter: object) => oneOperation({ parameters: [{ in: 'query', ...parameter }] });

describe('parameters the client does not write as described', () => {
  it('every query style is written as described: objects, deepObject, delimited lists, allowReserved', () => {
    const list = { type: 'array', items: { type: 'integer' } };
    for (const parameter of [
      { name: 'filter', schema: THING },
      { name: 'filter', explode: false, schema: THING },
      { name: 'filter', style: 'deepObject', schema: THING },
      { name: 'expand', style: 'deepObject', explode: true, schema: list },
      { name: 'ids', style: 'spaceDelimited', schema: list },
      { name: 'ids', style: 'pipeDelimited', schema: list },
      { name: 'path', allowReserved: true, schema: { type: 'string' } },
    ])
      expect(warnings(query(parameter))).toEqual([]);
  });

  it('an object holding objects or lists, outside deepObject, which no other style writes', () => {
    const nested = { type: 'object', properties: { range: THING, tags: { type: 'array' } } };
    expect(warnings(query({ name: 'filter', schema: nested }))).toEqual([
      'parameter-style /paths/~1x/get/parameters/0/schema',
    ]);
    expect(warnings(query({ name: 'filter', style: 'deepObject', schema: nested }))).toEqual([]);
  });

  it('a parameter described by content rather than a schema, in any place', () => {
    const content = { 'application/json': { schema: THING } };
    expect(warnings(query({ name: 'where', content }))).toEqual([
      'parameter-content /paths/~1x/get/parameters/0/content',
    ]);
    expect(
      warnings(oneOperation({ parameters: [{ in: 'header', name: 'X-Where', content }] })),
    ).toEqual(['parameter-content /paths/~1x/get/parameters/0/content']);
  });

  it('a shared parameter is reported once, at its definition', () => {
    const document = {
      openapi: '3.0.3',
      info,
      paths: {
        '/a': { get: { parameters: [{ $ref: '#/components/parameters/F' }], responses: ok } },
        '/b': { get: { parameters: [{ $ref: '#/components/parameters/F' }], responses: ok } },
      },
      components: {
        parameters: {
          F: {
            in: 'query',
            name: 'f',
            schema: { type: 'object', properties: { inner: THING } },
          },
        },
      },
    };
    expect(warnings(document)).toEqual(['parameter-style /components/parameters/F/schema']);
  });

  it('plain scalars and form lists in the query give none', () => {
    expect(
      warnings(
        oneOperation({
          parameters: [
            { in: 'query', name: 'q', schema: { type: 'string' } },
            { in: 'query', name: 'ids', schema: { type: 'array', items: { type: 'integer' } } },
            {
              in: 'query',
              name: 'tags',
              explode: false,
              schema: { type: 'array', items: { type: 'string' } },
            },
          ],
        }),
      ),
    ).toEqual([]);
  });
});

describe('bodies the client does not encode or decode as described', () => {
  it('no warning for a stream of events, JSON lines or JSON texts: each item is read as it comes', () => {
    for (const mediaType of ['text/event-stream', 'application/x-ndjson', 'application/json-seq'])
      expect(
        warnings(
          oneOperation({
            responses: {
              '200': { description: 'a stream', content: { [mediaType]: { schema: THING } } },
            },
          }),
        ),
      ).toEqual([]);
  });

  it('a stream a response may also be, beside the bytes the client asks for', () => {
    expect(
      warnings(
        oneOperation({
          responses: {
            '200': {
              description: 'audio or audio events',
              content: {
                'audio/mpeg': { schema: { type: 'string', format: 'binary' } },
                'text/event-stream': { schema: THING },
              },
            },
          },
        }),
      ),
    ).toEqual(['media-type-stream /paths/~1x/get/responses/200/content/text~1event-stream']);
  });

  it('JSON or a stream with no request flag to choose, or a flag that is no boolean body property', () => {
    const jsonOrEvents = {
      '200': {
        description: 'a completion or its chunks',
        content: {
          'application/json': { schema: THING },
          'text/event-stream': { schema: THING },
        },
      },
    };
    expect(warnings(oneOperation({ responses: jsonOrEvents }))).toEqual([
      'media-type-stream /paths/~1x/get/responses',
    ]);
    const flagged = (properties: object, extra: object = {}) =>
      oneOperation(
        {
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties } } },
          },
          responses: jsonOrEvents,
          ...extra,
        },
        'post',
      );
    // OpenAI's chat completions: `stream: true` asks for the events.
    expect(warnings(flagged({ stream: { type: 'boolean' } }))).toEqual([]);
    expect(
      warnings(flagged({ live: { type: 'boolean' } }, { 'x-sdk-stream-flag': 'live' })),
    ).toEqual([]);
    expect(
      warnings(flagged({ live: { type: 'string' } }, { 'x-sdk-stream-flag': 'live' })),
    ).toEqual(['media-type-stream /paths/~1x/post/x-sdk-stream-flag']);
  });

  it('structured data in XML, read as text and sent as a string the caller writes', () => {
    expect(
      warnings(
        oneOperation({
          responses: {
            '200': { description: 'xml', content: { 'application/xml': { schema: THING } } },
          },
        }),
      ),
    ).toEqual(['media-type-unread /paths/~1x/get/responses/200/content/application~1xml']);
    expect(
      warnings(
        oneOperation(
          { requestBody: { content: { 'application/xml': { schema: THING } } } },
          'post',
        ),
      ),
    ).toEqual(['media-type-unread /paths/~1x/post/requestBody/content/application~1xml']);
  });

  it('XML beside JSON, plain text as a string, or bytes whatever their schema, give none', () => {
    expect(
      warnings(
        oneOperation({
          responses: {
            '200': {
              description: 'either',
              content: {
                'application/json': { schema: THING },
                'application/xml': { schema: THING },
              },
            },
            '201': {
              description: 'text',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
            '202': {
              description: 'bytes',
              content: { 'application/octet-stream': { schema: THING } },
            },
          },
        }),
      ),
    ).toEqual([]);
  });

  it("a form's encoding of a field (deepObject unexploded, headers), which the client does not apply", () => {
    const document = oneOperation(
      {
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: {
                  meta: THING,
                  tags: THING,
                  ids: THING,
                  name: { type: 'string' },
                  path: { type: 'string' },
                  label: { type: 'string' },
                },
              },
              encoding: {
                // Honoured: written with brackets, `meta[key]=value`.
                meta: { style: 'deepObject', explode: true },
                // Honoured: written by the query's style table.
                tags: { style: 'pipeDelimited', explode: false },
                ids: { style: 'spaceDelimited', allowReserved: true },
                name: { contentType: 'text/plain' },
                // Unexploded deepObject, which OpenAPI gives no form.
                path: { style: 'deepObject', explode: false },
                // Headers are sent with multipart parts only.
                label: { headers: { 'X-Label': { schema: { type: 'string' } } } },
              },
            },
          },
        },
      },
      'post',
    );
    expect(warnings(document)).toEqual([
      'form-encoding /paths/~1x/post/requestBody/content/application~1x-www-form-urlencoded/encoding/path',
      'form-encoding /paths/~1x/post/requestBody/content/application~1x-www-form-urlencoded/encoding/label',
    ]);
  });

  it('a deepObject field of a multipart body, where OpenAPI gives style no meaning, and a part’s headers', () => {
    const document = oneOperation(
      {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { meta: THING, file: { type: 'string' } } },
              encoding: {
                meta: { style: 'deepObject', explode: true },
                // A part's own headers are not sent.
                file: { headers: { 'X-Origin': { schema: { type: 'string' } } } },
              },
            },
          },
        },
      },
      'post',
    );
    expect(warnings(document)).toEqual([
      'form-encoding /paths/~1x/post/requestBody/content/multipart~1form-data/encoding/meta',
      'form-encoding /paths/~1x/post/requestBody/content/multipart~1form-data/encoding/file',
    ]);
  });
});

describe('what a client does not do: callbacks, webhooks, links', () => {
  it('each is reported at its place', () => {
    const document = {
      openapi: '3.1.0',
      info,
      paths: {
        '/subscriptions': {
          post: {
            operationId: 'subscribe',
            callbacks: { onEvent: { '{$request.body#/url}': { post: { responses: ok } } } },
            responses: {
              '201': {
                description: 'made',
                links: { cancel: { operationId: 'subscribe' } },
              },
            },
          },
        },
      },
      webhooks: { newThing: { post: { responses: ok } } },
    };
    expect(warnings(document)).toEqual([
      'webhook-left-out /webhooks/newThing',
      'callback-left-out /paths/~1subscriptions/post/callbacks/onEvent',
      'link-left-out /paths/~1subscriptions/post/responses/201/links/cancel',
    ]);
  });
});

describe('schema keywords the types and guards do not apply', () => {
  const withSchema = (schema: object, version = '3.1.0') => ({
    openapi: version,
    info,
    paths: {},
    components: { schemas: { S: schema } },
  });

  it.each([
    ['not', { type: 'string', not: { const: 'x' } }],
    ['if', { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } }],
    ['dependentRequired', { type: 'object', dependentRequired: { a: ['b'] } }],
    ['dependentSchemas', { type: 'object', dependentSchemas: { a: { required: ['b'] } } }],
    ['propertyNames', { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }],
    ['contains', { type: 'array', contains: { type: 'string' } }],
    ['unevaluatedProperties', { type: 'object', unevaluatedProperties: false }],
  ])('%s', (keyword, schema) => {
    expect(warnings(withSchema(schema))).toEqual([
      `ignored-keyword /components/schemas/S/${keyword}`,
    ]);
  });

  it('properties beside oneOf, oneOf beside allOf, and a 3.1 $ref with structure beside it', () => {
    const A = { type: 'object', properties: { a: { type: 'string' } } };
    const document = {
      openapi: '3.1.0',
      info,
      paths: {},
      components: {
        schemas: {
          A,
          P: { oneOf: [{ $ref: '#/components/schemas/A' }], properties: { b: { type: 'string' } } },
          Q: { allOf: [{ $ref: '#/components/schemas/A' }], oneOf: [{ required: ['a'] }] },
          R: { $ref: '#/components/schemas/A', required: ['a'] },
          // What nothing constrains, and a description beside a $ref, give none.
          Quiet: { $ref: '#/components/schemas/A', description: 'an A', not: {} },
        },
      },
    };
    expect(warnings(document)).toEqual([
      'ignored-keyword /components/schemas/P/properties',
      'ignored-keyword /components/schemas/Q/oneOf',
      'ignored-keyword /components/schemas/R/required',
    ]);
  });

  it('a 3.0 $ref ignores its siblings by the specification itself: no warning', () => {
    const document = withSchema({ allOf: [{ $ref: '#/components/schemas/A' }] }, '3.0.3') as {
      components: { schemas: Record<string, object> };
    };
    document.components.schemas.A = { type: 'object' };
    document.components.schemas.R = { $ref: '#/components/schemas/A', required: ['a'] };
    expect(warnings(document)).toEqual([]);
  });

  it('a discriminator mapping to a schema outside components.schemas', () => {
    const document = {
      openapi: '3.0.3',
      info,
      paths: {},
      components: {
        schemas: {
          Cat: { type: 'object', properties: { kind: { type: 'string' } } },
          Pet: {
            oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Cat' }],
            discriminator: {
              propertyName: 'kind',
              mapping: { cat: '#/components/schemas/Cat', dog: 'https://example.com/dog.json' },
            },
          },
        },
      },
    };
    expect(warnings(document)).toEqual([
      'discriminator-mapping /components/schemas/Pet/discriminator/mapping/dog',
    ]);
  });
});

describe('a Swagger 2.0 list format', () => {
  it('ssv and pipes in the query are the delimited styles, sent as written, with no warning', async () => {
    const { irFromText } = await import('../support/documents.js');
    const { loadUpgrader } = await import('../../generator/load/swagger/load.js');
    const text = JSON.stringify({
      swagger: '2.0',
      info,
      paths: {
        '/x': {
          get: {
            operationId: 'x',
            parameters: [
              {
                name: 'a',
                in: 'query',
                type: 'array',
                items: { type: 'string' },
                collectionFormat: 'ssv',
              },
              {
                name: 'b',
                in: 'query',
                type: 'array',
                items: { type: 'string' },
                collectionFormat: 'pipes',
              },
            ],
            responses: ok,
          },
        },
      },
    });
    const built = irFromText('lists.json', text, await loadUpgrader());
    expect('warnings' in built).toBe(true);
    if (!('warnings' in built)) return;
    expect(built.warnings).toEqual([]);
    expect(
      built.ir.operations[0]!.queryParameters.map((p) => [p.name, p.style, p.explode]),
    ).toEqual([
      ['a', 'spaceDelimited', false],
      ['b', 'pipeDelimited', false],
    ]);
  });
});
