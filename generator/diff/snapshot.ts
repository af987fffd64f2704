/**
 * The part of the IR a surface is built from, without documentation. `generate` stores it
 * in `generated/api-surface.json` so that a later run can compare against it without the
 * old spec or any git history (a clean CI clone has neither).
 */
import type {
  Ir,
  IrOperation,
  IrParameter,
  IrProperty,
  IrRequestBody,
  IrResponse,
  IrSchema,
  IrType,
} from '../ir/types.js';
import { operationModel, type ParameterModel } from '../emit/operation-model.js';

export type SnapshotParameter = Pick<
  IrParameter,
  'name' | 'location' | 'required' | 'type' | 'deprecated'
>;

export interface SnapshotOperation extends Pick<
  IrOperation,
  'method' | 'path' | 'resourcePath' | 'methodName' | 'functionName' | 'deprecated'
> {
  readonly pathParameters: readonly SnapshotParameter[];
  readonly queryParameters: readonly SnapshotParameter[];
  readonly headerParameters: readonly SnapshotParameter[];
  /** Written only when there are any: a record from before cookies were recorded has none, and means none. */
  readonly cookieParameters?: readonly SnapshotParameter[];
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
    schemas: ir.schemas.map((s) => ({
      name: s.name,
      ...(s.requestName !== undefined ? { requestName: s.requestName } : {}),
      type: bareType(s.type),
    })),
    operations: ir.operations.map(bareOperation),
  };
}

/** The operation's model without its documentation, in the shape the state file has always stored. */
function bareOperation(o: IrOperation): SnapshotOperation {
  const model = operationModel(o);
  const { path, query, header, cookie } = model.parameters;
  return {
    method: model.method,
    path: model.path,
    resourcePath: model.client.resourcePath,
    methodName: model.client.methodName,
    functionName: model.client.functionName,
    ...(model.deprecated ? { deprecated: true } : {}),
    pathParameters: path.map(bareParameter),
    queryParameters: query.map(bareParameter),
    headerParameters: header.map(bareParameter),
    ...(cookie.length > 0 ? { cookieParameters: cookie.map(bareParameter) } : {}),
    ...(model.body
      ? { body: { required: model.body.required, type: bareType(model.body.type) } }
      : {}),
    responses: model.responses.map((r) => ({
      status: r.status,
      ...(r.type ? { type: bareType(r.type) } : {}),
    })),
  };
}

function bareParameter(p: ParameterModel): SnapshotParameter {
  return {
    name: p.wire.name,
    location: p.location,
    required: p.required,
    type: bareType(p.type),
    ...(p.deprecated ? { deprecated: true } : {}),
  };
}

function bareProperty(p: IrProperty): IrProperty {
  return {
    name: p.name,
    type: bareType(p.type),
    required: p.required,
    readOnly: p.readOnly,
    writeOnly: p.writeOnly,
  };
}

function bareType(type: IrType): IrType {
  switch (type.kind) {
    case 'array':
      return { ...type, items: bareType(type.items) };
    case 'object':
      return {
        ...type,
        properties: type.properties.map(bareProperty),
        additional: type.additional === false ? false : bareType(type.additional),
      };
    case 'union':
    case 'intersection':
      return { ...type, members: type.members.map(bareType) };
    default:
      return type;
  }
}
