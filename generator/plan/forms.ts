/**
 * The names of the form validators (the `forms` entry point), decided in the plan stage after
 * every other name, so that adding the validators renames nothing that existed before them.
 *
 * Each validator is named after the request type it checks, with `Schema` after it, so a
 * reader who knows the type knows the validator: a body of schema `UserCreateRequest` is
 * checked by `UserCreateRequestSchema`, the query of `usersList` (`UsersListQuery`) by
 * `UsersListQuerySchema`, an inline body (`UsersCreateBody`) by `UsersCreateBodySchema`, and
 * path parameters, which have no type of their own, by `<Operation>PathSchema`. There is one
 * validator per part of a request, as the client takes them (a body, a query object, headers)
 * and as a server framework validates them (Hono's `json`, `query`, `param`, `header`, `cookie`).
 * The names are claimed in the type registry, where every other PascalCase export is: a taken
 * one gets a number like any other name.
 */
import type { IrOperation, IrSchema } from '../ir/types.js';
import type { NameRegistry } from '../ir/names.js';
import { pascalCase } from '../ir/names.js';
import { rawBodyKind } from '../ir/body-media.js';
import {
  operationKey,
  type FormPart,
  type FormSymbols,
  type OperationSymbols,
  type SchemaSymbols,
} from './types.js';

/** Whether an operation's body gets a validator: a JSON or form body with a type to check. */
export function validatedBody(op: IrOperation): boolean {
  return op.body !== undefined && op.body.type.kind !== 'unknown' && !rawBodyKind(op);
}

const SUFFIX = 'Schema';

/**
 * @param schemas the plan's schema names, by id.
 * @param operations the plan's operation names, by `operationKey`.
 */
export function planForms(
  ir: { readonly schemas: readonly IrSchema[]; readonly operations: readonly IrOperation[] },
  schemas: ReadonlyMap<string, SchemaSymbols>,
  operations: ReadonlyMap<string, OperationSymbols>,
  types: NameRegistry,
): FormSymbols {
  const bodySchemas = new Set(
    ir.operations.flatMap((op) =>
      validatedBody(op) && op.body!.type.kind === 'ref' ? [op.body!.type.name] : [],
    ),
  );
  // Schemas in document order, then operations in document order.
  const bySchema = new Map(
    ir.schemas
      .filter((s) => bodySchemas.has(s.name))
      .map((s) => {
        const symbols = schemas.get(s.name)!;
        return [s.name, types.claim(`${symbols.request ?? symbols.type}${SUFFIX}`)] as const;
      }),
  );
  const byOperation = new Map(
    ir.operations.map((op) => {
      const names = operations.get(operationKey(op))!;
      const body = op.body?.type;
      const own = (part: FormPart, typeName: string | undefined) =>
        typeName !== undefined ? { [part]: types.claim(`${typeName}${SUFFIX}`) } : {};
      const parts: Partial<Record<FormPart, string>> = {
        ...own(
          'path',
          op.pathParameters.length > 0
            ? (names.path ?? `${pascalCase(names.functionName)}Path`)
            : undefined,
        ),
        ...own('query', names.query),
        ...own('headers', names.headers),
        ...own('cookies', names.cookies),
        ...(validatedBody(op)
          ? body!.kind === 'ref'
            ? { body: bySchema.get(body!.name)! }
            : own('body', names.body)
          : {}),
      };
      return [operationKey(op), parts] as const;
    }),
  );
  return { schemas: bySchema, operations: byOperation };
}
