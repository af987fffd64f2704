/**
 * The types of our `/react-query`, as openapi-react-query's own tests state them: data and
 * error from the document's `paths` (openapi-typescript 7.13's output for the fixture),
 * `select` reshaping data, the init required when a parameter is, wrong methods and paths
 * refused. Checked by the type check (`npm run typecheck`); the functions below never run.
 */
import { skipToken, useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import createFetchClient from 'openapi-fetch';
import { describe, expect, expectTypeOf, it } from 'vitest';
import createClient, {
  type MethodResponse,
  type OpenapiQueryClient,
  type QueryOptionsFunction,
  type UseMutationMethod,
  type UseQueryMethod,
} from '../../generated/src/react-query/index.js';
import type { paths } from '../fixtures/react-query/api.js';

type Note = { title: string; body: string; publishedAt?: number };
type Problem = { code: number; message: string };

/** A document openapi-react-query's tests use: a literal body per status. */
type literalPaths = {
  '/yes': {
    get: {
      responses: {
        200: { content: { 'application/json': true } };
        500: { content: { 'application/json': false } };
      };
    };
  };
};

const hooks = createClient<paths>(createFetchClient<paths>({ baseUrl: 'http://127.0.0.1:9' }));

function queryOptionsTypes() {
  hooks.queryOptions('get', '/tags');
  // @ts-expect-error: /tags has no PUT.
  hooks.queryOptions('put', '/tags');
  // @ts-expect-error: no such path.
  hooks.queryOptions('get', '/tagz');
  // @ts-expect-error: the noteId path parameter is required.
  hooks.queryOptions('get', '/notes/{noteId}', {});

  // 0.5.4 does not tag the key with its data type (a later openapi-react-query does), so
  // `getQueryData(options.queryKey)` is not typed from it, here as there.
  const options = hooks.queryOptions('get', '/notes/{noteId}', {
    params: { path: { noteId: '1' } },
  });
  expectTypeOf(options.queryKey[0]).toEqualTypeOf<'get'>();
  expectTypeOf(options.queryKey[1]).toEqualTypeOf<'/notes/{noteId}'>();

  const [tags, tagsWithInit, note] = useQueries({
    queries: [
      hooks.queryOptions('get', '/tags'),
      hooks.queryOptions('get', '/tags', {}),
      hooks.queryOptions('get', '/notes/{noteId}', { params: { path: { noteId: '1' } } }),
    ],
  });
  expectTypeOf(tags.data).toEqualTypeOf<string[] | undefined>();
  expectTypeOf(tags.error).toEqualTypeOf<Problem | null>();
  expectTypeOf(tagsWithInit).toEqualTypeOf(tags);
  expectTypeOf(note.data).toEqualTypeOf<Note | undefined>();
  expectTypeOf(note.error).toEqualTypeOf<Problem | null>();

  const literal = createClient<literalPaths>(createFetchClient<literalPaths>());
  const skipped = useQuery(
    Math.random() > 2
      ? {
          ...literal.queryOptions('get', '/yes'),
          select: (data) => {
            expectTypeOf(data).toEqualTypeOf<true>();
            return 'selected' as const;
          },
        }
      : { queryKey: [] as never, queryFn: skipToken },
  );
  expectTypeOf(skipped.data).toEqualTypeOf<'selected' | undefined>();
  expectTypeOf(skipped.error).toEqualTypeOf<false | null>();
  const suspended = useSuspenseQuery({
    ...literal.queryOptions('get', '/yes'),
    select: (data) => (data ? ('yes' as const) : ('no' as const)),
  });
  expectTypeOf(suspended.data).toEqualTypeOf<'yes' | 'no'>();
  expectTypeOf(suspended.error).toEqualTypeOf<false | null>();
  // Without an init the key has two members; a key with one is among the types it may have.
  const yesKey = literal.queryOptions('get', '/yes').queryKey;
  expectTypeOf<readonly ['get', '/yes']>().toExtend<typeof yesKey>();
}

function useQueryTypes() {
  const { data, error } = hooks.useQuery('get', '/tags');
  expectTypeOf(data).toEqualTypeOf<MethodResponse<typeof hooks, 'get', '/tags'> | undefined>();
  expectTypeOf(data).toEqualTypeOf<string[] | undefined>();
  expectTypeOf(error).toEqualTypeOf<Problem | null>();

  const selected = hooks.useQuery('get', '/tags', {}, { select: (tags) => ({ tags, count: 1 }) });
  expectTypeOf(selected.data).toEqualTypeOf<{ tags: string[]; count: number } | undefined>();

  // @ts-expect-error: the init (and its noteId) is required.
  hooks.useQuery('get', '/notes/{noteId}');
  // @ts-expect-error: noteId is a string.
  hooks.useQuery('get', '/notes/{noteId}', { params: { path: { noteId: 1 } } });

  const suspended = hooks.useSuspenseQuery('get', '/notes/{noteId}', {
    params: { path: { noteId: '1' } },
  });
  expectTypeOf(suspended.data).toEqualTypeOf<Note>();
  expectTypeOf(suspended.error).toEqualTypeOf<Problem | null>();
  const counted = hooks.useSuspenseQuery('get', '/tags', {}, { select: (tags) => tags.length });
  expectTypeOf(counted.data).toEqualTypeOf<number>();
  // @ts-expect-error: a suspense query has no `enabled`, a plain one has.
  hooks.useSuspenseQuery('get', '/tags', {}, { enabled: false });
  hooks.useQuery('get', '/tags', {}, { enabled: false });
}

function useMutationTypes() {
  const onMutateResult = { previous: ['a'], at: 'abc' };
  const mutation = hooks.useMutation('put', '/comments', {
    onMutate: () => onMutateResult,
    onError: (error, _init, result) => {
      expectTypeOf(error).toEqualTypeOf<Problem>();
      expectTypeOf(result).toEqualTypeOf<typeof onMutateResult | undefined>();
    },
    onSettled: (_data, _error, _init, result) => {
      expectTypeOf(result).toEqualTypeOf<typeof onMutateResult | undefined>();
    },
  });
  expectTypeOf(mutation.data).toEqualTypeOf<{ text: string } | undefined>();
  expectTypeOf(mutation.context).toEqualTypeOf<typeof onMutateResult | undefined>();
  mutation.mutate({ body: { text: 'x', postedAt: 0 } });
  // @ts-expect-error: postedAt is required in the body.
  mutation.mutate({ body: { text: 'x' } });
  // @ts-expect-error: /comments has no POST.
  hooks.useMutation('post', '/comments');
}

function useInfiniteQueryTypes() {
  const pages = hooks.useInfiniteQuery(
    'get',
    '/entries',
    { params: { query: { limit: 3 } } },
    {
      getNextPageParam: (lastPage) => {
        expectTypeOf(lastPage).toEqualTypeOf<{ items: number[]; nextPage?: number }>();
        return lastPage.nextPage;
      },
      initialPageParam: 0,
      select: (data) => data.pages.flatMap((page) => page.items),
    },
  );
  expectTypeOf(pages.data).toEqualTypeOf<number[] | undefined>();
  expectTypeOf(pages.error).toEqualTypeOf<Problem | null>();
}

function namedTypes() {
  expectTypeOf(hooks).toEqualTypeOf<OpenapiQueryClient<paths>>();
  expectTypeOf(hooks.queryOptions).toEqualTypeOf<
    QueryOptionsFunction<paths, `${string}/${string}`>
  >();
  expectTypeOf(hooks.useQuery).toEqualTypeOf<UseQueryMethod<paths, `${string}/${string}`>>();
  expectTypeOf(hooks.useMutation).toEqualTypeOf<UseMutationMethod<paths, `${string}/${string}`>>();
}

describe('the types of /react-query', () => {
  it('are stated by functions the type check reads and the tests never call', () => {
    for (const check of [
      queryOptionsTypes,
      useQueryTypes,
      useMutationTypes,
      useInfiniteQueryTypes,
      namedTypes,
    ])
      expect(check).toBeTypeOf('function');
  });
});
