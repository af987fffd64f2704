/**
 * The error type of each operation's query options: `OperationError<'a' | 'b'>` (runtime
 * `query.ts`), whose `is` takes only the error types the operation declares.
 *
 * What an operation declares is read from its error responses, as `error-types.ts` reads the
 * document's: a response whose body lists error types under `error.type` (an enum) may carry
 * any of them, unless its description names some of them in backticks (`already_charging`),
 * which are then the ones it carries. An operation none of whose responses lists error types
 * declares none (`never`), and in a document that lists none anywhere, `is` stays open
 * (`string`), as `ApiError.is` does there.
 */
import type { Ir, IrOperation } from '../../ir/types.js';
import { errorResponsesFor, errorLine } from '../operations/errors.js';
import { findErrorTypes, responseErrorTypes, type ErrorTypes } from '../types/error-types.js';
import type { SchemaIndex } from '../common/type-expr.js';

/** The values of a declaration of error types. */
function valuesOf(types: ErrorTypes, index: SchemaIndex): readonly string[] {
  if (types.kind === 'values') return types.values;
  const target = index.get(types.name)?.type;
  return target?.kind === 'enum' ? target.values.filter((v) => typeof v === 'string') : [];
}

/** The error types an operation declares, in spec order; `undefined` when the document lists none at all. */
export function declaredErrorTypes(
  op: Pick<IrOperation, 'responses'>,
  index: SchemaIndex,
  documentListsTypes: boolean,
): readonly string[] | undefined {
  if (!documentListsTypes) return undefined;
  const found = new Set<string>();
  for (const response of op.responses) {
    const types = responseErrorTypes(response, index);
    if (!types) continue;
    const values = valuesOf(types, index);
    const quoted = [...(response.description ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const named = quoted.filter((word) => values.includes(word));
    (named.length > 0 ? named : values).forEach((v) => found.add(v));
  }
  return [...found];
}

/** Whether the document lists error types anywhere, which decides whether `is` can be narrowed. */
export function listsErrorTypes(ir: Ir): boolean {
  return findErrorTypes(ir) !== undefined;
}

/** The type argument of `OperationError`: the union of the declared types, `never`, or `string`. */
export function errorTypeArgument(declared: readonly string[] | undefined): string {
  if (declared === undefined) return 'string';
  return declared.length === 0 ? 'never' : declared.map((v) => JSON.stringify(v)).join(' | ');
}

/** What the error type's doc comment says: the declared statuses and the types `is` takes. */
export function errorTypeNotes(op: IrOperation, declared: readonly string[] | undefined): string[] {
  const statuses = errorResponsesFor(op).map((e) => `- ${errorLine(e, `{@link ${e.className}}`)}`);
  return [
    ...(statuses.length > 0 ? [`Declared error responses:\n${statuses.join('\n')}`] : []),
    declared === undefined
      ? '`is` takes any error type: the document lists none.'
      : declared.length === 0
        ? '`is` takes no error type: none of its responses lists one.'
        : `\`is\` takes ${declared.map((v) => `\`${v}\``).join(', ')}.`,
  ];
}
