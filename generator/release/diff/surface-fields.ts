/**
 * IrType → surface entries for a value and everything inside it. Refs are followed, so a
 * change to a shared schema shows up at every call that sends or receives it: that is
 * where a client user feels it. Requests see the write view (read-only properties are not
 * sent), responses the read view (write-only properties never come back).
 */
import type { IrProperty, IrType } from '../../ir/types.js';
import { limitsOf } from './limits.js';
import { code, type Phrase } from './phrase.js';
import type { Side, Subject, SurfaceEntry } from './surface-model.js';

/** Where a value sits; children extend `key` and `path`. */
export interface Place {
  readonly key: string;
  readonly operation: string;
  readonly parent?: string;
  readonly subject: Subject;
  readonly side: Side;
  /** Location text before the field path: "request body field", "response 200 field". */
  readonly prefix: Phrase;
  /** Field path so far: `results[].evses[]`; `''` at the root of a body. */
  readonly path: string;
  readonly required: boolean;
  /** How many fields, items and variants deep the place is below its operation's value. */
  readonly depth?: number;
  /** What is left of the surface's size limits (shared by every place of a surface). */
  readonly budget?: SurfaceBudget;
}

/**
 * The surface expands every value into its fields, through refs, so schemas that share parts
 * (S1 refers to S2 twice, S2 to S3 twice…) expand exponentially, and a chain of thousands of
 * schemas as deep: a spec in a pull request could make the comparison run out of memory or
 * stack. Past these limits a value is one entry that says so, and what is inside it is not
 * compared. Real documents stay far below them: GitHub's largest operation has 4,228 entries,
 * its whole surface 121,857, and no field nests more than 8 deep.
 */
export const SURFACE_LIMITS = { depth: 48, perOperation: 10_000, total: 300_000 } as const;

/** The entries an operation and the whole surface may still have. */
export interface SurfaceBudget {
  operation: number;
  readonly total: { left: number };
}

export function surfaceBudget(total: { left: number }): SurfaceBudget {
  return { operation: SURFACE_LIMITS.perOperation, total };
}

export type SchemaLookup = ReadonlyMap<string, { readonly type: IrType }>;

interface Unwrapped {
  /** Neither a ref nor `X | null`. */
  readonly type: IrType;
  readonly nullable: boolean;
  /** The schemas passed through on the way, to stop at recursion further down. */
  readonly refs: readonly string[];
  /** Set when a ref leads back into a schema already being expanded. */
  readonly recursive?: string;
}

/** Follows refs and strips `null` from unions, in any nesting, so `Ref -> (X | null)` is "X, nullable". */
function unwrap(type: IrType, schemas: SchemaLookup, seen: ReadonlySet<string>): Unwrapped {
  let current = type;
  let nullable = false;
  const refs: string[] = [];
  for (;;) {
    if (current.kind === 'union') {
      const rest = current.members.filter((m) => m.kind !== 'null');
      nullable ||= rest.length < current.members.length;
      current = rest.length === 1 ? rest[0]! : { ...current, members: rest };
    }
    if (current.kind !== 'ref')
      return { type: current, nullable: nullable || current.kind === 'null', refs };
    if (seen.has(current.name) || refs.includes(current.name))
      return { type: current, nullable, refs, recursive: current.name };
    refs.push(current.name);
    current = schemas.get(current.name)?.type ?? { kind: 'unknown' };
  }
}

/** Name or shape of a union member, for the list of variants. */
function variantLabel(member: IrType): string {
  if (member.kind === 'ref') return member.name;
  if (member.kind === 'literal') return JSON.stringify(member.value);
  if (member.kind === 'number' && member.integer) return 'integer';
  return member.kind;
}

/**
 * One label per member of a union, each different: a label that repeats (two inline enums,
 * two objects) is numbered from its second use on (`enum#2`). Entries are matched by key, and
 * two members under one key made regenerating an unchanged document report the one member
 * as changed into the other (GitHub's `budget_type`, two one-value enums).
 */
function variantLabels(members: readonly IrType[]): string[] {
  const uses = new Map<string, number>();
  return members.map((member) => {
    const label = variantLabel(member);
    const count = (uses.get(label) ?? 0) + 1;
    uses.set(label, count);
    return count === 1 ? label : `${label}#${count}`;
  });
}

/** The shape of a resolved, non-null type, without its children. */
function label(type: IrType): string {
  switch (type.kind) {
    case 'number':
      return type.integer ? 'integer' : 'number';
    case 'literal':
      return `constant ${JSON.stringify(type.value)}`;
    case 'union':
      return 'one of';
    case 'intersection':
      return 'object';
    case 'object':
      return type.properties.length === 0 &&
        type.additional !== false &&
        type.additional.kind !== 'unknown'
        ? 'map'
        : 'object';
    default:
      return type.kind;
  }
}

/** Properties of an object or of every object in an `allOf`; a property required anywhere is required. */
function propertiesOf(
  type: IrType,
  schemas: SchemaLookup,
  seen: ReadonlySet<string>,
): IrProperty[] {
  if (type.kind === 'object') return [...type.properties];
  if (type.kind !== 'intersection') return [];
  const merged = new Map<string, IrProperty>();
  for (const member of type.members) {
    for (const property of propertiesOf(unwrap(member, schemas, seen).type, schemas, seen)) {
      const earlier = merged.get(property.name);
      merged.set(property.name, earlier?.required ? { ...property, required: true } : property);
    }
  }
  return [...merged.values()];
}

function visible(property: IrProperty, side: Side): boolean {
  return side === 'request' ? !property.readOnly : !property.writeOnly;
}

function describe(place: Place): Phrase {
  return place.path === '' ? place.prefix : [...place.prefix, ' ', code(place.path)];
}

function child(place: Place, segment: string, keySegment: string, required: boolean): Place {
  const path =
    segment.startsWith('[') || segment.startsWith('(') || place.path === ''
      ? `${place.path}${segment}`
      : `${place.path}.${segment}`;
  // Every member written out rather than `{ ...place }`: places come in several shapes (with
  // and without a parent, a depth, a budget), and copying them by spread was a slow path
  // taken once for each of a large surface's hundred thousand fields.
  return {
    key: `${place.key}${keySegment}`,
    operation: place.operation,
    parent: place.key,
    subject: 'field',
    side: place.side,
    prefix: place.subject === 'field' ? place.prefix : fieldPrefix(place),
    path,
    required,
    depth: (place.depth ?? 0) + 1,
    budget: place.budget,
  };
}

/** Inside a body: "request body field `a.b`"; inside a parameter the path already starts with its name. */
function fieldPrefix(place: Place): Phrase {
  return place.subject === 'parameter' ? place.prefix : [...place.prefix, ' field'];
}

/** The entry for the value at `place`, then entries for everything inside it. */
export function flattenValue(
  type: IrType | undefined,
  place: Place,
  schemas: SchemaLookup,
  seen: ReadonlySet<string> = new Set(),
  // One array the whole value's entries are pushed to: copying each level's entries into its
  // parent's made a large surface (Stripe's: 300,000 entries) cost seconds.
  out: SurfaceEntry[] = [],
): SurfaceEntry[] {
  if (type === undefined) {
    out.push(entryAt(place, false, 'no body'));
    return out;
  }
  const budget = place.budget;
  if (budget) {
    if (
      (place.depth ?? 0) > SURFACE_LIMITS.depth ||
      budget.operation <= 0 ||
      budget.total.left <= 0
    ) {
      out.push(entryAt(place, false, 'past the surface limits'));
      return out;
    }
    budget.operation -= 1;
    budget.total.left -= 1;
  }
  const { type: target, nullable, refs, recursive } = unwrap(type, schemas, seen);
  if (recursive !== undefined) {
    out.push(entryAt(place, nullable, `recursive ${recursive}`));
    return out;
  }
  const within = refs.length > 0 ? new Set([...seen, ...refs]) : seen;
  const limits = limitsOf(target, place.side);
  const entry = entryAt(place, nullable, label(target));
  if (limits) entry.limits = limits;
  if (target.kind === 'enum') entry.values = target.values;
  if (target.kind === 'union') entry.variants = variantLabels(target.members);
  out.push(entry);
  flattenChildren(target, place, schemas, within, out);
  return out;
}

/** An entry while it is being built: its optional members are set after the common ones. */
type EntryDraft = { -readonly [K in keyof SurfaceEntry]: SurfaceEntry[K] };

/**
 * The members every entry has, in the order entries list them (`parent` only below the root),
 * as one literal: building it from a spread of a shared head was most of the flattening time.
 */
function entryAt(place: Place, nullable: boolean, type: string): EntryDraft {
  const location = describe(place);
  const { key, operation, parent, subject, side, required } = place;
  return parent !== undefined
    ? { key, operation, parent, subject, side, location, required, nullable, type }
    : { key, operation, subject, side, location, required, nullable, type };
}

function flattenChildren(
  target: IrType,
  place: Place,
  schemas: SchemaLookup,
  seen: ReadonlySet<string>,
  out: SurfaceEntry[],
): void {
  switch (target.kind) {
    case 'array':
      flattenValue(target.items, child(place, '[]', '[]', true), schemas, seen, out);
      return;
    case 'union': {
      const names = variantLabels(target.members);
      target.members.forEach((member, index) => {
        const name = names[index]!;
        const first = out.length;
        flattenValue(member, child(place, `(${name})`, `(${name})`, true), schemas, seen, out);
        // The member's own entry, built just above by `entryAt` and shared with nothing yet.
        (out[first] as EntryDraft).member = true;
      });
      return;
    }
    case 'object':
    case 'intersection': {
      for (const p of propertiesOf(target, schemas, seen))
        if (visible(p, place.side))
          flattenValue(p.type, child(place, p.name, `.${p.name}`, p.required), schemas, seen, out);
      if (
        target.kind === 'object' &&
        target.additional !== false &&
        target.additional.kind !== 'unknown'
      )
        flattenValue(target.additional, child(place, '{key}', '{}', false), schemas, seen, out);
      return;
    }
    default:
      return;
  }
}
