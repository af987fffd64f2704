/**
 * Query strings read against the contract: each declared parameter parsed to its type,
 * checked against its enum, bounds and length, defaulted when left out, and refused with a
 * 400 naming the parameter otherwise. Arrays come in the form style, one pair per item, or
 * joined with commas where the parameter says `explode: false` (the client writes them from
 * the same description). Undeclared parameters are ignored, as the real (Django) service
 * ignores them.
 */
import type { ParameterContract, ValueSchema } from './contract.js';
import { validationFailure } from './errors.js';

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[];
export type QueryValues = Readonly<Record<string, QueryValue | undefined>>;

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);

export function readQuery(
  parameters: readonly ParameterContract[],
  search: URLSearchParams,
): QueryValues {
  const values: Record<string, QueryValue | undefined> = Object.create(null) as Record<
    string,
    QueryValue | undefined
  >;
  for (const parameter of parameters) {
    const texts = search.getAll(parameter.name);
    // An empty scalar counts as left out, except for an optional string, where '' is a value.
    const empty =
      parameter.schema.kind !== 'array' &&
      texts.at(-1) === '' &&
      (parameter.required || parameter.schema.kind !== 'string');
    if (texts.length === 0 || empty) {
      if (parameter.required)
        throw validationFailure(parameter.name, 'this query parameter is required');
      values[parameter.name] = parameter.default;
      continue;
    }
    const { schema } = parameter;
    if (schema.kind === 'array') {
      const items = parameter.explode === false ? texts.flatMap((text) => text.split(',')) : texts;
      values[parameter.name] = items.map((text, i) =>
        readValue(schema.items, text, `${parameter.name}[${i}]`),
      );
    } else {
      // Django reads the last of repeated scalar parameters.
      values[parameter.name] = readValue(schema, texts.at(-1)!, parameter.name);
    }
  }
  return values;
}

/** One value of the query string as its schema says, or a 400 naming `name`. */
export function readValue(schema: ValueSchema, text: string, name: string): QueryScalar {
  switch (schema.kind) {
    case 'any':
      return text;
    case 'boolean': {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) return true;
      if (FALSE.has(lower)) return false;
      throw validationFailure(name, `expected true or false, got ${JSON.stringify(text)}`);
    }
    case 'integer':
    case 'number': {
      const ok = schema.kind === 'integer' ? INTEGER.test(text) : NUMBER.test(text);
      const value = Number(text);
      if (!ok || !Number.isFinite(value))
        throw validationFailure(
          name,
          `expected ${schema.kind === 'integer' ? 'an integer' : 'a number'}, got ${JSON.stringify(text)}`,
        );
      if (schema.minimum !== undefined && value < schema.minimum)
        throw validationFailure(name, `must be at least ${schema.minimum}, got ${value}`);
      if (schema.maximum !== undefined && value > schema.maximum)
        throw validationFailure(name, `must be at most ${schema.maximum}, got ${value}`);
      return value;
    }
    case 'string':
      if (schema.enum !== undefined && !schema.enum.includes(text)) {
        throw validationFailure(
          name,
          `expected one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(text)}`,
        );
      }
      if (schema.minLength !== undefined && text.length < schema.minLength)
        throw validationFailure(name, `must have at least ${schema.minLength} character(s)`);
      if (schema.maxLength !== undefined && text.length > schema.maxLength)
        throw validationFailure(name, `must have at most ${schema.maxLength} character(s)`);
      return text;
  }
}

/* Typed reads of values the contract has already checked. */

export function queryText(values: QueryValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function queryNumber(values: QueryValues, name: string): number | undefined {
  const value = values[name];
  return typeof value === 'number' ? value : undefined;
}

export function queryFlag(values: QueryValues, name: string): boolean {
  return values[name] === true;
}

export function queryList(values: QueryValues, name: string): readonly QueryScalar[] {
  const value = values[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value as QueryScalar];
}

export function queryTexts(values: QueryValues, name: string): string[] {
  return queryList(values, name).map(String);
}

export function queryNumbers(values: QueryValues, name: string): number[] {
  return queryList(values, name).filter((v): v is number => typeof v === 'number');
}
