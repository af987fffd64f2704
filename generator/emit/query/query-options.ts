/**
 * `query.ts`, the package's `./query` entry point: TanStack Query options for every operation, as plain functions returning
 * plain objects (no TanStack import, no class), so an app that imports none ships none and a
 * project without TanStack still type-checks. Per read: a key builder and query options (and
 * infinite ones for a paginated list); per write: mutation options that invalidate the keys the
 * path hierarchy relates (`plan/query-keys.ts`); per read or write that can answer a stream:
 * streamed query options (`emit/query/streamed.ts`); per operation: its error type. Names come
 * from the plan (`QueryOptionSymbols`).
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Ir, IrOperation } from '../../ir/types.js';
import {
  resourceKey,
  type OperationSymbols,
  type Plan,
  type QueryOptionSymbols,
} from '../../plan/types.js';
import { BINARY_BODY_TYPE, rawBodyKind } from '../../ir/body-media.js';
import { docs } from '../common/doc-comments.js';
import { mixedImport, moduleImport } from '../common/imports.js';
import type { EmittedFile } from '../common/model.js';
import { typescriptFile } from '../common/model.js';
import { declaredErrorTypes, listsErrorTypes } from './errors.js';
import {
  pageParameterOf,
  queryKeyPlan,
  rootKeyOf,
  type QueryKeyPlan,
} from '../../plan/query-keys.js';
import { errorType, readParts, writeParts } from './parts.js';
import { segmentExpression, type OperationQueryInput } from './code.js';
import { streamedParts } from './streamed.js';
import { schemaIndexOf } from '../common/type-expr.js';
import { TypeUsage } from '../types/type-usage.js';

/** The module under `src/`, the package's `./query` entry point. */
export const QUERY_MODULE = 'query.ts';

type WithQueryOptions = OperationSymbols & { readonly queryOptions: QueryOptionSymbols };

/** The module, or nothing when no operation is a read or a write. */
export function emitQueryOptions(
  ir: Ir,
  plan: Plan,
  names: ReadonlyMap<IrOperation, OperationSymbols>,
  path: string,
): EmittedFile | undefined {
  const parts = operationQueryParts(ir, plan, names);
  if (parts.length === 0) return undefined;
  const ops = parts.map((part) => part.op);
  const index = schemaIndexOf(ir);
  const usage = new TypeUsage(index);
  const fromOperations = new Map<string, { values: Set<string>; types: Set<string> }>();
  const statements: StatementStructures[] = [
    rootKey(ir, plan.queryKeyRoot, queryKeyPlan(ir.operations)),
    ...parts.flatMap((part) => part.statements),
  ];
  for (const op of ops) noteImports(op, names.get(op)!, plan, usage, fromOperations);
  const reads = ops.some(
    (op) =>
      names.get(op)!.queryOptions!.options !== undefined ||
      names.get(op)!.queryOptions!.streamedOptions !== undefined,
  );
  const writes = ops.some((op) => names.get(op)!.queryOptions!.mutationOptions !== undefined);
  const pages = ops.flatMap((op) =>
    names.get(op)!.queryOptions!.infiniteOptions ? [pageParameterOf(op)!.value] : [],
  );
  return typescriptFile(path, [
    moduleImport(
      './runtime/index.js',
      ['ClientCore', ...(ops.some((op) => rawBodyKind(op) === 'binary') ? [BINARY_BODY_TYPE] : [])],
      true,
    ),
    mixedImport(
      './runtime/core/query.js',
      [
        'leaveRetriesToClient',
        ...(writes ? ['invalidateAfter'] : []),
        ...(pages.includes('number') ? ['nextPageNumber'] : []),
        ...(pages.includes('token') ? ['nextPageToken'] : []),
        ...(pages.includes('cursor') ? ['nextPageCursor'] : []),
      ],
      [
        'OperationError',
        ...(reads ? ['QueryRequestOptions'] : []),
        ...(writes ? ['InvalidationContext', 'MutationSettings'] : []),
        ...(pages.some((p) => p !== 'cursor') ? ['PageLinks'] : []),
        ...(pages.includes('cursor') ? ['CursorLinks'] : []),
      ],
    ),
    ...[...fromOperations.keys()]
      .sort()
      .map((module) =>
        mixedImport(module, fromOperations.get(module)!.values, fromOperations.get(module)!.types),
      ),
    ...usage.imports('.'),
    ...statements,
  ]);
}

/** One operation's declarations in the module: its error type, then its read's or write's parts. */
export interface OperationQueryParts {
  readonly op: IrOperation;
  readonly input: OperationQueryInput;
  readonly statements: readonly StatementStructures[];
}

/**
 * Every operation's declarations, in the module's order. The module is written from them, and
 * api.md lists them, so the reference names exactly the functions the module exports.
 */
export function operationQueryParts(
  ir: Ir,
  plan: Plan,
  names: ReadonlyMap<IrOperation, OperationSymbols>,
): OperationQueryParts[] {
  const index = schemaIndexOf(ir);
  const keys = queryKeyPlan(ir.operations);
  const typed = listsErrorTypes(ir);
  return ir.operations.flatMap((op) => {
    const opNames = names.get(op);
    if (opNames?.queryOptions === undefined) return [];
    const input: OperationQueryInput = {
      op,
      names: opNames as WithQueryOptions,
      index,
      root: plan.queryKeyRoot,
      ...(keys.reads.has(op) ? { segments: keys.reads.get(op)! } : {}),
      ...(keys.invalidations.has(op) ? { invalidations: keys.invalidations.get(op)! } : {}),
      errorTypes: declaredErrorTypes(op, index, typed),
    };
    const statements = [
      errorType(input),
      ...(opNames.queryOptions.mutationOptions ? writeParts(input) : readParts(input)),
      ...(keys.streams.has(op) ? streamedParts(input, keys.streams.get(op)!) : []),
    ];
    return [{ op, input, statements }];
  });
}

/** `export const connectApiQueryKey = ['connect-api'] as const;` */
function rootKey(ir: Ir, name: string, keys: QueryKeyPlan): StatementStructures {
  // The example prefix: the first read whose key holds a path parameter, up to and with it.
  const example = [...keys.reads.entries()].flatMap(([op, segments]) => {
    const end = segments.findIndex((s) => s.kind === 'parameter');
    if (end < 0) return [];
    const shown = segments
      .slice(0, end + 1)
      .map((s) =>
        s.kind === 'literal'
          ? `'${s.value}'`
          : segmentExpression(
              s,
              (n) => op.pathParameters.find((p) => p.name === n)?.identifier ?? n,
            ),
      );
    return [`\`[...${name}, ${shown.join(', ')}]\``];
  })[0];
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name, initializer: `[${JSON.stringify(rootKeyOf(ir.info.title))}] as const` }],
    docs: docs({
      description: `The root of every query key of the ${ir.info.title}: \`queryClient.invalidateQueries({ queryKey: ${name} })\` marks all of its queries stale. A read's key goes on with its path's words and its path parameters' values, and ends with its query parameters${example ? ` (${example} reaches that resource and everything under it)` : ''}.`,
    }),
  };
}

/** Records what the operation's parts name: its function and parameter types, and the schema types of its path and body. */
function noteImports(
  op: IrOperation,
  opNames: OperationSymbols,
  plan: Plan,
  usage: TypeUsage,
  fromOperations: Map<string, { values: Set<string>; types: Set<string> }>,
): void {
  const module = `./${plan.operationModules.get(resourceKey(op.resourcePath))!.replace(/\.ts$/, '.js')}`;
  const entry = fromOperations.get(module) ?? { values: new Set(), types: new Set() };
  fromOperations.set(module, entry);
  entry.values.add(op.functionName);
  for (const name of [opNames.query, opNames.headers, opNames.cookies, opNames.body])
    if (name !== undefined) entry.types.add(name);
  for (const p of op.pathParameters) usage.add(p.type, 'write');
  if (op.body && !opNames.body && rawBodyKind(op) === undefined) usage.add(op.body.type, 'write');
  if (opNames.queryOptions?.streamedOptions && op.successStream)
    usage.add(op.successStream.item, 'read');
}
