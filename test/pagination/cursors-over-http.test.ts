/**
 * Cursor lists over real HTTP: a client generated from a document written for the test
 * (cursor-lists.yaml: Stripe-, OpenAI-, Slack-shaped lists, a next-token list and one only
 * `x-sdk-pagination` tells), type-checked, walking pages served on 127.0.0.1 by a server that
 * answers each request from the cursor in its query; and the TanStack infinite options of one.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/query-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import {
  bundleOfOneCall,
  importWritten,
  writeGeneratedPackage,
} from '../support/generated-package.js';
import { json, useTestServer, type Handler } from '../runtime/http-server.js';

const SPEC = 'test/pagination/cursor-lists.yaml';
const scratch = useScratchDir('cursor-lists-');
const server = useTestServer(json(500, {}));

/** What a page of a walk looks like to the test: the response's fields, and the page's methods. */
type Page = Record<string, unknown> &
  AsyncIterable<{ id: string }> & {
    nextPageParams: Record<string, string> | null;
    hasNextPage(): boolean;
    nextPage(): Promise<Page>;
    iterPages(): AsyncIterable<Page>;
  };
type List = (core: unknown, query?: object) => Promise<Page> & AsyncIterable<{ id: string }>;
type Package = Record<string, List> & { createCursorListsCore(options: object): unknown };
type Queries = Record<string, (core: unknown, query?: object) => object>;

let pkg: Package;
let queries: Queries;
let core: unknown;

beforeAll(async () => {
  const written = await writeGeneratedPackage(SPEC, scratch());
  // A page is typed as the response with the item: these lines type-check, and the wrong one does not.
  const typed = join(scratch(), 'src/typed-walk.ts');
  await writeFile(
    typed,
    [
      "import { createCursorListsCore, customersListCustomers } from './index.js';",
      "const core = createCursorListsCore({ baseUrl: 'http://127.0.0.1:1' });",
      'export async function walk(): Promise<string[]> {',
      '  const page = await customersListCustomers(core, { limit: 2 });',
      '  const more: boolean = page.has_more && page.hasNextPage();',
      '  void more;',
      '  const ids: string[] = page.data.map((c) => c.id);',
      '  for await (const customer of customersListCustomers(core)) ids.push(customer.id);',
      '  // @ts-expect-error a page has no `results`: it is the response as Stripe sends it',
      '  void page.results;',
      '  return ids;',
      '}',
      '',
    ].join('\n'),
  );
  expect(strictProblems([...written.sources, typed])).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  queries = await importWritten<Queries>(scratch(), 'src/query.ts');
  core = pkg.createCursorListsCore({ baseUrl: server.origin, token: 'test-token' });
}, 120_000);

/** Serves `pages` in order: the page at `pages[i]` answers the request whose cursor is `cursors[i]`. */
function serve(name: string, cursors: readonly (string | undefined)[], pages: readonly object[]) {
  const handler: Handler = (request, res) => {
    const sent = new URL(request.url, server.origin).searchParams.get(name) ?? undefined;
    const at = cursors.indexOf(sent);
    json(at < 0 ? 404 : 200, at < 0 ? { error: `no page for ${sent}` } : pages[at])(request, res);
  };
  server.setDefault(handler);
}

const ids = (...list: string[]) => list.map((id) => ({ id }));

async function collect(walk: AsyncIterable<{ id: string }>): Promise<string[]> {
  const seen: string[] = [];
  for await (const item of walk) seen.push(item.id);
  return seen;
}

const urls = () => server.requests.map((r) => r.url);

describe('cursor lists', () => {
  it('walks a Stripe list by the last id while has_more', async () => {
    const page = (data: object[], has_more: boolean) => ({
      object: 'list',
      data,
      has_more,
      url: '/v1/customers',
    });
    serve(
      'starting_after',
      [undefined, 'cus_2', 'cus_4'],
      [
        page(ids('cus_1', 'cus_2'), true),
        page(ids('cus_3', 'cus_4'), true),
        page(ids('cus_5'), false),
      ],
    );
    const walked = await collect(pkg.customersListCustomers!(core, { limit: 2 }));
    expect(walked).toEqual(['cus_1', 'cus_2', 'cus_3', 'cus_4', 'cus_5']);
    expect(urls()).toEqual([
      '/v1/customers?limit=2',
      '/v1/customers?limit=2&starting_after=cus_2',
      '/v1/customers?limit=2&starting_after=cus_4',
    ]);
  });

  it('walks an OpenAI list by last_id, not the last item', async () => {
    serve(
      'after',
      [undefined, 'mark_b', 'mark_c'],
      [
        { object: 'list', data: ids('f1'), last_id: 'mark_b', has_more: true },
        { object: 'list', data: ids('f2'), last_id: 'mark_c', has_more: true },
        { object: 'list', data: ids('f3'), last_id: 'mark_d', has_more: false },
      ],
    );
    expect(await collect(pkg.filesListFiles!(core, { purpose: 'x' }))).toEqual(['f1', 'f2', 'f3']);
    expect(urls()).toEqual([
      '/v1/files?purpose=x',
      '/v1/files?after=mark_b&purpose=x',
      '/v1/files?after=mark_c&purpose=x',
    ]);
  });

  it('walks a Slack list by response_metadata.next_cursor until it is empty', async () => {
    const page = (channels: object[], next_cursor: string) => ({
      ok: true,
      channels,
      response_metadata: { next_cursor },
    });
    serve(
      'cursor',
      [undefined, 'dGVhbTpD', 'dGVhbTpE'],
      [page(ids('C1'), 'dGVhbTpD'), page(ids('C2'), 'dGVhbTpE'), page(ids('C3'), '')],
    );
    const pages: Page[] = [];
    for await (const each of (await pkg.conversationsList!(core)).iterPages()) pages.push(each);
    expect(pages.map((p) => p.nextPageParams)).toEqual([
      { cursor: 'dGVhbTpD' },
      { cursor: 'dGVhbTpE' },
      null,
    ]);
    expect(pages[2]!.hasNextPage()).toBe(false);
    await expect(pages[2]!.nextPage()).rejects.toThrow(/last page/);
    expect(urls()).toEqual([
      '/conversations.list',
      '/conversations.list?cursor=dGVhbTpD',
      '/conversations.list?cursor=dGVhbTpE',
    ]);
  });

  it('walks a next_page_token list, and a page is plain data', async () => {
    serve(
      'page_token',
      [undefined, 't2', 't3'],
      [
        { events: ids('e1'), next_page_token: 't2' },
        { events: ids('e2'), next_page_token: 't3' },
        { events: ids('e3') },
      ],
    );
    const first = await pkg.eventsListEvents!(core);
    expect(JSON.parse(JSON.stringify(first))).toEqual({
      events: [{ id: 'e1' }],
      next_page_token: 't2',
      nextPageParams: { page_token: 't2' },
    });
    expect(Object.keys(first)).toEqual(['events', 'next_page_token', 'nextPageParams']);
    expect(await collect(first)).toEqual(['e1', 'e2', 'e3']);
    expect(urls().slice(1)).toEqual(['/v1/events?page_token=t2', '/v1/events?page_token=t3']);
  });

  it('walks the list x-sdk-pagination declares, by its pointers', async () => {
    const page = (entries: object[], continuation: string, more: boolean) => ({
      result: { entries, continuation, more },
    });
    serve(
      'from',
      [undefined, 'k2', 'k3'],
      [
        page(ids('l1', 'l2'), 'k2', true),
        page(ids('l3'), 'k3', true),
        page(ids('l4'), 'k4', false),
      ],
    );
    expect(await collect(pkg.logsListLogs!(core))).toEqual(['l1', 'l2', 'l3', 'l4']);
    expect(urls()).toEqual(['/v1/logs', '/v1/logs?from=k2', '/v1/logs?from=k3']);
  });

  it('throws PaginationError on a cursor that repeats, rather than looping', async () => {
    const page = (data: object[]) => ({ object: 'list', data, has_more: true, url: '' });
    // The second page ends on the item the first did: its cursor is one already sent.
    serve(
      'starting_after',
      [undefined, 'cus_2'],
      [page(ids('cus_1', 'cus_2')), page(ids('cus_2'))],
    );
    const walk = collect(pkg.customersListCustomers!(core));
    await expect(walk).rejects.toMatchObject({
      name: 'PaginationError',
      message: expect.stringMatching(/already fetched/),
    });
    expect(server.requests).toHaveLength(2);
  });

  it('stops a walk longer than maxPages with PaginationError', async () => {
    let n = 0;
    server.setDefault((request, res) =>
      json(200, { object: 'list', data: ids(`cus_${++n}`), has_more: true, url: '' })(request, res),
    );
    const limited = pkg.createCursorListsCore({ baseUrl: server.origin, token: 't', maxPages: 3 });
    await expect(collect(pkg.customersListCustomers!(limited))).rejects.toMatchObject({
      name: 'PaginationError',
      message: expect.stringMatching(/maxPages/),
    });
    expect(server.requests).toHaveLength(3);
  });

  it('gives TanStack infinite options whose page parameter is the cursor', async () => {
    const page = (data: object[], has_more: boolean) => ({
      object: 'list',
      data,
      has_more,
      url: '',
    });
    serve(
      'starting_after',
      [undefined, 'cus_2', 'cus_3'],
      [page(ids('cus_1', 'cus_2'), true), page(ids('cus_3'), true), page(ids('cus_4'), false)],
    );
    const options = queries.customersListCustomersInfiniteQueryOptions!(core, { limit: 2 });
    const data = await new QueryClient().fetchInfiniteQuery({ ...options, pages: 5 } as never);
    const { pages, pageParams } = data as { pages: Page[]; pageParams: unknown[] };
    expect(pages.flatMap((p) => (p['data'] as { id: string }[]).map((c) => c.id))).toEqual([
      'cus_1',
      'cus_2',
      'cus_3',
      'cus_4',
    ]);
    expect(pageParams).toEqual([null, 'cus_2', 'cus_3']);
    expect(urls()[2]).toBe('/v1/customers?limit=2&starting_after=cus_3');
  });
});

describe('bundles', () => {
  it('carry the cursor walker only for a cursor list, and a link list only its own', async () => {
    const single = await bundleOfOneCall(
      scratch(),
      'createCursorListsCore',
      'customersGetCustomer',
    );
    const list = await bundleOfOneCall(
      scratch(),
      'createCursorListsCore',
      'customersListCustomers',
    );
    expect(list).toContain('function requestCursorPage');
    expect(single).not.toContain('requestCursorPage');
    expect(single).not.toContain('CursorPagePromise');
    // Nor does a cursor list carry the link walker, nor a link list the cursor walker.
    expect(list).not.toContain('function followableNext');
    const links = await bundleOfOneCall(scratch(), 'createCursorListsCore', 'pagesListPages');
    expect(links).toContain('function followableNext');
    expect(links).not.toContain('requestCursorPage');
  });
});
