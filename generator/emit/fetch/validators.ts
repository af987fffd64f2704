/**
 * The `./fetch/validators` entry point: for the `/fetch` client's `validation()` extra, one
 * constant per operation with something to check (its method, its path as `paths` spells it,
 * its declared 2xx statuses, and the guards the package's own client checks its arguments
 * and JSON success body with), and `validators`, all of them. A bundle keeps the guards of the constants it
 * imports: an app that validates two calls ships two operations' guards. Nothing else in the
 * package imports the module, so a package used without it carries none of it.
 */
import {
  StructureKind,
  VariableDeclarationKind,
  type StatementStructures,
  type WriterFunction,
} from 'ts-morph';
import type { Ir, IrOperation } from '../../ir/types.js';
import type { OperationSymbols } from '../../plan/types.js';
import { docs } from '../common/doc-comments.js';
import { moduleImport } from '../common/imports.js';
import { typescriptFile, type EmittedFile } from '../common/model.js';
import { schemaIndexOf } from '../common/type-expr.js';
import { inputCheckRefs, type InputPart } from '../guards/input-checks.js';
import { successBody } from '../operations/operations.js';

/** Where the module is, under src/; `package.ts` makes it the `./fetch/validators` entry point. */
export const FETCH_VALIDATORS_MODULE = 'fetch/validators.ts';

/** The constant holding every operation's validator. */
const ALL = 'validators';

/** The runtime's description of one validator, beside the module in `src/fetch/`. */
const VALIDATION_MODULE = './validation.js';

/** The operation's path key as the document writes it, a query it carries included. */
const pathKey = (op: IrOperation): string =>
  op.fixedQuery === undefined ? op.path : `${op.path}?${op.fixedQuery}`;

/** The `/fetch` client's name of each part of a call (`params.header`), by the descriptor's. */
const FETCH_PART: Readonly<Record<InputPart, string>> = {
  path: 'path',
  query: 'query',
  headers: 'header',
  cookies: 'cookie',
  body: 'body',
};

/** What one constant holds: the operation, its constant's name, its guards. */
interface Validated {
  readonly op: IrOperation;
  readonly name: string;
  /** The success body's guard and type, when it is JSON with a shape to check. */
  readonly answer?: { readonly check: string; readonly typeName: string };
  /** The guards of what is sent, by the `/fetch` client's part names. */
  readonly request?: {
    readonly checks: readonly (readonly [string, string])[];
    readonly bodyRequired: boolean;
  };
}

function validatorConstant({ op, name, answer, request }: Validated): StatementStructures {
  const literal: WriterFunction = (w) => {
    const field = (key: string, value: unknown) => w.writeLine(`${key}: ${JSON.stringify(value)},`);
    w.write('{').newLine();
    w.indent(() => {
      field('method', op.method);
      field('path', pathKey(op));
      field('operationId', op.operationId);
      field('successStatuses', op.successStatuses);
      if (answer) {
        w.writeLine(`check: ${answer.check},`);
        field('responseType', answer.typeName);
      }
      if (request) {
        const entries = [
          ...request.checks.map(([part, check]) => `${part}: ${check}`),
          ...(request.bodyRequired ? ['bodyRequired: true'] : []),
        ];
        w.writeLine(`request: { ${entries.join(', ')} },`);
      }
    });
    w.write('}');
  };
  return {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    docs: docs({
      description: `\`${op.method} ${pathKey(op)}\` (${op.operationId}): ${[
        ...(request ? ['what it sends'] : []),
        ...(answer ? [`its success body, a \`${answer.typeName}\``] : []),
      ].join(' and ')}.`,
    }),
    declarations: [{ name, type: 'OperationValidator', initializer: literal }],
  };
}

/**
 * The module, or undefined when no operation has arguments or a JSON answer to check. Operations
 * in document order; a validator is named after the operation's function: `getPetValidator`.
 */
export function emitFetchValidators(
  ir: Ir,
  names: ReadonlyMap<IrOperation, OperationSymbols>,
  path: string,
): EmittedFile | undefined {
  const index = schemaIndexOf(ir);
  const validated: Validated[] = ir.operations.flatMap((op) => {
    const body = successBody(op, index);
    // HEAD answers without a body; text and bytes have no guard (`check` is then absent).
    const answer =
      op.method !== 'HEAD' && body?.check !== undefined
        ? { check: body.check, typeName: body.typeName }
        : undefined;
    const refs = inputCheckRefs(op, names.get(op)!, index);
    const request = refs && {
      checks: refs.checks.map(([part, check]) => [FETCH_PART[part], check] as const),
      bodyRequired: refs.bodyRequired,
    };
    if (!answer && !request) return [];
    const name = `${names.get(op)!.functionName}Validator`;
    return [{ op, name, ...(answer ? { answer } : {}), ...(request ? { request } : {}) }];
  });
  if (validated.length === 0) return undefined;
  const all: StatementStructures = {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    docs: docs({
      description:
        "Every operation's validator, for `validation(validators)`: the simplest choice, which bundles every operation's guards; pass the constants of the calls made to bundle theirs alone.",
    }),
    declarations: [
      {
        name: ALL,
        type: 'readonly OperationValidator[]',
        initializer: (w) => {
          w.write('[').newLine();
          w.indent(() => validated.forEach((v) => w.writeLine(`${v.name},`)));
          w.write(']');
        },
      },
    ],
  };
  return typescriptFile(
    path,
    [
      moduleImport(VALIDATION_MODULE, ['OperationValidator'], true),
      moduleImport(
        '../guards.js',
        validated.flatMap((v) => [
          ...(v.answer ? [v.answer.check] : []),
          ...(v.request?.checks.map(([, check]) => check) ?? []),
        ]),
      ),
      ...validated.map(validatorConstant),
      all,
    ],
    // The keys each constant's literal writes, for the export summary (a writer hides them).
    Object.fromEntries(validated.map((v) => [v.name, keysOf(v)])),
  );
}

/** The keys `validatorConstant` writes for `v`, in its order. */
function keysOf({ answer, request }: Validated): string[] {
  return [
    'method',
    'path',
    'operationId',
    'successStatuses',
    ...(answer ? ['check', 'responseType'] : []),
    ...(request ? ['request'] : []),
  ];
}
