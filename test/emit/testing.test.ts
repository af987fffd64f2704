/** The generator's side of the fake server: the contract built from the IR, and when `testing/` is emitted at all. */
import { describe, expect, it } from 'vitest';
import {
  emitTesting,
  fakeOperationIds,
  fakeServerApplies,
} from '../../generator/emit/fake/testing.js';
import { ContractBuilder, printContractValue } from '../../generator/emit/fake/testing-contract.js';
import { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import { buildIr } from '../../generator/ir/build.js';
import { planIr } from '../../generator/plan/index.js';
import { loadSource } from '../../generator/load/load.js';
import { layerFakeTemplateDir, loadTemplates } from '../../generator/pipeline.js';
import { API_CONTRACT } from '../../generated/src/connect/fake/index.js';
import { FAKE_OPERATION_IDS } from '../../templates/connect/fake/operation-ids.js';
import { irOf, nullable, object, operation, prop, ref, schema, str } from '../support/ir-values.js';

async function irOfFile(path: string) {
  const loaded = await loadSource(path);
  const built = buildIr(loaded.document!).ir;
  expect(built).toBeDefined();
  return planIr(built!).ir;
}

describe('emitTesting', () => {
  it('emits the fake server for the Connect API: templates, the in-process module, index and cli', async () => {
    const ir = await irOfFile('spec/connect-api.yaml');
    const templates = await loadTemplates(layerFakeTemplateDir('connect'));
    expect(fakeServerApplies(ir, templates)).toBe(true);
    const paths = emitTesting(ir, templates, 'src/connect/fake').map((f) => f.path);
    expect(paths).toEqual([
      ...templates.map((t) => `src/connect/fake/${t.name}`),
      'src/connect/fake/fake.ts',
      'src/connect/fake/index.ts',
      'src/connect/fake/cli.ts',
    ]);
    expect(templates.map((t) => t.name)).not.toContain('index.ts');
    expect(emitTesting(ir, undefined, 'src/connect/fake')).toEqual([]);
  });

  it('emits nothing for another API, whose operations the fake does not know', async () => {
    const ir = await irOfFile('test/fixtures/other/petstore.yaml');
    const templates = await loadTemplates(layerFakeTemplateDir('connect'));
    expect(fakeServerApplies(ir, templates)).toBe(false);
    expect(emitTesting(ir, templates, 'src/connect/fake')).toEqual([]);
  });

  it("reads the fake's operations as data from its own list, importing none of its code", async () => {
    const templates = await loadTemplates(layerFakeTemplateDir('connect'));
    expect(fakeOperationIds(templates)).toEqual(FAKE_OPERATION_IDS);
    const without = templates.filter((t) => t.name !== 'operation-ids.ts');
    expect(() => fakeOperationIds(without)).toThrow(/operation-ids\.ts/);
    const computed = [
      { name: 'operation-ids.ts', content: 'export const FAKE_OPERATION_IDS = ids();' },
    ];
    expect(() => fakeOperationIds(computed)).toThrow(
      'operation-ids.ts: FAKE_OPERATION_IDS must be a string or an array of strings written out',
    );
  });

  it('has a contract entry for every operation the fake implements', () => {
    const ids = API_CONTRACT.operations.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([...FAKE_OPERATION_IDS]));
    const start = API_CONTRACT.operations.find((o) => o.id === 'usersChargingStart')!;
    expect(start).toMatchObject({
      method: 'POST',
      path: '/api/v1/users/{user_id}/charging/start/',
      successStatus: 201,
      body: { required: true },
    });
    expect(start.body!.check!({ evse_id: 'e' })).toBeDefined();
  });
});

describe('ContractBuilder', () => {
  const speed = schema('Speed', { kind: 'enum', values: ['slow', 'fast'] });
  const body = schema(
    'ThingRequest',
    object([
      prop('email', nullable({ kind: 'string', format: 'email' }), { required: false }),
      prop('size', { kind: 'number', integer: true }),
      prop('meta', nullable(ref('Meta')), { required: false }),
    ]),
  );
  const meta = schema('Meta', object([prop('note', str)]));
  const thing = schema('Thing', object([prop('id', str)]));
  const op = operation({
    functionName: 'thingsList',
    queryParameters: [
      {
        name: 'speed',
        identifier: 'speed',
        location: 'query',
        required: false,
        type: ref('Speed'),
        explode: true,
        default: 'slow',
      },
      {
        name: 'speeds',
        identifier: 'speeds',
        location: 'query',
        required: false,
        type: { kind: 'array', items: ref('Speed') },
        explode: true,
      },
      {
        name: 'kind',
        identifier: 'kind',
        location: 'query',
        required: true,
        type: { kind: 'enum', values: ['a', 'b'] },
        explode: true,
      },
      {
        name: 'limit',
        identifier: 'limit',
        location: 'query',
        required: false,
        type: { kind: 'number', integer: true, minimum: 1, maximum: 50 },
        explode: true,
      },
      {
        name: 'q',
        identifier: 'q',
        location: 'query',
        required: false,
        type: { kind: 'string', minLength: 2 },
        explode: true,
      },
      {
        name: 'filter',
        identifier: 'filter',
        location: 'query',
        required: false,
        type: object([]),
        explode: true,
      },
    ],
    body: { required: true, encodings: ['json', 'form'], type: ref('ThingRequest') },
    successType: { kind: 'array', items: ref('Thing') },
  });

  it('turns parameters, body and success type into the contract, referring to generated names', () => {
    const builder = new ContractBuilder(new SchemaIndex(irOf([speed, body, meta, thing], [op])));
    const printed = printContractValue(builder.operation(op));
    expect(printed).toBe(
      [
        `{ id: "thingsList", method: "GET", path: "/things/", query: [`,
        `{ name: "speed", schema: { kind: "string", enum: SPEED_VALUES }, default: "slow" }, `,
        `{ name: "speeds", schema: { kind: "array", items: { kind: "string", enum: SPEED_VALUES } } }, `,
        `{ name: "kind", required: true, schema: { kind: "string", enum: ["a", "b"] } }, `,
        `{ name: "limit", schema: { kind: "integer", minimum: 1, maximum: 50 } }, `,
        `{ name: "q", schema: { kind: "string", minLength: 2 } }, `,
        `{ name: "filter", schema: { kind: "any" } }], `,
        `body: { required: true, check: checkThingRequest, fields: [`,
        `{ name: "email", kinds: ["null", "string"], format: "email" }, `,
        `{ name: "size", kinds: ["integer"] }, `,
        `{ name: "meta", kinds: ["null", "object"] }] }, `,
        `successStatus: 200, successCheck: arrayOf(checkThing), successShape: { kind: "array", items: { kind: "ref", name: "Thing" } } }`,
      ].join(''),
    );
    // The loose mode's shapes: the read view of what the success body refers to.
    expect([...builder.shapes.named.keys()]).toContain('Thing');
    expect([...builder.imports.guards].sort()).toEqual(['checkThing', 'checkThingRequest']);
    expect([...builder.imports.enums]).toEqual(['SPEED_VALUES']);
    expect(builder.imports.arrayOf).toBe(true);
  });
});
