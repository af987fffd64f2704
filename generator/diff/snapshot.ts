/**
 * The part of the IR a surface is built from, without documentation. `generate` stores it
 * in `generated/api-surface.json` so that a later run can compare against it without the
 * old spec or any git history (a clean CI clone has neither).
 */
import type { Ir, IrOperation, IrParameter, IrProperty, IrRequestBody, IrResponse, IrSchema, IrType } from '../ir/types.js';

export type SnapshotParameter = Pick<IrParameter, 'name' | 'location' | 'required' | 'type' | 'deprecated'>;

export interface SnapshotOperation
  extends Pick<IrOperation, 'method' | 'path' | 'resourcePath' | 'methodName' | 'functionName' | 'deprecated'> {
  readonly pathParameters: readonly SnapshotParameter[];
  readonly queryParameters: readonly SnapshotParameter[];
  readonly headerParameters: readonly SnapshotParameter[];
  readonly body?: Pick<IrRequestBody, 'required' | 'type'>;
  readonly responses: readonly Pick<IrResponse, 'status' | 'type'>[];
}

/** Everything `buildSurface` reads. An `Ir` is one too, after `snapshotOf`. */
export interface SurfaceSource {
  readonly version: string;
  readonly schemas: readonly Pick<IrSchema, 'name' | 'requestName' | 'type'>[];
  readonly operations: readonly SnapshotOperation[];
}

/** Drops descriptions, examples and defaults: they change no type a client user sees. */
export function snapshotOf(ir: Ir): SurfaceSource {
  return {
    version: ir.info.version,
    schemas: ir.schemas.map((s) => ({ name: s.name, ...(s.requestName !== undefined ? { requestName: s.requestName } : {}), type: bareType(s.type) })),
    operations: ir.operations.map(bareOperation),
  };
}

function bareOperation(o: IrOperation): SnapshotOperation {
  return {
    method: o.method,
    path: o.path,
    resourcePath: o.resourcePath,
    methodName: o.methodName,
    functionName: o.functionName,
    ...(o.deprecated ? { deprecated: true } : {}),
    pathParameters: o.pathParameters.map(bareParameter),
    queryParameters: o.queryParameters.map(bareParameter),
    headerParameters: o.headerParameters.map(bareParameter),
    ...(o.body ? { body: { required: o.body.required, type: bareType(o.body.type) } } : {}),
    responses: o.responses.map((r) => ({ status: r.status, ...(r.type ? { type: bareType(r.type) } : {}) })),
  };
}

function bareParameter(p: IrParameter): SnapshotParameter {
  return { name: p.name, location: p.location, required: p.required, type: bareType(p.type), ...(p.deprecated ? { deprecated: true } : {}) };
}

function bareProperty(p: IrProperty): IrProperty {
  return { name: p.name, type: bareType(p.type), required: p.required, readOnly: p.readOnly, writeOnly: p.writeOnly };
}

function bareType(type: IrType): IrType {
  switch (type.kind) {
    case 'array':
      return { ...type, items: bareType(type.items) };
    case 'object':
      return { ...type, properties: type.properties.map(bareProperty), additional: type.additional === false ? false : bareType(type.additional) };
    case 'union':
    case 'intersection':
      return { ...type, members: type.members.map(bareType) };
    default:
      return type;
  }
}
