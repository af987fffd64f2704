/**
 * Checks of an operation's arguments before sending: a guard over each group of parameters
 * (path, query, headers, cookies) and over the body, all in the request ("write") view. The
 * guards module declares them, the operation's descriptor points at them, so a bundle with
 * one operation carries that operation's checks and no other's.
 */
import { parameterObject } from '../../ir/inputs.js';
import type { IrOperation, IrType } from '../../ir/types.js';
import type { OperationSymbols as OperationNames } from '../../plan/types.js';
import { checkFunctionName } from './guard-code.js';
import type { SchemaIndex } from '../common/type-expr.js';

/** The keys of the runtime's `InputChecks`, in the order the runtime runs them. */
export type InputPart = 'path' | 'query' | 'headers' | 'cookies' | 'body';

/** A check the guards module declares for one operation. */
export interface InputCheckDeclaration {
  readonly name: string;
  /** The type checked (`ListStationsQuery`); the check is `check` + this name. */
  readonly typeName: string;
  readonly type: IrType;
  readonly description: string;
}

/** What the descriptor's `inputChecks` holds: the check of each part, and whether a body is required. */
export interface InputCheckRefs {
  readonly checks: readonly (readonly [InputPart, string])[];
  readonly bodyRequired: boolean;
}

/** The body's check: its schema's write-view guard, or one declared for an inline body type. */
function bodyCheck(op: IrOperation, names: OperationNames, index: SchemaIndex): string | undefined {
  const type = op.body?.type;
  if (type === undefined || type.kind === 'unknown') return undefined;
  if (type.kind === 'ref') return checkFunctionName(index.typeName(type.name, 'write'));
  return names.body ? checkFunctionName(names.body) : undefined;
}

/** The checks the guards module declares for `op`, each named after the type it checks. */
export function inputCheckDeclarations(
  op: IrOperation,
  names: OperationNames,
): InputCheckDeclaration[] {
  const of = (what: string) =>
    `Checks the ${what} of {@link ${op.functionName}} before they are sent: \`undefined\` when they match the spec, else where and why not.`;
  const out: InputCheckDeclaration[] = [];
  if (names.path)
    out.push({
      name: checkFunctionName(names.path),
      typeName: names.path,
      type: parameterObject(op.pathParameters),
      description: of('path parameters'),
    });
  if (names.query)
    out.push({
      name: checkFunctionName(names.query),
      typeName: names.query,
      type: parameterObject(op.queryParameters),
      description: of('query parameters'),
    });
  if (names.headers)
    out.push({
      name: checkFunctionName(names.headers),
      typeName: names.headers,
      type: parameterObject(op.headerParameters),
      description: of('header parameters'),
    });
  if (names.cookies)
    out.push({
      name: checkFunctionName(names.cookies),
      typeName: names.cookies,
      type: parameterObject(op.cookieParameters),
      description: of('cookie parameters'),
    });
  if (names.body && op.body && op.body.type.kind !== 'unknown')
    out.push({
      name: checkFunctionName(names.body),
      typeName: names.body,
      type: op.body.type,
      description: of('request body'),
    });
  return out;
}

export function inputCheckRefs(
  op: IrOperation,
  names: OperationNames,
  index: SchemaIndex,
): InputCheckRefs | undefined {
  const body = bodyCheck(op, names, index);
  const checks: (readonly [InputPart, string])[] = [
    ...(names.path ? [['path', checkFunctionName(names.path)] as const] : []),
    ...(names.query ? [['query', checkFunctionName(names.query)] as const] : []),
    ...(names.headers ? [['headers', checkFunctionName(names.headers)] as const] : []),
    ...(names.cookies ? [['cookies', checkFunctionName(names.cookies)] as const] : []),
    ...(body ? [['body', body] as const] : []),
  ];
  return checks.length > 0
    ? { checks, bodyRequired: body !== undefined && op.body?.required === true }
    : undefined;
}
