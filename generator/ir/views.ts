/**
 * Decides, per named schema, which views to declare. Responses and requests see a schema
 * differently: a response carries read-only fields and may bring enum values added after
 * this client was generated (the provider adds them in minor releases), while a request
 * must not send read-only fields and should only send values the API knows, and takes
 * readonly arrays (the client only reads them).
 */
import type { IrOperation, IrType, SchemaViews } from './types.js';
import type { NameRegistry } from './names.js';

export interface ViewAssignment {
  readonly views: SchemaViews;
  readonly requestName?: string;
}

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

function reachable(roots: readonly IrType[], schemas: ReadonlyMap<string, IrType>): Set<string> {
  const seen = new Set<string>();
  const walk = (type: IrType) =>
    forEachRef(type, (name) => {
      if (seen.has(name)) return;
      seen.add(name);
      const target = schemas.get(name);
      if (target) walk(target);
    });
  roots.forEach(walk);
  return seen;
}

/** Whether the type looks different in the two views, directly or through the schemas it uses. */
function viewsDiffer(type: IrType, schemas: ReadonlyMap<string, IrType>, visiting: Set<string>): boolean {
  switch (type.kind) {
    case 'enum':
      return true;
    case 'ref': {
      if (visiting.has(type.name)) return false;
      visiting.add(type.name);
      const target = schemas.get(type.name);
      return target !== undefined && viewsDiffer(target, schemas, visiting);
    }
    case 'array':
      // Requests take readonly arrays, responses give mutable ones.
      return true;
    case 'object':
      return (
        type.properties.some((p) => p.readOnly || p.writeOnly || viewsDiffer(p.type, schemas, visiting)) ||
        (type.additional !== false && viewsDiffer(type.additional, schemas, visiting))
      );
    case 'union':
    case 'intersection':
      return type.members.some((m) => viewsDiffer(m, schemas, visiting));
    default:
      return false;
  }
}

export function assignViews(
  schemas: ReadonlyMap<string, IrType>,
  operations: readonly IrOperation[],
  registry: NameRegistry,
): Map<string, ViewAssignment> {
  const readRoots = operations.flatMap((o) => o.responses.flatMap((r) => (r.type ? [r.type] : [])));
  const writeRoots = operations.flatMap((o) => [
    ...(o.body ? [o.body.type] : []),
    ...[...o.pathParameters, ...o.queryParameters, ...o.headerParameters, ...o.cookieParameters].map((p) => p.type),
  ]);
  const read = reachable(readRoots, schemas);
  const write = reachable(writeRoots, schemas);
  const result = new Map<string, ViewAssignment>();
  for (const [name, type] of schemas) {
    // An enum schema is the closed list itself; openness is applied where responses use it.
    const differs = type.kind !== 'enum' && viewsDiffer(type, schemas, new Set([name]));
    const usedForWrite = write.has(name);
    const usedForRead = read.has(name);
    if (!differs) result.set(name, { views: 'shared' });
    else if (usedForWrite && usedForRead) result.set(name, { views: 'split', requestName: registry.claim(`${name}Request`) });
    else result.set(name, { views: usedForWrite ? 'write' : 'read' });
  }
  return result;
}
