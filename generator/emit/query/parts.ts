/**
 * The declarations the `query` module holds for one operation, as ts-morph structures: its
 * error type, and for a read the key builder and options (infinite ones too for a paginated
 * list), for a write the variables type and mutation options. Each options function returns a
 * plain object whose types TanStack Query's generics infer (`queryFn`'s result is the data,
 * `retry`'s error parameter the error), so the module needs no TanStack import.
 */
import { StructureKind, type StatementStructures } from 'ts-morph';
import { docs } from '../common/doc-comments.js';
import {
  callParameters,
  CLIENT_DOC,
  exported,
  keyLiteral,
  pathParameters,
  pathValue,
  returnObject,
  segmentExpression,
  type OperationQueryInput,
  type Parameter,
} from './code.js';
import type { Invalidation } from '../../plan/query-keys.js';
import { errorTypeArgument, errorTypeNotes } from './errors.js';
import { infiniteParts } from './infinite.js';

/** The error type: `export type UsersRetrieveError = OperationError<…>`. */
export function errorType(input: OperationQueryInput): StatementStructures {
  const { op, names } = input;
  return {
    kind: StructureKind.TypeAlias,
    name: names.queryOptions.error,
    isExported: true,
    type: `OperationError<${errorTypeArgument(input.errorTypes)}>`,
    docs: docs({
      description: `What a call of {@link ${op.functionName}} rejects with, and the \`error\` TanStack Query infers from its options: its \`ApiError\`, whose \`is\` takes only the error types it declares, or another \`SdkError\` (no connection, a timeout, a response not as the spec says).`,
      notes: errorTypeNotes(op, input.errorTypes),
    }),
  };
}

/** Key builder and query options of a read. */
export function readParts(input: OperationQueryInput): StatementStructures[] {
  const { op, names, root } = input;
  const q = names.queryOptions;
  const segments = (input.segments ?? []).map((s) => segmentExpression(s, pathValue(op)));
  const query = names.query
    ? {
        name: 'query',
        type: names.query,
        hasQuestionToken: !op.queryParameters.some((p) => p.required),
      }
    : undefined;
  const { parameters, client } = callParameters(input, {
    name: 'options',
    type: 'QueryRequestOptions',
    hasQuestionToken: true,
  });
  // A read with a body (QUERY) is keyed by its body too: two calls with other bodies are other
  // data. It comes last in the key, after the query's object, so that `[..., {}]` still reaches
  // every read of the path.
  const body = parameters.find((p) => p.name === 'body');
  const keyParameters = [
    ...pathParameters(op, input.index),
    ...(body ? [body] : []),
    ...(query ? [query] : []),
  ];
  const keyArguments = keyParameters.map((p) => p.name).join(', ');
  const forward = parameters.map((p) => (p.name === 'options' ? '{ ...options, signal }' : p.name));
  const retry = `leaveRetriesToClient<${q.error}>`;
  const statements: StatementStructures[] = [
    exported(
      q.key!,
      keyParameters,
      `return ${keyLiteral(root, [...segments, query ? '{ ...query }' : '{}', ...(body ? ['body'] : [])])} as const;`,
      `The query key of {@link ${op.functionName}} (\`${op.method} ${op.path}\`): the API's root, the path with its parameters' values, and the query parameters${body ? ', then the request body' : ''} last. A prefix of it reaches this resource and everything under it.`,
    ),
  ];
  // A read that only streams gets no plain options (`emit/query/streamed.ts` has its own).
  if (!q.options) return statements;
  statements.push(
    exported(
      q.options,
      [{ name: client, type: 'ClientCore' }, ...parameters],
      returnObject([
        ['queryKey', `${q.key}(${keyArguments})`],
        [
          'queryFn',
          `({ signal }: { signal: AbortSignal }) => ${op.functionName}(${[client, ...forward].join(', ')})`,
        ],
        ['retry', retry],
      ]),
      `TanStack Query options for {@link ${op.functionName}}: \`useQuery(${q.options}(client, …))\`, \`queryClient.fetchQuery(…)\`. The query function passes TanStack's \`signal\` on, so leaving the screen cancels the request; \`error\` is {@link ${q.error}}; TanStack does not retry, the client does. Wrap it in TanStack's \`queryOptions()\` for a key typed with the data.`,
      { [client]: CLIENT_DOC },
    ),
  );
  return [...statements, ...infiniteParts(input, keyParameters, parameters, client, segments)];
}

/**
 * The fields of a mutation's variables: the call's parameters after the client (path
 * parameters, body, query, headers, cookies), optional where the call lets them be undefined.
 * A part the call takes as `T | undefined` (optional, but before a required one) is an
 * optional field of type `T`.
 */
function variableFields(
  input: OperationQueryInput,
): (Parameter & { docs?: ReturnType<typeof docs> })[] {
  const { op } = input;
  const described: Readonly<Record<string, string | undefined>> = {
    ...Object.fromEntries(
      op.pathParameters.map((p) => [
        p.identifier,
        p.description ?? `The \`${p.name}\` path parameter.`,
      ]),
    ),
    body: op.body ? (op.body.description ?? 'The request body.') : undefined,
  };
  const { parameters } = callParameters(input, { name: 'options', type: 'RequestOptions' });
  return parameters
    .filter((p) => p.name !== 'options')
    .map((p) => {
      const loose = p.type.endsWith(' | undefined');
      const description = described[p.name];
      return {
        name: p.name,
        type: loose ? p.type.slice(0, -' | undefined'.length) : p.type,
        hasQuestionToken: loose || p.hasQuestionToken === true,
        ...(description !== undefined ? { docs: docs({ description }) } : {}),
      };
    });
}

/** A key a mutation invalidates, as code over its variables, and what it reaches, for the doc comment. */
export function invalidationCode(input: OperationQueryInput, invalidation: Invalidation) {
  const segments = invalidation.segments.map((s) =>
    segmentExpression(s, pathValue(input.op, 'variables')),
  );
  // Shown with single quotes, as the module's code is printed.
  const shown = invalidation.segments.map((s) =>
    s.kind === 'literal' ? `'${s.value}'` : segmentExpression(s, pathValue(input.op)),
  );
  const tail = invalidation.scope === 'reads' ? ['{}'] : [];
  const key = `\`${keyLiteral(input.root, [...shown, ...tail])}\``;
  return {
    code: keyLiteral(input.root, [...segments, ...tail]),
    shown: key,
    doc: `- ${key}: ${invalidation.scope === 'reads' ? 'the reads of that path, whatever their query' : 'everything at and under that path'}`,
  };
}

/** Variables type and mutation options of a write. */
export function writeParts(input: OperationQueryInput): StatementStructures[] {
  const { op, names, root } = input;
  const q = names.queryOptions;
  const fields = variableFields(input);
  const variables = q.variables && fields.length > 0 ? q.variables : 'void';
  const { parameters, client } = callParameters(input, { name: 'options', type: 'RequestOptions' });
  const forward = parameters.map((p) =>
    p.name === 'options' ? 'settings?.request' : `variables.${p.name}`,
  );
  const invalidations = (input.invalidations ?? []).map((i) => invalidationCode(input, i));
  const mutationKey = keyLiteral(
    root,
    [...op.resourcePath, op.methodName].map((w) => JSON.stringify(w)),
  );
  const declarations: StatementStructures[] = [];
  if (variables !== 'void')
    declarations.push({
      kind: StructureKind.Interface,
      name: variables,
      isExported: true,
      properties: fields.map((f) => ({ ...f })),
      docs: docs({
        description: `What \`mutate\` takes for {@link ${q.mutationOptions}}: the arguments of {@link ${op.functionName}} by name.`,
      }),
    });
  declarations.push(
    exported(
      q.mutationOptions!,
      [
        { name: client, type: 'ClientCore' },
        { name: 'settings', type: `MutationSettings<${variables}>`, hasQuestionToken: true },
      ],
      returnObject([
        ['mutationKey', `${mutationKey} as const`],
        [
          'mutationFn',
          `(${variables === 'void' ? '' : `variables: ${variables}`}) => ${op.functionName}(${[client, ...forward].join(', ')})`,
        ],
        [
          'onSuccess',
          `(_data: unknown, variables: ${variables}, _onMutateResult: unknown, context: InvalidationContext) =>\n  invalidateAfter(context, variables, [${invalidations.map((i) => i.code).join(', ')}], settings)`,
        ],
        ['retry', `leaveRetriesToClient<${q.error}>`],
      ]),
      [
        `TanStack Query mutation options for {@link ${op.functionName}}: \`useMutation(${q.mutationOptions}(client))\`, then \`mutate(${variables === 'void' ? '' : '{ … }'})\`. After a success it invalidates, through the \`QueryClient\` TanStack Query (5.80 and later) hands \`onSuccess\`:`,
        ...(invalidations.length > 0
          ? invalidations.map((i) => i.doc)
          : ['- nothing: no read of the API sits on or above its path']),
        '',
        `\`settings.invalidates\` replaces or extends these keys. \`error\` is {@link ${q.error}}; TanStack does not retry, and the client retries only what is safe to repeat.`,
      ].join('\n'),
      {
        [client]: CLIENT_DOC,
        settings:
          'per-call options of every call the mutation makes, and the keys to invalidate instead.',
      },
    ),
  );
  return declarations;
}
