/**
 * The serializers against openapi-fetch 0.17.0's on the same inputs: a table of parameter
 * values and styles, each answer compared with theirs, so a URL a server accepts from
 * openapi-fetch is the URL it gets from us.
 */
import { describe, expect, it } from 'vitest';
import * as upstream from 'openapi-fetch';
import {
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  mergeHeaders,
  removeTrailingSlash,
  serializeArrayParam,
  serializeObjectParam,
  serializePrimitiveParam,
} from '../../templates/fetch/index.js';

const ARRAY_STYLES = [
  'simple',
  'label',
  'matrix',
  'form',
  'spaceDelimited',
  'pipeDelimited',
] as const;
const OBJECT_STYLES = ['simple', 'label', 'matrix', 'form', 'deepObject'] as const;
const ARRAYS = [[], ['a'], ['a', 'b c', 'd/e'], [1, true, 'x?y&z']];
const OBJECTS = [{}, { a: '1' }, { role: 'admin', name: 'a b', path: '/x?' }];
const FLAGS = [
  { explode: true },
  { explode: false },
  { explode: true, allowReserved: true },
  { explode: false, allowReserved: true },
];

describe('parameter styles', () => {
  it('write arrays as openapi-fetch does, in every style', () => {
    for (const style of ARRAY_STYLES)
      for (const flags of FLAGS)
        for (const value of ARRAYS) {
          const options = { style, ...flags };
          expect(serializeArrayParam('id', value, options), JSON.stringify([value, options])).toBe(
            upstream.serializeArrayParam('id', value, options),
          );
        }
  });

  it('write objects as openapi-fetch does, in every style', () => {
    for (const style of OBJECT_STYLES)
      for (const flags of FLAGS)
        for (const value of OBJECTS) {
          const options = { style, ...flags };
          expect(serializeObjectParam('f', value, options), JSON.stringify([value, options])).toBe(
            upstream.serializeObjectParam('f', value, options),
          );
        }
  });

  it('write primitives, and refuse nested values', () => {
    for (const value of ['a b', '/?#', '']) {
      expect(serializePrimitiveParam('q', value)).toBe(
        upstream.serializePrimitiveParam('q', value),
      );
      expect(serializePrimitiveParam('q', value, { allowReserved: true })).toBe(
        upstream.serializePrimitiveParam('q', value, { allowReserved: true }),
      );
    }
    expect(() => serializePrimitiveParam('q', {} as never)).toThrow(/querySerializer/);
  });
});

describe('the query serializer', () => {
  const queries = [
    {},
    { a: 1, b: 'x y', c: undefined, d: null, e: [], f: false },
    { tags: ['a', 'b'], filter: { kind: 'cat', age: 3 } },
    { q: 'a/b?c' },
  ];
  const options = [
    undefined,
    { allowReserved: true },
    { array: { style: 'pipeDelimited', explode: false } },
    {
      array: { style: 'spaceDelimited', explode: false },
      object: { style: 'form', explode: false },
    },
    { object: { style: 'form', explode: true } },
  ] as const;

  it('writes what openapi-fetch writes for each option set', () => {
    for (const option of options)
      for (const query of queries)
        expect(createQuerySerializer(option)(query), JSON.stringify([query, option])).toBe(
          upstream.createQuerySerializer(option)(query),
        );
  });
});

describe('paths, URLs, bodies and headers', () => {
  it('fills path templates as openapi-fetch does', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/pets/{id}', { id: 'a b/c' }],
      ['/pets/{id}', {}],
      ['/m/{;id}/{;list*}/{;obj}', { id: 5, list: ['x', 'y'], obj: { a: '1', b: '2' } }],
      ['/l/{.id}{.list*}/{obj*}', { id: 'v', list: ['x', 'y'], obj: { a: '1' } }],
      ['/s/{list}/{obj}', { list: ['x', 'y'], obj: { a: '1' } }],
    ];
    for (const [path, params] of cases)
      expect(defaultPathSerializer(path, params), path).toBe(
        upstream.defaultPathSerializer(path, params),
      );
  });

  it('builds the final URL from base, path and query', () => {
    const input = {
      baseUrl: 'https://api.test/v1',
      params: { path: { id: 7 }, query: { a: ['1', '2'] } },
      querySerializer: createQuerySerializer(),
      pathSerializer: defaultPathSerializer,
    };
    expect(createFinalURL('/x/{id}', input)).toBe('https://api.test/v1/x/7?a=1&a=2');
    expect(createFinalURL('/x', { ...input, querySerializer: () => '?k=v' })).toBe(
      'https://api.test/v1/x?k=v',
    );
    expect(removeTrailingSlash('https://a/')).toBe('https://a');
    expect(removeTrailingSlash('https://a')).toBe('https://a');
  });

  it('serializes bodies as JSON, FormData as is, form-encoded when the Content-Type says so', () => {
    const form = new FormData();
    expect(defaultBodySerializer(form)).toBe(form);
    expect(defaultBodySerializer({ a: [1] })).toBe('{"a":[1]}');
    const formHeaders = new Headers({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(defaultBodySerializer({ a: 'x y' }, formHeaders)).toBe('a=x+y');
    expect(
      defaultBodySerializer({ a: 'x y' }, { 'Content-Type': 'application/x-www-form-urlencoded' }),
    ).toBe('a=x+y');
  });

  it('merges headers as openapi-fetch does', () => {
    const sources = [
      new Headers({ a: '1', b: '2' }),
      { b: null, c: ['3', '4'], d: 5, e: undefined },
    ];
    const ours = [...mergeHeaders(...(sources as never[])).entries()];
    const theirs = [...upstream.mergeHeaders(...(sources as never[])).entries()];
    expect(ours).toEqual(theirs);
    expect(ours).toEqual([
      ['a', '1'],
      ['c', '3, 4'],
      ['d', '5'],
    ]);
  });
});
