import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../generator/shared/diagnostics.js';
import { validateSpec } from '../../generator/pipeline.js';
import { briefOf } from '../support/documents.js';
import { TOLERANCES } from '../../generator/validate/tolerances.js';

const TOLERATED = new Set<string>(TOLERANCES.map((t) => t.code));

/** What the CLI prints for a file: load problems, then (if it loaded) validation problems. */
async function check(file: string): Promise<Diagnostic[]> {
  return [...(await validateSpec(file))];
}

/** Where each problem is, besides what: the fixtures pin lines and columns. */
const brief = briefOf(['code', 'pointer', 'line', 'column', 'message']);

interface Case {
  readonly fixture: string;
  readonly want: readonly ReturnType<typeof brief>[];
}

/** One problem per fixture (or a deliberate few), each pinned to its code, place and wording. */
const invalid: readonly Case[] = [
  {
    fixture: 'bad-parameters.yaml',
    want: [
      {
        code: 'schema',
        pointer: '/paths/~1stations/get/parameters/0/in',
        line: 11,
        column: 11,
        message: "'in' must be one of 'query', 'header', 'path' or 'cookie' (got 'body')",
      },
      {
        code: 'schema',
        pointer: '/paths/~1stations/get/parameters/1',
        line: 14,
        column: 11,
        message: "parameter must have exactly one of 'schema' or 'content'",
      },
    ],
  },
  {
    fixture: 'duplicate-key.yaml',
    want: [
      {
        code: 'duplicate-key',
        pointer: '/paths/~1stations/get/responses/200',
        line: 11,
        column: 9,
        message: "duplicate key '200' (first defined on line 9)",
      },
    ],
  },
  {
    fixture: 'duplicate-operation-id.yaml',
    want: [
      {
        code: 'duplicate-operation-id',
        pointer: '/paths/~1stations~1nearby/get/operationId',
        line: 14,
        column: 7,
        message:
          "operationId 'listStations' is already used by GET /stations at #/paths/~1stations/get",
      },
      {
        code: 'duplicate-operation-id',
        pointer: '/paths/~1stations~1nearby/post/operationId',
        line: 19,
        column: 7,
        message:
          "operationId 'listStations' is already used by GET /stations at #/paths/~1stations/get",
      },
    ],
  },
  {
    fixture: 'enums.yaml',
    want: [
      {
        code: 'enum-duplicate',
        pointer: '/components/schemas/ConnectorType/enum/2',
        line: 10,
        column: 28,
        message: 'enum value "CCS" is listed twice (first at index 0)',
      },
      {
        code: 'enum-empty',
        pointer: '/components/schemas/Nothing/enum',
        line: 12,
        column: 7,
        message: 'enum has no values, so strictly no value is valid',
      },
      // What generate refuses, validate reports too: objects as enum values.
      {
        code: 'unsupported-schema',
        pointer: '/components/schemas/Mixed/enum',
        line: 14,
        column: 7,
        message: 'enum values must be strings, numbers, booleans or null',
      },
      {
        code: 'enum-duplicate',
        pointer: '/components/schemas/Mixed/enum/3',
        line: 14,
        column: 36,
        message: 'enum value {"b":2,"a":1} is listed twice (first at index 2)',
      },
    ],
  },
  {
    fixture: 'house-rules-no-bearer.yaml',
    want: [
      {
        code: 'operation-security',
        pointer: '/components/securitySchemes',
        line: 15,
        column: 3,
        message: "no security scheme has type 'http' and scheme 'bearer'",
      },
    ],
  },
  {
    fixture: 'house-rules.yaml',
    want: [
      {
        code: 'path-trailing-slash',
        pointer: '/paths/~1stations~1{id}',
        line: 17,
        column: 3,
        message: "path '/stations/{id}' does not end with '/'",
      },
      {
        code: 'operation-security',
        pointer: '/paths/~1stations~1{id}/get/security/1',
        line: 22,
        column: 11,
        message:
          "GET /stations/{id} can be called without bearer authentication: security requirement 1 does not include 'bearerAuth'",
      },
      {
        code: 'operation-security',
        pointer: '/paths/~1stations~1{id}/delete/security',
        line: 34,
        column: 7,
        message: 'DELETE /stations/{id} requires no authentication',
      },
    ],
  },
  {
    fixture: 'json-error.json',
    want: [
      {
        code: 'path-parameter-undeclared',
        pointer: '/paths/~1stations~1{id}/get',
        line: 6,
        column: 7,
        message: "GET /stations/{id} does not declare the path parameter 'id'",
      },
      {
        code: 'schema',
        pointer: '/components/responses/NotFound',
        line: 21,
        column: 20,
        message: "response is missing required property 'description'",
      },
    ],
  },
  {
    fixture: 'json-syntax.json',
    want: [
      {
        code: 'json-syntax',
        pointer: '',
        line: 4,
        column: 3,
        message: "expected ',' or '}' after property value",
      },
    ],
  },
  {
    fixture: 'missing-required.yaml',
    want: [
      {
        code: 'schema',
        pointer: '/paths/~1stations/get/responses/200',
        line: 10,
        column: 9,
        message: "response is missing required property 'description'",
      },
    ],
  },
  {
    fixture: 'openapi-3.0-invalid.yaml',
    want: [
      {
        code: 'schema',
        pointer: '/paths/~1stations/get',
        line: 7,
        column: 5,
        message: "operation is missing required property 'responses'",
      },
      {
        code: 'schema',
        pointer: '/paths/~1stations/get/parameters/0/schema/nulable',
        line: 14,
        column: 13,
        message: "unexpected property 'nulable' in schema (typo?)",
      },
      {
        code: 'schema',
        pointer: '/components/securitySchemes/bearerAuth',
        line: 22,
        column: 5,
        message: "security scheme is missing required property 'scheme'",
      },
    ],
  },
  {
    fixture: 'path-parameters.yaml',
    want: [
      {
        code: 'path-parameter-undeclared',
        pointer: '/paths/~1stations~1{stationId}~1connectors~1{connectorId}/get',
        line: 9,
        column: 5,
        message:
          "GET /stations/{stationId}/connectors/{connectorId} does not declare the path parameter 'connectorId'",
      },
      {
        code: 'path-parameter-unused',
        pointer: '/paths/~1stations~1{stationId}~1connectors~1{connectorId}/get/parameters/0',
        line: 12,
        column: 11,
        message:
          "path parameter 'connectorID' does not appear in the path '/stations/{stationId}/connectors/{connectorId}'",
      },
      {
        code: 'path-parameter-optional',
        pointer: '/components/parameters/StationId/required',
        line: 25,
        column: 7,
        message: "path parameter 'stationId' must have required: true",
      },
    ],
  },
  {
    fixture: 'recursive-alias.yaml',
    want: [
      {
        code: 'yaml-syntax',
        pointer: '/info/x-self',
        line: 5,
        column: 11,
        message:
          'alias *info is inside the node it refers to, which would make the document infinitely deep',
      },
    ],
  },
  {
    fixture: 'refs.yaml',
    want: [
      {
        code: 'unresolved-ref',
        pointer: '/paths/~1stations/get/responses/200/content/application~1json/schema/$ref',
        line: 15,
        column: 17,
        message:
          "$ref '#/components/schemas/Statoin' does not resolve: #/components/schemas has no 'Statoin'",
      },
      {
        code: 'unresolved-ref',
        pointer: '/paths/~1stations/get/responses/404/$ref',
        line: 17,
        column: 11,
        message:
          "$ref 'errors.yaml#/NotFound' names test/fixtures/invalid/errors.yaml, which cannot be read: no such file",
      },
      {
        code: 'unresolved-ref',
        pointer: '/paths/~1stations/get/responses/500/$ref',
        line: 19,
        column: 11,
        message:
          "$ref '#/components/responses/Error' does not resolve: #/components has no 'responses'",
      },
      {
        code: 'unsupported-ref',
        pointer: '/components/schemas/Station/properties/operator/$ref',
        line: 26,
        column: 11,
        message:
          "$ref 'https://example.com/schemas/operator.json' points to a URL, which the generator does not fetch",
      },
      {
        code: 'unresolved-ref',
        pointer: '/components/schemas/Station/properties/tags/$ref',
        line: 28,
        column: 11,
        message:
          "$ref '#/components/schemas/Station/properties/name' does not resolve: #/components/schemas/Station/properties has no 'name'",
      },
    ],
  },
  {
    fixture: 'root-not-mapping.yaml',
    want: [
      {
        code: 'root-not-mapping',
        pointer: '',
        line: 1,
        column: 1,
        message: 'the document root is a sequence, not a mapping',
      },
    ],
  },
  {
    fixture: 'swagger-1.2.yaml',
    want: [
      {
        code: 'unsupported-version',
        pointer: '/swagger',
        line: 1,
        column: 1,
        message: 'Swagger 1.2 documents are not supported',
      },
    ],
  },
  {
    fixture: 'unknown-property.yaml',
    want: [
      {
        code: 'schema',
        pointer: '/paths/~1stations/get/respones',
        line: 9,
        column: 7,
        message: "unexpected property 'respones' in operation (typo?)",
      },
    ],
  },
  {
    fixture: 'version-number.yaml',
    want: [
      {
        code: 'unsupported-version',
        pointer: '/openapi',
        line: 1,
        column: 1,
        message: '\'openapi\' must be a version string such as "3.1.0", not the number 3.1',
      },
    ],
  },
  {
    fixture: 'yaml-syntax.yaml',
    want: [
      {
        code: 'yaml-syntax',
        pointer: '',
        line: 9,
        column: 7,
        message: 'flow map in block collection must be sufficiently indented and end with a }',
      },
    ],
  },
];

describe('invalid fixtures', () => {
  it.each(invalid)('$fixture', async ({ fixture, want }) => {
    const file = `test/fixtures/invalid/${fixture}`;
    const got = await check(file);
    expect(got.map(brief)).toEqual(want);
    for (const d of got) {
      expect(d.file).toBe(file);
      // A tolerated construct (an optional path parameter, an empty enum …) is a warning.
      expect(d.severity).toBe(TOLERATED.has(d.code) ? 'warning' : 'error');
    }
  });

  it('covers every file in test/fixtures/invalid', () => {
    expect(readdirSync('test/fixtures/invalid').sort()).toEqual(
      invalid.map((c) => c.fixture).sort(),
    );
  });
});

describe('valid fixtures', () => {
  const files = readdirSync('test/fixtures/valid').sort();

  it('include a 3.0 document, a 3.1 document with house rules on, and a JSON document', () => {
    expect(files).toEqual(['chargers-3.1.json', 'petstore-3.0.yaml', 'stations-3.1.yaml']);
  });

  it.each(files)('%s has no diagnostics', async (fixture) => {
    expect(await check(`test/fixtures/valid/${fixture}`)).toEqual([]);
  });
});

describe('the Connect API spec', () => {
  const spec = 'spec/connect-api.yaml';
  it.skipIf(!existsSync(spec))(`${spec} has no diagnostics`, async () => {
    expect((await check(spec)).map(brief)).toEqual([]);
  });
});
