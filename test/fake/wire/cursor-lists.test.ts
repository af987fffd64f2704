/**
 * The package's fake answers cursor lists page by page, over real HTTP: a client generated from
 * test/pagination/cursor-lists.yaml (Stripe-, OpenAI-, Slack-shaped lists, a next-token list and
 * one only `x-sdk-pagination` tells) walks, with `for await`, the items stored in the fake behind
 * a server on 127.0.0.1: every item exactly once, in the pages the request's `limit` asks for.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useScratchDir } from '../../support/scratch.js';
import { importWritten, writeGeneratedPackage } from '../../support/generated-package.js';
import { useTestServer } from '../../runtime/http-server.js';
import { servedBy } from './served.js';

const SPEC = 'test/pagination/cursor-lists.yaml';
const scratch = useScratchDir('fake-cursor-lists-');
const server = useTestServer();

type Page = Record<string, unknown> & { hasNextPage(): boolean };
type List = (core: unknown, query?: object) => Promise<Page> & AsyncIterable<{ id: string }>;
type Package = Record<string, List> & { createCursorListsCore(options: object): unknown };
interface Fake {
  handle(request: Request): Promise<Response>;
  add(path: string, fields?: object): { id: string };
}

let pkg: Package;
let fake: Fake;
let createFakeApi: (options: object) => Fake;

beforeAll(async () => {
  await writeGeneratedPackage(SPEC, scratch());
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  ({ createFakeApi } = await importWritten<{ createFakeApi(o: object): Fake }>(
    scratch(),
    'src/fake/index.ts',
  ));
}, 120_000);

beforeEach(() => {
  fake = createFakeApi({ baseUrl: server.origin });
  server.setDefault(servedBy(fake));
});

const core = () =>
  pkg.createCursorListsCore({
    baseUrl: server.origin,
    token: 'test-token',
    validateResponses: 'strict',
  });

/** Stores `count` items in the collection at `path`; their ids, in order. */
const stored = (path: string, count: number) =>
  Array.from({ length: count }, () => fake.add(path).id);

async function walked(walk: AsyncIterable<{ id: string }>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of walk) out.push(item.id);
  return out;
}

/** The query of each request the walk sent, as name → value. */
const queries = () =>
  server.requests.map((r) => Object.fromEntries(new URL(r.url, server.origin).searchParams));

describe("the fake's cursor lists", () => {
  it('walks a Stripe list of 7 in pages of 3: starting_after the last id, has_more to the end', async () => {
    const ids = stored('/v1/customers', 7);
    expect(await walked(pkg.customersListCustomers!(core(), { limit: 3 }))).toEqual(ids);
    expect(queries()).toEqual([
      { limit: '3' },
      { limit: '3', starting_after: ids[2] },
      { limit: '3', starting_after: ids[5] },
    ]);
    const last = await pkg.customersListCustomers!(core(), { limit: 3, starting_after: ids[5] });
    expect(last).toMatchObject({ has_more: false, data: [{ id: ids[6] }] });
    expect(last.hasNextPage()).toBe(false);
  });

  it('walks a Slack list of 7 in pages of 3, the last next_cursor empty', async () => {
    const ids = stored('/conversations.list', 7);
    expect(await walked(pkg.conversationsList!(core(), { limit: 3 }))).toEqual(ids);
    expect(queries().map((q) => q['cursor'])).toEqual([undefined, ids[2], ids[5]]);
    const last = await pkg.conversationsList!(core(), { limit: 3, cursor: ids[5] });
    expect(last['response_metadata']).toEqual({ next_cursor: '' });
  });

  it('walks an OpenAI list, a next-token list and an x-sdk-pagination list in default pages of 10', async () => {
    const files = stored('/v1/files', 12);
    expect(await walked(pkg.filesListFiles!(core()))).toEqual(files);
    expect(queries().map((q) => q['after'])).toEqual([undefined, files[9]]);
    const last = await pkg.filesListFiles!(core(), { after: files[9] });
    expect(last).toMatchObject({ has_more: false, last_id: files[11] });
    const events = stored('/v1/events', 12);
    expect(await walked(pkg.eventsListEvents!(core()))).toEqual(events);
    const logs = stored('/v1/logs', 12);
    expect(await walked(pkg.logsListLogs!(core()))).toEqual(logs);
  });

  it('keeps has_more and the cursor in the loosest mode, which leaves other optional members out', async () => {
    fake = createFakeApi({ baseUrl: server.origin, responses: 'loosest' });
    server.setDefault(servedBy(fake));
    const ids = stored('/conversations.list', 7);
    expect(await walked(pkg.conversationsList!(core(), { limit: 3 }))).toEqual(ids);
    const files = stored('/v1/files', 4);
    const first = await pkg.filesListFiles!(core());
    expect(first).toMatchObject({ has_more: false, last_id: files[3] });
  });

  it('answers one empty page for a list with nothing stored', async () => {
    expect(await walked(pkg.conversationsList!(core(), { limit: 3 }))).toEqual([]);
    expect(await walked(pkg.customersListCustomers!(core()))).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses a cursor no stored item has, naming the parameter', async () => {
    stored('/v1/customers', 2);
    await expect(
      pkg.customersListCustomers!(core(), { starting_after: 'cus_none' }),
    ).rejects.toMatchObject({ status: 400 });
    const response = await fetch(`${server.origin}/v1/customers?starting_after=cus_none`);
    expect(await response.json()).toMatchObject({
      field: 'query.starting_after',
      problem: 'no item has this cursor',
    });
  });
});
