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
} from '../../ir/types.js';
import { operationModel, type ParameterModel } from '../../emit/operations/operation-model.js';

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
  /** `mediaTypes` from level 2 on, lower case and without parameters. */
  readonly body?: Pick<IrRequestBody, 'required' | 'type' | 'mediaTypes'>;
  readonly responses: readonly Pick<IrResponse, 'status' | 'type' | 'mediaTypes'>[];
}

/**
 * What a snapshot records, for comparing it with one recorded by an older generator:
 * 1 (or absent) the first surfaces; 2 adds media types and the constraints the IR gained
 * later (`multipleOf`, `uniqueItems`, `minProperties`, `maxProperties`). A comparison leaves
 * out what either side's level did not record, so those are not reported as added.
 */
export const SURFACE_LEVEL = 2;

/** Everything `buildSurface` reads. An `Ir` is one too, after `snapshotOf`. */
export interface SurfaceSource {
  readonly version: string;
  readonly level?: number;
  readonly schemas: readonly Pick<IrSchema, 'name' | 'requestName' | 'type'>[];
  readonly operations: readonly SnapshotOperation[];
}

/** Drops descriptions, examples and defaults: they change no type a client user sees. */
export function snapshotOf(ir: Ir): SurfaceSource {
  return {
    version: ir.info.version,
    level: SURFACE_LEVEL,
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
      ? {
          body: {
            required: model.body.required,
            type: bareType(model.body.type),
            mediaTypes: essences(o.body?.mediaTypes ?? []),
          },
        }
      : {}),
    responses: model.responses.map((r) => ({
      status: r.status,
      ...(r.type ? { type: bareType(r.type) } : {}),
      ...(r.mediaTypes && r.mediaTypes.length > 0 ? { mediaTypes: essences(r.mediaTypes) } : {}),
    })),
  };
}

/** `Application/JSON; charset=utf-8` → `application/json`, once each: parameters do not change what is accepted. */
function essences(mediaTypes: readonly string[]): string[] {
  return [...new Set(mediaTypes.map((m) => m.split(';')[0]!.trim().toLowerCase()))];
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
