/**
 * Parameter sets as a URL carries them (templates/runtime/internal/validate-kinds.ts, `parametersFromText`,
 * behind `parameterSchema`): a server reads every query, path, header and cookie value as text,
 * so a parameter set's validator reads numbers, booleans and lists back from it, gives the typed
 * value, and reports text that reads as nothing the field takes in the usual words. Bodies are
 * JSON and keep their types: `formSchema` reads nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  formSchema,
  parameterSchema,
  type FormNode,
  type StandardSchemaResult,
} from '../../templates/runtime/core/standard-schema.js';
import { parametersFromText } from '../../templates/runtime/internal/validate-kinds.js';

const SIZE: FormNode = { type: 'enum', values: [1, 2, 3] };

/** A query with a field of every kind a URL carries. */
const QUERY: FormNode = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1 },
    price: { type: 'number', nullable: true },
    only_available: { type: 'boolean' },
    search: { type: 'string' },
    locale: { type: 'enum', values: ['en', 'de'] },
    size: { type: 'ref', ref: () => SIZE },
    ids: { type: 'array', items: { type: 'integer' } },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    sizes: { type: 'ref', ref: () => ({ type: 'array', items: SIZE }) },
    either: { type: 'union', members: [{ type: 'integer' }, { type: 'string' }] },
    text_first: { type: 'union', members: [{ type: 'string' }, { type: 'integer' }] },
    flag_or_count: { type: 'union', members: [{ type: 'boolean' }, { type: 'integer' }] },
  },
  required: ['page'],
};

const query = parameterSchema<Record<string, unknown>>('test-vendor', QUERY);

function validate(value: unknown): StandardSchemaResult<unknown> {
  return query['~standard'].validate(value) as StandardSchemaResult<unknown>;
}

/** The typed value, failing the test with the issues when there are some. */
function typed(value: Record<string, unknown>): unknown {
  const result = validate(value);
  expect(result.issues).toBeUndefined();
  return 'value' in result ? result.value : undefined;
}

/** `[path, message]` of each issue. */
function found(value: unknown): [string, string][] {
  return (validate(value).issues ?? []).map((i) => [(i.path ?? []).join('.'), i.message]);
}

describe('a parameter set read from URL text', () => {
  it('passes values already of the right kind as they are, so the client’s own values still validate', () => {
    const value = {
      page: 2,
      price: null,
      only_available: false,
      search: '42',
      locale: 'de',
      size: 3,
      ids: [1, 2],
      tags: ['a'],
      sizes: [1],
      either: 7,
      text_first: 7,
    };
    expect(validate(value)).toEqual({ value });
  });

  it('reads a whole number and a number from their text', () => {
    expect(typed({ page: '2', price: '-1.5' })).toEqual({ page: 2, price: -1.5 });
    expect(typed({ page: '1e3', price: '0.10' })).toEqual({ page: 1000, price: 0.1 });
  });

  it('refuses text that is not a number’s JSON text, with the message of its kind', () => {
    for (const text of [' 2', '2 ', '0x10', '+2', '02', '.5', '2abc', 'abc', 'Infinity'])
      expect(found({ page: text }), JSON.stringify(text)).toEqual([
        ['page', 'must be a whole number'],
      ]);
    // An empty field is not given, as a form means it: required here.
    expect(found({ page: '' })).toEqual([['page', 'required']]);
    expect(found({ page: '1', price: '1,5' })).toEqual([['price', 'must be a number']]);
  });

  it('refuses "2.5" where a whole number is wanted, as it refuses 2.5', () => {
    expect(found({ page: '2.5' })).toEqual([['page', 'must be a whole number']]);
    expect(found({ page: 2.5 })).toEqual([['page', 'must be a whole number']]);
  });

  it('checks the bounds of the number read: "0" is below the minimum', () => {
    expect(validate({ page: '0' }).issues).toEqual([
      { message: 'at least 1', path: ['page'], code: 'minimum', expected: 1 },
    ]);
  });

  it('reads true and false, and nothing else, as booleans', () => {
    expect(typed({ page: 1, only_available: 'true' })).toEqual({ page: 1, only_available: true });
    expect(typed({ page: 1, only_available: 'false' })).toEqual({
      page: 1,
      only_available: false,
    });
    for (const text of ['TRUE', '1', 'yes'])
      expect(found({ page: 1, only_available: text }), text).toEqual([
        ['only_available', 'must be true or false'],
      ]);
    expect(typed({ page: 1, only_available: '' })).toEqual({ page: 1 });
  });

  it('keeps text where text is wanted, even text that spells a number', () => {
    expect(typed({ page: 1, search: '42', locale: 'en' })).toEqual({
      page: 1,
      search: '42',
      locale: 'en',
    });
    expect(found({ page: 1, locale: 'fr' })).toEqual([['locale', 'one of: en, de']]);
  });

  it('reads an enum’s numbers from their text, through a ref', () => {
    expect(typed({ page: 1, size: '2' })).toEqual({ page: 1, size: 2 });
    expect(found({ page: 1, size: '4' })).toEqual([['size', 'one of: 1, 2, 3']]);
  });

  it('makes a list of one text, and reads each text of a list', () => {
    expect(typed({ page: 1, ids: '7', tags: 'a', sizes: '3' })).toEqual({
      page: 1,
      ids: [7],
      tags: ['a'],
      sizes: [3],
    });
    expect(typed({ page: 1, ids: ['7', '8'], tags: ['a', 'b'], sizes: ['1', 2] })).toEqual({
      page: 1,
      ids: [7, 8],
      tags: ['a', 'b'],
      sizes: [1, 2],
    });
    expect(found({ page: 1, ids: ['7', 'x'], tags: ['a', 'b', 'c'] })).toEqual([
      ['ids.1', 'must be a whole number'],
      ['tags', 'at most 2 items'],
    ]);
  });

  it('reads a union’s text only when no member takes text: "2" stays "2" for integer | string', () => {
    expect(typed({ page: 1, either: '2', text_first: '2' })).toEqual({
      page: 1,
      either: '2',
      text_first: '2',
    });
    expect(typed({ page: 1, either: 'abc', flag_or_count: 'true' })).toEqual({
      page: 1,
      either: 'abc',
      flag_or_count: true,
    });
    expect(typed({ page: 1, flag_or_count: '3' })).toEqual({ page: 1, flag_or_count: 3 });
    expect(found({ page: 1, flag_or_count: 'x' })).toEqual([
      ['flag_or_count', 'must be true or false or a whole number'],
    ]);
  });

  it('keeps "null" as text: a URL has no null', () => {
    expect(found({ page: 1, price: 'null' })).toEqual([['price', 'must be a number']]);
  });

  it('leaves fields it does not declare, and values that are not an object, alone', () => {
    expect(typed({ page: '1', other: '2' })).toEqual({ page: 1, other: '2' });
    expect(found('page=1')).toEqual([['', 'must be an object']]);
    expect(parametersFromText(QUERY, null)).toBeNull();
  });

  it('gives a new object and never changes the one given', () => {
    const given = { page: '2', ids: '7' };
    const frozen = Object.freeze({ ...given, ids: Object.freeze(['7']) });
    expect(typed(frozen)).toEqual({ page: 2, ids: [7] });
    expect(frozen).toEqual({ page: '2', ids: ['7'] });
    expect(typed(given)).not.toBe(given);
    expect(given).toEqual({ page: '2', ids: '7' });
  });

  it('keeps a parameter named __proto__ as a parameter', () => {
    const odd: FormNode = {
      type: 'object',
      properties: JSON.parse('{"__proto__": {"type": "integer"}}') as Record<string, FormNode>,
    };
    const read = parametersFromText(odd, JSON.parse('{"__proto__": "5"}')) as object;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toBe(5);
  });

  it('is Standard Schema v1 with the declared constraints, like a body’s validator', () => {
    expect(query['~standard'].version).toBe(1);
    expect(query['~standard'].vendor).toBe('test-vendor');
    expect(query.fields['page']).toEqual({
      type: 'integer',
      minimum: 1,
      required: true,
      nullable: false,
    });
  });
});

describe('a body', () => {
  it('is JSON, which has types: its validator reads no text', () => {
    const body = formSchema('test-vendor', QUERY);
    expect(
      (body['~standard'].validate({ page: '2' }) as StandardSchemaResult<unknown>).issues?.map(
        (i) => [i.path, i.message],
      ),
    ).toEqual([[['page'], 'must be a whole number']]);
  });
});
