/**
 * The error types the spec lists, handed to the runtime's `ApiError` by declaration merging:
 * `ApiError.is(type)` then takes only those (a misspelt type fails to compile) while
 * `errorType` stays open to types added later. The runtime names no API's error types.
 *
 * Where they are found mirrors where `ApiError` reads them: `error.type` in the body of an
 * error response (status 400 and above, or `default`).
 */
import { ModuleDeclarationKind, StructureKind } from 'ts-morph';
import type { Ir, IrObjectType, IrResponse, IrType } from '../../ir/types.js';
import { docs } from '../common/doc-comments.js';
import { moduleImport } from '../common/imports.js';
import type { EmittedFile } from '../common/model.js';
import { SchemaIndex, schemaIndexOf } from '../common/type-expr.js';
import { typescriptFile } from '../common/model.js';

/** The error-type declaration: a named enum (`ErrorType`) or the values of inline enums. */
export type ErrorTypes =
  | { readonly kind: 'named'; readonly name: string }
  | { readonly kind: 'values'; readonly values: readonly string[] };

function objectOf(
  type: IrType | undefined,
  index: SchemaIndex,
  depth = 0,
): IrObjectType | undefined {
  if (type === undefined || depth > 8) return undefined;
  if (type.kind === 'object') return type;
  if (type.kind === 'ref') return objectOf(index.get(type.name)?.type, index, depth + 1);
  return undefined;
}

/** An enum type with its nulls dropped (`ErrorType | null` is still the list of types). */
function enumOf(type: IrType | undefined, index: SchemaIndex): ErrorTypes | undefined {
  if (type === undefined) return undefined;
  if (type.kind === 'union') {
    const members = type.members.filter((m) => m.kind !== 'null');
    return members.length === 1 ? enumOf(members[0], index) : undefined;
  }
  if (type.kind === 'ref' && index.get(type.name)?.type.kind === 'enum') {
    const target = index.get(type.name)!.type;
    return target.kind === 'enum' && target.values.every((v) => typeof v === 'string')
      ? { kind: 'named', name: type.name }
      : undefined;
  }
  if (type.kind === 'enum' && type.values.every((v) => typeof v === 'string'))
    return { kind: 'values', values: type.values as readonly string[] };
  return undefined;
}

/** The error types an error response's body lists under `error.type`; none for a success, or a body without them. */
export function responseErrorTypes(
  response: IrResponse,
  index: SchemaIndex,
): ErrorTypes | undefined {
  if (typeof response.status === 'number' && response.status < 400) return undefined;
  const error = objectOf(response.type, index)?.properties.find((p) => p.name === 'error');
  const type = objectOf(error?.type, index)?.properties.find((p) => p.name === 'type');
  return enumOf(type?.type, index);
}

/** The error types of every error response, merged: one named enum, or the union of all values found. */
export function findErrorTypes(ir: Ir): ErrorTypes | undefined {
  const index = schemaIndexOf(ir);
  const found = ir.operations.flatMap((op) =>
    op.responses.flatMap((response) => responseErrorTypes(response, index) ?? []),
  );
  if (found.length === 0) return undefined;
  const names = new Set(found.map((t) => (t.kind === 'named' ? t.name : '')));
  if (names.size === 1 && found[0]!.kind === 'named') return found[0];
  const values = new Set<string>();
  for (const t of found) {
    const list =
      t.kind === 'values'
        ? t.values
        : (index.get(t.name)!.type as { values: readonly string[] }).values;
    list.forEach((v) => values.add(v));
  }
  return { kind: 'values', values: [...values] };
}

/** `error-types.ts`, or nothing when the spec declares no error types. */
export function emitErrorTypes(ir: Ir, path: string): EmittedFile | undefined {
  const types = findErrorTypes(ir);
  if (!types) return undefined;
  const type =
    types.kind === 'named' ? types.name : types.values.map((v) => JSON.stringify(v)).join(' | ');
  return typescriptFile(path, [
    ...(types.kind === 'named' ? [moduleImport('./enums.js', [types.name], true)] : []),
    // A module either way: an augmentation must not be read as an ambient declaration.
    { kind: StructureKind.ExportDeclaration, namedExports: [] },
    {
      kind: StructureKind.Module,
      name: "'./runtime/core/errors.js'",
      declarationKind: ModuleDeclarationKind.Module,
      hasDeclareKeyword: true,
      statements: [
        {
          kind: StructureKind.Interface,
          name: 'KnownErrorTypes',
          docs: docs({
            description:
              'The error types the spec lists under `error.type`: `ApiError.is(type)` takes only these.',
          }),
          properties: [
            {
              name: 'type',
              isReadonly: true,
              type,
              docs: docs({ description: 'The union of the listed error types.' }),
            },
          ],
        },
      ],
    },
  ]);
}
