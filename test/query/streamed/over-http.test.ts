/**
 * Streamed query options over real HTTP: a package generated from an OpenAI-shaped document
 * written for the test (chat-streams.yaml: a chat completion whose `stream` flag asks for
 * server-sent events, and a GET event stream), driven by a real `QueryClient` with TanStack's
 * `experimental_streamedQuery`. The query's data grows chunk by chunk while the server holds
 * the rest, ends with every chunk, and `cancelQueries` cancels the body; TanStack's own types
 * see the data as the chunks' array.
 */
import { symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import {
  experimental_streamedQuery as streamedQuery,
  QueryClient,
  QueryObserver,
  type QueryObserverResult,
} from '@tanstack/query-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useScratchDir } from '../../support/scratch.js';
import { importWritten, writeGeneratedPackage } from '../../support/generated-package.js';
import { problems } from '../support/compile.js';
import { useTestServer, type Handler } from '../../runtime/http-server.js';

const SPEC = 'test/query/streamed/chat-streams.yaml';
const scratch = useScratchDir('streamed-query-');
const server = useTestServer();

type Options = { queryKey: readonly unknown[] } & Record<string, unknown>;
type StreamedOptions = (
  core: unknown,
  streamed: typeof streamedQuery,
  ...args: unknown[]
) => Options;
type Queries = Record<string, StreamedOptions>;

let queries: Queries;
let core: unknown;
let queryClient: QueryClient;

beforeAll(async () => {
  const written = await writeGeneratedPackage(SPEC, scratch());
  // A consumer resolves TanStack from the repo's node_modules, as an app's would.
  await symlink(resolve('node_modules'), join(scratch(), 'node_modules'), 'dir');
  const consumer = join(scratch(), 'consumer.ts');
  await writeFile(
    consumer,
    [
      "import { useQuery, experimental_streamedQuery as streamedQuery } from '@tanstack/react-query';",
      "import { expectTypeOf } from 'vitest';",
      "import { createChatStreamsCore, type ChatChunk, type Tick } from './src/index.js';",
      'import {',
      '  chatCreateChatCompletionStreamedQueryOptions, chatCreateChatCompletionStreamedQueryKey,',
      '  threadsListThreadEventsStreamedQueryOptions, type ChatCreateChatCompletionError,',
      "} from './src/query.js';",
      'const core = createChatStreamsCore();',
      "const chat = useQuery(chatCreateChatCompletionStreamedQueryOptions(core, streamedQuery, { model: 'm' }));",
      'expectTypeOf(chat.data).toEqualTypeOf<ChatChunk[] | undefined>();',
      'expectTypeOf(chat.error).toEqualTypeOf<ChatCreateChatCompletionError | null>();',
      "const ticks = useQuery(threadsListThreadEventsStreamedQueryOptions(core, streamedQuery, 't1', { since: 3 }));",
      'expectTypeOf(ticks.data).toEqualTypeOf<Tick[] | undefined>();',
      // TanStack's other settings go through a function that calls streamedQuery with them.
      'const text = useQuery(chatCreateChatCompletionStreamedQueryOptions(core, (p) =>',
      "  streamedQuery({ ...p, reducer: (all: string, chunk) => all + chunk.delta, initialValue: '' }), { model: 'm' }));",
      'expectTypeOf(text.data).toEqualTypeOf<string | undefined>();',
      "expectTypeOf(chatCreateChatCompletionStreamedQueryKey({ model: 'm' })).toEqualTypeOf<readonly ['chat-streams', 'chat', 'completions', {}, Omit<import('./src/index.js').ChatRequest, 'stream'>, 'stream']>();",
      '// @ts-expect-error the options set the flag; the body is taken without it',
      "chatCreateChatCompletionStreamedQueryOptions(core, streamedQuery, { model: 'm', stream: false });",
      '',
    ].join('\n'),
  );
  expect(problems([...written.sources, consumer]).messages).toEqual([]);
  const pkg = await importWritten<{ createChatStreamsCore(options: object): unknown }>(
    scratch(),
    'src/index.ts',
  );
  queries = await importWritten<Queries>(scratch(), 'src/query.ts');
  core = pkg.createChatStreamsCore({ baseUrl: server.origin, token: 'test-token' });
}, 120_000);

afterEach(() => queryClient?.clear());

const sse = (...events: readonly object[]) =>
  events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

/**
 * Sends `first`, then holds the body open until the test calls `release` (which sends `rest`
 * and ends it); `closed` resolves when the connection goes, whoever closes it.
 */
function held(first: string, rest: string) {
  let release!: () => void;
  let closed!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const gone = new Promise<void>((r) => (closed = r));
  const handler: Handler = (_req, res: ServerResponse) => {
    res.on('close', closed);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(first);
    void released.then(() => res.end(rest));
  };
  return { handler, release, closed: gone };
}

type Result = QueryObserverResult<unknown[], unknown>;

/** Observes the query as a screen does; `until` resolves with the first result that passes. */
function observe(options: Options) {
  queryClient = new QueryClient();
  const observer = new QueryObserver(queryClient, options as never);
  const waiting: { test: (r: Result) => boolean; resolve: (r: Result) => void }[] = [];
  const unsubscribe = observer.subscribe((result) => {
    for (const w of [...waiting])
      if (w.test(result as Result)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(result as Result);
      }
  });
  const until = (test: (r: Result) => boolean) =>
    test(observer.getCurrentResult() as Result)
      ? Promise.resolve(observer.getCurrentResult() as Result)
      : new Promise<Result>((resolve) => waiting.push({ test, resolve }));
  return { until, unsubscribe };
}

describe('streamed query options', () => {
  it('grow the data chunk by chunk, asking for the stream by the flag, and end with every chunk', async () => {
    const stream = held(
      sse({ id: 'c1', delta: 'Hel' }),
      sse({ id: 'c1', delta: 'lo' }, { id: 'c1', delta: '!' }) + 'data: [DONE]\n\n',
    );
    server.reply(stream.handler);
    const options = queries.chatCreateChatCompletionStreamedQueryOptions!(core, streamedQuery, {
      model: 'm',
    });
    const { until, unsubscribe } = observe(options);

    // The first chunk is the data while the server still holds the rest.
    const first = await until((r) => (r.data?.length ?? 0) > 0);
    expect(first.data).toEqual([{ id: 'c1', delta: 'Hel' }]);
    expect(first.status).toBe('success');
    expect(first.fetchStatus).toBe('fetching');
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(JSON.parse(sent.text)).toEqual({ model: 'm', stream: true });
    expect(sent.headers.accept).toBe('text/event-stream');

    stream.release();
    const done = await until((r) => r.fetchStatus === 'idle');
    expect(done.status).toBe('success');
    expect(done.data!.map((c) => (c as { delta: string }).delta)).toEqual(['Hel', 'lo', '!']);
    unsubscribe();
  });

  it('key the stream apart from the JSON query, after the path, the query and the body', () => {
    const chat = queries.chatCreateChatCompletionStreamedQueryOptions!(core, streamedQuery, {
      model: 'm',
    });
    expect(chat.queryKey).toEqual([
      'chat-streams',
      'chat',
      'completions',
      {},
      { model: 'm' },
      'stream',
    ]);
    const ticks = queries.threadsListThreadEventsStreamedQueryOptions!(core, streamedQuery, 't1', {
      since: 3,
    });
    const key = (
      queries.threadsListThreadEventsQueryKey as unknown as (...args: unknown[]) => unknown[]
    )('t1', { since: 3 });
    expect(ticks.queryKey).toEqual([...key, 'stream']);
    // A read that only streams has no plain options, whose data would be the unread stream.
    expect(queries).not.toHaveProperty('threadsListThreadEventsQueryOptions');
    // A write's stream is not asked again on focus or a new mount; a read's follows TanStack's defaults.
    expect(chat.staleTime).toBe(Infinity);
    expect(ticks).not.toHaveProperty('staleTime');
  });

  it('cancel the body when TanStack cancels the query, keeping the chunks it had', async () => {
    const stream = held(sse({ n: 1 }), sse({ n: 2 }));
    server.reply(stream.handler);
    const options = queries.threadsListThreadEventsStreamedQueryOptions!(
      core,
      streamedQuery,
      't1',
      { since: 3 },
    );
    const { until, unsubscribe } = observe(options);
    await until((r) => (r.data?.length ?? 0) > 0);
    expect(server.requests[0]!.url).toBe('/v1/threads/t1/events?since=3');

    await queryClient.cancelQueries({ queryKey: options.queryKey });
    // The server sees the connection go without having sent the rest.
    await stream.closed;
    const after = await until((r) => r.fetchStatus === 'idle');
    expect(after.data).toEqual([{ n: 1 }]);
    unsubscribe();
    stream.release();
  }, 20_000);
});
