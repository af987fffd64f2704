import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { sortDiagnostics, type Diagnostic } from '../../generator/shared/diagnostics.js';
import { parseSource, type SourceDocument } from '../../generator/load/load.js';
import { validateDocument } from '../../generator/validate/index.js';
import { checkSchema } from '../../generator/validate/openapi-schema.js';
import { semanticRules } from '../../generator/validate/semantic.js';

function load(file: string): SourceDocument {
  const { document } = parseSource(file, readFileSync(file, 'utf8'));
  if (!document) throw new Error(`${file} did not parse`);
  return document;
}

describe('order', () => {
  const doc = load('test/fixtures/invalid/refs.yaml');

  it('does not depend on the order the rules run in', () => {
    const forward = semanticRules.flatMap((rule) => rule(doc));
    const backward = [...semanticRules].reverse().flatMap((rule) => rule(doc));
    expect(sortDiagnostics(backward)).toEqual(sortDiagnostics(forward));
    expect(validateDocument(doc)).toEqual(
      sortDiagnostics([...checkSchema(doc, '3.1'), ...forward]),
    );
  });

  it('is the same on every run', () => {
    expect(validateDocument(load('test/fixtures/invalid/refs.yaml'))).toEqual(
      validateDocument(doc),
    );
  });

  it('is by line and column, then pointer, code and message', () => {
    const at = (
      line: number,
      column: number,
      pointer: string,
      code: string,
      message = 'm',
    ): Diagnostic => ({
      code,
      severity: 'error',
      message,
      file: 'a.yaml',
      pointer,
      line,
      column,
    });
    const sorted = [
      at(1, 1, '', 'b'),
      at(2, 3, '/a', 'a'),
      at(2, 3, '/a', 'b', 'm1'),
      at(2, 3, '/a', 'b', 'm2'),
      at(2, 3, '/b', 'a'),
      at(2, 9, '/a', 'a'),
      at(10, 1, '/a', 'a'),
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(sorted, { minLength: sorted.length }), (shuffled) => {
        expect(sortDiagnostics(shuffled)).toEqual(sorted);
      }),
    );
  });
});

describe('performance', () => {
  it('validates a 3,000-line document well under a second once the schema is compiled', () => {
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 60; i += 1) {
      schemas[`Thing${i}`] = {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string' },
          kind: { enum: ['a', 'b', 'c'] },
          next: { $ref: `#/components/schemas/Thing${(i + 1) % 60}` },
        },
      };
      paths[`/things${i}/{id}/`] = {
        parameters: [{ $ref: '#/components/parameters/Id' }],
        get: {
          operationId: `get${i}`,
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } },
              },
            },
          },
        },
        put: {
          operationId: `put${i}`,
          parameters: [{ name: 'dryRun', in: 'query', schema: { type: 'boolean' } }],
          requestBody: {
            content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } } },
          },
          responses: { '204': { description: 'done' } },
        },
      };
    }
    const text = stringify({
      openapi: '3.1.0',
      info: { title: 'Big', version: '1' },
      'x-codegen-rules': { trailingSlash: true, bearerSecurity: true },
      security: [{ jwt: [] }],
      paths,
      components: {
        schemas,
        parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
        securitySchemes: { jwt: { type: 'http', scheme: 'bearer' } },
      },
    });
    expect(text.split('\n').length).toBeGreaterThan(2000);
    const { document } = parseSource('big.yaml', text);
    if (!document) throw new Error('did not parse');
    expect(validateDocument(document)).toEqual([]); // compiles the schema
    const start = performance.now();
    expect(validateDocument(document)).toEqual([]);
    expect(performance.now() - start).toBeLessThan(500);
  });
});
