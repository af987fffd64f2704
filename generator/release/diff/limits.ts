/**
 * The constraints of one value (bounds, lengths, counts, `pattern`, `format`, `multipleOf`,
 * `uniqueItems`) and how they moved between two versions: whether the set of values they
 * allow grew (widened), shrank (narrowed), or neither contains the other (replaced, as
 * when one pattern replaces another). Whether that breaks a client depends on the side the
 * value is on, and is the rules table's call.
 */
import type { IrType } from '../../ir/types.js';
import { code, type Part, type Phrase } from './phrase.js';
import type { Side } from './surface-model.js';

/** The keywords as the IR holds them, on the value they constrain. */
export interface Limits {
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

type Key = keyof Limits;

/**
 * Keywords the IR gained after surfaces were first recorded: a record made before then left
 * them out, so it says nothing about them, and they are compared only between newer records.
 */
export const LATER_KEYS: readonly Key[] = [
  'multipleOf',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];

const KEYS: Readonly<Record<IrType['kind'], readonly Key[]>> = {
  number: ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf'],
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  array: ['minItems', 'maxItems', 'uniqueItems'],
  object: ['minProperties', 'maxProperties'],
  boolean: [],
  null: [],
  unknown: [],
  literal: [],
  enum: [],
  ref: [],
  union: [],
  intersection: [],
};

/**
 * The constraints of a resolved type, or undefined when it has none. A `format` counts in
 * requests only: the client asserts it before sending, while in a response it is an
 * annotation no guard checks (docs/design.md, "The rule for response guards").
 */
export function limitsOf(type: IrType, side: Side): Limits | undefined {
  const record = type as unknown as Readonly<Record<string, unknown>>;
  const found = KEYS[type.kind]
    .filter((key) => record[key] !== undefined && !(key === 'format' && side === 'response'))
    .map((key) => [key, record[key]] as const);
  return found.length > 0 ? (Object.fromEntries(found) as Limits) : undefined;
}

export type Direction = 'narrowed' | 'widened' | 'replaced';

export interface LimitChange {
  readonly direction: Direction;
  /** `` `maximum` 100 → 50 ``, `` `pattern` none → `^[a-z]+$` ``. */
  readonly detail: Phrase;
}

/** How `old` became `now`, one change per constraint that moved; `skip` names keys not to compare. */
export function compareLimits(
  old: Limits = {},
  now: Limits = {},
  skip: ReadonlySet<Key> = new Set(),
): LimitChange[] {
  const pick = (limits: Limits): Limits =>
    Object.fromEntries(Object.entries(limits).filter(([key]) => !skip.has(key as Key)));
  const [a, b] = [pick(old), pick(now)];
  return [
    bound(a, b, 'lower'),
    bound(a, b, 'upper'),
    multiple(a.multipleOf, b.multipleOf),
    count(a, b, 'minLength', 'min'),
    count(a, b, 'maxLength', 'max'),
    exact(a.pattern, b.pattern, 'pattern'),
    exact(a.format, b.format, 'format'),
    count(a, b, 'minItems', 'min'),
    count(a, b, 'maxItems', 'max'),
    flag(a.uniqueItems, b.uniqueItems, 'uniqueItems'),
    count(a, b, 'minProperties', 'min'),
    count(a, b, 'maxProperties', 'max'),
  ].filter((c): c is LimitChange => c !== undefined);
}

interface Bound {
  readonly keyword: Key;
  readonly value: number;
  readonly exclusive: boolean;
}

/**
 * A numeric bound, inclusive or exclusive, as one: `minimum: 0` becoming `exclusiveMinimum: 0`
 * is a narrowing, not a removal and an addition.
 */
function bound(old: Limits, now: Limits, end: 'lower' | 'upper'): LimitChange | undefined {
  const [a, b] = [effectiveBound(old, end), effectiveBound(now, end)];
  if (a?.value === b?.value && a?.exclusive === b?.exclusive) return undefined;
  const detail: Phrase =
    a && b && a.keyword !== b.keyword
      ? [code(a.keyword), ' ', amount(a.value), ' → ', code(b.keyword), ' ', amount(b.value)]
      : [code((a ?? b)!.keyword), ' ', amount(a?.value), ' → ', amount(b?.value)];
  if (!a || !b) return { direction: a ? 'widened' : 'narrowed', detail };
  const sign = end === 'lower' ? 1 : -1;
  const tighter =
    sign * (b.value - a.value) > 0 || (b.value === a.value && b.exclusive && !a.exclusive);
  return { direction: tighter ? 'narrowed' : 'widened', detail };
}

/** The tighter of the inclusive and the exclusive bound, when a schema gives both. */
function effectiveBound(limits: Limits, end: 'lower' | 'upper'): Bound | undefined {
  const [inclusive, exclusive] =
    end === 'lower'
      ? (['minimum', 'exclusiveMinimum'] as const)
      : (['maximum', 'exclusiveMaximum'] as const);
  const candidates: Bound[] = [
    ...(limits[inclusive] !== undefined
      ? [{ keyword: inclusive, value: limits[inclusive], exclusive: false }]
      : []),
    ...(limits[exclusive] !== undefined
      ? [{ keyword: exclusive, value: limits[exclusive], exclusive: true }]
      : []),
  ];
  const sign = end === 'lower' ? 1 : -1;
  return candidates.reduce<Bound | undefined>(
    (best, c) =>
      !best || sign * (c.value - best.value) > 0 || (c.value === best.value && c.exclusive)
        ? c
        : best,
    undefined,
  );
}

/** A minimum or maximum count (length, items, properties); a missing minimum is 0. */
function count(
  old: Limits,
  now: Limits,
  key: 'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'minProperties' | 'maxProperties',
  end: 'min' | 'max',
): LimitChange | undefined {
  const [a, b] = [old[key], now[key]];
  const floor = (v: number | undefined) => (end === 'min' ? (v ?? 0) : v);
  if (floor(a) === floor(b)) return undefined;
  const detail = [code(key), ' ', amount(a), ' → ', amount(b)];
  if (end === 'min') return { direction: floor(b)! > floor(a)! ? 'narrowed' : 'widened', detail };
  if (a === undefined || b === undefined)
    return { direction: a === undefined ? 'narrowed' : 'widened', detail };
  return { direction: b < a ? 'narrowed' : 'widened', detail };
}

/** `multipleOf`: a multiple of the old step allows fewer values, a divisor of it more. */
function multiple(a: number | undefined, b: number | undefined): LimitChange | undefined {
  if (a === b) return undefined;
  const detail = [code('multipleOf'), ' ', amount(a), ' → ', amount(b)];
  if (a === undefined || b === undefined)
    return { direction: a === undefined ? 'narrowed' : 'widened', detail };
  const divides = (big: number, small: number) =>
    Math.abs(big / small - Math.round(big / small)) < 1e-9;
  const direction = divides(b, a) ? 'narrowed' : divides(a, b) ? 'widened' : 'replaced';
  return { direction, detail };
}

/**
 * A bound or count as words; anything else a hand-edited surface record holds there is
 * shown as code, since it is not ours.
 */
function amount(value: number | undefined): Part {
  if (value === undefined) return 'none';
  return typeof value === 'number' ? String(value) : code(String(value));
}

/** `pattern` and `format`: added narrows, removed widens, replaced is neither. */
function exact(
  a: string | undefined,
  b: string | undefined,
  key: 'pattern' | 'format',
): LimitChange | undefined {
  if (a === b) return undefined;
  const show = (v: string | undefined) => (v === undefined ? 'none' : code(v));
  const detail = [code(key), ' ', show(a), ' → ', show(b)];
  const direction = a === undefined ? 'narrowed' : b === undefined ? 'widened' : 'replaced';
  return { direction, detail };
}

function flag(a: boolean | undefined, b: boolean | undefined, key: 'uniqueItems') {
  const [was, is] = [a === true, b === true];
  if (was === is) return undefined;
  return {
    direction: is ? ('narrowed' as const) : ('widened' as const),
    detail: [code(key), ` ${was} → ${is}`],
  };
}
