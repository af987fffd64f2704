/**
 * Infinite query options of a paginated list: the page parameter (`plan/query-keys.ts`)
 * leaves the query and its key, starts as `null` (the server's first page, none sent), and
 * goes on as the value the server's `next` link sets, read by the runtime's `nextPageNumber` or
 * `nextPageToken`, or as the cursor a cursor page gives, read by `nextPageCursor`.
 */
import type { StatementStructures } from 'ts-morph';
import { propertyKey } from '../../ir/names.js';
import {
  CLIENT_DOC,
  exported,
  keyLiteral,
  returnObject,
  type OperationQueryInput,
  type Parameter,
} from './code.js';
import { pageParameterOf } from '../../plan/query-keys.js';

/** Infinite key and options of a paginated read whose page parameter is known. */
export function infiniteParts(
  input: OperationQueryInput,
  keyParameters: readonly Parameter[],
  parameters: readonly Parameter[],
  client: string,
  segments: readonly string[],
): StatementStructures[] {
  const { op, names, root } = input;
  const q = names.queryOptions;
  const page = pageParameterOf(op);
  if (!page || !q.infiniteKey || !q.infiniteOptions || !names.query) return [];
  const withoutPage = `Omit<${names.query}, ${JSON.stringify(page.parameter.name)}>`;
  const swap = (list: readonly Parameter[]) =>
    list.map((p) => (p.name === 'query' ? { ...p, type: withoutPage } : p));
  const param = page.value === 'number' ? 'number' : 'string';
  const forward = parameters.map((p) =>
    p.name === 'query'
      ? `pageParam === null ? query : { ...query, ${propertyKey(page.parameter.name)}: pageParam }`
      : p.name === 'options'
        ? '{ ...options, signal }'
        : p.name,
  );
  const next = { number: 'nextPageNumber', token: 'nextPageToken', cursor: 'nextPageCursor' }[
    page.value
  ];
  // A link page is read for its `next` link, a cursor page for its `nextPageParams`.
  const pageType = page.value === 'cursor' ? 'CursorLinks' : 'PageLinks';
  const nextText =
    page.value === 'cursor'
      ? 'the cursor the page gives (`nextPageParams`)'
      : `the \`${page.parameter.name}\` the server's \`next\` link asks for`;
  const lastText =
    page.value === 'cursor'
      ? 'the last one or one without items'
      : 'one without a `next` link or without items';
  return [
    exported(
      q.infiniteKey,
      swap(keyParameters),
      `return ${keyLiteral(root, [...segments, '{ ...query }', '"infinite"'])} as const;`,
      `The key of {@link ${q.infiniteOptions}}: the query key of {@link ${op.functionName}} without the page parameter (\`${page.parameter.name}\`), then \`'infinite'\`. The pages are the query's data, so no page number is part of it.`,
    ),
    exported(
      q.infiniteOptions,
      [{ name: client, type: 'ClientCore' }, ...swap(parameters)],
      returnObject([
        ['queryKey', `${q.infiniteKey}(${keyParameters.map((p) => p.name).join(', ')})`],
        [
          'queryFn',
          `({ pageParam, signal }: { pageParam: ${param} | null; signal: AbortSignal }) =>\n  ${op.functionName}(${[client, ...forward].join(', ')})`,
        ],
        ['initialPageParam', `null as ${param} | null`],
        [
          'getNextPageParam',
          `(lastPage: ${pageType}, _pages: unknown, _pageParam: unknown, pageParams: readonly (${param} | null)[]) =>\n  ${next}(lastPage, ${JSON.stringify(page.parameter.name)}, pageParams)`,
        ],
        ['retry', `leaveRetriesToClient<${q.error}>`],
      ]),
      `TanStack Query infinite options for {@link ${op.functionName}}: \`useInfiniteQuery(${q.infiniteOptions}(client, …))\`, then \`fetchNextPage()\` for "load more". The first page is the server's first (no \`${page.parameter.name}\` sent); each next one is ${nextText}, laid over the query without touching its other parameters; there is no next page after ${lastText}. \`error\` is {@link ${q.error}}; TanStack does not retry, the client does.`,
      { [client]: CLIENT_DOC },
    ),
  ];
}
