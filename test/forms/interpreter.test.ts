/**
 * The form validators' interpreter (templates/runtime/core/validate.ts) and the Standard Schema
 * wrapper (standard-schema.ts), over hand-made schemas: every issue is reported, not only the
 * first, each with the path of its field and a message a form can show as it is.
 */
import { describe, expect, it } from 'vitest';
import {
  constraintsOf,
  formSchema,
  type FormNode,
  type StandardSchemaResult,
} from '../../templates/runtime/core/standard-schema.js';
import { issuesOf } from '../../templates/runtime/core/validate.js';

/** `[path, message]` of each issue, in order. */
function found(node: FormNode, value: unknown): [string, string][] {
  return issuesOf(node, value).map((i) => [i.path.join('.'), i.message]);
}

const ADDRESS: FormNode = {
  type: 'object',
  properties: {
    line1: { type: 'string' },
    city: { type: 'string', maxLength: 50, nullable: true },
    postal_code: { type: 'string', minLength: 4, maxLength: 10, pattern: '^[0-9]+$' },
  },
  required: ['line1', 'postal_code'],
};

const PERSON: FormNode = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email', nullable: true },
    locale: { type: 'enum', values: ['en', 'de'] },
    age: { type: 'integer', minimum: 18, maximum: 130 },
    address: { type: 'ref', ref: () => ADDRESS, nullable: true },
    tags: {
      type: 'array',
      items: { type: 'string', maxLength: 3 },
      maxItems: 2,
      uniqueItems: true,
    },
  },
  required: ['email'],
};

describe('issues', () => {
  it('are all reported, in the order of the properties, with paths into nested objects and lists', () => {
    expect(
      found(PERSON, {
        email: 'not an address',
        locale: 'fr',
        age: 12.5,
        address: { city: 'x'.repeat(51), postal_code: '12a' },
        tags: ['ok', 'long', 'ok'],
      }),
    ).toEqual([
      ['email', 'must be an email address'],
      ['locale', 'one of: en, de'],
      ['age', 'must be a whole number'],
      ['address.line1', 'required'],
      ['address.city', 'at most 50 characters'],
      ['address.postal_code', 'at least 4 characters'],
      ['address.postal_code', 'is not in the expected format'],
      ['tags', 'at most 2 items'],
      ['tags', 'must not contain duplicates'],
      ['tags.1', 'at most 3 characters'],
    ]);
  });

  it('are none for a valid value, with null where the schema allows it', () => {
    expect(found(PERSON, { email: null, address: null, age: 18 })).toEqual([]);
    expect(
      found(PERSON, {
        email: 'a@b.de',
        locale: 'de',
        address: { line1: 'x', postal_code: '1234' },
      }),
    ).toEqual([]);
  });

  it('read a required field left out, undefined, or null where null is not allowed, as "required"', () => {
    expect(found(ADDRESS, {})).toEqual([
      ['line1', 'required'],
      ['postal_code', 'required'],
    ]);
    expect(found(ADDRESS, { line1: undefined, postal_code: null })).toEqual([
      ['line1', 'required'],
      ['postal_code', 'required'],
    ]);
    // Null in an optional field that takes none is a wrong kind of value, not a missing one.
    expect(found(PERSON, { email: null, age: null })).toEqual([['age', 'must be a whole number']]);
  });

  it('name the kind expected when the value is of another kind', () => {
    expect(found(PERSON, 'text')).toEqual([['', 'must be an object']]);
    expect(found(PERSON, { email: 5, tags: 'a' })).toEqual([
      ['email', 'must be text'],
      ['tags', 'must be a list'],
    ]);
    expect(found({ type: 'boolean' }, 'yes')).toEqual([['', 'must be true or false']]);
    expect(found({ type: 'number' }, '5')).toEqual([['', 'must be a number']]);
    // A cleared number input gives NaN.
    expect(found({ type: 'number' }, Number.NaN)).toEqual([['', 'must be a number']]);
    expect(found({ type: 'null' }, 0)).toEqual([['', 'must be empty']]);
  });

  it('word bounds, lengths and counts in the singular and plural', () => {
    const bounded: FormNode = {
      type: 'number',
      minimum: 1,
      maximum: 5,
      exclusiveMinimum: 0,
      exclusiveMaximum: 10,
      multipleOf: 0.5,
    };
    expect(found(bounded, 0)).toEqual([
      ['', 'at least 1'],
      ['', 'more than 0'],
    ]);
    expect(found(bounded, 10.25)).toEqual([
      ['', 'at most 5'],
      ['', 'less than 10'],
      ['', 'must be a multiple of 0.5'],
    ]);
    // Within rounding: 0.3 is a multiple of 0.1.
    expect(found({ type: 'number', multipleOf: 0.1 }, 0.3)).toEqual([]);
    expect(found({ type: 'string', minLength: 1 }, '')).toEqual([['', 'at least 1 character']]);
    expect(found({ type: 'array', items: { type: 'any' }, minItems: 1 }, [])).toEqual([
      ['', 'at least 1 item'],
    ]);
  });

  it('check each format a form meets', () => {
    const cases: [FormNode, string, string][] = [
      [{ type: 'string', format: 'email' }, 'me@example', 'must be an email address'],
      [{ type: 'string', format: 'uri' }, 'example.com', 'must be a URL'],
      [{ type: 'string', format: 'uuid' }, '1234', 'must be a UUID'],
      [{ type: 'string', format: 'date' }, '1.2.2024', 'must be a date'],
      [{ type: 'string', format: 'date-time' }, '2024-01-02', 'must be a date and time'],
      [{ type: 'string', format: 'decimal' }, '1,5', 'must be a decimal number'],
    ];
    for (const [node, bad, message] of cases) expect(found(node, bad)).toEqual([['', message]]);
    const good: [FormNode, string][] = [
      [{ type: 'string', format: 'email' }, 'me@example.com'],
      [{ type: 'string', format: 'uri' }, 'https://example.com/a?b'],
      [{ type: 'string', format: 'uuid' }, '123e4567-e89b-12d3-a456-426614174000'],
      [{ type: 'string', format: 'date' }, '2024-01-02'],
      [{ type: 'string', format: 'date-time' }, '2024-01-02T10:00:00Z'],
      [{ type: 'string', format: 'decimal' }, '-12.50'],
    ];
    for (const [node, value] of good) expect(found(node, value)).toEqual([]);
  });

  it('list at most ten values of a long enum, and a single value as itself', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXY'.split('');
    expect(found({ type: 'enum', values: letters }, 'Z')).toEqual([
      ['', 'one of: A, B, C, D, E, F, G, H, I, J and 15 more'],
    ]);
    expect(found({ type: 'enum', values: ['card'] }, 'cash')).toEqual([['', 'must be card']]);
    expect(found({ type: 'enum', values: [1, 2, 3] }, '1')).toEqual([['', 'one of: 1, 2, 3']]);
  });

  it('compare list items by content, and never throw on a value JSON cannot hold', () => {
    const unique: FormNode = { type: 'array', items: { type: 'any' }, uniqueItems: true };
    expect(found(unique, [{ a: 1 }, { a: 1 }])).toEqual([['', 'must not contain duplicates']]);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(found(unique, [cyclic, {}, 1n])).toEqual([]);
  });

  it('check the values of a map, leaving declared properties to their own schema', () => {
    const prices: FormNode = {
      type: 'object',
      properties: { currency: { type: 'string' } },
      additional: { type: 'number', minimum: 0 },
    };
    expect(found(prices, { currency: 'EUR', ac: 1, dc: -1, 'kw h': 'x' })).toEqual([
      ['dc', 'at least 0'],
      ['kw h', 'must be a number'],
    ]);
  });

  it('read only own properties for names every object inherits', () => {
    const TEXT: FormNode = { type: 'string' };
    const node: FormNode = {
      type: 'object',
      // Typed one by one: TypeScript reads `constructor` in a literal as Object's own.
      properties: { constructor: TEXT, toString: TEXT },
      required: ['constructor'],
    };
    expect(found(node, {})).toEqual([['constructor', 'required']]);
    expect(found(node, { constructor: 'x', toString: 'y' })).toEqual([]);
  });
});

describe('unions', () => {
  const CAT: FormNode = {
    type: 'object',
    properties: {
      pet_type: { type: 'enum', values: ['cat'] },
      lives: { type: 'integer', maximum: 9 },
    },
    required: ['pet_type', 'lives'],
  };
  const DOG: FormNode = {
    type: 'object',
    properties: {
      pet_type: { type: 'enum', values: ['dog'] },
      bark: { type: 'string', maxLength: 5 },
    },
    required: ['pet_type'],
  };

  it('report the issues of the member the discriminator selects', () => {
    const pet: FormNode = {
      type: 'union',
      members: [CAT, DOG],
      discriminator: { property: 'pet_type', mapping: { cat: 0, dog: 1 } },
    };
    expect(found(pet, { pet_type: 'cat' })).toEqual([['lives', 'required']]);
    expect(found(pet, { pet_type: 'dog', bark: 'woof woof' })).toEqual([
      ['bark', 'at most 5 characters'],
    ]);
    expect(found(pet, { pet_type: 'cow' })).toEqual([['pet_type', 'one of: cat, dog']]);
    expect(found(pet, {})).toEqual([['pet_type', 'required']]);
    expect(found(pet, { pet_type: 'dog' })).toEqual([]);
  });

  it('without a discriminator, report those of the closest member of the value’s kind', () => {
    const choice: FormNode = { type: 'union', members: [{ type: 'string', maxLength: 2 }, CAT] };
    expect(found(choice, 'abc')).toEqual([['', 'at most 2 characters']]);
    expect(found(choice, { pet_type: 'cat', lives: 10 })).toEqual([['lives', 'at most 9']]);
    expect(found(choice, 5)).toEqual([['', 'must be text or an object']]);
  });

  it('report each issue of an allOf once', () => {
    const named: FormNode = {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    };
    const both: FormNode = { type: 'all', members: [named, named, CAT] };
    expect(found(both, { pet_type: 'cat' })).toEqual([
      ['name', 'required'],
      ['lives', 'required'],
    ]);
    expect(found(both, 1)).toEqual([['', 'must be an object']]);
  });

  it('follow a schema that refers to itself', () => {
    const tree: FormNode = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1 },
        children: { type: 'array', items: { type: 'ref', ref: () => tree } },
      },
      required: ['name'],
    };
    expect(found(tree, { name: 'a', children: [{ name: '' }, { children: [] }] })).toEqual([
      ['children.0.name', 'at least 1 character'],
      ['children.1.name', 'required'],
    ]);
    const fields = formSchema<{ name: string; children?: unknown }>('test', tree).fields;
    expect(fields.name.minLength).toBe(1);
    // Where the schema appears inside itself, it is not expanded again.
    expect(fields.children.items).toEqual({ type: 'object', required: true, nullable: false });
  });
});

describe('formSchema', () => {
  const schema = formSchema<{ line1: string; city?: string | null; postal_code: string }>(
    'test-vendor',
    ADDRESS,
  );

  it('speaks Standard Schema v1: { value } when valid, else { issues } with paths', () => {
    const props = schema['~standard'];
    expect(props.version).toBe(1);
    expect(props.vendor).toBe('test-vendor');
    const value = { line1: 'Main St 1', postal_code: '12345' };
    expect(props.validate(value)).toEqual({ value });
    const bad = props.validate({ city: null }) as StandardSchemaResult<unknown>;
    expect(bad.issues).toEqual([
      { message: 'required', path: ['line1'], code: 'required' },
      { message: 'required', path: ['postal_code'], code: 'required' },
    ]);
  });

  it('gives the value as checked, so a form submits what it validated', () => {
    const value = { line1: 'x', postal_code: '1234', extra: true };
    const result = schema['~standard'].validate(value) as { value: unknown };
    expect(result.value).toEqual(value);
  });

  it('carries a code and the bound with each issue, for a form that words its own messages', () => {
    expect(issuesOf(ADDRESS, { line1: 'x', city: 'y'.repeat(60), postal_code: '12' })).toEqual([
      { message: 'at most 50 characters', path: ['city'], code: 'max_length', expected: 50 },
      { message: 'at least 4 characters', path: ['postal_code'], code: 'min_length', expected: 4 },
    ]);
  });

  it('exports the declared constraints of each field as plain data', () => {
    expect(schema.fields).toEqual({
      line1: { type: 'string', required: true, nullable: false },
      city: { type: 'string', maxLength: 50, required: false, nullable: true },
      postal_code: {
        type: 'string',
        minLength: 4,
        maxLength: 10,
        pattern: '^[0-9]+$',
        required: true,
        nullable: false,
      },
    });
    expect(JSON.parse(JSON.stringify(schema.fields))).toEqual(schema.fields);
    const person = constraintsOf(PERSON, true, []);
    expect(person.fields?.['locale']).toEqual({
      type: 'enum',
      values: ['en', 'de'],
      required: false,
      nullable: false,
    });
    expect(person.fields?.['address']?.nullable).toBe(true);
    expect(person.fields?.['address']?.fields?.['city']?.maxLength).toBe(50);
    expect(person.fields?.['tags']).toMatchObject({
      maxItems: 2,
      uniqueItems: true,
      items: { maxLength: 3 },
    });
  });

  it('keeps a field named __proto__ as a field', () => {
    const odd = formSchema<Record<string, unknown>>('t', {
      type: 'object',
      properties: JSON.parse('{"__proto__": {"type": "string"}}') as Record<string, FormNode>,
    });
    expect(Object.keys(odd.fields)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(odd.fields)).toBe(Object.prototype);
  });
});
