/**
 * The query serializer against the OpenAPI 3.1 specification's table of style examples
 * (§4.8.12.4 "Style Examples", `in: query` rows), written from the spec text: the values
 * `color = ["blue", "black", "brown"]` and `color = { "R": 100, "G": 200, "B": 150 }`. The
 * delimited rows carry the name (`color=blue%20black%20brown`), as 3.1.1 corrected them; the
 * table's n/a cells are left out. Then what the table does not cover: nested deepObject
 * objects, deepObject lists (brackets or indices), allowReserved, refusals.
 */
import { describe, expect, it } from 'vitest';
import { encodeStyledQuery } from '../../templates/runtime/internal/query-styles.js';
import type { QueryParameter } from '../../templates/runtime/core/operation.js';
import { InvalidRequestError } from '../../templates/runtime/index.js';

const context = { operationId: 'styles', method: 'GET', url: 'http://127.0.0.1/styles' };
const array = ['blue', 'black', 'brown'];
const object = { R: 100, G: 200, B: 150 };

const query = (parameter: Omit<QueryParameter, 'name'>, value: unknown, name = 'color') =>
  encodeStyledQuery([{ name, ...parameter }], { [name]: value }, context as never);

// [style, explode, string, array, object] as the spec's table writes them.
const TABLE: readonly [QueryParameter['style'] | 'form', boolean, string?, string?, string?][] = [
  ['form', false, 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
  ['form', true, 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
  [
    'spaceDelimited',
    false,
    undefined,
    'color=blue%20black%20brown',
    'color=R%20100%20G%20200%20B%20150',
  ],
  ['pipeDelimited', false, undefined, 'color=blue|black|brown', 'color=R|100|G|200|B|150'],
  ['deepObject', true, undefined, undefined, 'color[R]=100&color[G]=200&color[B]=150'],
];

describe("OpenAPI's style examples table, query rows", () => {
  for (const [style, explode, string, list, members] of TABLE) {
    const parameter = { ...(style === 'form' ? {} : { style }), explode };
    it(`${style}, explode ${explode}`, () => {
      if (string !== undefined) expect(query(parameter, 'blue')).toBe(string);
      if (list !== undefined) expect(query(parameter, array)).toBe(list);
      if (members !== undefined) expect(query(parameter, object)).toBe(members);
    });
  }
});

describe('deepObject beyond the table', () => {
  it('writes nested objects with a bracket per level', () => {
    expect(query({ style: 'deepObject' }, { b: { c: 1, d: 'x y' } }, 'a')).toBe(
      'a[b][c]=1&a[b][d]=x%20y',
    );
  });

  it('writes lists with empty brackets by default, indices when the document asks', () => {
    expect(query({ style: 'deepObject' }, ['a', 'b'], 'expand')).toBe('expand[]=a&expand[]=b');
    expect(query({ style: 'deepObject', arrays: 'indices' }, ['a', 'b'], 'expand')).toBe(
      'expand[0]=a&expand[1]=b',
    );
    expect(query({ style: 'deepObject' }, { in: ['x', 'y'] }, 'f')).toBe('f[in][]=x&f[in][]=y');
  });

  it('leaves out null members and percent-encodes keys and values', () => {
    expect(query({ style: 'deepObject' }, { 'a&b': 'c=d', gone: null }, 'f')).toBe(
      'f[a%26b]=c%3Dd',
    );
  });
});

describe('allowReserved and the rest', () => {
  it('leaves reserved characters unencoded, except those that would end the pair', () => {
    expect(query({ allowReserved: true }, '/a/b:c?d@e,f', 'path')).toBe('path=/a/b:c?d@e,f');
    expect(query({ allowReserved: true }, 'a&b=c#d e', 'path')).toBe('path=a%26b%3Dc%23d%20e');
    expect(query({}, '/a/b', 'path')).toBe('path=%2Fa%2Fb');
  });

  it('keeps declaration order across styles and refuses undeclared keys and nested values', () => {
    const declared: QueryParameter[] = [
      { name: 'q' },
      { name: 'ids', style: 'pipeDelimited', explode: false },
    ];
    expect(encodeStyledQuery(declared, { ids: [1, 2], q: 'x' }, context as never)).toBe(
      'q=x&ids=1|2',
    );
    expect(() => encodeStyledQuery(declared, { nope: 1 }, context as never)).toThrow(
      InvalidRequestError,
    );
    expect(() => query({}, { a: { b: 1 } })).toThrow(/query\.color\.a must be a string/);
  });
});
