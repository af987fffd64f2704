/**
 * The pieces the query options module is written with: key elements as code, the call's
 * parameters, exported functions with their doc comments, and `return { … }` writers.
 */
import { StructureKind, type StatementStructures, type WriterFunction } from 'ts-morph';
import type { IrOperation } from '../../ir/types.js';
import type { OperationSymbols, QueryOptionSymbols } from '../../plan/types.js';
import { docs } from '../common/doc-comments.js';
import { operationSignature } from '../operations/operations.js';
import type { Invalidation, KeySegment } from '../../plan/query-keys.js';
import { SchemaIndex, typeExpression } from '../common/type-expr.js';

/** What the parts of one operation are made from. */
export interface OperationQueryInput {
  readonly op: IrOperation;
  readonly names: OperationSymbols & { readonly queryOptions: QueryOptionSymbols };
  readonly index: SchemaIndex;
  /** The root key constant's name. */
  readonly root: string;
  /** A read's key segments; a write's invalidations. */
  readonly segments?: readonly KeySegment[];
  readonly invalidations?: readonly Invalidation[];
  /** The error types the operation declares (`declaredErrorTypes`). */
  readonly errorTypes: readonly string[] | undefined;
}

export type Parameter = { name: string; type: string; hasQuestionToken?: boolean };

/** A key element as code: a word as a string literal, a parameter as the expression `valueOf` gives. */
export function segmentExpression(segment: KeySegment, valueOf: (name: string) => string): string {
  if (segment.kind === 'literal') return JSON.stringify(segment.value);
  if (segment.kind === 'parameter') return valueOf(segment.name);
  return segment.parts
    .map((p) => (typeof p === 'string' ? JSON.stringify(p) : `String(${valueOf(p.name)})`))
    .join(' + ');
}

/** `[...root, 'users', userId, tail]`, as written in the module. */
export function keyLiteral(root: string, elements: readonly string[]): string {
  return `[${[`...${root}`, ...elements].join(', ')}]`;
}

/**
 * The path parameter of `name`, as an expression over `target` (`variables.userId`) or as
 * itself. A template name no parameter declares (validation warns of it) is sent as written,
 * as the descriptor's path sends it, so the key holds it as written too.
 */
export function pathValue(op: IrOperation, target?: string): (name: string) => string {
  return (name) => {
    const p = op.pathParameters.find((q) => q.name === name);
    if (!p) return JSON.stringify(`{${name}}`);
    return target === undefined ? p.identifier : `${target}.${p.identifier}`;
  };
}

/** The call's parameters after the client, the per-call options last, and the first parameter's name. */
export function callParameters(input: OperationQueryInput, options: Parameter) {
  const signature = operationSignature(input.op, input.names, input.index, 'function');
  const parameters = [...signature.parameters.slice(0, -1), options];
  // The client comes first under this name, unless a parameter of the call has it already.
  const client = parameters.some((p) => p.name === 'client') ? 'core' : 'client';
  return { parameters, client };
}

export const CLIENT_DOC =
  'the client to send requests with: the generated client, or a core from the core factory.';

export function exported(
  name: string,
  parameters: readonly Parameter[],
  statements: string | WriterFunction,
  description: string,
  params: Readonly<Record<string, string>> = {},
): StatementStructures {
  return {
    kind: StructureKind.Function,
    name,
    isExported: true,
    parameters: [...parameters],
    statements: typeof statements === 'string' ? statements : [statements],
    docs: docs({
      description,
      tags: Object.entries(params).map(([param, text]) => ({
        tagName: 'param',
        text: `${param} ${text}`,
      })),
    }),
  };
}

/** An object literal's `key: value` lines, for a `return { … };`. */
export function returnObject(fields: readonly (readonly [string, string])[]): WriterFunction {
  return (w) => {
    w.write('return {').newLine();
    w.indent(() => fields.forEach(([key, value]) => w.writeLine(`${key}: ${value},`)));
    w.write('};');
  };
}

export function pathParameters(op: IrOperation, index: SchemaIndex): Parameter[] {
  return op.pathParameters.map((p) => ({
    name: p.identifier,
    type: typeExpression(p.type, 'write', index),
  }));
}
