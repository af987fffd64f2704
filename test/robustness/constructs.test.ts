/**
 * The constructs the framework-style documents exist for, checked in the IR and the
 * output rather than only "it type-checks": each document is generated once.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Ir,
  IrObjectType,
  IrOperation,
  IrProperty,
  IrType,
} from '../../generator/ir/types.js';
import { generateText } from './harness.js';
import type { OutputFile } from '../../generator/print/print.js';

interface Generated {
  readonly ir: Ir;
  readonly files: readonly OutputFile[];
}

const generated = new Map<string, Generated>();

beforeAll(async () => {
  for (const name of ['drf-spectacular.yaml', 'fastapi.json', 'nestjs.json', 'springdoc.yaml']) {
    const file = `test/fixtures/corpus/${name}`;
    const outcome = await generateText(file, await readFile(file, 'utf8'));
    if (outcome.kind !== 'generated')
      throw new Error(
        `${file} was refused: ${outcome.diagnostics.map((d) => d.message).join('; ')}`,
      );
    generated.set(name.replace(/\..*$/, ''), { ir: outcome.ir, files: outcome.files });
  }
}, 120_000);

function doc(name: string): Generated {
  return generated.get(name)!;
}

function objectOf(ir: Ir, schema: string): IrObjectType {
  const type = ir.schemas.find((s) => s.sourceName === schema)?.type;
  if (type?.kind !== 'object') throw new Error(`${schema} is not an object`);
  return type;
}

function property(ir: Ir, schema: string, name: string): IrProperty {
  return objectOf(ir, schema).properties.find((p) => p.name === name)!;
}

function operation(ir: Ir, functionName: string): IrOperation {
  return ir.operations.find((o) => o.functionName === functionName)!;
}

function file(g: Generated, path: string): string {
  return g.files.find((f) => f.path === path)!.content;
}

const NULL: IrType = { kind: 'null' };
const ref = (name: string): IrType => ({ kind: 'ref', name });

describe('drf-spectacular style', () => {
  it('reads allOf-wrapped refs with nullable and readOnly, and oneOf with a null-only enum', () => {
    const { ir } = doc('drf-spectacular');
    expect(property(ir, 'Site', 'operator')).toMatchObject({
      type: { kind: 'union', members: [ref('Operator'), NULL] },
      readOnly: true,
    });
    expect(property(ir, 'Site', 'parking').type).toEqual({
      kind: 'union',
      members: [ref('ParkingEnum'), ref('BlankEnum'), ref('NullEnum'), NULL],
    });
    expect(ir.schemas.find((s) => s.name === 'NullEnum')?.type).toEqual(NULL);
    expect(property(ir, 'Operator', 'parent')).toMatchObject({
      type: { kind: 'union', members: [ref('Operator'), NULL] },
      description: 'The operator this one belongs to.',
    });
  });

  it('splits read and write views on readOnly and writeOnly', () => {
    const types = file(doc('drf-spectacular'), 'src/types.ts');
    const site = /export interface Site \{[\s\S]*?\n\}/.exec(types)![0];
    const request = /export interface SiteRequest \{[\s\S]*?\n\}/.exec(types)![0];
    expect(site).toMatch(/readonly id: number;/);
    expect(site).not.toMatch(/secret_token/);
    expect(request).toMatch(/secret_token\?: string;/);
    expect(request).not.toMatch(/\bid\b/);
  });

  it('keeps formats, defaults, path-level parameters, header parameters and maps of arrays', () => {
    const { ir } = doc('drf-spectacular');
    expect(property(ir, 'Site', 'power_kw').type).toMatchObject({
      kind: 'string',
      format: 'decimal',
    });
    expect(property(ir, 'Site', 'opened_on').type).toEqual({
      kind: 'union',
      members: [{ kind: 'string', format: 'date' }, NULL],
    });
    expect(property(ir, 'Site', 'max_sessions').default).toBe(10);
    expect(operation(ir, 'sitesRetrieve').pathParameters.map((p) => [p.name, p.type.kind])).toEqual(
      [['id', 'number']],
    );
    const tariffs = operation(ir, 'sitesTariffsRetrieve');
    expect(tariffs.headerParameters).toMatchObject([
      { name: 'Accept-Language', default: 'en', required: false },
    ]);
    expect(tariffs.successType).toEqual({
      kind: 'object',
      properties: [],
      additional: { kind: 'array', items: ref('Tariff') },
    });
    expect(property(ir, 'Tariff', 'level').type).toEqual({ kind: 'enum', values: [1, 2, 3] });
  });

  it('escapes */ in descriptions so the comment goes on', () => {
    const types = file(doc('drf-spectacular'), 'src/types.ts');
    expect(types).toContain('The text `*\\/` must stay inside this comment.');
    expect(types).not.toContain('The text `*/`');
  });
});

describe('FastAPI style', () => {
  it('reads anyOf with null and type arrays with null (3.1)', () => {
    const { ir } = doc('fastapi');
    expect(property(ir, 'Item', 'description').type).toEqual({
      kind: 'union',
      members: [{ kind: 'string' }, NULL],
    });
    expect(property(ir, 'Item', 'dimensions').type).toEqual({
      kind: 'union',
      members: [{ kind: 'array', items: { kind: 'number', integer: false } }, NULL],
    });
    expect(property(ir, 'Item', 'price').type).toEqual({
      kind: 'number',
      integer: false,
      exclusiveMinimum: 0,
    });
  });

  it('sends header and cookie parameters, and names an operation without an operationId', () => {
    const { ir } = doc('fastapi');
    const read = operation(ir, 'itemsReadItemItemsItemIdGet');
    expect(read.headerParameters.map((p) => [p.name, p.required])).toEqual([['x-token', true]]);
    expect(read.cookieParameters.map((p) => [p.name, p.required])).toEqual([['ads_id', false]]);
    expect(operation(ir, 'healthRetrieve')).toMatchObject({
      method: 'GET',
      path: '/health',
      operationId: 'get health',
    });
  });

  it('keeps a discriminator and recursive schemas', () => {
    const { ir } = doc('fastapi');
    expect(property(ir, 'Item', 'variant').type).toEqual({
      kind: 'union',
      members: [ref('Socket'), ref('Cable')],
      discriminator: {
        property: 'shape',
        mapping: [
          { value: 'socket', schema: 'Socket' },
          { value: 'cable', schema: 'Cable' },
        ],
      },
    });
    expect(property(ir, 'Item', 'parts').type).toEqual({ kind: 'array', items: ref('Item') });
  });
});

describe('NestJS style', () => {
  it('reads integer enums, nullable allOf refs with a description, and maps of arrays of objects', () => {
    const { ir } = doc('nestjs');
    expect(ir.enums.find((e) => e.name === 'Role')?.values).toEqual([0, 1, 2]);
    expect(property(ir, 'DriverDto', 'manager')).toMatchObject({
      type: { kind: 'union', members: [ref('DriverDto'), NULL] },
      description: 'Who manages this driver; null for managers.',
    });
    expect(objectOf(ir, 'ChargeProfiles').additional).toEqual({
      kind: 'array',
      items: ref('ChargeProfile'),
    });
  });

  it('turns dashed and dotted names into identifiers and keeps the wire names', () => {
    const { ir } = doc('nestjs');
    expect(
      operation(ir, 'vehiclesControllerProfiles').pathParameters.map((p) => [p.name, p.identifier]),
    ).toEqual([['vehicle-id', 'vehicleId']]);
    const types = file(doc('nestjs'), 'src/types.ts');
    expect(types).toContain("'country-code'?: string;");
    expect(types).toContain("'start.time'?: string;");
  });
});

describe('springdoc style', () => {
  it('names schemas called class, constructor, __proto__ and com.example.Meta', () => {
    const { ir } = doc('springdoc');
    expect(ir.schemas.map((s) => [s.sourceName, s.name])).toEqual(
      expect.arrayContaining([
        ['class', 'Class'],
        ['constructor', 'Constructor'],
        ['__proto__', 'Proto'],
        ['com.example.Meta', 'ComExampleMeta'],
      ]),
    );
  });

  it('names operations without an operationId from method and path, and reads a cookie parameter', () => {
    const { ir } = doc('springdoc');
    expect(operation(ir, 'meterControllerGetMetersByMeterId')).toMatchObject({
      method: 'GET',
      path: '/api/meters/{meterId}',
    });
    expect(operation(ir, 'meterControllerPutMetersByMeterId')).toMatchObject({ method: 'PUT' });
    // Its response is declared under `*/*`, as springdoc writes it.
    expect(operation(ir, 'meterControllerGetMetersByMeterId').successType).toEqual(
      ref('MeterReading'),
    );
    expect(
      operation(ir, 'eventControllerPublish').cookieParameters.map((p) => [p.name, p.required]),
    ).toEqual([['JSESSIONID', true]]);
  });

  it('guards properties called constructor and __proto__ as own members', () => {
    const guards = file(doc('springdoc'), 'src/guards.ts');
    expect(guards).toContain(
      "Object.hasOwn(value, 'constructor') ? value['constructor'] : undefined",
    );
    expect(guards).toContain("Object.hasOwn(value, '__proto__') ? value['__proto__'] : undefined");
  });
});
