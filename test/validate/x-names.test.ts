/**
 * An `x-` key in a map of names is a name (issue 35): a response header `x-request-id`, a
 * property `x-node`, a response status map's extension beside them. Validated and built as
 * the pipeline does, from one file.
 */
import { describe, expect, it } from 'vitest';
import { irFromText } from '../support/documents.js';

const SPEC = `openapi: 3.1.0
info: {title: Names, version: '1'}
paths:
  /nodes:
    get:
      operationId: getNode
      responses:
        '200':
          description: ok
          headers:
            x-request-id: {$ref: '#/components/headers/x-request-id'}
          content:
            application/json:
              schema:
                type: object
                properties:
                  x-node: {$anchor: node, type: string}
                  copy: {$ref: '#node'}
        x-internal: {note: an extension of the responses, not a status}
components:
  headers:
    x-request-id:
      schema: {type: string}
`;

describe('x- keys that are names', () => {
  it('finds an $anchor in a property named x-…, and reads an x- key beside statuses as an extension', () => {
    const result = irFromText('spec.yaml', SPEC);
    expect('diagnostics' in result ? result.diagnostics : []).toEqual([]);
    if (!('ir' in result)) return;
    const [operation] = result.ir.operations;
    expect(operation!.responses.map((r) => r.status)).toEqual([200]);
    expect(JSON.stringify(operation!.responses[0])).toContain('"copy"');
  });
});
