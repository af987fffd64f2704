/**
 * The pointer translation on its own: each place the conversion moves something, and the
 * fallback to the nearest node the original has.
 */
import { describe, expect, it } from 'vitest';
import { originalPointer } from '../../generator/load/swagger/pointers.js';

const original = {
  swagger: '2.0',
  host: 'api.example.com',
  parameters: {
    NewNote: { name: 'note', in: 'body', schema: { $ref: '#/definitions/Note' } },
    Form: { name: 'file', in: 'formData', type: 'file' },
  },
  responses: { Gone: { description: 'gone', schema: { type: 'string' } } },
  securityDefinitions: {
    oauth: {
      type: 'oauth2',
      flow: 'accessCode',
      authorizationUrl: 'https://a',
      tokenUrl: 'https://t',
      scopes: { read: 'Read' },
    },
    basic: { type: 'basic' },
  },
  paths: {
    '/notes': {
      parameters: [
        { $ref: '#/parameters/NewNote' },
        { name: 'trace', in: 'header', type: 'string' },
      ],
      get: {
        parameters: [
          { name: 'form', in: 'formData', type: 'string' },
          { name: 'limit', in: 'query', type: 'integer' },
          {
            name: 'tags',
            in: 'query',
            type: 'array',
            items: { type: 'string' },
            collectionFormat: 'csv',
          },
        ],
        responses: {
          '200': {
            description: 'ok',
            schema: { type: 'array', items: { $ref: '#/definitions/Note' } },
            examples: { 'application/json': [] },
            headers: { 'X-Rate': { type: 'integer' } },
          },
        },
      },
      post: {
        parameters: [{ name: 'body', in: 'body', required: true, schema: { type: 'object' } }],
        responses: { '201': { description: 'created' } },
      },
    },
  },
  definitions: {
    Note: {
      type: 'object',
      discriminator: 'kind',
      properties: { kind: { type: 'string', 'x-nullable': true } },
    },
  },
};

describe('originalPointer', () => {
  it.each([
    ['', ''],
    ['/openapi', '/swagger'],
    ['/servers/0/url', '/host'],
    ['/info/title', ''],
    ['/components/schemas/Note/properties/kind/type', '/definitions/Note/properties/kind/type'],
    ['/components/schemas/Note/discriminator/propertyName', '/definitions/Note/discriminator'],
    [
      '/components/schemas/Note/properties/kind/nullable',
      '/definitions/Note/properties/kind/x-nullable',
    ],
    ['/components/schemas/Missing/type', '/definitions'],
    [
      '/components/securitySchemes/oauth/flows/authorizationCode/tokenUrl',
      '/securityDefinitions/oauth/tokenUrl',
    ],
    ['/components/securitySchemes/basic/scheme', '/securityDefinitions/basic/type'],
    [
      '/components/securitySchemes/oauth/flows/authorizationCode/scopes/read',
      '/securityDefinitions/oauth/scopes/read',
    ],
    [
      '/components/requestBodies/NewNote/content/application~1json/schema/$ref',
      '/parameters/NewNote/schema/$ref',
    ],
    [
      '/components/requestBodies/Form/content/multipart~1form-data/schema/properties/file/format',
      '/parameters/Form',
    ],
    ['/components/responses/Gone/content/text~1plain/schema/type', '/responses/Gone/schema/type'],
    // Index 0 of the converted path-item list is the header: the body parameter moved out.
    ['/paths/~1notes/parameters/0/schema/type', '/paths/~1notes/parameters/1/type'],
    // Index 1 of the converted operation list is `tags`: the form field moved out.
    [
      '/paths/~1notes/get/parameters/1/schema/items/type',
      '/paths/~1notes/get/parameters/2/items/type',
    ],
    ['/paths/~1notes/get/parameters/1/style', '/paths/~1notes/get/parameters/2/collectionFormat'],
    ['/paths/~1notes/get/parameters/0/required', '/paths/~1notes/get/parameters/1'],
    ['/paths/~1notes/get/parameters/7', '/paths/~1notes/get/parameters'],
    [
      '/paths/~1notes/get/requestBody/content/multipart~1form-data/schema/properties/form/type',
      '/paths/~1notes/get/parameters/0/type',
    ],
    // The path item's body, pushed down to the operation, named at its definition.
    [
      '/paths/~1notes/get/requestBody/content/application~1json/schema/$ref',
      '/parameters/NewNote/schema/$ref',
    ],
    [
      '/paths/~1notes/post/requestBody/content/application~1json/schema/type',
      '/paths/~1notes/post/parameters/0/schema/type',
    ],
    ['/paths/~1notes/post/requestBody/required', '/paths/~1notes/post/parameters/0/required'],
    [
      '/paths/~1notes/get/responses/200/content/application~1json/schema/items/$ref',
      '/paths/~1notes/get/responses/200/schema/items/$ref',
    ],
    [
      '/paths/~1notes/get/responses/200/content/application~1json/example',
      '/paths/~1notes/get/responses/200/examples/application~1json',
    ],
    [
      '/paths/~1notes/get/responses/200/headers/X-Rate/schema/type',
      '/paths/~1notes/get/responses/200/headers/X-Rate/type',
    ],
    ['/paths/~1notes/get/responses/201', '/paths/~1notes/get/responses'],
  ])('%s → %s', (converted, want) => {
    expect(originalPointer(original, converted)).toBe(want);
  });
});
