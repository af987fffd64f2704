/**
 * The wire forms of header, cookie and path parameters as pure functions (OpenAPI 3.1
 * §4.8.12.4's style table), and the fake's readers of the same forms: what one writes the
 * other reads back.
 */
import { describe, expect, it } from 'vitest';
import type { OperationDescriptor } from '../../templates/runtime/core/operation.js';
import { encodeParameterForms } from '../../templates/runtime/internal/wire-forms.js';
import { renderPath } from '../../templates/runtime/core/url.js';
import {
  cookieValues,
  headerValues,
  pathValues,
} from '../../templates/fake/generic/parameter-forms.js';
import type { FieldConstraints } from '../../templates/runtime/core/standard-schema.js';

const context = { operationId: 'op', method: 'GET', url: 'http://127.0.0.1/' };

const descriptor = (parts: Partial<OperationDescriptor>): OperationDescriptor => ({
  id: 'op',
  method: 'GET',
  path: '/',
  retrySafe: true,
  successStatuses: [200],
  ...parts,
});

function sentHeaders(parts: Partial<OperationDescriptor>, input: object): Record<string, string> {
  const headers: Record<string, string> = {};
  encodeParameterForms(descriptor(parts), input, context, headers);
  return headers;
}

const color = { R: 100, G: 200, B: 150 };
const list = ['blue', 'black', 'brown'];

describe('header parameters (simple style)', () => {
  const headers = [{ name: 'X-List' }, { name: 'x-color' }, { name: 'x-exploded', explode: true }];

  it('write the examples of the style table', () => {
    expect(
      sentHeaders(
        { headers },
        { headers: { 'X-List': list, 'x-color': color, 'x-exploded': color } },
      ),
    ).toEqual({
      'x-list': 'blue,black,brown',
      'x-color': 'R,100,G,200,B,150',
      'x-exploded': 'R=100,G=200,B=150',
    });
  });

  it('leave out null elements and members, and send nothing for an empty list or object', () => {
    expect(
      sentHeaders(
        { headers },
        { headers: { 'X-List': ['a', null, 'b'], 'x-color': { R: 1, G: null } } },
      ),
    ).toEqual({ 'x-list': 'a,b', 'x-color': 'R,1' });
    expect(sentHeaders({ headers }, { headers: { 'X-List': [], 'x-color': {} } })).toEqual({});
  });

  it('refuse what no form holds: a nested value, a separator inside an item or key', () => {
    const refused = (input: object) => () => sentHeaders({ headers }, { headers: input });
    expect(refused({ 'X-List': [['a']] })).toThrow(/headers\.X-List\[0\] must be a string/);
    expect(refused({ 'x-color': { R: { r: 1 } } })).toThrow(/headers\.x-color\.R must be a string/);
    expect(refused({ 'X-List': ['a,b'] })).toThrow(/headers\.X-List\[0\] must not contain ","/);
    expect(refused({ 'x-exploded': { 'a=b': 1 } })).toThrow(/must not contain "="/);
  });
});

describe('cookie parameters (form style)', () => {
  const cookie = (cookies: Partial<OperationDescriptor>['cookies'], values: object) =>
    sentHeaders({ cookies }, { cookies: values }).cookie;

  it('write the examples of the style table, each key and value percent-encoded', () => {
    expect(cookie([{ name: 'color' }], { color: list })).toBe(
      'color=blue; color=black; color=brown',
    );
    expect(cookie([{ name: 'color', explode: false }], { color: list })).toBe(
      'color=blue,black,brown',
    );
    expect(cookie([{ name: 'color', explode: false }], { color })).toBe('color=R,100,G,200,B,150');
    expect(cookie([{ name: 'color' }], { color })).toBe('R=100; G=200; B=150');
    expect(cookie([{ name: 'c', explode: false }], { c: ['a b', 'c,d', 'é;'] })).toBe(
      'c=a%20b,c%2Cd,%C3%A9%3B',
    );
    expect(cookie([{ name: 'c' }], { c: { 'k;1': 'v 1' } })).toBe('k%3B1=v%201');
  });

  it('send no pair for an empty list or object', () => {
    expect(cookie([{ name: 'a' }, { name: 'b' }], { a: [], b: {} })).toBeUndefined();
  });

  it('refuse text that is not valid Unicode instead of throwing a URIError', () => {
    expect(() => cookie([{ name: 'c' }], { c: ['\ud800'] })).toThrow(
      /cookies\.c\[0\] is not valid Unicode/,
    );
  });
});

describe('path parameters that are objects', () => {
  it('write the examples of the style table', () => {
    const path = (template: string) => renderPath(template, { color }, context);
    expect(path('/{color}')).toBe('/R,100,G,200,B,150');
    expect(path('/{color*}')).toBe('/R=100,G=200,B=150');
    expect(path('/{.color}')).toBe('/.R,100,G,200,B,150');
    expect(path('/{.color*}')).toBe('/.R=100.G=200.B=150');
    expect(path('/{;color}')).toBe('/;color=R,100,G,200,B,150');
    expect(path('/{;color*}')).toBe('/;R=100;G=200;B=150');
  });

  it('percent-encode keys and values, and refuse an empty object', () => {
    expect(renderPath('/{o*}', { o: { 'a b': 'c/d' } }, context)).toBe('/a%20b=c%2Fd');
    expect(() => renderPath('/{o}', { o: {} }, context)).toThrow(/must not be empty/);
  });

  it('write an exploded list in the simple style comma-joined, as RFC 6570 does', () => {
    expect(renderPath('/{ids*}', { ids: [1, 2] }, context)).toBe('/1,2');
  });
});

describe("the fake's readers", () => {
  const field = (type: FieldConstraints['type'], fields?: string[]): FieldConstraints => ({
    type,
    required: false,
    nullable: false,
    ...(fields ? { fields: Object.fromEntries(fields.map((f) => [f, field('integer')])) } : {}),
  });

  it('read back what the client writes in headers', () => {
    const headers = [{ name: 'l' }, { name: 'o' }, { name: 'e', explode: true }];
    const written = sentHeaders({ headers }, { headers: { l: list, o: color, e: color } });
    const fields = { l: field('array'), o: field('object'), e: field('object') };
    expect(headerValues(new Headers(written), headers, fields)).toEqual({
      l: list,
      o: { R: '100', G: '200', B: '150' },
      e: { R: '100', G: '200', B: '150' },
    });
  });

  it('read back what the client writes in cookies', () => {
    const cookies = [
      { name: 'l' },
      { name: 'j', explode: false },
      { name: 'o', explode: false },
      { name: 'e' },
    ];
    const written = sentHeaders(
      { cookies },
      { cookies: { l: ['a b', 'c'], j: ['x,y', 'z'], o: { k: 'v' }, e: { R: 1, G: 2 } } },
    );
    const fields = {
      l: field('array'),
      j: field('array'),
      o: field('object'),
      e: field('object', ['R', 'G', 'B']),
    };
    expect(cookieValues(new Headers(written), cookies, fields)).toEqual({
      l: ['a b', 'c'],
      j: ['x,y', 'z'],
      o: { k: 'v' },
      e: { R: '1', G: '2' },
    });
  });

  it('read back what the client writes in paths, in every style', () => {
    const fields = { c: field('object'), t: field('array') };
    for (const template of [
      '/{c}/{t}',
      '/{c*}/{t}',
      '/{.c}/{.t}',
      '/{.c*}/{.t*}',
      '/{;c}/{;t}',
      '/{;c*}/{;t*}',
    ]) {
      const path = renderPath(template, { c: color, t: list }, context);
      const [c, t] = path.slice(1).split('/').map(decodeURIComponent);
      expect(pathValues({ c: c!, t: t! }, template, fields), template).toEqual({
        c: { R: '100', G: '200', B: '150' },
        t: list,
      });
    }
  });
});
