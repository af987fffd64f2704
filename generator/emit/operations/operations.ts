/**
 * The `operations/*` modules: per operation a descriptor (plain data the runtime reads), a
 * query type where it has query parameters, and a standalone function that takes the core
 * client first. Standalone functions tree-shake: importing one pulls in only its guard.
 */
import {
  StructureKind,
  VariableDeclarationKind,
  type StatementStructures,
  type WriterFunction,
} from 'ts-morph';
import type {
  Ir,
  IrCursorPagination,
  IrOperation,
  IrParameter,
  IrResource,
} from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import type { OperationSymbols } from '../../plan/types.js';
import { constraintNotes, docs } from '../common/doc-comments.js';
import {
  checkFunctionName,
  needsResponseCheck,
  responseCheckName,
  streamItemTypeName,
} from '../guards/guard-code.js';
import { mixedImport, moduleImport } from '../common/imports.js';
import { operationModel, wireLiteral, type ParameterModel } from './operation-model.js';
import type { EmittedFile } from '../common/model.js';
import { errorClassesFor } from './errors.js';
import { inputCheckRefs, type InputCheckRefs } from '../guards/input-checks.js';
import { sampleCall } from '../common/samples.js';
import { SchemaIndex, typeExpression, schemaIndexOf } from '../common/type-expr.js';
import { TypeUsage } from '../types/type-usage.js';
import { typescriptFile } from '../common/model.js';
import { descriptorPath } from './path-template.js';
import { requestRefs } from './request-refs.js';
import {
  BINARY_BODY_TYPE,
  EVENT_STREAM_TYPE,
  bodySentAs,
  rawBodyKind,
  rawBodyRefs,
  rawBodyType,
  rawResultType,
  streamField,
} from '../../ir/body-media.js';

/** An operation's names, as the plan decided them (`plan/types.ts`). */
export type OperationNames = OperationSymbols;

export function emitOperationModule(
  ir: Ir,
  resource: IrResource,
  names: Map<IrOperation, OperationNames>,
  path: string,
): EmittedFile {
  const index = schemaIndexOf(ir);
  const usage = new TypeUsage(index);
  const guards = new Set<string>();
  const rawImports = new Map<string, Set<string>>();
  const statements: StatementStructures[] = [];

  for (const op of resource.operations) {
    const opNames = names.get(op)!;
    noteOperationTypes(op, usage);
    const body = successBody(op, index);
    if (body?.check) guards.add(body.check);
    const item = streamItem(op, index);
    if (item?.check) guards.add(item.check);
    const stream = item && streamField(op, item.check, item.typeName);
    const inputChecks = inputCheckRefs(op, opNames, index);
    inputChecks?.checks.forEach(([, check]) => guards.add(check));
    const requestImports = requestRefs(op, inputChecks !== undefined).imports;
    for (const [module, functions] of [
      ...rawBodyRefs(op).imports,
      ...requestImports,
      ...(stream?.[1] ?? []),
    ]) {
      const set = rawImports.get(module) ?? new Set<string>();
      functions.forEach((f) => set.add(f));
      rawImports.set(module, set);
    }

    const parameterGroups = [
      [opNames.query, op.queryParameters, `Query parameters of {@link ${op.functionName}}.`],
      [opNames.headers, op.headerParameters, `Header parameters of {@link ${op.functionName}}.`],
      [
        opNames.cookies,
        op.cookieParameters,
        `Cookie parameters of {@link ${op.functionName}}, sent in one \`Cookie\` header.`,
      ],
    ] as const;
    for (const [name, parameters, doc] of parameterGroups)
      if (name) statements.push(parameterInterface(name, parameters, index, doc));
    if (opNames.body && op.body) {
      statements.push({
        kind: StructureKind.TypeAlias,
        name: opNames.body,
        isExported: true,
        type: typeExpression(op.body.type, 'write', index),
        docs: docs({ description: `Request body of {@link ${op.functionName}}.` }),
      });
    }
    statements.push(descriptor(op, opNames.descriptor, body, inputChecks, stream?.[0]));
    if (op.successStream?.flag !== undefined)
      statements.push(streamingDescriptor(op, opNames.descriptor));
    statements.push(operationFunction(op, opNames, index));
  }

  const runtimeTypes = [
    'ClientCore',
    'RequestOptions',
    'OperationDescriptor',
    resource.operations.some((o) => o.pagination?.kind === 'link') ? 'PagePromise' : '',
    resource.operations.some((o) => o.pagination?.kind === 'cursor') ? 'CursorPagePromise' : '',
    resource.operations.some((o) => !o.pagination) ? 'ApiPromise' : '',
    resource.operations.some((o) => rawBodyKind(o) === 'binary') ? BINARY_BODY_TYPE : '',
    resource.operations.some((o) => o.successStream) ? EVENT_STREAM_TYPE : '',
  ].filter((n) => n);
  // `requestPage` and `requestCursorPage` are functions, not methods of the core, so each kind
  // of pagination stays out of bundles without such a list operation. The cursor walker comes
  // from its own module: the runtime's index exports only its types, so that a bundle of every
  // export does not grow by it either.
  const paged = resource.operations.some((o) => o.pagination?.kind === 'link');
  const cursors = resource.operations.some((o) => o.pagination?.kind === 'cursor');
  return typescriptFile(path, [
    paged
      ? mixedImport('../runtime/index.js', ['requestPage'], runtimeTypes)
      : moduleImport('../runtime/index.js', runtimeTypes, true),
    ...(cursors
      ? [moduleImport('../runtime/core/cursor-pagination.js', ['requestCursorPage'])]
      : []),
    ...[...rawImports.keys()]
      .sort()
      .map((module) => moduleImport(`../runtime/${module}.js`, rawImports.get(module)!)),
    ...(guards.size > 0 ? [moduleImport('../guards.js', guards)] : []),
    ...usage.imports('..'),
    ...statements,
  ]);
}

/** Records every type an operation's signature mentions. */
export function noteOperationTypes(op: IrOperation, usage: TypeUsage): void {
  for (const p of [
    ...op.pathParameters,
    ...op.queryParameters,
    ...op.headerParameters,
    ...op.cookieParameters,
  ])
    usage.add(p.type, 'write');
  if (op.body) usage.add(op.body.type, 'write');
  // A cursor page is the response itself, so both it and the item are named.
  if (op.pagination) usage.add(op.pagination.item, 'read');
  if (op.successType && op.pagination?.kind !== 'link') usage.add(op.successType, 'read');
  if (op.successStream) usage.add(op.successStream.item, 'read');
}

/** One item of a streamed answer: its type as written, and its guard unless it is of any shape. */
export function streamItem(op: IrOperation, index: SchemaIndex): SuccessBody | undefined {
  const item = op.successStream?.item;
  if (!item) return undefined;
  if (item.kind === 'ref') {
    const typeName = index.typeName(item.name, 'read');
    return { check: checkFunctionName(typeName), typeName };
  }
  const typeName = typeExpression(item, 'read', index);
  return needsResponseCheck(item)
    ? { check: checkFunctionName(streamItemTypeName(op.functionName)), typeName }
    : { typeName };
}

/** The name of the descriptor a flagged operation sends when the flag asks for the stream. */
const streamingName = (descriptorName: string): string => `${descriptorName}Streaming`;

/**
 * The descriptor of a call whose flag asks for the stream: the same operation, asking for the
 * stream's media type by Accept. Which the answer is, is still read off its Content-Type.
 */
function streamingDescriptor(op: IrOperation, name: string): StatementStructures {
  return {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: streamingName(name),
        type: 'OperationDescriptor',
        initializer: `{ ...${name}, accept: ${JSON.stringify(op.successStream!.accept)} }`,
      },
    ],
  };
}

function parameterInterface(
  name: string,
  parameters: readonly IrParameter[],
  index: SchemaIndex,
  description: string,
): StatementStructures {
  return {
    kind: StructureKind.Interface,
    name,
    isExported: true,
    docs: docs({ description }),
    properties: parameters.map((p) => ({
      name: propertyKey(p.name),
      type: typeExpression(p.type, 'write', index),
      hasQuestionToken: !p.required,
      docs: docs({ ...p, notes: constraintNotes(p.type), defaultValue: p.default }),
    })),
  };
}

export interface SuccessBody {
  /** The guard of the body; absent for a body of any shape (`unknown`), which is returned unchecked. */
  readonly check?: string;
  /** Its type as written in messages; its presence tells the runtime to read a body at all. */
  readonly typeName: string;
}

export function successBody(op: IrOperation, index: SchemaIndex): SuccessBody | undefined {
  // Text and bytes are read by the descriptor's decoder, which gives the promised type.
  const raw = rawResultType(op);
  if (raw) return { typeName: raw };
  if (!op.successType) return undefined;
  if (op.successType.kind === 'ref') {
    const typeName = index.typeName(op.successType.name, 'read');
    return { check: checkFunctionName(typeName), typeName };
  }
  const typeName = typeExpression(op.successType, 'read', index);
  return needsResponseCheck(op.successType)
    ? { check: responseCheckName(op.functionName), typeName }
    : { typeName };
}

/** The runtime's `OperationDescriptor`, from the operation's model. */
function descriptor(
  op: IrOperation,
  name: string,
  body: SuccessBody | undefined,
  inputChecks: InputCheckRefs | undefined,
  stream: string | undefined,
): StatementStructures {
  const model = operationModel(op);
  const literal: WriterFunction = (w) => {
    const field = (key: string, value: unknown) => w.writeLine(`${key}: ${JSON.stringify(value)},`);
    const parameters = (key: string, list: readonly ParameterModel[]) =>
      w.writeLine(`${key}: [${list.map((p) => wireLiteral(p.wire)).join(', ')}],`);
    w.write('{').newLine();
    w.indent(() => {
      field('id', model.id);
      field('method', model.method);
      field('path', descriptorPath(op));
      if (op.fixedQuery !== undefined) field('fixedQuery', op.fixedQuery);
      if (model.parameters.query.length > 0) parameters('query', model.parameters.query);
      if (model.parameters.header.length > 0) parameters('headers', model.parameters.header);
      if (model.parameters.cookie.length > 0) parameters('cookies', model.parameters.cookie);
      if (model.body) field('bodyEncodings', model.body.encodings);
      if (op.body?.contentType !== undefined) field('bodyContentType', op.body.contentType);
      if (op.successMedia) field('accept', op.successMedia.accept);
      // A stream alone is asked for; beside JSON, JSON is unless the call's flag says otherwise.
      const streamed = op.successStream;
      if (streamed && op.successType === undefined) field('accept', streamed.accept);
      else if (streamed && streamed.flag === undefined)
        field('accept', `application/json, ${streamed.accept}`);
      for (const [key, fn] of rawBodyRefs(op).fields) w.writeLine(`${key}: ${fn},`);
      if (stream) w.writeLine(`stream: ${stream},`);
      for (const fn of requestRefs(op, inputChecks !== undefined).fields) w.writeLine(`${fn},`);
      field('retrySafe', model.retrySafe);
      field('successStatuses', model.successStatuses);
      if (inputChecks) {
        const entries = [
          ...inputChecks.checks.map(([part, check]) => `${part}: ${check}`),
          ...(inputChecks.bodyRequired ? ['bodyRequired: true'] : []),
        ];
        w.writeLine(`inputChecks: { ${entries.join(', ')} },`);
      }
      if (body?.check) w.writeLine(`check: ${body.check},`);
      if (body) field('responseType', body.typeName);
    });
    w.write('}');
  };
  return {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name, type: 'OperationDescriptor', initializer: literal }],
  };
}

type SignatureParameter = { name: string; type: string; hasQuestionToken?: boolean };

export interface OperationSignature {
  /** Parameters after `core`. */
  readonly parameters: readonly SignatureParameter[];
  readonly returnType: string;
  /**
   * For an answer that is JSON or a stream by a body flag: the call signatures the flag
   * chooses between (`stream: true` gives the stream, `false` or none the JSON, a `boolean`
   * either), with the same parameters otherwise.
   */
  readonly overloads?: readonly { parameters: SignatureParameter[]; returnType: string }[];
  /** Argument list to pass on: `userId, body, options`. */
  readonly forward: string;
  readonly docs: ReturnType<typeof docs>;
  readonly body: string;
}

/** The signature shared by the standalone function and the client method. */
export function operationSignature(
  op: IrOperation,
  names: OperationNames,
  index: SchemaIndex,
  style: 'method' | 'function' = 'method',
): OperationSignature {
  const parameters: { name: string; type: string; hasQuestionToken?: boolean }[] = [];
  const paramDocs: string[] = [];
  for (const p of op.pathParameters) {
    parameters.push({ name: p.identifier, type: typeExpression(p.type, 'write', index) });
    paramDocs.push(`${p.identifier} — ${p.description ?? `the \`${p.name}\` path parameter.`}`);
  }
  const input: string[] = [];
  // The body's type as written, before `| undefined` for an optional one: the flag's overloads
  // intersect it with the flag's value.
  let bodyType = '';
  if (op.pathParameters.length > 0)
    input.push(
      `path: { ${op.pathParameters.map((p) => `${propertyKey(p.name)}: ${p.identifier}`).join(', ')} }`,
    );
  const laterRequired = (after: number) =>
    [
      op.body?.required,
      op.queryParameters.some((p) => p.required),
      op.headerParameters.some((p) => p.required),
      op.cookieParameters.some((p) => p.required),
    ]
      .slice(after + 1)
      .some(Boolean);
  if (op.body) {
    const type = rawBodyType(op) ?? names.body ?? typeExpression(op.body.type, 'write', index);
    bodyType = type;
    parameters.push({
      name: 'body',
      type: op.body.required || !laterRequired(0) ? type : `${type} | undefined`,
      hasQuestionToken: !op.body.required && !laterRequired(0),
    });
    paramDocs.push(`body — ${op.body.description ?? 'the request body.'} ${bodySentAs(op)}`);
    input.push('body');
  }
  if (names.query) {
    const required = op.queryParameters.some((p) => p.required);
    parameters.push({
      name: 'query',
      type: names.query,
      hasQuestionToken: !required && !laterRequired(1),
    });
    paramDocs.push('query — query parameters.');
    input.push('query');
  }
  if (names.headers) {
    parameters.push({
      name: 'headers',
      type: names.headers,
      hasQuestionToken: !op.headerParameters.some((p) => p.required) && !laterRequired(2),
    });
    paramDocs.push('headers — header parameters.');
    input.push('headers');
  }
  if (names.cookies) {
    parameters.push({
      name: 'cookies',
      type: names.cookies,
      hasQuestionToken: !op.cookieParameters.some((p) => p.required),
    });
    paramDocs.push('cookies — cookie parameters.');
    input.push('cookies');
  }
  parameters.push({ name: 'options', type: 'RequestOptions', hasQuestionToken: true });
  paramDocs.push(
    "options — per-call settings (timeout, retries, signal, headers) that override the client's.",
  );

  const item = op.pagination ? typeExpression(op.pagination.item, 'read', index) : undefined;
  const json = op.successType ? typeExpression(op.successType, 'read', index) : 'void';
  const streamed = op.successStream
    ? `${EVENT_STREAM_TYPE}<${streamItem(op, index)!.typeName}>`
    : undefined;
  const result =
    rawResultType(op) ?? (streamed ? (op.successType ? `${json} | ${streamed}` : streamed) : json);
  const flag = op.successStream?.flag;
  const flagKey = flag === undefined ? '' : propertyKey(flag);
  const chosen =
    flag === undefined
      ? names.descriptor
      : `body?.${flagKey.startsWith('"') || flagKey.startsWith("'") ? `[${flagKey}]` : flagKey} === true ? ${streamingName(names.descriptor)} : ${names.descriptor}`;
  const cursor = op.pagination?.kind === 'cursor' ? op.pagination : undefined;
  const returnType = cursor
    ? `CursorPagePromise<${result}, ${item}>`
    : item
      ? `PagePromise<${item}>`
      : `ApiPromise<${result}>`;
  const call = cursor
    ? `requestCursorPage<${result}, ${item}>`
    : item
      ? `requestPage<${item}>`
      : `core.request<${result}>`;
  // A cursor list's shape goes with the call, as data: where its items and next cursor are.
  const before = cursor
    ? `core, ${names.descriptor}, ${cursorList(cursor)}`
    : item
      ? `core, ${names.descriptor}`
      : chosen;
  const withBody = (type: string, optional: boolean) =>
    parameters.map((p) =>
      p.name === 'body'
        ? {
            ...p,
            type: `${bodyType} & ${type}`,
            hasQuestionToken: optional,
          }
        : p,
    );
  const overloads =
    flag === undefined || !op.body
      ? undefined
      : [
          {
            parameters: withBody(`{ ${flagKey}: true }`, false),
            returnType: `ApiPromise<${streamed}>`,
          },
          {
            parameters: withBody(
              `{ ${flagKey}?: false | null }`,
              parameters.find((p) => p.name === 'body')!.hasQuestionToken === true,
            ),
            returnType: `ApiPromise<${json}>`,
          },
          { parameters, returnType },
        ];
  return {
    parameters,
    returnType,
    ...(overloads ? { overloads } : {}),
    forward: parameters.map((p) => p.name).join(', '),
    body: `return ${call}(${before}, { ${input.join(', ')} }, options);`,
    docs: docs({
      ...op,
      notes: [
        `\`${op.method} ${op.path}\``,
        ...(op.retrySafe
          ? []
          : ['Never retried automatically: repeating it could repeat its effect.']),
      ],
      tags: [
        ...paramDocs.map((text) => ({ tagName: 'param', text: text.replace(' — ', ' ') })),
        ...errorClassesFor(op).map((text) => ({ tagName: 'throws', text })),
        { tagName: 'returns', text: returnsText(op, item, result) },
        { tagName: 'example', text: `\n${sampleCall(op, index, style)}` },
      ],
    }),
  };
}

/** The runtime's `CursorList` of a cursor list, as an object literal. */
function cursorList(cursor: IrCursorPagination): string {
  const { items, parameter, cursor: from, hasMore } = cursor;
  return JSON.stringify({ items, parameter, cursor: from, ...(hasMore ? { hasMore } : {}) });
}

/** What the promise gives, for `@returns`. */
function returnsText(op: IrOperation, item: string | undefined, result: string): string {
  if (item)
    return `a page of \`${item}\`: await it for one page, or iterate it with \`for await\` for every item of every page.`;
  if (op.successMedia?.kind === 'binary')
    return 'the body as a `Blob` typed by its Content-Type; `.asResponse()` gives the `Response`, for `.body` as a stream or `.arrayBuffer()`.';
  if (op.successMedia?.kind === 'text') return 'the body as text, a `string`.';
  const stream = op.successStream;
  if (stream) {
    const items = `an \`EventStream\` of its items, read as they come (\`for await (const item of await call)\`; \`break\` or the call's \`signal\` cancels it)`;
    if (!op.successType) return `${items}.`;
    return stream.flag !== undefined
      ? `with \`${stream.flag}: true\` in the body, ${items}; otherwise the \`${result.split(' | ')[0]}\` the server answers with.`
      : `the JSON the server answers with, or ${items}, by the response's Content-Type.`;
  }
  if (!op.successType)
    return 'a promise that resolves once the server has answered with success; there is no body.';
  return `the \`${result}\` the server answers with, checked against the spec.`;
}

function operationFunction(
  op: IrOperation,
  names: OperationNames,
  index: SchemaIndex,
): StatementStructures {
  const signature = operationSignature(op, names, index, 'function');
  const [doc] = signature.docs;
  // The standalone form documents its extra first parameter too.
  const core = {
    tagName: 'param',
    text: 'core the client to send the request with (a `ClientCore`, such as the generated client).',
  };
  return {
    kind: StructureKind.Function,
    name: op.functionName,
    isExported: true,
    parameters: [{ name: 'core', type: 'ClientCore' }, ...signature.parameters],
    returnType: signature.returnType,
    statements: signature.body,
    docs: doc ? [{ ...doc, tags: [core, ...(doc.tags ?? [])] }] : signature.docs,
    // Callers see the overloads' docs, not the implementation's.
    ...(signature.overloads && {
      overloads: signature.overloads.map((o) => ({
        parameters: [{ name: 'core', type: 'ClientCore' }, ...o.parameters],
        returnType: o.returnType,
        docs: doc ? [{ ...doc, tags: [core, ...(doc.tags ?? [])] }] : signature.docs,
      })),
    }),
  };
}
