/**
 * openapi-react-query's own behaviour for `useMutation` and `useInfiniteQuery`, ported as
 * behaviour, over a real HTTP server, against the library itself and the generated package's
 * `/react-query`.
 */
import { newQueryClient, providing } from './support/hooks.js';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, raw, useTestServer } from '../runtime/http-server.js';
import { implementations } from './support/implementations.js';

const server = useTestServer();
const queryClient = newQueryClient();
const wrapper = providing(queryClient);

afterEach(() => {
  queryClient.removeQueries();
  queryClient.getMutationCache().clear();
});

/**
 * Fetches the next page and renders again: the page arrives in the query's cache inside
 * act(), and the hook's result shows it on the render that follows.
 */
async function nextPage(query: { fetchNextPage: () => Promise<unknown> }, rerender: () => void) {
  await act(async () => {
    await query.fetchNextPage();
    rerender();
  });
}

const comment = { body: { text: 'Hello', postedAt: 0 } };

describe.each(implementations)('$name', ({ createClient, fetchClientFor }) => {
  const hooksFor = () => createClient(fetchClientFor({ baseUrl: server.origin }));

  describe('useMutation', () => {
    it('sends the init mutate is given and resolves the body as data', async () => {
      server.reply(json(200, { text: 'Hello' }));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useMutation('put', '/comments'), { wrapper });
      act(() => result.current.mutate(comment));
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data?.text).toBe('Hello');
      expect(result.current.error).toBeNull();
      expect(server.requests.map((r) => [r.method, r.url, JSON.parse(r.text)])).toEqual([
        ['PUT', '/comments', comment.body],
      ]);
    });

    it('keys the mutation by method and path', async () => {
      server.reply(json(200, { text: 'Hello' }));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useMutation('put', '/comments'), { wrapper });
      await act(() => result.current.mutateAsync(comment));
      expect(
        queryClient.getMutationCache().find({ mutationKey: ['put', '/comments'] }),
      ).toBeDefined();
    });

    it('gives the error body as error and no data', async () => {
      server.reply(json(500, { code: 500, message: 'Something went wrong' }));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useMutation('put', '/comments'), { wrapper });
      act(() => result.current.mutate(comment));
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(result.current.data).toBeUndefined();
      expect(result.current.error?.message).toBe('Something went wrong');
    });

    it('resolves a JSON null body as null data', async () => {
      server.reply(json(200, null));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useMutation('put', '/comments'), { wrapper });
      act(() => result.current.mutate(comment));
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toBeNull();
      expect(result.current.error).toBeNull();
    });

    it('resolves an empty body as undefined data, which a mutation allows', async () => {
      server.reply(raw(200, ''));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useMutation('put', '/comments'), { wrapper });
      act(() => result.current.mutate(comment));
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toBeUndefined();
      expect(result.current.error).toBeNull();
    });

    it('resolves mutateAsync with the body, and rejects it with the error body', async () => {
      server.reply(json(200, { text: 'Hello' }), json(500, { code: 500, message: 'Nope' }));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useMutation('put', '/comments'), { wrapper });
      const data = await act(() => result.current.mutateAsync(comment));
      expect(data.text).toBe('Hello');
      await expect(act(() => result.current.mutateAsync(comment))).rejects.toEqual({
        code: 500,
        message: 'Nope',
      });
    });

    it.each(['mutate', 'mutateAsync'] as const)(
      'uses the QueryClient given instead of the provider (%s)',
      async (call) => {
        server.reply(json(200, { text: 'Hello' }));
        const hooks = hooksFor();
        const own = newQueryClient();
        function Page() {
          const mutation = hooks.useMutation('put', '/comments', {}, own);
          return createElement(
            'div',
            null,
            createElement(
              'button',
              { type: 'button', onClick: () => void mutation[call](comment) },
              'mutate',
            ),
            createElement(
              'p',
              null,
              `data: ${mutation.data?.text ?? 'null'}, status: ${mutation.status}`,
            ),
          );
        }
        render(createElement(Page));
        expect(await screen.findByText('data: null, status: idle')).toBeDefined();
        fireEvent.click(screen.getByText('mutate'));
        expect(await screen.findByText('data: Hello, status: success')).toBeDefined();
        expect(own.getMutationCache().getAll()).toHaveLength(1);
      },
    );
  });

  describe('useInfiniteQuery', () => {
    const firstPage = { items: [1, 2, 3], nextPage: 1 };
    const secondPage = { items: [4, 5, 6], nextPage: 2 };
    const limited = { params: { query: { limit: 3 } } };

    /** The query string of each request, as `name=value` pairs. */
    const queries = () =>
      server.requests.map((r) => Object.fromEntries(new URL(r.url, server.origin).searchParams));

    it('sends the page as `cursor` beside the init query, and collects the pages', async () => {
      server.reply(json(200, firstPage), json(200, secondPage));
      const hooks = hooksFor();
      const { result, rerender } = renderHook(
        () =>
          hooks.useInfiniteQuery('get', '/entries', limited, {
            getNextPageParam: (lastPage) => lastPage.nextPage,
            initialPageParam: 0,
          }),
        { wrapper },
      );
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      await nextPage(result.current, rerender);
      await waitFor(() => expect(result.current.data?.pages).toHaveLength(2));
      expect(result.current.hasNextPage).toBe(true);
      expect(queries()).toEqual([
        { limit: '3', cursor: '0' },
        { limit: '3', cursor: '1' },
      ]);
      expect(result.current.data?.pages).toEqual([firstPage, secondPage]);
      expect(result.current.data?.pageParams).toEqual([0, 1]);
    });

    it('sends the page under the name pageParamName gives', async () => {
      server.reply(json(200, firstPage), json(200, secondPage));
      const hooks = hooksFor();
      const { result, rerender } = renderHook(
        () =>
          hooks.useInfiniteQuery('get', '/entries', limited, {
            getNextPageParam: (lastPage) => lastPage.nextPage,
            initialPageParam: 0,
            pageParamName: 'after',
          }),
        { wrapper },
      );
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      await nextPage(result.current, rerender);
      await waitFor(() => expect(result.current.data?.pages).toHaveLength(2));
      expect(queries()).toEqual([
        { limit: '3', after: '0' },
        { limit: '3', after: '1' },
      ]);
    });

    it('applies select to the pages, reversed or flattened', async () => {
      server.reply(json(200, firstPage), json(200, secondPage));
      const hooks = hooksFor();
      const { result, rerender } = renderHook(
        () => ({
          reversed: hooks.useInfiniteQuery('get', '/entries', limited, {
            getNextPageParam: (lastPage) => lastPage.nextPage,
            initialPageParam: 0,
            select: (data) => ({
              pages: [...data.pages].reverse(),
              pageParams: [...data.pageParams].reverse(),
            }),
          }),
          flat: hooks.useInfiniteQuery('get', '/entries', limited, {
            getNextPageParam: (lastPage) => lastPage.nextPage,
            initialPageParam: 0,
            select: (data) => data.pages.flatMap((page) => page.items),
          }),
        }),
        { wrapper },
      );
      await waitFor(() => expect(result.current.flat.data).toEqual([1, 2, 3]));
      await nextPage(result.current.reversed, rerender);
      await waitFor(() => expect(result.current.reversed.data?.pages).toHaveLength(2));
      expect(result.current.reversed.data?.pages).toEqual([secondPage, firstPage]);
      expect(result.current.reversed.data?.pageParams).toEqual([1, 0]);
      expect(result.current.flat.data).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('throws the error body as the query error', async () => {
      server.reply(json(500, { code: 500, message: 'Something went wrong' }));
      const hooks = hooksFor();
      const { result, rerender } = renderHook(
        () =>
          hooks.useInfiniteQuery('get', '/entries', limited, {
            getNextPageParam: (lastPage) => lastPage.nextPage,
            initialPageParam: 0,
          }),
        { wrapper },
      );
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(result.current.error).toEqual({ code: 500, message: 'Something went wrong' });
    });
  });
});
