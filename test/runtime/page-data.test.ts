/**
 * Pages as data: a page is a plain object that survives TanStack Query's structural sharing
 * and a JSON round trip (a persisted cache, server-side rendering), names the query
 * parameters of the next page, and goes on from those parameters as `nextPage()` does.
 * `nextPage()` takes its own options and never reuses the first call's signal.
 */
import {
  dehydrate,
  hydrate,
  InfiniteQueryObserver,
  QueryClient,
  replaceEqualDeep,
  type InfiniteData,
} from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ClientCore,
  Page,
  requestPage,
  type PageData,
  type PageParams,
  type RequestOptions,
} from '../../templates/runtime/index.js';
import { nextPageParams } from '../../templates/runtime/core/pagination.js';
import { clientFor, listUsers, META, type User } from './fixtures.js';
import { json, useTestServer, type Handler } from './http-server.js';

/** Five users, two per page, `next` links absolute and with `page` last, as Django's are. */
const paged: Handler = (req, res) => {
  const url = new URL(req.url, server.origin);
  const page = Number(url.searchParams.get('page') ?? '1');
  const all = ['u1', 'u2', 'u3', 'u4', 'u5'].map((id) => ({ id }));
  const link = (p: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(p));
    return u.href;
  };
  return json(200, {
    count: all.length,
    next: page < 3 ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: all.slice((page - 1) * 2, page * 2),
  })(req, res);
};

const server = useTestServer(paged);
const other = useTestServer();

const QUERY = { search: 'x' };
const list = (query: object = QUERY, options: RequestOptions = {}) =>
  requestPage<User>(clientFor(server.origin), listUsers, { query }, options);
const paths = () => server.requests.map((r) => r.url);

describe('a page is plain data', () => {
  it('an object of Object.prototype whose enumerable properties are the envelope and nextPageParams', async () => {
    const page = await list();
    expect(Object.getPrototypeOf(page)).toBe(Object.prototype);
    expect(Object.keys(page)).toEqual(['count', 'next', 'previous', 'results', 'nextPageParams']);
    expect({ ...page }).toEqual({
      count: 5,
      next: `${server.origin}/api/v1/users/?search=x&page=2`,
      previous: null,
      results: [{ id: 'u1' }, { id: 'u2' }],
      nextPageParams: { page: 2 },
    });
    expect(page).toBeInstanceOf(Page);
    expect({ ...page }).not.toBeInstanceOf(Page);
    expect(page.toJSON()).toEqual({ ...page });
  });

  it('keeps its methods working when they are taken off it', async () => {
    const { nextPage, hasNextPage } = await list();
    expect(hasNextPage()).toBe(true);
    expect((await nextPage()).results).toEqual([{ id: 'u3' }, { id: 'u4' }]);
  });

  it("survives TanStack Query's structural sharing: unchanged data keeps the earlier page", async () => {
    const first = await list();
    const again = await list();
    expect(replaceEqualDeep(first, again)).toBe(first);

    // One user renamed: the page is copied as data, the unchanged item is kept by reference.
    server.reply(
      json(200, {
        count: 5,
        next: `${server.origin}/api/v1/users/?search=x&page=2`,
        previous: null,
        results: [{ id: 'u1' }, { id: 'u2', email: 'new@example.com' }],
      }),
    );
    const changed = await list();
    const shared = replaceEqualDeep(first, changed) as PageData<User>;
    expect(shared).not.toBe(first);
    expect(shared.results[0]).toBe(first.results[0]);
    expect(shared.results[1]).toEqual({ id: 'u2', email: 'new@example.com' });
    expect(shared.nextPageParams).toBe(first.nextPageParams);
  });

  it('survives a JSON round trip with what an app needs, and goes on from it', async () => {
    const page = await list();
    const restored = JSON.parse(JSON.stringify(page)) as PageData<User>;
    expect(restored).toEqual({
      count: 5,
      next: page.next,
      previous: null,
      results: [{ id: 'u1' }, { id: 'u2' }],
      nextPageParams: { page: 2 },
    });
    // The operation writes its query in the spec's order, the link in the server's: same page.
    const fromData = await list({ ...QUERY, ...restored.nextPageParams });
    const followed = await page.nextPage();
    const { next: _a, previous: _b, ...asked } = fromData;
    const { next: _c, previous: _d, ...linked } = followed;
    expect(asked).toEqual(linked);
    expect(asked.nextPageParams).toEqual({ page: 3 });
    expect(paths()).toEqual([
      '/api/v1/users/?search=x',
      '/api/v1/users/?page=2&search=x',
      '/api/v1/users/?search=x&page=2',
    ]);
  });

  it('names no next page on the last one', async () => {
    const last = await list({ ...QUERY, page: 3 });
    expect(last.next).toBeNull();
    expect(last.nextPageParams).toBeNull();
  });
});

describe('nextPageParams', () => {
  const at = 'https://api.example/api/v1/users/';
  const cases: [name: string, current: string, next: string | null, want: PageParams | null][] = [
    ['the page after the first', `${at}?search=x`, `${at}?page=2&search=x`, { page: 2 }],
    ['the page after the second', `${at}?search=x&page=2`, `${at}?search=x&page=3`, { page: 3 }],
    ['page 0 is a page', `${at}?page=-1`, `${at}?page=0`, { page: 0 }],
    ['offsets: only what changes', `${at}?limit=20`, `${at}?limit=20&offset=20`, { offset: 20 }],
    ['a cursor stays a string', at, `${at}?cursor=cD0yMDI0LTAx`, { cursor: 'cD0yMDI0LTAx' }],
    ['digits with a leading zero stay a string', at, `${at}?cursor=007`, { cursor: '007' }],
    [
      'digits past 2^53 stay a string',
      at,
      `${at}?after=12345678901234567`,
      { after: '12345678901234567' },
    ],
    ['decoded as forms are', at, `${at}?q=a+b%26c`, { q: 'a b&c' }],
    ['a repeated parameter is a list', `${at}?t=a`, `${at}?t=a&t=2`, { t: ['a', 2] }],
    ['a relative link', `${at}?page=2`, '?page=3', { page: 3 }],
    [
      'behind a proxy: origin and path are not read',
      'https://app.example/api/connect/api/v1/users/',
      `${at}?page=2`,
      { page: 2 },
    ],
    ['a name that is not a prototype', at, `${at}?__proto__=1`, JSON.parse('{"__proto__": 1}')],
    ['no link', at, null, null],
    ['a link that drops a parameter', `${at}?page=2&search=x`, `${at}?page=3`, null],
    ['a link that changes nothing', `${at}?page=2`, `${at}?page=2`, null],
    ['a link that is not a URL', `${at}`, 'http://[nope', null],
  ];
  it.each(cases)('%s', (_name, current, next, want) => {
    const params = nextPageParams(next, current);
    expect(params).toEqual(want);
    if (params !== null) expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
  });
});

describe('TanStack Query infinite queries over page parameters', () => {
  const options = (client: ClientCore) => ({
    queryKey: ['users', 'list', QUERY],
    queryFn: ({ pageParam, signal }: { pageParam: PageParams; signal: AbortSignal }) =>
      requestPage<User>(client, listUsers, { query: { ...QUERY, ...pageParam } }, { signal }),
    initialPageParam: {} as PageParams,
    getNextPageParam: (last: PageData<User>) => last.nextPageParams,
  });

  it('walks every page, and goes on after the cache is written as JSON and read back', async () => {
    const client = clientFor(server.origin);
    const queries = new QueryClient();
    const data = await queries.fetchInfiniteQuery({ ...options(client), pages: 2 });
    expect(data.pages.flatMap((p) => p.results.map((u) => u.id))).toEqual(['u1', 'u2', 'u3', 'u4']);
    expect(data.pageParams).toEqual([{}, { page: 2 }]);

    // A server-rendered page hands its cache over as JSON; the browser goes on from it.
    const wire = JSON.stringify(dehydrate(queries));
    const browser = new QueryClient();
    hydrate(browser, JSON.parse(wire));
    const observer = new InfiniteQueryObserver(browser, {
      ...options(client),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    const result = await observer.fetchNextPage();
    unsubscribe();
    const pages = (result.data as InfiniteData<PageData<User>>).pages;
    expect(pages.flatMap((p) => p.results.map((u) => u.id))).toEqual([
      'u1',
      'u2',
      'u3',
      'u4',
      'u5',
    ]);
    expect(pages.at(-1)!.nextPageParams).toBeNull();
    expect(result.hasNextPage).toBe(false);
    expect(paths()).toEqual([
      '/api/v1/users/?search=x',
      '/api/v1/users/?page=2&search=x',
      '/api/v1/users/?page=3&search=x',
    ]);
    queries.clear();
    browser.clear();
  });
});

describe('nextPage() takes its own options', () => {
  it("does not reuse the first call's signal, aborted or not", async () => {
    const controller = new AbortController();
    const first = await list(QUERY, { signal: controller.signal });
    controller.abort();
    expect((await first.nextPage()).results).toEqual([{ id: 'u3' }, { id: 'u4' }]);

    const own = new AbortController();
    own.abort();
    await expect(first.nextPage({ signal: own.signal })).rejects.toBeInstanceOf(AbortError);
    expect(paths()).toHaveLength(2);
  });

  it("keeps the call's other settings, with its own laid over them", async () => {
    const first = await list(QUERY, { headers: { 'x-team': 'fleet', 'x-trace': 'a' } });
    await first.nextPage();
    await first.nextPage({ headers: { 'x-team': 'ops' } });
    expect(server.requests.map((r) => [r.headers['x-team'], r.headers['x-trace']])).toEqual([
      ['fleet', 'a'],
      ['fleet', 'a'],
      ['ops', undefined],
    ]);
  });

  it("for await walks under the call's signal: aborting it stops the walk", async () => {
    const controller = new AbortController();
    const ids: string[] = [];
    const walk = async () => {
      for await (const user of list(QUERY, { signal: controller.signal })) {
        ids.push(user.id);
        if (user.id === 'u2') controller.abort();
      }
    };
    await expect(walk()).rejects.toBeInstanceOf(AbortError);
    expect(ids).toEqual(['u1', 'u2']);
    expect(paths()).toEqual(['/api/v1/users/?search=x']);
  });

  it('iterPages() from a page nextPage() fetched walks under the options given there', async () => {
    const first = await list(QUERY, { headers: { 'x-team': 'fleet' } });
    const second = await first.nextPage({ headers: { 'x-team': 'ops' } });
    const sizes: number[] = [];
    for await (const page of second.iterPages()) sizes.push(page.results.length);
    expect(sizes).toEqual([2, 1]);
    expect(server.requests.map((r) => r.headers['x-team'])).toEqual(['fleet', 'ops', 'ops']);
  });
});

describe('next links behind a proxy', () => {
  /** Answers as the API behind a proxy that passes its links on unchanged: they name `other`. */
  const passedOn: Handler = (req, res) => {
    const page = new URL(req.url, server.origin).searchParams.get('page') ?? '1';
    return json(200, {
      count: 3,
      next: page === '1' ? `${other.origin}/api/v1/users/?page=2` : null,
      previous: null,
      results: [{ id: `u${page}` }],
    })(req, res);
  };

  it('a client without a token asks its own backend for the next page, never the origin the link names', async () => {
    server.setDefault(passedOn);
    const client = new ClientCore(
      { auth: 'none', baseUrl: `${server.origin}/api/connect`, maxRetries: 0 },
      META,
    );
    const ids: string[] = [];
    for await (const user of requestPage<User>(client, listUsers)) ids.push(user.id);
    expect(ids).toEqual(['u1', 'u2']);
    expect(paths()).toEqual(['/api/connect/api/v1/users/', '/api/connect/api/v1/users/?page=2']);
    expect(other.requests).toHaveLength(0);
    expect(server.requests.every((r) => r.headers['authorization'] === undefined)).toBe(true);
  });

  it('a client with a token still refuses such a link', async () => {
    server.setDefault(passedOn);
    const first = await requestPage<User>(clientFor(server.origin), listUsers);
    await expect(first.nextPage()).rejects.toThrow(/not following it/);
    expect(other.requests).toHaveLength(0);
  });
});
