/** The fake's reading of the query styles, on what the client's writer makes and on hostile keys. */
import { describe, expect, it } from 'vitest';
import { styledQueryValue } from '../../templates/fake/generic/parameter-forms.js';
import { encodeStyledQuery } from '../../templates/runtime/internal/query-styles.js';
import type { QueryParameter } from '../../templates/runtime/core/operation.js';

const context = { operationId: 'read', method: 'GET', url: 'http://127.0.0.1/read' };

/** The value written by the client's writer, read back by the fake. */
function roundTrip(parameter: QueryParameter, value: unknown): unknown {
  const search = new URLSearchParams(
    encodeStyledQuery([parameter], { [parameter.name]: value }, context as never),
  );
  return styledQueryValue(search, parameter, undefined);
}

describe('deepObject read back', () => {
  it('nested objects and lists, with brackets or indices', () => {
    const value = { b: { c: '1' }, in: ['x', 'y'] };
    expect(roundTrip({ name: 'a', style: 'deepObject' }, value)).toEqual(value);
    expect(roundTrip({ name: 'a', style: 'deepObject', arrays: 'indices' }, value)).toEqual(value);
    expect(roundTrip({ name: 'expand', style: 'deepObject' }, ['p', 'q'])).toEqual(['p', 'q']);
  });

  it('a key naming __proto__ makes a member and reaches no prototype', () => {
    const search = new URLSearchParams('a[__proto__][polluted]=1&a[b]=1&a[b][c]=2');
    const read = styledQueryValue(search, { name: 'a', style: 'deepObject' }, undefined);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(read as object, '__proto__')).toBe(true);
    expect((read as Record<string, unknown>).b).toBe('1');
  });
});
