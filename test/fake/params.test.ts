import { describe, expect, it } from 'vitest';
import type { ParameterContract } from '../../templates/connect/fake/contract.js';
import { ApiFailure } from '../../templates/connect/fake/errors.js';
import {
  queryFlag,
  queryList,
  queryNumber,
  queryText,
  readQuery,
} from '../../templates/connect/fake/params.js';

const PARAMETERS: ParameterContract[] = [
  { name: 'latitude', required: true, schema: { kind: 'number' } },
  {
    name: 'distance',
    required: false,
    schema: { kind: 'integer', minimum: 0, maximum: 1000 },
    default: 100,
  },
  { name: 'only_available', required: false, schema: { kind: 'boolean' }, default: false },
  { name: 'type', required: false, schema: { kind: 'string', enum: ['evse_id', 'station_id'] } },
  { name: 'id', required: false, schema: { kind: 'string', minLength: 1, maxLength: 3 } },
  { name: 'x', required: false, schema: { kind: 'array', items: { kind: 'integer' } } },
  { name: 'search', required: false, schema: { kind: 'string' } },
];

const read = (query: string) => readQuery(PARAMETERS, new URLSearchParams(query));

function failure(query: string): string {
  try {
    read(query);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiFailure);
    const failure = error as ApiFailure;
    expect(failure.status).toBe(400);
    return 'error' in failure.body ? failure.body.error.details : failure.body.detail;
  }
  throw new Error(`${query} was accepted`);
}

describe('readQuery', () => {
  it('reads each parameter as its type and applies defaults', () => {
    const values = read('latitude=52.5&x=1&x=-2&only_available=TRUE&type=evse_id&search=');
    expect(queryNumber(values, 'latitude')).toBe(52.5);
    expect(queryNumber(values, 'distance')).toBe(100);
    expect(queryFlag(values, 'only_available')).toBe(true);
    expect(queryText(values, 'type')).toBe('evse_id');
    expect(queryList(values, 'x')).toEqual([1, -2]);
    expect(queryText(values, 'search')).toBe('');
    expect(queryList(values, 'missing')).toEqual([]);
    expect(queryNumber(read('latitude=1e1&distance=&only_available=0'), 'latitude')).toBe(10);
  });

  it('takes the last of repeated scalars and ignores undeclared parameters', () => {
    const values = read('latitude=1&latitude=2&unknown=3');
    expect(queryNumber(values, 'latitude')).toBe(2);
    expect(values['unknown']).toBeUndefined();
  });

  it('refuses with the parameter named', () => {
    expect(failure('')).toBe('latitude: this query parameter is required');
    expect(failure('latitude=')).toBe('latitude: this query parameter is required');
    expect(failure('latitude=north')).toBe('latitude: expected a number, got "north"');
    expect(failure('latitude=1&distance=1.5')).toBe('distance: expected an integer, got "1.5"');
    expect(failure('latitude=1&distance=-1')).toBe('distance: must be at least 0, got -1');
    expect(failure('latitude=1&distance=1001')).toBe('distance: must be at most 1000, got 1001');
    expect(failure('latitude=1&only_available=yes')).toBe(
      'only_available: expected true or false, got "yes"',
    );
    expect(failure('latitude=1&type=name')).toBe(
      'type: expected one of "evse_id", "station_id", got "name"',
    );
    expect(failure('latitude=1&id=abcd')).toBe('id: must have at most 3 character(s)');
    expect(failure('latitude=1&x=1&x=a')).toBe('x[1]: expected an integer, got "a"');
    expect(failure('latitude=Infinity')).toBe('latitude: expected a number, got "Infinity"');
  });
});
