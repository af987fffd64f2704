/**
 * IrType → surface entries for a value and everything inside it. Refs are followed, so a
 * change to a shared schema shows up at every call that sends or receives it: that is
 * where a client user feels it. Requests see the write view (read-only properties are not
 * sent), responses the read view (write-only properties never come back).
 */
import type { IrProperty, IrType } from '../ir/types.js';
import type { Side, Subject, SurfaceEntry } from './surface-model.js';

/** Where a value sits; children extend `key` and `path`. */
export interface Place {
  readonly key: string;
  readonly operation: string;
  readonly parent?: string;
  readonly subject: Subject;
  readonly side: Side;
  /** Location text before the field path: "request body field", "response 200 field". */
  readonly prefix: string;
  /** Field path so far: `results[].evses[]`; `''` at the root of a body. */
  readonly path: string;
  readonly required: boolean;
}

export type SchemaLookup = ReadonlyMap<string, { readonly type: IrType }>;

interface Shape {
  readonly type: IrType;
  readonly nullable: boolean;
}

/** Strips `null` from a union and follows refs, so `X | null` is "X, nullable". */
function shapeOf(type: IrType, schemas: SchemaLookup): Shape {
  if (type.kind !== 'union') return { type, nullable: type.kind === 'null' };
  const rest = type.members.filter((m) => m.kind !== 'null');
  const nullable = rest.length < type.members.length;
  if (rest.length === 1) return { type: rest[0]!, nullable: nullable || shapeOf(rest[0]!, schemas).nullable };
  return { type: { ...type, members: rest }, nullable };
}

/** Follows refs to the type they name, stopping at recursion. */
function resolve(type: IrType, schemas: SchemaLookup, seen: ReadonlySet<string>): { type: IrType; recursive?: string } {
  let current = type;
  const visited = new Set(seen);
  while (current.kind === 'ref') {
    if (visited.has(current.name)) return { type: current, recursive: current.name };
    visited.add(current.name);
    const target = schemas.get(current.name);
    if (!target) return { type: { kind: 'unknown' } };
    current = target.type;
  }
  return { type: current };
}

/** Name or shape of a union member, for the list of variants. */
function variantLabel(member: IrType): string {
  if (member.kind === 'ref') return member.name;
  if (member.kind === 'literal') return JSON.stringify(member.value);
  return member.kind;
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
      return type.properties.length === 0 && type.additional !== false && type.additional.kind !== 'unknown' ? 'map' : 'object';
    default:
      return type.kind;
  }
}

/** Properties of an object or of every object in an `allOf`; a property required anywhere is required. */
function propertiesOf(type: IrType, schemas: SchemaLookup, seen: ReadonlySet<string>): IrProperty[] {
  if (type.kind === 'object') return [...type.properties];
  if (type.kind !== 'intersection') return [];
  const merged = new Map<string, IrProperty>();
  for (const member of type.members) {
    const resolved = resolve(shapeOf(member, schemas).type, schemas, seen);
    for (const property of propertiesOf(resolved.type, schemas, seen)) {
      const earlier = merged.get(property.name);
      merged.set(property.name, earlier?.required ? { ...property, required: true } : property);
    }
  }
  return [...merged.values()];
}

function visible(property: IrProperty, side: Side): boolean {
  return side === 'request' ? !property.readOnly : !property.writeOnly;
}

function describe(place: Place): string {
  return place.path === '' ? place.prefix : `${place.prefix} \`${place.path}\``;
}

function child(place: Place, segment: string, keySegment: string, required: boolean): Place {
  const path = segment.startsWith('[') || segment.startsWith('(') || place.path === '' ? `${place.path}${segment}` : `${place.path}.${segment}`;
  return {
    ...place,
    key: `${place.key}${keySegment}`,
    parent: place.key,
    subject: 'field',
    prefix: place.subject === 'field' ? place.prefix : fieldPrefix(place),
    path,
    required,
  };
}

/** Inside a body: "request body field `a.b`"; inside a parameter the path already starts with its name. */
function fieldPrefix(place: Place): string {
  return place.subject === 'parameter' ? place.prefix : `${place.prefix} field`;
}

/** The entry for the value at `place`, then entries for everything inside it. */
export function flattenValue(type: IrType | undefined, place: Place, schemas: SchemaLookup, seen: ReadonlySet<string> = new Set()): SurfaceEntry[] {
  const head = {
    key: place.key,
    operation: place.operation,
    ...(place.parent !== undefined ? { parent: place.parent } : {}),
    subject: place.subject,
    side: place.side,
    location: describe(place),
    required: place.required,
  };
  if (type === undefined) return [{ ...head, nullable: false, type: 'no body' }];
  const outer = shapeOf(type, schemas);
  const resolved = resolve(outer.type, schemas, seen);
  const inner = shapeOf(resolved.type, schemas);
  const nullable = outer.nullable || inner.nullable;
  const target = inner.type;
  if (resolved.recursive !== undefined) return [{ ...head, nullable, type: `recursive ${resolved.recursive}` }];
  const within = outer.type.kind === 'ref' ? new Set([...seen, ...refChain(outer.type, schemas)]) : seen;
  const entry: SurfaceEntry = {
    ...head,
    nullable,
    type: label(target),
    ...(target.kind === 'enum' ? { values: target.values } : {}),
    ...(target.kind === 'union' ? { variants: target.members.map(variantLabel) } : {}),
  };
  return [entry, ...flattenChildren(target, place, schemas, within)];
}

function refChain(type: IrType, schemas: SchemaLookup): string[] {
  const names: string[] = [];
  let current = type;
  while (current.kind === 'ref' && !names.includes(current.name)) {
    names.push(current.name);
    current = schemas.get(current.name)?.type ?? { kind: 'unknown' };
  }
  return names;
}

function flattenChildren(target: IrType, place: Place, schemas: SchemaLookup, seen: ReadonlySet<string>): SurfaceEntry[] {
  switch (target.kind) {
    case 'array':
      return flattenValue(target.items, child(place, '[]', '[]', true), schemas, seen);
    case 'union':
      return target.members.flatMap((member) => {
        const name = variantLabel(member);
        const [own, ...inside] = flattenValue(member, child(place, `(${name})`, `(${name})`, true), schemas, seen);
        return [{ ...own!, member: true }, ...inside];
      });
    case 'object':
    case 'intersection': {
      const fields = propertiesOf(target, schemas, seen)
        .filter((p) => visible(p, place.side))
        .flatMap((p) => flattenValue(p.type, child(place, p.name, `.${p.name}`, p.required), schemas, seen));
      const values = target.kind === 'object' && target.additional !== false && target.additional.kind !== 'unknown'
        ? flattenValue(target.additional, child(place, '{key}', '{}', false), schemas, seen)
        : [];
      return [...fields, ...values];
    }
    default:
      return [];
  }
}
