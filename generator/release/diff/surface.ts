/**
 * Ir → Surface: what a client user can call, send and receive. Operations are matched by
 * method and path with the path parameters' names left out (they are positional arguments
 * in the client, so renaming one changes nothing for a caller).
 */
import { isSuccess } from '../../ir/bodies.js';
import type { IrOperation } from '../../ir/types.js';
import type { SnapshotOperation, SnapshotParameter, SurfaceSource } from './snapshot.js';
import { code, specText } from './phrase.js';
import {
  flattenValue,
  SURFACE_LIMITS,
  surfaceBudget,
  type Place,
  type SchemaLookup,
  type SurfaceBudget,
} from './surface-fields.js';
import type { Surface, SurfaceEntry } from './surface-model.js';

export function operationKey(operation: Pick<IrOperation, 'method' | 'path'>): string {
  return `${operation.method} ${operation.path.replace(/\{[^}]*\}/g, '{}')}`;
}

export function buildSurface(source: SurfaceSource): Surface {
  const schemas: SchemaLookup = new Map(source.schemas.map((s) => [s.name, s]));
  const total = { left: SURFACE_LIMITS.total };
  const types = source.schemas
    .flatMap((s) => [s.name, ...(s.requestName !== undefined ? [s.requestName] : [])])
    .map(typeEntry);
  return {
    version: source.version,
    ...(source.level !== undefined ? { level: source.level } : {}),
    entries: [
      ...types,
      ...source.operations.flatMap((o) => operationEntries(o, schemas, surfaceBudget(total))),
    ],
  };
}

/** Exported type names: code that imports one stops compiling when it goes. */
function typeEntry(name: string): SurfaceEntry {
  return {
    key: `type ${name}`,
    operation: '',
    subject: 'type',
    side: 'operation',
    location: ['type ', code(name)],
    required: true,
    nullable: false,
    type: 'type',
  };
}

function operationEntries(
  operation: SnapshotOperation,
  schemas: SchemaLookup,
  budget: SurfaceBudget,
): SurfaceEntry[] {
  const key = operationKey(operation);
  const own: SurfaceEntry = {
    key,
    operation: key,
    subject: 'operation',
    side: 'operation',
    location: [specText(`${operation.method} ${operation.path}`)],
    required: true,
    nullable: false,
    type: 'operation',
    client: `client.${[...operation.resourcePath, operation.methodName].join('.')}() / ${operation.functionName}()`,
    ...(operation.deprecated ? { deprecated: true } : {}),
  };
  const under = (suffix: string, rest: Omit<Place, 'key' | 'operation' | 'parent'>): Place => ({
    key: `${key}|${suffix}`,
    operation: key,
    parent: key,
    budget,
    ...rest,
  });
  const parameters = [
    ...operation.pathParameters.map((p, i) => [`param:path:${i}`, p] as const),
    ...operation.queryParameters.map((p) => [`param:query:${p.name}`, p] as const),
    ...operation.headerParameters.map((p) => [`param:header:${p.name.toLowerCase()}`, p] as const),
    ...(operation.cookieParameters ?? []).map((p) => [`param:cookie:${p.name}`, p] as const),
  ].flatMap(([suffix, p]) => parameterEntries(p, under(suffix, parameterPlace(p)), schemas));
  const body = operation.body
    ? withOwn(
        operation.body.mediaTypes ? { mediaTypes: operation.body.mediaTypes } : {},
        flattenValue(
          operation.body.type,
          under('body', {
            subject: 'request-body',
            side: 'request',
            prefix: ['request body'],
            path: '',
            required: operation.body.required,
          }),
          schemas,
        ),
      )
    : [];
  const statuses = operation.responses.flatMap((r) =>
    withOwn(
      { success: isSuccess(r), ...(r.mediaTypes ? { mediaTypes: r.mediaTypes } : {}) },
      flattenValue(
        r.type,
        under(`status:${r.status}`, {
          subject: 'status',
          side: 'response',
          prefix: ['response ', specText(String(r.status))],
          path: '',
          required: true,
        }),
        schemas,
      ),
    ),
  );
  return [own, ...parameters, ...body, ...statuses];
}

/** Media types and success belong to the body or response itself, the first of its entries. */
function withOwn(
  own: Pick<SurfaceEntry, 'mediaTypes' | 'success'>,
  [first, ...rest]: SurfaceEntry[],
): SurfaceEntry[] {
  return [{ ...first!, ...own }, ...rest];
}

function parameterPlace(p: SnapshotParameter): Omit<Place, 'key' | 'operation' | 'parent'> {
  return {
    subject: 'parameter',
    side: 'request',
    prefix: [`${p.location} parameter`],
    path: p.name,
    required: p.required,
  };
}

function parameterEntries(
  p: SnapshotParameter,
  place: Place,
  schemas: SchemaLookup,
): SurfaceEntry[] {
  const [first, ...rest] = flattenValue(p.type, place, schemas);
  return [{ ...first!, ...(p.deprecated ? { deprecated: true } : {}) }, ...rest];
}
