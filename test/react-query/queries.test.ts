/**
 * openapi-react-query's own behaviour for queries, ported as behaviour (not as its code):
 * `queryOptions`, `useQuery` and `useSuspenseQuery`, over a real HTTP server, each run
 * against the library itself and against the generated package's `/react-query`.
 */
import { newQueryClient, neverAnswers, providing } from './support/hooks.js';
import { QueryClientProvider, useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Component, createElement, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, raw, useTestServer } from '../runtime/http-server.js';
import { implementations } from './support/implementations.js';

const server = useTestServer();
const queryClient = newQueryClient();
const wrapper = providing(queryClient);

afterEach(() => {
  queryClient.removeQueries();
});

/** Shows the error a child threw, as an app's error boundary would. */
class ShowError extends Component<{ children: ReactNode }, { message?: string }> {
  override state: { message?: string } = {};
  static getDerivedStateFromError(error: { message?: string }) {
    return { message: String(error.message) };
  }
  override render() {
    return this.state.message === undefined
      ? this.props.children
      : createElement('p', null, `failed: ${this.state.message}`);
  }
}

describe.each(implementations)('$name', ({ createClient, fetchClientFor }) => {
  const hooksFor = (fetch?: (request: Request) => Promise<Response>) =>
    createClient(fetchClientFor({ baseUrl: server.origin, ...(fetch ? { fetch } : {}) }));

  it('makes queryOptions, useQuery, useSuspenseQuery, useInfiniteQuery and useMutation', () => {
    const hooks = hooksFor();
    for (const name of [
      'queryOptions',
      'useQuery',
      'useSuspenseQuery',
      'useInfiniteQuery',
      'useMutation',
    ])
      expect(typeof (hooks as unknown as Record<string, unknown>)[name], name).toBe('function');
  });

  describe('queryOptions', () => {
    it('keys a query by method, path and init, and leaves the init out of the key when there is none', () => {
      const hooks = hooksFor();
      const init = { params: { path: { noteId: '1' } } };
      expect(hooks.queryOptions('get', '/notes/{noteId}', init).queryKey).toEqual([
        'get',
        '/notes/{noteId}',
        init,
      ]);
      expect(hooks.queryOptions('get', '/tags').queryKey).toEqual(['get', '/tags']);
      expect(hooks.queryOptions('get', '/tags', {}).queryKey).toEqual(['get', '/tags', {}]);
    });

    it('lets the query options given win, and has no data cached before a fetch', async () => {
      const hooks = hooksFor();
      const initialData = { title: 'Initial', body: 'Initial' };
      const options = hooks.queryOptions(
        'get',
        '/notes/{noteId}',
        { params: { path: { noteId: '1' } } },
        { initialData: () => initialData },
      );
      expect(queryClient.getQueryData(options.queryKey)).toBeUndefined();
      const { result } = renderHook(
        () => useQuery({ ...options, enabled: false, select: (data) => data }),
        { wrapper },
      );
      await waitFor(() => expect(result.current.isFetching).toBe(false));
      expect(result.current.data).toEqual(initialData);
      expect(result.current.error).toBeNull();
      expect(server.requests).toHaveLength(0);
    });

    it('gives options fetchQuery resolves with the body, the path filled from the init', async () => {
      server.reply(json(200, { title: 'title', body: 'body' }));
      const hooks = hooksFor();
      const data = await queryClient.fetchQuery(
        hooks.queryOptions('get', '/notes/{noteId}', { params: { path: { noteId: '1' } } }),
      );
      expect(data).toEqual({ title: 'title', body: 'body' });
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /notes/1']);
    });

    it('gives options useQueries takes, one query per distinct key', () => {
      const hooks = hooksFor(neverAnswers);
      renderHook(
        () =>
          useQueries(
            {
              queries: [
                hooks.queryOptions('get', '/tags'),
                hooks.queryOptions('get', '/tags', {}),
                hooks.queryOptions('get', '/notes/{noteId}', { params: { path: { noteId: '1' } } }),
                hooks.queryOptions('get', '/notes/{noteId}', { params: { path: { noteId: '2' } } }),
              ],
            },
            queryClient,
          ),
        { wrapper },
      );
      expect(queryClient.isFetching()).toBe(4);
    });

    it('gives options useSuspenseQuery takes, with select', async () => {
      const hooks = hooksFor(() => Promise.resolve(Response.json(['a'])));
      const { result } = renderHook(
        () =>
          useSuspenseQuery({
            ...hooks.queryOptions('get', '/tags'),
            select: (tags) => tags.length,
          }),
        { wrapper },
      );
      await waitFor(() => expect(result.current?.data).toBe(1));
    });
  });

  describe('useQuery', () => {
    it('resolves the body as data with no error', async () => {
      server.reply(json(200, ['one', 'two', 'three']));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useQuery('get', '/tags'), { wrapper });
      await waitFor(() => expect(result.current.isFetching).toBe(false));
      expect(result.current.data).toEqual(['one', 'two', 'three']);
      expect(result.current.error).toBeNull();
    });

    it('gives the error body as error, itself, and no data', async () => {
      server.reply(json(500, { code: 500, message: 'Something went wrong' }));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useQuery('get', '/tags'), { wrapper });
      await waitFor(() => expect(result.current.isFetching).toBe(false));
      expect(result.current.error).toEqual({ code: 500, message: 'Something went wrong' });
      expect(result.current.data).toBeUndefined();
    });

    it('resolves a JSON null body as null data', async () => {
      server.reply(json(200, null));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useQuery('get', '/tags'), { wrapper });
      await waitFor(() => expect(result.current.isFetching).toBe(false));
      expect(result.current.data).toBeNull();
      expect(result.current.error).toBeNull();
    });

    it('fails with an Error when a 200 has no body and does not say it is empty', async () => {
      // The body reads as undefined, which TanStack Query refuses as data (and logs).
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.reply((_request, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end();
      });
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useQuery('get', '/tags'), { wrapper });
      await waitFor(() => expect(result.current.isFetching).toBe(false));
      expect(result.current.error).toBeInstanceOf(Error);
      expect(result.current.data).toBeUndefined();
      quiet.mockRestore();
    });

    it('resolves an empty body (Content-Length 0) as null data, not undefined', async () => {
      server.reply(raw(200, ''));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useQuery('get', '/tags'), { wrapper });
      await waitFor(() => expect(result.current.isFetching).toBe(false));
      expect(result.current.error).toBeNull();
      expect(result.current.data).toBeNull();
    });

    it('resolves a 204 as null data', async () => {
      server.reply((_request, res) => {
        res.writeHead(204);
        res.end();
      });
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useQuery('get', '/tags'), { wrapper });
      await waitFor(() => expect(result.current.isFetching).toBe(false));
      expect(result.current.error).toBeNull();
      expect(result.current.data).toBeNull();
    });

    it('passes the query signal to fetch, so unmounting aborts the request', () => {
      let signal: AbortSignal | undefined;
      const hooks = hooksFor((request) => {
        signal = request.signal;
        return neverAnswers();
      });
      const { unmount } = renderHook(() => hooks.useQuery('get', '/tags'), { wrapper });
      unmount();
      expect(signal?.aborted).toBe(true);
    });

    it('fills path parameters from the init', async () => {
      server.reply(json(200, { title: 't', body: 'b' }));
      const hooks = hooksFor();
      const { result } = renderHook(
        () => hooks.useQuery('get', '/notes/{noteId}', { params: { path: { noteId: 'n 1' } } }),
        { wrapper },
      );
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(server.requests[0]?.url).toBe('/notes/n%201');
    });

    it('uses the QueryClient given instead of the provider', async () => {
      server.reply(json(200, { title: 'hello', body: '' }));
      const hooks = hooksFor();
      const own = newQueryClient();
      function Page() {
        const { data } = hooks.useQuery(
          'get',
          '/notes/{noteId}',
          { params: { path: { noteId: '1' } } },
          {},
          own,
        );
        return createElement('div', null, `data: ${data?.title}`);
      }
      render(createElement(Page));
      expect(await screen.findByText('data: hello')).toBeDefined();
      expect(
        own.getQueryData(['get', '/notes/{noteId}', { params: { path: { noteId: '1' } } }]),
      ).toEqual({
        title: 'hello',
        body: '',
      });
    });

    it('passes the options given on to TanStack Query', () => {
      const initialData = ['initial', 'data'];
      const hooks = hooksFor();
      const { result } = renderHook(
        () => hooks.useQuery('get', '/tags', {}, { enabled: false, initialData }),
        { wrapper },
      );
      expect(result.current.data).toBe(initialData);
      expect(result.current.error).toBeNull();
      expect(server.requests).toHaveLength(0);
    });
  });

  describe('useSuspenseQuery', () => {
    it('resolves the body as data with no error', async () => {
      server.reply(json(200, ['one', 'two', 'three']));
      const hooks = hooksFor();
      const { result } = renderHook(() => hooks.useSuspenseQuery('get', '/tags'), { wrapper });
      await waitFor(() => expect(result.current?.isFetching).toBe(false));
      expect(result.current.data[0]).toBe('one');
      expect(result.current.error).toBeNull();
    });

    it('throws the error body to the nearest error boundary', async () => {
      server.reply(json(500, { code: 500, message: 'Something went wrong' }));
      const hooks = hooksFor();
      // React reports a caught render error on the console; the boundary's text is the check.
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      function Tags() {
        hooks.useSuspenseQuery('get', '/tags');
        return createElement('div');
      }
      render(
        createElement(
          QueryClientProvider,
          { client: queryClient },
          createElement(
            ShowError,
            null,
            createElement(
              Suspense,
              { fallback: createElement('p', null, 'loading') },
              createElement(Tags),
            ),
          ),
        ),
      );
      expect(await screen.findByText('failed: Something went wrong')).toBeDefined();
      quiet.mockRestore();
    });

    it('uses the QueryClient given instead of the provider', async () => {
      server.reply(json(200, { title: 'Hello', body: '' }));
      const hooks = hooksFor();
      const own = newQueryClient();
      function Page() {
        const { data } = hooks.useSuspenseQuery(
          'get',
          '/notes/{noteId}',
          { params: { path: { noteId: '1' } } },
          {},
          own,
        );
        return createElement('div', null, `data: ${data.title}`);
      }
      render(createElement(Suspense, { fallback: null }, createElement(Page)));
      expect(await screen.findByText('data: Hello')).toBeDefined();
    });

    it('passes the query signal to fetch, so cancelling aborts the request', async () => {
      let signal: AbortSignal | undefined;
      const hooks = hooksFor((request) => {
        signal = request.signal;
        return neverAnswers();
      });
      const own = newQueryClient();
      const { unmount } = renderHook(() => hooks.useSuspenseQuery('get', '/tags', {}, {}, own));
      unmount();
      await act(() => own.cancelQueries());
      expect(signal?.aborted).toBe(true);
    });
  });
});
