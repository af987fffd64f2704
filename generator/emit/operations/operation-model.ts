/**
 * One model of an operation, the source of every description of it: the runtime descriptor
 * (`operations.ts`), the fake server's contract (`testing-contract.ts`), the parameter lines
 * of `api.md` (`api-md.ts`) and the operation entries of the surface snapshot
 * (`release/diff/snapshot.ts`). What the wire needs to know of a parameter (its name, whether it is
 * required, how an array is written) is decided here once, as the runtime's own
 * `ParameterDescriptor`, and the descriptor and the contract both carry that very value, so
 * the client and the fake cannot disagree about it.
 */
import type { ParameterDescriptor } from '../../../templates/runtime/core/operation.js';
import type { BodyEncoding, HttpMethod, IrOperation, IrParameter, IrType } from '../../ir/types.js';

export type ParameterLocation = IrParameter['location'];

/** Locations in the order the client takes their arguments (and the snapshot lists them). */
export const PARAMETER_LOCATIONS: readonly ParameterLocation[] = [
  'path',
  'query',
  'header',
  'cookie',
];

export interface ParameterModel {
  readonly location: ParameterLocation;
  /** What the runtime and the fake read: written into the descriptor and spread into the contract as it is. */
  readonly wire: ParameterDescriptor;
  /** `wire.required` as a plain boolean, for the views that show optional parameters too. */
  readonly required: boolean;
  /** Its type in the request ("write") view. */
  readonly type: IrType;
  /** Name as a TypeScript identifier (path parameters are positional arguments). */
  readonly identifier: string;
  readonly description?: string;
  /** The spec's default, applied by the server when the parameter is left out. */
  readonly default?: unknown;
  readonly deprecated?: boolean;
}

export interface OperationModel {
  /** The spec's operationId. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path template relative to the server, `{name}` for each path parameter. */
  readonly path: string;
  /** How the client exposes it: `client.users.billingDetails.update()` and `usersBillingDetailsUpdate()`. */
  readonly client: Pick<IrOperation, 'resourcePath' | 'methodName' | 'functionName'>;
  readonly deprecated: boolean;
  /** Every parameter by location, each list in spec order. */
  readonly parameters: Readonly<Record<ParameterLocation, readonly ParameterModel[]>>;
  readonly body?: {
    readonly required: boolean;
    readonly encodings: readonly BodyEncoding[];
    readonly type: IrType;
  };
  /** Whether the client may repeat it on its own after a failure. */
  readonly retrySafe: boolean;
  /** The 2xx statuses the spec declares, in order. */
  readonly successStatuses: readonly number[];
  /** Every declared response, with its body type (response view) where it has one. */
  readonly responses: IrOperation['responses'];
}

const DEFAULT_EXPLODE: Readonly<Record<Exclude<ParameterLocation, 'path'>, boolean>> = {
  query: true,
  header: false,
  cookie: true,
};

/**
 * The wire description of a parameter. `required` and `explode` are written only where they
 * differ from their defaults (optional; one pair per array item): every byte of a descriptor
 * ships in the bundle of a call that uses it.
 */
export function wireParameter(
  p: Pick<IrParameter, 'name' | 'location' | 'required' | 'explode'> &
    Partial<Pick<IrParameter, 'style' | 'allowReserved' | 'arrays' | 'querystring'>>,
): ParameterDescriptor {
  return {
    name: p.name,
    ...(p.required ? { required: true } : {}),
    // Written where it differs from the location's default (OpenAPI's: the form style of
    // queries and cookies explodes, a header's simple style does not); the IR keeps the
    // default wherever explode changes nothing, and a path carries it in its template.
    ...(p.location !== 'path' && p.explode !== DEFAULT_EXPLODE[p.location]
      ? { explode: p.explode }
      : {}),
    // A query's style where it is not form, OpenAPI's default (a path's is in its template).
    ...(p.location === 'query' &&
    p.style !== undefined &&
    p.style !== 'label' &&
    p.style !== 'matrix' &&
    p.style !== 'cookie'
      ? { style: p.style }
      : {}),
    // A cookie's 3.2 `cookie` style: its values are sent as they are.
    ...(p.location === 'cookie' && p.style === 'cookie' ? { style: 'cookie' as const } : {}),
    ...(p.arrays !== undefined ? { arrays: p.arrays } : {}),
    ...(p.allowReserved ? { allowReserved: true } : {}),
    ...(p.querystring !== undefined ? { querystring: p.querystring } : {}),
  };
}

function parameterModel(p: IrParameter): ParameterModel {
  return {
    location: p.location,
    wire: wireParameter(p),
    required: p.required,
    type: p.type,
    identifier: p.identifier,
    ...(p.description !== undefined ? { description: p.description } : {}),
    ...(p.default !== undefined ? { default: p.default } : {}),
    ...(p.deprecated ? { deprecated: true } : {}),
  };
}

export function operationModel(op: IrOperation): OperationModel {
  return {
    id: op.operationId,
    method: op.method,
    path: op.path,
    client: {
      resourcePath: op.resourcePath,
      methodName: op.methodName,
      functionName: op.functionName,
    },
    deprecated: op.deprecated === true,
    parameters: {
      path: op.pathParameters.map(parameterModel),
      query: op.queryParameters.map(parameterModel),
      header: op.headerParameters.map(parameterModel),
      cookie: op.cookieParameters.map(parameterModel),
    },
    ...(op.body
      ? { body: { required: op.body.required, encodings: op.body.encodings, type: op.body.type } }
      : {}),
    retrySafe: op.retrySafe,
    successStatuses: op.successStatuses,
    responses: op.responses,
  };
}

/** A wire description as a TypeScript object literal, for the descriptor: `{ name: "page_size" }`. */
export function wireLiteral(p: ParameterDescriptor): string {
  const fields = Object.entries(p).filter(([, value]) => value !== undefined);
  return `{ ${fields.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')} }`;
}
