/** Small hand-made IR values for emitter tests. */
import type { Ir, IrOperation, IrProperty, IrSchema, IrType } from '../../generator/ir/types.js';
import { NameRegistry } from '../../generator/ir/names.js';
import { operationTypeNames } from '../../generator/plan/plan.js';
import type { OperationSymbols } from '../../generator/plan/types.js';

export const str: IrType = { kind: 'string' };
export const int: IrType = { kind: 'number', integer: true };
export const ref = (name: string): IrType => ({ kind: 'ref', name });
export const nullable = (type: IrType): IrType => ({
  kind: 'union',
  members: [type, { kind: 'null' }],
});

export function prop(name: string, type: IrType, extra: Partial<IrProperty> = {}): IrProperty {
  return { name, type, required: true, readOnly: false, writeOnly: false, ...extra };
}

export function object(
  properties: IrProperty[],
  additional: IrType | false = { kind: 'unknown' },
): IrType {
  return { kind: 'object', properties, additional };
}

export function schema(name: string, type: IrType, extra: Partial<IrSchema> = {}): IrSchema {
  return { name, sourceName: name, type, views: 'shared', ...extra };
}

export function operation(
  extra: Partial<IrOperation> & Pick<IrOperation, 'functionName'>,
): IrOperation {
  return {
    operationId: extra.functionName,
    resourcePath: ['things'],
    methodName: 'list',
    method: 'GET',
    path: '/things/',
    tags: [],
    pathParameters: [],
    queryParameters: [],
    headerParameters: [],
    cookieParameters: [],
    responses: [],
    successStatuses: [200],
    retrySafe: true,
    ...extra,
  };
}

export function irOf(schemas: IrSchema[], operations: IrOperation[] = []): Ir {
  return {
    info: { title: 'Test API', version: '1.0.0', packageName: 'test-api-client' },
    servers: [{ name: 'production', url: 'https://api.example.test' }],
    schemas,
    enums: schemas.flatMap((s) =>
      s.type.kind === 'enum' ? [{ name: s.name, values: s.type.values }] : [],
    ),
    operations,
    resources: {
      name: '',
      path: [],
      operations: [],
      children:
        operations.length > 0
          ? [{ name: 'things', path: ['things'], operations, children: [] }]
          : [],
    },
  };
}

/**
 * The plan's names of each operation of a hand-made IR whose names are already final: each
 * keeps its function and method, and gets the types the plan's rule gives (`taken` are
 * names already in use, such as the schemas').
 */
export function namesOf(ir: Ir, taken: readonly string[] = []): Map<IrOperation, OperationSymbols> {
  const types = new NameRegistry(taken);
  return new Map(
    ir.operations.map((op) => [
      op,
      {
        functionName: op.functionName,
        resourcePath: op.resourcePath,
        methodName: op.methodName,
        descriptor: `${op.functionName}Operation`,
        ...operationTypeNames(op, op.functionName, types),
      },
    ]),
  );
}
