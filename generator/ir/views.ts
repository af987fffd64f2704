/**
 * Decides, per named schema, which views to declare. Responses and requests see a schema
 * differently: a response carries read-only fields and may bring enum values added after
 * this client was generated (the provider adds them in minor releases), while a request
 * must not send read-only fields and should only send values the API knows, and takes
 * readonly arrays (the client only reads them).
 */
import type { IrOperation, IrType, SchemaViews, StringFormat } from './types.js';

/** Calls `visit` for each schema name a type refers to directly. */
export function forEachRef(type: IrType, visit: (name: string) => void): void {
  switch (type.kind) {
    case 'ref':
      visit(type.name);
      return;
    case 'array':
      forEachRef(type.items, visit);
      return;
    case 'object':
      for (const property of type.properties) forEachRef(property.type, visit);
      if (type.additional) forEachRef(type.additional, visit);
      return;
    case 'union':
    case 'intersection':
      for (const member of type.members) forEachRef(member, visit);
      return;
    default:
      return;
  }
}

/**
 * Every schema name reached from `roots` through refs. On a work list rather than by
 * recursion: a chain of thousands of schemas (one per file in a split spec) is one level
 * per link.
 */
function reachable(roots: readonly IrType[], schemas: ReadonlyMap<string, IrType>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const target = schemas.get(name);
    if (target) pending.push(target);
  };
  while (pending.length > 0) forEachRef(pending.pop()!, visit);
  return seen;
}

/**
 * String formats a request guard asserts. A response guard asserts none: in OpenAPI 3.1 a
 * `format` is an annotation, so a response whose `date-time` field holds other text is
 * still allowed by the contract, and the client must accept it.
 */
export const REQUEST_ONLY_FORMATS: ReadonlySet<StringFormat> = new Set([
  'date-time',
  'date',
  'decimal',
]);

/**
 * Schemas that are direct members of a union. Their constant properties (`petType: "cat"`)
 * tell the members apart, so they stay exact in responses too; every other constant is open
 * there, like a response enum.
 */
export function unionMemberNames(types: Iterable<IrType>): Set<string> {
  const members = new Set<string>();
  const visit = (type: IrType): void => {
    if (type.kind === 'union' || type.kind === 'intersection') {
      for (const member of type.members)
        if (type.kind === 'union' && member.kind === 'ref') members.add(member.name);
    }
    forEachChild(type, visit);
  };
  for (const type of types) visit(type);
  return members;
}

/** Whether a property's type is a constant (or a constant or null). */
export function isConstant(type: IrType): boolean {
  if (type.kind === 'literal') return true;
  return (
    type.kind === 'union' &&
    type.members.every((m) => m.kind === 'literal' || m.kind === 'null') &&
    type.members.some((m) => m.kind === 'literal')
  );
}

function forEachChild(type: IrType, visit: (type: IrType) => void): void {
  switch (type.kind) {
    case 'array':
      visit(type.items);
      return;
    case 'object':
      for (const property of type.properties) visit(property.type);
      if (type.additional) visit(type.additional);
      return;
    case 'union':
    case 'intersection':
      type.members.forEach(visit);
      return;
    default:
      return;
  }
}

/**
 * Whether the type looks different in the two views, directly or through the schemas it
 * uses: read-only or write-only fields, enums and constants (open in responses), formats
 * (asserted in requests only), strings of bytes (a Blob in requests).
 */
function viewsDiffer(
  type: IrType,
  schemas: ReadonlyMap<string, IrType>,
  visiting: Set<string>,
  tagged: ReadonlySet<string> = new Set(),
): boolean {
  // Whether any type reached from `type` (through refs, each followed once) makes the views
  // differ: on a work list rather than by recursion, since a chain of refs may be thousands long.
  const pending: IrType[] = [type];
  while (pending.length > 0) {
    const next = pending.pop()!;
    switch (next.kind) {
      case 'enum':
      case 'literal':
        return true;
      case 'string':
        if (next.format !== undefined && REQUEST_ONLY_FORMATS.has(next.format)) return true;
        // A request's string of bytes may be a Blob (typeExpression).
        if (next.format === 'binary') return true;
        break;
      case 'ref': {
        if (visiting.has(next.name)) break;
        visiting.add(next.name);
        const target = schemas.get(next.name);
        if (target === undefined) break;
        // The constants of a union member stay exact in both views.
        pending.push(
          target.kind === 'object' && tagged.has(next.name)
            ? { ...target, properties: target.properties.filter((p) => !isConstant(p.type)) }
            : target,
        );
        break;
      }
      case 'array':
        // Requests take readonly arrays, responses give mutable ones.
        return true;
      case 'object':
        if (next.properties.some((p) => p.readOnly || p.writeOnly)) return true;
        // Last pushed is looked at first: the properties in order, then `additional`.
        if (next.additional !== false) pending.push(next.additional);
        for (let i = next.properties.length - 1; i >= 0; i -= 1)
          pending.push(next.properties[i]!.type);
        break;
      case 'union':
      case 'intersection':
        for (let i = next.members.length - 1; i >= 0; i -= 1) pending.push(next.members[i]!);
        break;
      default:
        break;
    }
  }
  return false;
}

export function assignViews(
  schemas: ReadonlyMap<string, IrType>,
  operations: readonly IrOperation[],
): Map<string, SchemaViews> {
  const readRoots = operations.flatMap((o) =>
    o.responses.flatMap((r) => [...(r.type ? [r.type] : []), ...(r.stream ? [r.stream.item] : [])]),
  );
  const writeRoots = operations.flatMap((o) => [
    ...(o.body ? [o.body.type] : []),
    ...[
      ...o.pathParameters,
      ...o.queryParameters,
      ...o.headerParameters,
      ...o.cookieParameters,
    ].map((p) => p.type),
  ]);
  const read = reachable(readRoots, schemas);
  const write = reachable(writeRoots, schemas);
  const tagged = unionMemberNames(schemas.values());
  const result = new Map<string, SchemaViews>();
  for (const [name, type] of schemas) {
    // An enum schema is the closed list itself; openness is applied where responses use it.
    // Following the schema's own name as a ref applies the union-member exception to it too.
    const differs =
      type.kind !== 'enum' && viewsDiffer({ kind: 'ref', name }, schemas, new Set(), tagged);
    const usedForWrite = write.has(name);
    const usedForRead = read.has(name);
    if (!differs) result.set(name, 'shared');
    else if (usedForWrite && usedForRead) result.set(name, 'split');
    else result.set(name, usedForWrite ? 'write' : 'read');
  }
  return result;
}
