/**
 * Streamed query options of an operation that can answer a stream (server-sent events, JSON
 * Lines): TanStack Query 5's `streamedQuery` (exported as `experimental_streamedQuery`) turns
 * the call's `EventStream` into a query whose data is the array of the items so far, growing as
 * they come. The package does not import TanStack, so the options take that function as an
 * argument and call it with the stream: `useQuery(chatStreamedQueryOptions(client,
 * streamedQuery, body))` is all the glue, and the data is typed `Chunk[]` by TanStack's own
 * inference (the options' `queryFn` is whatever the function given returns). A wrapper given
 * instead (`(p) => streamedQuery({ ...p, reducer, initialValue })`) sets TanStack's other
 * settings. The key is the read's key (or a write's path and body) with `'stream'` last.
 */
import type { StatementStructures } from 'ts-morph';
import { propertyKey } from '../../ir/names.js';
import { streamItem } from '../operations/operations.js';
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
import { queryRoleOf, streamedQueryOf, type KeySegment } from '../../plan/query-keys.js';

/** Key builder and streamed query options of an operation whose answer can be a stream. */
export function streamedParts(
  input: OperationQueryInput,
  pathSegments: readonly KeySegment[],
): StatementStructures[] {
  const { op, names, root } = input;
  const q = names.queryOptions;
  const how = streamedQueryOf(op);
  if (!how || !q.streamedKey || !q.streamedOptions) return [];
  const item = streamItem(op, input.index)!.typeName;
  const flag = how === 'flag' ? op.successStream!.flag! : undefined;
  const { parameters: called, client } = callParameters(input, {
    name: 'options',
    type: 'QueryRequestOptions',
    hasQuestionToken: true,
  });
  // The flag is the options' to set: the body is taken without it.
  const parameters = called.map((p) =>
    p.name === 'body' && flag !== undefined ? { ...p, type: withoutFlag(p.type, flag) } : p,
  );
  const streamed = parameters.some((p) => p.name === 'streamedQuery')
    ? 'tanstackStreamedQuery'
    : 'streamedQuery';
  const body = parameters.find((p) => p.name === 'body');
  const query = parameters.find((p) => p.name === 'query');
  const keyParameters: Parameter[] = [
    ...pathParameters(op, input.index),
    ...(body ? [body] : []),
    ...(query ? [query] : []),
  ];
  const segments = pathSegments.map((s) => segmentExpression(s, pathValue(op)));
  const forward = parameters.map((p) =>
    p.name === 'options'
      ? '{ ...options, signal }'
      : p.name === 'body' && flag !== undefined
        ? `{ ...body, ${propertyKey(flag)}: true }`
        : p.name,
  );
  const write = queryRoleOf(op) === 'write';
  const source = `(parameters: { streamFn: (context: { signal: AbortSignal }) => Promise<AsyncIterable<${item}>> }) => QueryFn`;
  const asked = flag !== undefined ? ` with \`${flag}: true\` in the body (set here)` : '';
  const options = exported(
    q.streamedOptions,
    [{ name: client, type: 'ClientCore' }, { name: streamed, type: source }, ...parameters],
    returnObject([
      ['queryKey', `${q.streamedKey}(${keyParameters.map((p) => p.name).join(', ')})`],
      [
        'queryFn',
        `${streamed}({\n  streamFn: ({ signal }) => ${op.functionName}(${[client, ...forward].join(', ')}),\n})`,
      ],
      ['retry', `leaveRetriesToClient<${q.error}>`],
      // A write is not sent again because a screen came back into focus or mounted anew.
      ...(write ? ([['staleTime', 'Infinity']] as const) : []),
    ]),
    [
      `TanStack Query options streaming {@link ${op.functionName}}${asked}: \`useQuery(${q.streamedOptions}(client, experimental_streamedQuery, …))\`. The data is the array of the items received so far, growing as each comes (\`${item}[]\`); the query is \`pending\` until the first, \`success\` from then on, and fetching until the stream ends. Pass \`(p) => experimental_streamedQuery({ ...p, reducer, initialValue })\` to fold the items into something else, or with \`refetchMode\`.`,
      `TanStack's \`signal\` is the call's: \`queryClient.cancelQueries\`, or the last observer leaving, cancels the stream's body. \`error\` is {@link ${q.error}}; TanStack does not retry, the client does.`,
      write
        ? `The answer is cached as any query's is, by TanStack's normal rules and no further: it stays fresh (\`staleTime: Infinity\`), so focus, reconnect or a new mount within \`gcTime\` shows it without sending the request again; \`refetch()\` or invalidating its key sends it again.`
        : `The answer is cached as any query's is, by TanStack's normal rules and no further: a new mount of a stale one streams anew.`,
    ].join('\n\n'),
    {
      [client]: CLIENT_DOC,
      [streamed]:
        "TanStack Query's `experimental_streamedQuery` (from `@tanstack/react-query` or your framework's package), or a function that calls it with more settings.",
    },
  );
  return [
    exported(
      q.streamedKey,
      keyParameters,
      `return ${keyLiteral(root, [...segments, query ? '{ ...query }' : '{}', ...(body ? ['body'] : []), '"stream"'])} as const;`,
      `The key of {@link ${q.streamedOptions}}: the path with its parameters' values, the query parameters${body ? ', the request body' : ''}, then \`'stream'\`, so that the streamed data is never the JSON query's. A prefix without \`'stream'\` reaches it too.`,
    ),
    { ...options, typeParameters: ['QueryFn'] } as StatementStructures,
  ];
}

/** The body's type without the flag: `Omit<ChatRequest, "stream">`, optional as it was. */
function withoutFlag(type: string, flag: string): string {
  const optional = type.endsWith(' | undefined');
  const base = optional ? type.slice(0, -' | undefined'.length) : type;
  return `Omit<${base}, ${JSON.stringify(flag)}>${optional ? ' | undefined' : ''}`;
}
