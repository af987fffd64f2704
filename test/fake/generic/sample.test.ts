/**
 * The fake's answers from response nodes (templates/fake): formats, lengths, patterns,
 * bounds, lists, required and optional members, examples and defaults, enums and constants,
 * unions, `allOf` and recursion, all within what the node allows (checked with the forms
 * interpreter, which is stricter than the guards), the same for the same seed, and loosened
 * as the loosest mode says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loosen } from '../../../templates/fake/generic/loosen.js';
import { stringMatching } from '../../../templates/fake/generic/pattern.js';
import { SeededRandom } from '../../../templates/fake/random.js';
import { sample } from '../../../templates/fake/generic/sample.js';
import type { SampleNode } from '../../../templates/fake/generic/sample-node.js';
import {
  isDateString,
  isDateTimeString,
  isDecimalString,
} from '../../../templates/runtime/core/guard.js';
import type { FormNode } from '../../../templates/runtime/core/standard-schema.js';
import { issuesOf } from '../../../templates/runtime/core/validate.js';

const random = (seed: number | string = 1) => new SeededRandom(seed);
const problems = (node: SampleNode, value: unknown) =>
  issuesOf(node as FormNode, value).map((i) => `${i.path.join('.')}: ${i.message}`);

/** Values of `node` for seeds 1…n, each checked against it. */
function valuesOf(node: SampleNode, n = 50): unknown[] {
  return Array.from({ length: n }, (_, seed) => {
    const value = sample(node, random(seed + 1));
    expect(problems(node, value), JSON.stringify(value)).toEqual([]);
    return value;
  });
}

describe('strings', () => {
  it.each([
    ['date-time', isDateTimeString],
    ['date', isDateString],
    ['decimal', isDecimalString],
    [
      'uuid',
      (s: string) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(s),
    ],
    ['email', (s: string) => /^[a-z]+\.\d+@example\.com$/.test(s)],
    ['uri', (s: string) => new URL(s).protocol === 'https:'],
  ] as const)('of format %s', (format, test) => {
    for (const value of valuesOf({ type: 'string', format }))
      expect(test(value as string)).toBe(true);
  });

  it('within lengths, padded or cut', () => {
    for (const value of valuesOf({ type: 'string', minLength: 30 }))
      expect((value as string).length).toBeGreaterThanOrEqual(30);
    for (const value of valuesOf({ type: 'string', maxLength: 3 }))
      expect((value as string).length).toBeLessThanOrEqual(3);
    for (const value of valuesOf({ type: 'string', minLength: 2, maxLength: 2 }))
      expect(value).toHaveLength(2);
  });

  it.each([
    '^[a-z]{3}-\\d{2,4}$',
    '^[A-Z]{2}$',
    '^(?:foo|bar)+_[0-9a-fA-F]{8}$',
    '^\\+?[1-9]\\d{1,14}$',
    '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$',
    '^(?<year>\\d{4})-(?<month>0[1-9]|1[0-2])$',
    '[a-z]',
    '^-?\\d{0,5}(?:\\.\\d{0,3})?$',
    '^\\p{Lu}\\p{L}*$',
    '^[\\w.-]+$',
    '^\\u0041[\\x30-\\x39]$',
  ])('matching %s', (pattern) => {
    const regex = new RegExp(pattern, 'u');
    for (const value of valuesOf({ type: 'string', pattern }, 30))
      expect(regex.test(value as string)).toBe(true);
  });

  it('reaching a long minimum length through an open quantifier', () => {
    for (const value of valuesOf({ type: 'string', pattern: '^[a-z]+$', minLength: 40 }, 10))
      expect((value as string).length).toBeGreaterThanOrEqual(40);
  });

  it('gives up on what it does not read: lookarounds and back-references', () => {
    expect(stringMatching('^(?=.*\\d)[a-z\\d]{8}$', random())).toBeUndefined();
    expect(stringMatching('^(a)\\1$', random())).toBeUndefined();
    expect(stringMatching('(', random())).toBeUndefined();
  });

  it('matches any pattern fast-check can draw a string for, or says it cannot', () => {
    const patterns = ['^[a-c]{1,3}(x|yz)?$', '^\\d+(\\.\\d+)?$', '^[^a-z]{2}$', '^.{5}$'];
    fc.assert(
      fc.property(fc.constantFrom(...patterns), fc.integer(), (pattern, seed) => {
        const found = stringMatching(pattern, random(seed));
        return found === undefined || new RegExp(pattern, 'u').test(found);
      }),
    );
  });
});

describe('numbers', () => {
  it('within inclusive and exclusive bounds', () => {
    for (const value of valuesOf({ type: 'integer', minimum: 5, maximum: 7 }))
      expect([5, 6, 7]).toContain(value);
    for (const value of valuesOf({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 }))
      expect([1, 2]).toContain(value);
    for (const value of valuesOf({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 })) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
    }
    valuesOf({ type: 'integer', maximum: -10 });
    valuesOf({ type: 'number', minimum: 1e6 });
  });

  it('multiples of a step, without float noise', () => {
    for (const value of valuesOf({ type: 'number', multipleOf: 0.1, minimum: 0, maximum: 1 }))
      expect(String(value)).toMatch(/^(0|1)(\.\d)?$/);
    for (const value of valuesOf({ type: 'integer', multipleOf: 5, minimum: 1 }))
      expect((value as number) % 5).toBe(0);
  });

  it('small integers without bounds, which fit int32', () => {
    for (const value of valuesOf({ type: 'integer' }))
      expect(Math.abs(value as number)).toBeLessThan(2 ** 31);
  });
});

describe('lists and objects', () => {
  it('lists within minItems and maxItems, with distinct items where asked', () => {
    for (const value of valuesOf({
      type: 'array',
      items: { type: 'boolean' },
      minItems: 2,
      maxItems: 2,
      uniqueItems: true,
    }))
      expect([...(value as boolean[])].sort()).toEqual([false, true]);
    for (const value of valuesOf({ type: 'array', items: { type: 'string' }, minItems: 4 }))
      expect((value as string[]).length).toBeGreaterThanOrEqual(4);
  });

  it('every member near the root, only the required ones deeper down', () => {
    const leaf: SampleNode = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      required: ['a'],
    };
    const nest = (node: SampleNode): SampleNode => ({
      type: 'object',
      properties: { child: node },
      required: ['child'],
    });
    expect(Object.keys(sample(leaf, random()) as object)).toEqual(['a', 'b']);
    const deep = sample(nest(nest(nest(leaf))), random()) as {
      child: { child: { child: object } };
    };
    expect(Object.keys(deep.child.child.child)).toEqual(['a']);
  });

  it('ends a schema that refers to itself', () => {
    const tree: SampleNode = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { type: 'ref', ref: () => tree } },
        parent: { type: 'ref', ref: () => tree, nullable: true },
      },
      required: ['name', 'children', 'parent'],
    };
    valuesOf(tree, 10);
  });

  it('a map gets an entry or two of its value type', () => {
    for (const value of valuesOf({
      type: 'object',
      properties: {},
      additional: { type: 'integer', minimum: 3 },
    }))
      expect(Object.keys(value as object).length).toBeGreaterThan(0);
  });

  it('keeps `__proto__` a member, not the prototype', () => {
    const value = sample(
      {
        type: 'object',
        properties: { ['__proto__']: { type: 'string' } },
        required: ['__proto__'],
      },
      random(),
    ) as object;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('hints, enums and alternatives', () => {
  it('prefers a valid example, then a valid default, and ignores invalid ones', () => {
    expect(sample({ type: 'string', example: 'Rex', default: 'Tom' }, random())).toBe('Rex');
    expect(sample({ type: 'string', example: 5, default: 'Tom' }, random())).toBe('Tom');
    expect(sample({ type: 'integer', example: 'five', maximum: 3 }, random())).toBeLessThanOrEqual(
      3,
    );
    const example = { name: 'Rex', tags: ['a'] };
    const node: SampleNode = {
      type: 'object',
      properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      example,
    };
    const value = sample(node, random());
    expect(value).toEqual(example);
    expect(value).not.toBe(example);
  });

  it('picks enum values and constants', () => {
    expect(new Set(valuesOf({ type: 'enum', values: ['a', 'b', 'c'] }))).toEqual(
      new Set(['a', 'b', 'c']),
    );
    expect(new Set(valuesOf({ type: 'enum', values: [7] }))).toEqual(new Set([7]));
  });

  it('samples a union member, with the discriminator value its mapping gives', () => {
    const cat: SampleNode = {
      type: 'object',
      properties: { kind: { type: 'string' }, meows: { type: 'boolean' } },
      required: ['kind', 'meows'],
    };
    const dog: SampleNode = {
      type: 'object',
      properties: { kind: { type: 'string' }, barks: { type: 'boolean' } },
      required: ['kind', 'barks'],
    };
    const pet: SampleNode = {
      type: 'union',
      members: [
        { type: 'ref', ref: () => cat },
        { type: 'ref', ref: () => dog },
      ],
      discriminator: { property: 'kind', mapping: { cat: 0, dog: 1 } },
    };
    const values = valuesOf(pet) as { kind: string; meows?: boolean; barks?: boolean }[];
    expect(new Set(values.map((v) => v.kind))).toEqual(new Set(['cat', 'dog']));
    for (const v of values) expect(v.kind === 'cat' ? 'meows' in v : 'barks' in v).toBe(true);
  });

  it('merges the objects of an allOf', () => {
    const base: SampleNode = {
      type: 'object',
      properties: { id: { type: 'integer' } },
      required: ['id'],
    };
    const node: SampleNode = {
      type: 'all',
      members: [
        { type: 'ref', ref: () => base },
        { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      ],
    };
    for (const value of valuesOf(node))
      expect(Object.keys(value as object)).toEqual(['id', 'name']);
  });
});

describe('seeds', () => {
  const node: SampleNode = {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      at: { type: 'string', format: 'date-time' },
      n: { type: 'number' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };

  it('give the same value for the same seed, and another for another', () => {
    expect(sample(node, random('1|GET /pets'))).toEqual(sample(node, random('1|GET /pets')));
    expect(sample(node, random('1|GET /pets'))).not.toEqual(sample(node, random('2|GET /pets')));
  });

  it('give values that do not depend on the runtime: pinned for one seed', () => {
    const r = random(42);
    expect([r.next(), r.int(1, 6), r.token(4)]).toEqual([0.6011037519201636, 3, '4ygs']);
  });
});

describe('loosen', () => {
  const pet: SampleNode = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      tag: { type: 'string', nullable: true },
      owner: {
        type: 'object',
        properties: { name: { type: 'string' }, nick: { type: 'string' } },
        required: ['name'],
        nullable: true,
      },
      toys: {
        type: 'array',
        items: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'string' } },
          required: ['a'],
        },
      },
    },
    required: ['id', 'tag', 'toys'],
  };

  it('leaves optional members out and makes nullable ones null, at every depth', () => {
    const value = {
      id: 1,
      tag: 'dog',
      owner: { name: 'Ann' },
      toys: [{ a: 'x', b: 'y' }],
      extra: 1,
    };
    expect(loosen(value, pet)).toEqual({ id: 1, tag: null, toys: [{ a: 'x' }], extra: 1 });
    expect(value.toys[0]).toEqual({ a: 'x', b: 'y' });
    expect(problems(pet, loosen(value, pet))).toEqual([]);
  });

  it('through refs and allOf', () => {
    const node: SampleNode = {
      type: 'all',
      members: [
        { type: 'ref', ref: () => pet },
        { type: 'object', properties: { more: { type: 'string' } } },
      ],
    };
    expect(loosen({ id: 2, tag: 't', toys: [], more: 'm' }, node)).toEqual({
      id: 2,
      tag: null,
      toys: [],
    });
  });
});
