/**
 * Error classes by status. The runtime has classes for the statuses most APIs use; the
 * generated `status-errors.ts` adds one per other 4xx status the spec declares, named from
 * its reason phrase (402 → `PaymentRequiredError`) and handed to the runtime through the
 * client's meta. Doc comments name the class a status becomes from the same two sources: the
 * runtime's own table, imported from its template, and the reason phrases.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import {
  ApiError,
  InternalServerError,
  RUNTIME_ERROR_CLASSES,
} from '../../../templates/runtime/core/errors.js';
import { reasonClassName, CLIENT_ERROR_REASONS } from '../../shared/http-status.js';
import type { Ir, IrOperation } from '../../ir/types.js';
import { docs } from '../common/doc-comments.js';
import { mixedImport } from '../common/imports.js';
import type { EmittedFile } from '../common/model.js';
import { typescriptFile } from '../common/model.js';

/** The generated table's name, passed as `errorClasses` in the client's meta. */
export const STATUS_ERROR_CLASSES = 'STATUS_ERROR_CLASSES';
export const STATUS_ERRORS_MODULE = 'status-errors.ts';

/** The class a status becomes in a package whose spec declares it. */
export function errorClassForStatus(status: number): string {
  const runtime = RUNTIME_ERROR_CLASSES[status];
  if (runtime) return runtime.name;
  if (status >= 500) return InternalServerError.name;
  return reasonClassName(status) ?? ApiError.name;
}

/** The declared error statuses that get a generated class: 4xx with a reason phrase the runtime has no class for. */
export function generatedErrorStatuses(ir: Pick<Ir, 'operations'>): number[] {
  const declared = new Set(ir.operations.flatMap((op) => op.responses.map((r) => r.status)));
  return [...declared]
    .filter(
      (s): s is number =>
        typeof s === 'number' &&
        s >= 400 &&
        s < 500 &&
        RUNTIME_ERROR_CLASSES[s] === undefined &&
        CLIENT_ERROR_REASONS[s] !== undefined,
    )
    .sort((a, b) => a - b);
}

/** An error status an operation declares, and the class a caller catches for it. */
export interface ErrorResponse {
  readonly className: string;
  /** A status, or a range (`4XX`, `5XX`) whose statuses each become their own class. */
  readonly status: number | string;
  readonly description?: string;
}

/**
 * The operation's declared error statuses (400 and up) and ranges (`4XX`, `5XX`), in spec
 * order. A range is caught as the class all its statuses share: `InternalServerError` for
 * `5XX`, `ApiError` for `4XX` (each 4xx has a class of its own).
 */
export function errorResponsesFor(op: IrOperation): ErrorResponse[] {
  return op.responses.flatMap((r) => {
    const className =
      typeof r.status === 'number'
        ? r.status >= 400
          ? errorClassForStatus(r.status)
          : undefined
        : r.status === '5XX'
          ? InternalServerError.name
          : r.status === '4XX'
            ? ApiError.name
            : undefined;
    return className === undefined
      ? []
      : [
          {
            className,
            status: r.status,
            ...(r.description ? { description: r.description } : {}),
          },
        ];
  });
}

/** `NotFoundError 404 — text`, with the class name as its caller writes it (`{@link …}` in a doc comment, code in markdown). */
export function errorLine(error: ErrorResponse, className: string = error.className): string {
  return `${className} ${error.status}${error.description ? ` — ${error.description}` : ''}`;
}

/** `{@link NotFoundError} 404 …` lines for an operation's declared error statuses. */
export function errorClassesFor(op: IrOperation): string[] {
  return errorResponsesFor(op).map((e) => errorLine(e, `{@link ${e.className}}`));
}

/** `status-errors.ts`, or nothing when the spec declares no status beyond the runtime's. */
export function emitStatusErrors(ir: Ir, path: string): EmittedFile | undefined {
  const statuses = generatedErrorStatuses(ir);
  if (statuses.length === 0) return undefined;
  const declaredBy = (status: number) =>
    ir.operations
      .filter((op) => op.responses.some((r) => r.status === status))
      .map((op) => `\`${op.functionName}\``);
  const classes: StatementStructures[] = statuses.map((status) => {
    const name = errorClassForStatus(status);
    return {
      kind: StructureKind.Class,
      name,
      isExported: true,
      extends: 'ApiError',
      docs: docs({
        description: `${status} ${CLIENT_ERROR_REASONS[status]}, declared by ${declaredBy(status).join(', ')}.`,
      }),
      // The prototype's name, as the runtime's classes set it, survives minifiers that rename classes.
      staticBlocks: [{ statements: `this.prototype.name = ${JSON.stringify(name)};` }],
    };
  });
  const table: StatementStructures = {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: STATUS_ERROR_CLASSES,
        type: 'Readonly<Record<number, ApiErrorClass>>',
        initializer: (w) => {
          w.write('{').newLine();
          w.indent(() =>
            statuses.forEach((status) => w.writeLine(`${status}: ${errorClassForStatus(status)},`)),
          );
          w.write('}');
        },
      },
    ],
    docs: docs({
      description:
        "The classes above by status, for the client's meta: the runtime turns these statuses into them.",
    }),
  };
  return typescriptFile(
    path,
    [mixedImport('./runtime/index.js', ['ApiError'], ['ApiErrorClass']), ...classes, table],
    // Its keys are statuses, which no one writes after a dot: no members to record.
    { [STATUS_ERROR_CLASSES]: [] },
  );
}
