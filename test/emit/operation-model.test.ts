/**
 * One model of an operation: the client's descriptor, the fake's contract, api.md and the
 * surface snapshot all take a parameter's facts from `operationModel`, so they cannot drift.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseState } from '../../generator/release/diff/state-file.js';
import { snapshotOf } from '../../generator/release/diff/snapshot.js';
import { specToIr } from '../../generator/release/diff/source.js';
import { operationModel, wireParameter } from '../../generator/emit/operations/operation-model.js';
import { emitOperationModule } from '../../generator/emit/operations/operations.js';
import { ContractBuilder, printContractValue } from '../../generator/emit/fake/testing-contract.js';
import { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import type { IrParameter } from '../../generator/ir/types.js';
import { printFiles } from '../../generator/print/print.js';
import { int, irOf, operation, str, namesOf } from '../support/ir-values.js';

const query = (name: string, extra: Partial<IrParameter> = {}): IrParameter => ({
  name,
  identifier: name,
  location: 'query',
  required: false,
  type: str,
  explode: true,
  ...extra,
});

const op = operation({
  functionName: 'thingsList',
  queryParameters: [
    query('kind', { required: true }),
    query('ids', { type: { kind: 'array', items: int }, explode: false }),
    query('limit', { type: int, default: 10 }),
  ],
  headerParameters: [
    {
      name: 'X-Trace',
      identifier: 'xTrace',
      location: 'header',
      required: true,
      type: str,
      explode: false,
    },
  ],
});

describe('operationModel', () => {
  it('writes required and explode only where they differ from their defaults', () => {
    expect(operationModel(op).parameters.query.map((p) => p.wire)).toEqual([
      { name: 'kind', required: true },
      { name: 'ids', explode: false },
      { name: 'limit' },
    ]);
    expect(operationModel(op).parameters.header.map((p) => p.wire)).toEqual([
      { name: 'X-Trace', required: true },
    ]);
    // Each location has OpenAPI's default: headers do not explode, cookies (form) do.
    const wire = (location: 'header' | 'cookie', explode: boolean) =>
      wireParameter({ name: 'h', location, required: false, explode });
    expect(wire('header', true)).toEqual({ name: 'h', explode: true });
    expect(wire('header', false)).toEqual({ name: 'h' });
    expect(wire('cookie', false)).toEqual({ name: 'h', explode: false });
    expect(wire('cookie', true)).toEqual({ name: 'h' });
    expect(wireParameter({ name: 'p', location: 'path', required: true, explode: true })).toEqual({
      name: 'p',
      required: true,
    });
  });

  it('gives the descriptor and the fake contract the same description of each query parameter', async () => {
    const ir = irOf([], [op]);
    const [printed] = await printFiles(
      [
        emitOperationModule(
          ir,
          ir.resources.children[0]!,
          namesOf(ir, []),
          'src/operations/things.ts',
        ),
      ],
      'HEADER',
    );
    const descriptor = printed!.content;
    expect(descriptor).toContain(
      "query: [{ name: 'kind', required: true }, { name: 'ids', explode: false }, { name: 'limit' }],",
    );
    expect(descriptor).toContain("headers: [{ name: 'X-Trace', required: true }],");

    const contract = printContractValue(new ContractBuilder(new SchemaIndex(ir)).operation(op));
    expect(contract).toContain('{ name: "kind", required: true, schema: { kind: "string" } }');
    expect(contract).toContain(
      '{ name: "ids", explode: false, schema: { kind: "array", items: { kind: "integer" } } }',
    );
    expect(contract).toContain('{ name: "limit", schema: { kind: "integer" }, default: 10 }');
  });
});

describe('the surface snapshot from the model', () => {
  it('is what generated/api-surface.json records for the spec, so the next release sees no change', () => {
    const loaded = specToIr({
      label: 'spec/connect-api.yaml',
      text: readFileSync('spec/connect-api.yaml', 'utf8'),
    });
    const state = parseState(readFileSync('generated/api-surface.json', 'utf8'));
    if (typeof state === 'string') throw new Error(state);
    expect(JSON.parse(JSON.stringify(snapshotOf(loaded.ir!)))).toEqual(state.current.surface);
  });
});
