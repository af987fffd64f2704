/** Schema shapes found in real documents that the IR builder once got wrong or refused. */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../generator/shared/diagnostics.js';
import type { Ir } from '../../generator/ir/types.js';
import { irFromText } from '../support/documents.js';

function build(
  schemas: Record<string, unknown>,
  paths: Record<string, unknown> = {},
): { ir?: Ir; diagnostics?: readonly Diagnostic[] } {
  const text = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Edges', version: '1' },
    paths,
    components: { schemas },
  });
  return irFromText('edges.json', text);
}

const ok = (body: string) => ({
  responses: {
    '200': { description: 'ok', content: { 'application/json': { schema: { $ref: body } } } },
  },
});

describe('IR edges', () => {
  it('turns a boolean enum into literals, keeping null', () => {
    const { ir } = build({ Flag: { enum: [true, false, null] } });
    expect(ir?.schemas[0]?.type).toEqual({
      kind: 'union',
      members: [
        { kind: 'literal', value: true },
        { kind: 'literal', value: false },
        { kind: 'null' },
      ],
    });
  });

  it('inlines a schema referred to outside components.schemas', () => {
    const { ir } = build({
      Box: {
        type: 'object',
        properties: {
          inner: { $ref: '#/components/schemas/Box/properties/size' },
          size: { type: 'integer' },
        },
      },
    });
    const box = ir?.schemas[0]?.type;
    expect(box?.kind === 'object' && box.properties[0]?.type).toEqual({
      kind: 'number',
      integer: true,
    });
  });

  it('hoists a schema outside components.schemas that refers to itself into a named type', () => {
    const { ir, diagnostics } = build(
      {},
      {
        '/loop': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        self: {
                          $ref: '#/paths/~1loop/get/responses/200/content/application~1json/schema',
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    );
    expect(diagnostics ?? []).toEqual([]);
    expect(ir?.schemas.map((s) => [s.sourceName, s.name, s.type])).toEqual([
      [
        '/paths/~1loop/get/responses/200/content/application~1json/schema',
        'Loop',
        {
          kind: 'object',
          properties: [
            {
              name: 'self',
              type: { kind: 'ref', name: 'Loop' },
              required: false,
              readOnly: false,
              writeOnly: false,
            },
          ],
          additional: { kind: 'unknown' },
        },
      ],
    ]);
    expect(ir?.operations[0]?.successType).toEqual({ kind: 'ref', name: 'Loop' });
  });

  it('refuses schemas that are only each other, and accepts recursion through properties or items', () => {
    const cyclic = build({
      A: { $ref: '#/components/schemas/B' },
      B: { anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }] },
    });
    expect(cyclic.diagnostics?.map((d) => [d.code, d.pointer])).toEqual([
      ['schema-cycle', '/components/schemas/A'],
      ['schema-cycle', '/components/schemas/B'],
    ]);
    const fine = build(
      {
        Tree: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
        },
        List: { type: 'array', items: { $ref: '#/components/schemas/List' } },
      },
      { '/tree': { get: ok('#/components/schemas/Tree') } },
    );
    expect(fine.diagnostics).toBeUndefined();
    expect(fine.ir?.schemas.map((s) => s.name)).toEqual(['Tree', 'List']);
  });

  it('types a nullable or untyped path parameter as a segment', () => {
    const parameter = (schema: unknown) => ({ name: 'id', in: 'path', required: true, schema });
    for (const [schema, want] of [
      [{ type: ['string', 'null'] }, { kind: 'string' }],
      [{}, { kind: 'string' }],
      [{ anyOf: [{ type: 'integer' }, { type: 'null' }] }, { kind: 'number', integer: true }],
    ] as const) {
      const { ir } = build(
        {},
        {
          '/things/{id}': {
            get: { parameters: [parameter(schema)], responses: { '204': { description: 'none' } } },
          },
        },
      );
      expect(ir?.operations[0]?.pathParameters[0]?.type).toEqual(want);
    }
  });
});
