/**
 * Binds a plan into the IR: every schema id becomes the name the plan gave it, wherever it
 * appears (declarations, refs, discriminator mappings), and every operation takes its
 * settled function and method names. The emitters read names from the result alone, so a
 * name changed in the plan changes every reference to it.
 */
import type { Ir, IrOperation, IrParameter, IrResponse, IrSchema, IrType } from '../ir/types.js';
import { groupResources } from '../ir/resources.js';
import { operationKey, type Plan } from './types.js';

export function applyPlan(ir: Ir, plan: Plan): Ir {
  const typeOf = (id: string): string => {
    const symbols = plan.schemas.get(id);
    // The plan is made from this IR: a ref to a schema it did not name is a bug here.
    if (!symbols) throw new Error(`the plan names no schema '${id}'`);
    return symbols.type;
  };
  const bind = (type: IrType): IrType => bindType(type, typeOf);
  const schemas = ir.schemas.map((schema): IrSchema => {
    const { request } = plan.schemas.get(schema.name) ?? {};
    return {
      ...schema,
      name: typeOf(schema.name),
      type: bind(schema.type),
      ...(request !== undefined ? { requestName: request } : {}),
    };
  });
  const operations = ir.operations.map((op) => bindOperation(op, plan, bind));
  return {
    ...ir,
    schemas,
    enums: ir.enums.map((e) => ({ ...e, name: typeOf(e.name) })),
    operations,
    resources: groupResources(operations),
  };
}

function bindOperation(op: IrOperation, plan: Plan, bind: (type: IrType) => IrType): IrOperation {
  const symbols = plan.operations.get(operationKey(op));
  if (!symbols) throw new Error(`the plan names no operation '${operationKey(op)}'`);
  const parameters = (list: readonly IrParameter[]) =>
    list.map((p) => ({ ...p, type: bind(p.type) }));
  const response = (r: IrResponse): IrResponse => ({
    ...r,
    ...(r.type ? { type: bind(r.type) } : {}),
    ...(r.stream ? { stream: { ...r.stream, item: bind(r.stream.item) } } : {}),
  });
  return {
    ...op,
    functionName: symbols.functionName,
    resourcePath: symbols.resourcePath,
    methodName: symbols.methodName,
    pathParameters: parameters(op.pathParameters),
    queryParameters: parameters(op.queryParameters),
    headerParameters: parameters(op.headerParameters),
    cookieParameters: parameters(op.cookieParameters),
    ...(op.body ? { body: { ...op.body, type: bind(op.body.type) } } : {}),
    responses: op.responses.map(response),
    ...(op.successType ? { successType: bind(op.successType) } : {}),
    ...(op.pagination ? { pagination: { ...op.pagination, item: bind(op.pagination.item) } } : {}),
    ...(op.successStream
      ? { successStream: { ...op.successStream, item: bind(op.successStream.item) } }
      : {}),
  };
}

function bindType(type: IrType, typeOf: (id: string) => string): IrType {
  const bind = (inner: IrType) => bindType(inner, typeOf);
  switch (type.kind) {
    case 'ref':
      return { kind: 'ref', name: typeOf(type.name) };
    case 'array':
      return { ...type, items: bind(type.items) };
    case 'object':
      return {
        ...type,
        properties: type.properties.map((p) => ({ ...p, type: bind(p.type) })),
        additional: type.additional === false ? false : bind(type.additional),
      };
    case 'union':
      return {
        ...type,
        members: type.members.map(bind),
        ...(type.discriminator
          ? {
              discriminator: {
                ...type.discriminator,
                mapping: type.discriminator.mapping.map((m) => ({
                  ...m,
                  schema: typeOf(m.schema),
                })),
              },
            }
          : {}),
      };
    case 'intersection':
      return { ...type, members: type.members.map(bind) };
    default:
      return type;
  }
}
