/**
 * What a query parameter's descriptor carries: its style only where it is not form, explode
 * only where it differs from the default, and for deepObject lists the document's choice of
 * `expand[]=a` (the default) or `expand[0]=a` (`x-sdk-deep-object-arrays: indices`).
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../generator/ir/build.js';
import { wireParameter } from '../../generator/emit/operations/operation-model.js';
import { documentOf } from '../support/documents.js';

const list = { type: 'array', items: { type: 'string' } };

function descriptors(root: object = {}): unknown[] {
  const built = buildIr(
    documentOf({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      ...root,
      paths: {
        '/v1/customers': {
          get: {
            operationId: 'list',
            parameters: [
              { in: 'query', name: 'expand', style: 'deepObject', explode: true, schema: list },
              { in: 'query', name: 'created', style: 'deepObject', schema: { type: 'object' } },
              { in: 'query', name: 'ids', style: 'pipeDelimited', schema: list },
              { in: 'query', name: 'path', allowReserved: true, schema: { type: 'string' } },
              { in: 'query', name: 'q', schema: list },
            ],
            responses: { '204': { description: 'done' } },
          },
        },
      },
    }),
  );
  expect(built.diagnostics).toEqual([]);
  return built.ir!.operations[0]!.queryParameters.map(wireParameter);
}

describe('query descriptors', () => {
  it('carry the style where it is not form, and nothing for the form default', () => {
    expect(descriptors()).toEqual([
      { name: 'expand', style: 'deepObject' },
      { name: 'created', style: 'deepObject' },
      { name: 'ids', explode: false, style: 'pipeDelimited' },
      { name: 'path', allowReserved: true },
      { name: 'q' },
    ]);
  });

  it('carry indices for deepObject lists when the document root asks for them', () => {
    const [expand, created] = descriptors({ 'x-sdk-deep-object-arrays': 'indices' });
    expect(expand).toEqual({ name: 'expand', style: 'deepObject', arrays: 'indices' });
    expect(created).toEqual({ name: 'created', style: 'deepObject', arrays: 'indices' });
    expect(descriptors({ 'x-sdk-deep-object-arrays': 'brackets' })[0]).toEqual({
      name: 'expand',
      style: 'deepObject',
    });
  });
});
