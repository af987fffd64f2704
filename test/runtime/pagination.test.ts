/** Pages: awaiting, following `next`, iterating across pages, and the rules for following links. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ClientCore,
  Page,
  PaginationError,
  ResponseValidationError,
  requestPage,
  type FetchLike,
} from '../../templates/runtime/index.js';
import { clientFor, listUsers, MARKER_TOKEN, META, type User } from './fixtures.js';
import { json, startServer, type Handler, type TestServer } from './http-server.js';

let server: TestServer;
let other: TestServer;
beforeAll(async () => {
  [server, other] = await Promise.all([startServer(), startServer()]);
});
afterAll(() => Promise.all([server.close(), other.close()]));

/** Five users, two per page; `next` links are absolute, like Django REST Framework's. */
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

beforeEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
  server.setDefault(paged);
});

const list = (options = {}, query: object = { search: 'x' }) =>
  requestPage<User>(clientFor(server.origin, options), listUsers, { query });

describe('pages', () => {
  it('awaits to the first page', async () => {
    const page = await list();
    expect(page).toBeInstanceOf(Page);
    expect(page.count).toBe(5);
    expect(page.results).toEqual([{ id: 'u1' }, { id: 'u2' }]);
    expect(page.next).toBe(`${server.origin}/api/v1/users/?search=x&page=2`);
    expect(page.previous).toBeNull();
    expect(page.hasNextPage()).toBe(true);
    expect(page.response.status).toBe(200);
    expect(JSON.parse(JSON.stringify(page))).toEqual({
      count: 5,
      next: page.next,
      previous: null,
      results: page.results,
      nextPageParams: { page: 2 },
    });
  });

  it('for await on the call walks every item of every page, with the token on each request', async () => {
    const ids: string[] = [];
    for await (const user of list()) ids.push(user.id);
    expect(ids).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/users/?search=x',
      '/api/v1/users/?search=x&page=2',
      '/api/v1/users/?search=x&page=3',
    ]);
    expect(
      server.requests.every((r) => r.headers['authorization'] === `Bearer ${MARKER_TOKEN}`),
    ).toBe(true);
  });

  it('for await on a page, iterPages(), nextPage() and the last page', async () => {
    const first = await list();
    const ids: string[] = [];
    for await (const user of first) ids.push(user.id);
    expect(ids).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);

    const sizes: number[] = [];
    for await (const page of first.iterPages()) sizes.push(page.results.length);
    expect(sizes).toEqual([2, 2, 1]);

    const last = await (await first.nextPage()).nextPage();
    expect(last.hasNextPage()).toBe(false);
    expect(last.previous).toBe(`${server.origin}/api/v1/users/?search=x&page=2`);
    await expect(last.nextPage()).rejects.toThrow(PaginationError);
    await expect(last.nextPage()).rejects.toThrow(/last page; check hasNextPage\(\)/);
  });

  it('breaking out of the loop fetches no more pages', async () => {
    for await (const user of list()) if (user.id === 'u1') break;
    expect(server.requests).toHaveLength(1);
  });

  it('following next keeps the call settings: retries, validation and hooks', async () => {
    const onRequest = vi.fn();
    server.reply(paged, json(503, {}), (req, res) =>
      json(200, { count: 5, next: null, previous: null, results: [{ id: 7 }] })(req, res),
    );
    const ids: unknown[] = [];
    const walk = async () => {
      for await (const user of list({ validateResponses: 'strict', hooks: { onRequest } }))
        ids.push(user.id);
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).path).toBe('$.results[0].id');
    expect(ids).toEqual(['u1', 'u2']);
    expect(server.requests).toHaveLength(3);
    expect(
      onRequest.mock.calls.map(([e]) => [e.url.replace(server.origin, ''), e.attempt]),
    ).toEqual([
      ['/api/v1/users/?search=x', 1],
      ['/api/v1/users/?search=x&page=2', 1],
      ['/api/v1/users/?search=x&page=2', 2],
    ]);
  });

  it('needs a results array whatever the validation mode', async () => {
    server.reply(json(200, { count: 1, next: null, previous: null, results: 'nope' }));
    await expect(list({ validateResponses: 'off' })).rejects.toMatchObject({
      name: 'ResponseValidationError',
      path: '$.results',
      expected: 'array',
    });
  });
});

describe('following next safely', () => {
  it('refuses a next link on another origin without sending anything there', async () => {
    server.reply(
      json(200, {
        count: 4,
        next: `${other.origin}/api/v1/users/?page=2`,
        previous: null,
        results: [{ id: 'u1' }],
      }),
    );
    const ids: string[] = [];
    const walk = async () => {
      for await (const user of list()) ids.push(user.id);
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toContain(`points at ${other.origin}`);
    expect(ids).toEqual(['u1']);
    expect(other.requests).toHaveLength(0);
    expect(server.requests).toHaveLength(1);
  });

  it('upgrades an http next link for the same host of an https base, and never downgrades', async () => {
    const urls: string[] = [];
    const fetch: FetchLike = async (url) => {
      urls.push(url);
      const next = urls.length === 1 ? 'http://connect.cariqa.com/api/v1/users/?page=2' : null;
      return new Response(
        JSON.stringify({ count: 2, next, previous: null, results: [{ id: `u${urls.length}` }] }),
        { headers: { 'content-type': 'application/json' } },
      );
    };
    const client = new ClientCore({ token: MARKER_TOKEN, fetch }, META);
    const ids: string[] = [];
    for await (const user of requestPage<User>(client, listUsers)) ids.push(user.id);
    expect(ids).toEqual(['u1', 'u2']);
    expect(urls).toEqual([
      'https://connect.cariqa.com/api/v1/users/',
      'https://connect.cariqa.com/api/v1/users/?page=2',
    ]);
  });

  it('a next link equal to the current page cannot make it loop', async () => {
    server.setDefault((req, res) =>
      json(200, {
        count: 9,
        next: `${server.origin}${req.url}`,
        previous: null,
        results: [{ id: 'u1' }],
      })(req, res),
    );
    const walk = async () => {
      for await (const _user of list()) void _user;
    };
    await expect(walk()).rejects.toThrow(/already fetched; stopping to avoid a loop/);
    expect(server.requests).toHaveLength(1);
  });

  it('a next link back to an earlier page (even spelt differently) cannot make it loop', async () => {
    server.setDefault((req, res) => {
      const onFirst = !req.url.includes('page=2');
      const next = onFirst
        ? `${server.origin}/api/v1/users/?page=2&search=x`
        : `${server.origin}/api/v1/users/?search=x&page=2`;
      return json(200, {
        count: 9,
        next,
        previous: null,
        results: [{ id: onFirst ? 'u1' : 'u2' }],
      })(req, res);
    });
    const ids: string[] = [];
    const walk = async () => {
      for await (const user of list()) ids.push(user.id);
    };
    await expect(walk()).rejects.toBeInstanceOf(PaginationError);
    expect(ids).toEqual(['u1', 'u2']);
    expect(server.requests).toHaveLength(2);
  });
});
