/**
 * Values from the IR, for testing generated guards: `valid` gives a fast-check arbitrary of
 * values a schema view accepts, `spoilers` lists single changes to one such value that the
 * schema must reject, each with the JSON path where it breaks it (typia's "spoilers").
 *
 * Spoilers are only taken where the outcome is certain: never inside a union member (the
 * changed value might match another member), except the non-null side of `T | null`.
 */
import fc from 'fast-check';
import type { IrObjectType, IrStringType, IrType, View } from '../../generator/ir/types.js';
import type { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import { visibleProperties } from '../../generator/emit/common/type-expr.js';

/** Beyond this depth, objects get only required properties, arrays no items, unions their simplest member. */
const MAX_DEPTH = 3;

export function valid(
  type: IrType,
  view: View,
  index: SchemaIndex,
  depth = 0,
): fc.Arbitrary<unknown> {
  const deeper = (t: IrType) => valid(t, view, index, depth + 1);
  switch (type.kind) {
    case 'unknown':
      return fc.jsonValue({ maxDepth: 1 });
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constant(type.value);
    case 'string':
      return validString(type);
    case 'number':
      return validNumber(type);
    case 'enum':
      return fc.constantFrom(...type.values);
    case 'ref': {
      const target = index.get(type.name);
      return target ? valid(target.type, view, index, depth) : fc.constant(undefined);
    }
    case 'array': {
      const min = type.minItems ?? 0;
      const max = depth >= MAX_DEPTH ? min : Math.max(min, Math.min(type.maxItems ?? 3, 3));
      return fc.array(deeper(type.items), { minLength: min, maxLength: max });
    }
    case 'object':
      return validObject(type, view, index, depth);
    case 'union': {
      const members = depth >= MAX_DEPTH ? [simplest(type.members)] : type.members;
      return fc.oneof(...members.map(deeper));
    }
    case 'intersection':
      return fc
        .tuple(...type.members.map((m) => valid(m, view, index, depth)))
        .map(
          (parts) =>
            Object.assign(
              {},
              ...parts.filter((p) => typeof p === 'object' && p !== null),
            ) as unknown,
        );
  }
}

function simplest(members: readonly IrType[]): IrType {
  const rank = (t: IrType) =>
    t.kind === 'null'
      ? 0
      : ['string', 'number', 'boolean', 'literal', 'enum'].includes(t.kind)
        ? 1
        : 2;
  return [...members].sort((a, b) => rank(a) - rank(b))[0]!;
}

function validObject(
  type: IrObjectType,
  view: View,
  index: SchemaIndex,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = visibleProperties(type, view).filter((p) => p.required || depth < MAX_DEPTH);
  const shape = Object.fromEntries(
    properties.map((p) => [p.name, valid(p.type, view, index, depth + 1)]),
  );
  const record = fc.record(shape, {
    requiredKeys: properties.filter((p) => p.required).map((p) => p.name),
  });
  const declared = new Set(type.properties.map((p) => p.name));
  const extraKey = fc
    .string({ minLength: 1, maxLength: 6 })
    .filter((k) => !declared.has(k) && k !== '__proto__');
  // Maps get entries of their value type; open objects get unknown extras, which must pass too.
  const extraValue =
    type.additional === false
      ? undefined
      : type.additional.kind === 'unknown'
        ? fc.jsonValue({ maxDepth: 1 })
        : valid(type.additional, view, index, depth + 1);
  if (!extraValue || depth >= MAX_DEPTH) return record.map(own);
  return fc
    .tuple(record, fc.dictionary(extraKey, extraValue, { maxKeys: 2 }))
    .map(([r, extra]) => own({ ...extra, ...r }));
}

/** Copies with every key as an own data property, so `__proto__` stays a key, not the prototype. */
function own(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    Object.defineProperty(out, key, {
      value: inner,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

function validString(type: IrStringType): fc.Arbitrary<string> {
  const min = type.minLength ?? 0;
  const max = Math.max(min, type.maxLength ?? 12);
  let base: fc.Arbitrary<string>;
  if (type.format === 'date-time')
    base = fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  else if (type.format === 'date')
    base = fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
  else if (type.format === 'decimal')
    base = fc
      .tuple(fc.integer({ min: -9999, max: 9999 }), fc.integer({ min: 0, max: 99 }))
      .map(([i, f]) => `${i}.${String(f).padStart(2, '0')}`);
  else if (type.pattern !== undefined) base = fc.stringMatching(new RegExp(type.pattern, 'u'));
  else base = fc.string({ minLength: min, maxLength: max });
  return base.filter(
    (s) => s.length >= min && (type.maxLength === undefined || s.length <= type.maxLength),
  );
}

function validNumber(type: Extract<IrType, { kind: 'number' }>): fc.Arbitrary<number> {
  const low = Math.max(
    type.minimum ?? -1e6,
    type.exclusiveMinimum !== undefined ? type.exclusiveMinimum + 1 : -1e6,
  );
  const high = Math.min(
    type.maximum ?? 1e6,
    type.exclusiveMaximum !== undefined ? type.exclusiveMaximum - 1 : 1e6,
  );
  if (type.integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

export interface Spoiler {
  /** What was changed, for the failure message. */
  readonly what: string;
  /** Where the guard must report the failure, outermost key first. */
  readonly path: readonly (string | number)[];
  readonly value: unknown;
}

/** Every single change to `value` (valid for `type`) that `type` must reject. */
export function spoilers(type: IrType, value: unknown, view: View, index: SchemaIndex): Spoiler[] {
  const found: Spoiler[] = [];
  const walk = (
    t: IrType,
    v: unknown,
    path: (string | number)[],
    replace: (next: unknown) => unknown,
  ): void => {
    const spoil = (what: string, next: unknown) => found.push({ what, path, value: replace(next) });
    switch (t.kind) {
      case 'ref': {
        const target = index.get(t.name);
        if (target) walk(target.type, v, path, replace);
        return;
      }
      case 'union': {
        // Only `T | null` is certain: a broken non-null value cannot become null.
        const nonNull = t.members.filter((m) => m.kind !== 'null');
        if (nonNull.length === 1 && v !== null) walk(nonNull[0]!, v, path, replace);
        return;
      }
      case 'intersection':
        for (const member of t.members) walk(member, v, path, replace);
        return;
      case 'string':
        spoil('a number for a string', 42);
        // Formats bind only what we send: a response's format is an annotation of the contract.
        if (
          view === 'write' &&
          (t.format === 'date-time' || t.format === 'date' || t.format === 'decimal')
        )
          spoil(`text that is no ${t.format}`, 'not a date or number');
        if (t.maxLength !== undefined && t.pattern === undefined && t.format === undefined)
          spoil('a string one too long', 'x'.repeat(t.maxLength + 1));
        return;
      case 'number':
        spoil('a string for a number', '12');
        if (t.integer)
          spoil('a fraction for an integer', 0.5 + Math.trunc(typeof v === 'number' ? v : 0));
        if (t.maximum !== undefined) spoil('one above the maximum', t.maximum + 1);
        if (t.minimum !== undefined) spoil('one below the minimum', t.minimum - 1);
        return;
      case 'boolean':
        spoil('a string for a boolean', 'true');
        return;
      case 'literal':
        // Constants are open in responses, like enums: only their JSON type is held.
        if (view === 'write')
          spoil(
            'another value for a constant',
            typeof t.value === 'string' ? `${t.value}-not` : 'not-the-constant',
          );
        else
          spoil(
            'a value of the wrong kind for a constant',
            typeof t.value === 'string' ? 12345 : 'not-the-constant',
          );
        return;
      case 'enum':
        spoil(
          'a value of the wrong kind for an enum',
          typeof t.values[0] === 'number' ? 'not-a-number' : 12345,
        );
        if (view === 'write' && typeof t.values[0] === 'string')
          spoil('an unknown enum value in a request', '\u0000unknown');
        return;
      case 'array': {
        spoil('an object for an array', {});
        if (!Array.isArray(v)) return;
        v.forEach((item, i) =>
          walk(t.items, item, [...path, i], (next) =>
            replace(v.map((x, j) => (j === i ? next : x))),
          ),
        );
        return;
      }
      case 'object': {
        spoil('a string for an object', 'not an object');
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return;
        const record = v as Record<string, unknown>;
        for (const p of visibleProperties(t, view)) {
          const present = Object.hasOwn(record, p.name);
          if (p.required && present && !acceptsUndefined(p.type, index)) {
            found.push({
              what: `required '${p.name}' removed`,
              path: [...path, p.name],
              value: replace(without(record, p.name)),
            });
          }
          if (present && record[p.name] !== undefined)
            walk(p.type, record[p.name], [...path, p.name], (next) =>
              replace(withKey(record, p.name, next)),
            );
        }
        return;
      }
      default:
        return;
    }
  };
  walk(type, value, [], (next) => next);
  return found;
}

/** `unknown` admits a missing value, so removing such a property changes nothing the guard can see. */
function acceptsUndefined(type: IrType, index: SchemaIndex): boolean {
  if (type.kind === 'unknown') return true;
  if (type.kind === 'ref') {
    const target = index.get(type.name);
    return target !== undefined && target.type.kind === 'unknown';
  }
  return type.kind === 'union' && type.members.some((m) => acceptsUndefined(m, index));
}

function without(record: Record<string, unknown>, key: string): Record<string, unknown> {
  return own(Object.fromEntries(Object.entries(record).filter(([k]) => k !== key)));
}

function withKey(
  record: Record<string, unknown>,
  key: string,
  next: unknown,
): Record<string, unknown> {
  return own(Object.fromEntries(Object.entries(record).map(([k, v]) => [k, k === key ? next : v])));
}

/**
 * The loosest reading of a valid response value: what the contract still allows when every
 * freedom is taken. Optional members left out, `T | null` null, open enums and constants an
 * unknown value of their JSON type, strings with only a format (an annotation) any other
 * text of an allowed length, an unknown extra property on every open object. Union members
 * other than `T | null` are left as they are (which member the result would match is not certain).
 */
export function loosest(
  type: IrType,
  value: unknown,
  index: SchemaIndex,
  unionMember = false,
): unknown {
  switch (type.kind) {
    case 'ref': {
      const target = index.get(type.name);
      return target ? loosest(target.type, value, index, index.isUnionMember(type.name)) : value;
    }
    case 'union': {
      const nonNull = type.members.filter((m) => m.kind !== 'null');
      return nonNull.length < type.members.length ? null : value;
    }
    case 'enum':
    case 'literal': {
      const sample = type.kind === 'enum' ? type.values[0] : type.value;
      return typeof sample === 'string'
        ? '\u0000value added later'
        : typeof sample === 'number'
          ? 987654321
          : value;
    }
    case 'string': {
      if (typeof value !== 'string' || type.pattern !== undefined || type.format === undefined)
        return value;
      const text = 'no date, no number'.slice(0, type.maxLength ?? 100);
      return text.length >= (type.minLength ?? 0) ? text : value;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => loosest(type.items, item, index)) : value;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const record = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      const declared = new Map(visibleProperties(type, 'read').map((p) => [p.name, p]));
      for (const [key, inner] of Object.entries(record)) {
        const p = declared.get(key);
        if (p && !p.required) continue;
        // A union member's constants tell the members apart; they keep their value.
        if (p && unionMember && (p.type.kind === 'literal' || p.type.kind === 'union'))
          out[key] = inner;
        else if (p) out[key] = loosest(p.type, inner, index);
        else
          out[key] =
            type.additional !== false && type.additional.kind !== 'unknown'
              ? loosest(type.additional, inner, index)
              : inner;
      }
      if (
        type.additional !== false &&
        type.additional.kind === 'unknown' &&
        !declared.has('x_added_later')
      )
        out.x_added_later = { later: true };
      return own(out);
    }
    default:
      return value;
  }
}
