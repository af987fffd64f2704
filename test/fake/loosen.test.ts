/** The fake's loose mode, value by value: each loosening the contract allows, and nothing it does not. */
import { describe, expect, it } from 'vitest';
import {
  loosen,
  UNKNOWN_ENUM_VALUE,
  UNKNOWN_PROPERTY,
  type ResponseShape,
} from '../../templates/connect/fake/loosen.js';
import { API_CONTRACT } from '../../generated/src/connect/fake/index.js';
import * as samples from '../generated/samples.js';

const item: ResponseShape = {
  kind: 'object',
  closed: false,
  properties: [
    { name: 'id', required: true, shape: { kind: 'string', plain: true } },
    { name: 'price', required: true, shape: { kind: 'string', plain: true } },
    { name: 'day', required: true, shape: { kind: 'string', plain: true } },
    { name: 'energy', required: true, shape: { kind: 'string', plain: false } },
    { name: 'status', required: true, shape: { kind: 'enum' } },
    {
      name: 'end',
      required: true,
      shape: { kind: 'nullable', inner: { kind: 'string', plain: false } },
    },
    { name: 'note', required: false, shape: { kind: 'string', plain: true } },
    {
      name: 'tags',
      required: true,
      shape: { kind: 'object', closed: false, properties: [], values: { kind: 'enum' } },
    },
    { name: 'fixed', required: true, shape: { kind: 'object', closed: true, properties: [] } },
  ],
};

describe('loosen', () => {
  it('leaves out optional members, nulls nullable ones, adds an unknown property and enum value, rewrites plain decimals and dates', () => {
    const original = {
      id: 'st_1',
      price: '0.45',
      day: '2026-01-31',
      energy: '12.5',
      status: 'AVAILABLE',
      end: '2026-01-31T10:00:00Z',
      note: 'n',
      tags: { a: 'x' },
      fixed: {},
      extra: 1,
    };
    const copy = structuredClone(original);
    expect(loosen(original, item, {})).toEqual({
      id: 'st_1',
      price: '0,45',
      day: '31.01.2026',
      energy: '12.5',
      status: UNKNOWN_ENUM_VALUE,
      end: null,
      tags: { a: UNKNOWN_ENUM_VALUE },
      fixed: {},
      extra: 1,
      [UNKNOWN_PROPERTY]: { note: 'a field this client does not know' },
    });
    expect(original).toEqual(copy);
  });

  it('gives bodies the generated guards accept, for every sample of the real contract', () => {
    const bodies: Record<string, unknown> = {
      stationsAround: samples.stationPage(3),
      stationsDetails: samples.station(),
      stationsTile: samples.mapTile(),
      usersChargingSessionsRetrieve: samples.chargingSession(),
      usersInvoicesList: samples.page([samples.invoice()]),
      usersDebtsList: samples.page([samples.debt()]),
    };
    for (const [id, body] of Object.entries(bodies)) {
      const operation = API_CONTRACT.operations.find((o) => o.id === id);
      expect(operation?.successShape, id).toBeDefined();
      const loose = loosen(body, operation!.successShape!, API_CONTRACT.shapes ?? {});
      expect(loose, id).not.toEqual(body);
      expect(operation!.successCheck!(loose), id).toBeUndefined();
    }
  });
});
