/**
 * Streamed answers over real HTTP: a client generated from an OpenAI-shaped document written
 * for the test (openai-streams.yaml), type-checked, reading server-sent events, JSON Lines and
 * JSON text sequences from a server on 127.0.0.1 as they come: the `stream` flag's JSON or
 * stream, `[DONE]`, a GET stream resumed with Last-Event-ID, abort and `break`, item
 * validation and an event too long to buffer.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import {
  bundleOfOneCall,
  importWritten,
  writeGeneratedPackage,
} from '../support/generated-package.js';
import { json, useTestServer, type Handler } from '../runtime/http-server.js';

const SPEC = 'test/streams/openai-streams.yaml';
const scratch = useScratchDir('streams-');
const server = useTestServer();

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createOpenStreamsCore(options: object): unknown };

let pkg: Package;

beforeAll(async () => {
  const written = await writeGeneratedPackage(SPEC, scratch());
  // The flag types the call: the stream with `stream: true`, the JSON otherwise, either for a boolean.
  const typed = join(scratch(), 'src/typed-calls.ts');
  await writeFile(
    typed,
    [
      "import { createOpenStreamsCore, chatCreateChatCompletion, completionsCreateCompletion, eventsListEvents, messagesListMessages } from './index.js';",
      "import type { ChatChunk, ChatCompletion, EventStream } from './index.js';",
      "const core = createOpenStreamsCore({ baseUrl: 'http://127.0.0.1:1' });",
      'export async function calls(flag: boolean): Promise<void> {',
      "  const stream: EventStream<ChatChunk> = await chatCreateChatCompletion(core, { model: 'm', stream: true });",
      '  for await (const chunk of stream) { const delta: string = chunk.delta; void delta; }',
      "  const completion: ChatCompletion = await chatCreateChatCompletion(core, { model: 'm' });",
      "  const off: ChatCompletion = await chatCreateChatCompletion(core, { model: 'm', stream: false });",
      "  const either: ChatCompletion | EventStream<ChatChunk> = await chatCreateChatCompletion(core, { model: 'm', stream: flag });",
      '  // @ts-expect-error a boolean flag may give the stream, not only the JSON',
      "  const wrong: ChatCompletion = await chatCreateChatCompletion(core, { model: 'm', stream: flag });",
      '  // @ts-expect-error stream: true gives the stream, not the JSON',
      "  const wrong2: ChatCompletion = await chatCreateChatCompletion(core, { model: 'm', stream: true });",
      '  const live: EventStream<ChatChunk> = await completionsCreateCompletion(core, { live: true });',
      '  const plain: ChatCompletion = await completionsCreateCompletion(core);',
      '  for await (const tick of await eventsListEvents(core)) { const n: number = tick.n; void n; }',
      '  for await (const text of await messagesListMessages(core)) { const s: string = text; void s; }',
      '  void [completion, off, either, wrong, wrong2, live, plain];',
      '}',
      '',
    ].join('\n'),
  );
  expect(strictProblems([...written.sources, typed])).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
}, 120_000);

const client = (options: object = {}) =>
  pkg.createOpenStreamsCore({ baseUrl: server.origin, token: 'test-token', ...options });

/** Answers with these chunks of a streamed body, then ends it (or leaves it open with `hold`). */
const streamed =
  (contentType: string, chunks: readonly string[], end: 'end' | 'hold' | 'drop' = 'end'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    for (const chunk of chunks) res.write(chunk);
    if (end === 'end') res.end();
    // A connection closed mid-body: the chunked body never gets its last chunk.
    if (end === 'drop') res.write('', () => res.socket?.end());
  };

async function items<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

const sse = (...events: readonly object[]) =>
  events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

describe('a chat completion, JSON or events by its stream flag', () => {
  it('answers JSON without the flag, asking for JSON', async () => {
    server.reply(json(200, { id: 'c1', content: 'hello' }));
    const completion = await pkg.chatCreateChatCompletion!(client(), { model: 'm' });
    expect(completion).toEqual({ id: 'c1', content: 'hello' });
    expect(server.requests[0]!.headers.accept).toBe('application/json');
  });

  it('with stream: true asks for events and gives each chunk as it comes, up to [DONE]', async () => {
    server.reply(
      streamed('text/event-stream; charset=utf-8', [
        '\uFEFF: keep-alive\n\n',
        sse({ id: 'c1', delta: 'Hel' }).slice(0, 9),
        sse({ id: 'c1', delta: 'Hel' }).slice(9) + sse({ id: 'c1', delta: 'lo' }),
        'data: [DONE]\n\n',
        sse({ id: 'c1', delta: 'after done' }),
      ]),
    );
    const stream = (await pkg.chatCreateChatCompletion!(client(), {
      model: 'm',
      stream: true,
    })) as AsyncIterable<{ delta: string }>;
    expect(server.requests[0]!.headers.accept).toBe('text/event-stream');
    expect(JSON.parse(server.requests[0]!.text)).toEqual({ model: 'm', stream: true });
    expect((await items(stream)).map((c) => c.delta)).toEqual(['Hel', 'lo']);
  });

  it('decides by the Content-Type: a flag named by x-sdk-stream-flag, and JSON sent anyway', async () => {
    server.reply(streamed('text/event-stream', [sse({ id: 'x', delta: 'd' })]));
    const stream = (await pkg.completionsCreateCompletion!(client(), {
      live: true,
    })) as AsyncIterable<unknown>;
    expect(server.requests[0]!.headers.accept).toBe('text/event-stream');
    expect(await items(stream)).toEqual([{ id: 'x', delta: 'd' }]);
    server.reply(json(200, { id: 'c2', content: 'whole' }));
    expect(await pkg.completionsCreateCompletion!(client(), { live: true })).toEqual({
      id: 'c2',
      content: 'whole',
    });
  });

  it('throws a ResponseValidationError for a chunk that is not what the schema says, in strict mode', async () => {
    server.reply(streamed('text/event-stream', [sse({ id: 'c1', delta: 5 })]));
    const stream = (await pkg.chatCreateChatCompletion!(client({ validateResponses: 'strict' }), {
      model: 'm',
      stream: true,
    })) as AsyncIterable<unknown>;
    await expect(items(stream)).rejects.toMatchObject({
      name: 'ResponseValidationError',
      path: '$.delta',
      responseType: 'ChatChunk',
    });
  });

  it('refuses an event longer than 1 MiB instead of buffering it', async () => {
    server.reply(streamed('text/event-stream', ['data: ', 'x'.repeat(1_100_000)], 'hold'));
    const stream = (await pkg.chatCreateChatCompletion!(client(), {
      model: 'm',
      stream: true,
    })) as AsyncIterable<unknown>;
    await expect(items(stream)).rejects.toMatchObject({
      name: 'ResponseParseError',
      message: expect.stringContaining('an event longer than 1048576 characters'),
    });
  });

  it('does not reconnect a POST stream that is cut off', async () => {
    server.reply(streamed('text/event-stream', ['id: 1\n' + sse({ id: 'c', delta: 'a' })], 'drop'));
    const stream = (await pkg.chatCreateChatCompletion!(client(), {
      model: 'm',
      stream: true,
    })) as AsyncIterable<unknown>;
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) seen.push(chunk);
      })(),
    ).rejects.toMatchObject({ name: 'ConnectionError' });
    expect(seen).toEqual([{ id: 'c', delta: 'a' }]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('a GET event stream', () => {
  it('resumes with Last-Event-ID after the connection drops, waiting what retry: says', async () => {
    server.reply(
      streamed(
        'text/event-stream',
        ['retry: 5\n', 'id: 1\ndata: {"n":1}\n\n', 'id: 2\ndata: {"n":2}\n\n'],
        'drop',
      ),
      streamed('text/event-stream', ['id: 3\ndata: {"n":3}\n\n']),
    );
    const stream = (await pkg.eventsListEvents!(client())) as AsyncIterable<{ n: number }>;
    expect((await items(stream)).map((t) => t.n)).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.headers['last-event-id']).toBeUndefined();
    expect(server.requests[1]!.headers['last-event-id']).toBe('2');
  });

  it('gives up reconnecting after maxRetries drops in a row without an event', async () => {
    server.reply(
      streamed('text/event-stream', ['retry: 1\nid: 1\ndata: {"n":1}\n\n'], 'drop'),
      streamed('text/event-stream', [': no event\n'], 'drop'),
    );
    const stream = (await pkg.eventsListEvents!(client({ maxRetries: 1 }))) as AsyncIterable<{
      n: number;
    }>;
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const tick of stream) seen.push(tick.n);
      })(),
    ).rejects.toMatchObject({ name: 'ConnectionError' });
    expect(seen).toEqual([1]);
    expect(server.requests).toHaveLength(2);
  });

  it("gives an event's data as text when the schema says string, and the events themselves by events()", async () => {
    server.reply(
      streamed('text/event-stream', ['event: note\nid: 9\ndata: plain\ndata: text\n\n']),
    );
    const stream = (await pkg.messagesListMessages!(client())) as AsyncIterable<string>;
    expect(await items(stream)).toEqual(['plain\ntext']);
    server.reply(streamed('text/event-stream', ['event: note\nid: 9\ndata: plain\n\n']));
    const again = (await pkg.messagesListMessages!(client())) as {
      events(): AsyncIterable<unknown>;
    };
    expect(await items(again.events())).toEqual([{ event: 'note', id: '9', data: 'plain' }]);
  });

  it("stops on the caller's abort mid-stream with an AbortError", async () => {
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    server.reply((req, res: ServerResponse) => {
      res.on('close', closed);
      streamed('text/event-stream', ['data: {"n":1}\n\n'], 'hold')(req, res);
    });
    const controller = new AbortController();
    const stream = (await pkg.eventsListEvents!(client(), {
      signal: controller.signal,
    })) as AsyncIterable<{ n: number }>;
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const tick of stream) {
          seen.push(tick.n);
          controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([1]);
    await gone;
  });

  it('cancels the body when the loop breaks', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    server.reply((req, res: ServerResponse) => {
      res.on('close', closed);
      streamed('text/event-stream', ['data: {"n":1}\n\n'], 'hold')(req, res);
    });
    const stream = (await pkg.eventsListEvents!(client())) as AsyncIterable<{ n: number }>;
    for await (const tick of stream) {
      expect(tick.n).toBe(1);
      break;
    }
    // The server sees the connection go: nothing more is downloaded.
    await gone;
  });

  it('times out the wait for the head only, not the stream that follows', async () => {
    server.reply((_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"n":1}\n\n');
      setTimeout(() => res.end('data: {"n":2}\n\n'), 300);
    });
    const stream = (await pkg.eventsListEvents!(client({ timeoutMs: 100 }))) as AsyncIterable<{
      n: number;
    }>;
    expect((await items(stream)).map((t) => t.n)).toEqual([1, 2]);
  });
});

describe('JSON Lines and JSON text sequences', () => {
  it('gives each line of application/x-ndjson as an item', async () => {
    server.reply(streamed('application/x-ndjson', ['{"n":1}\n{"n"', ':2}\n']));
    const stream = (await pkg.logsTailLogs!(client())) as AsyncIterable<{ n: number }>;
    expect(server.requests[0]!.headers.accept).toBe('application/x-ndjson');
    expect(await items(stream)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('gives each record of application/json-seq, checked by its inline schema', async () => {
    server.reply(streamed('application/json-seq', ['\x1e{"n":1}\n\x1e{"n":2}\n']));
    const stream = (await pkg.recordsListRecords!(client())) as AsyncIterable<{ n: number }>;
    expect(await items(stream)).toEqual([{ n: 1 }, { n: 2 }]);
    server.reply(streamed('application/json-seq', ['\x1e{"n":"one"}\n']));
    const bad = (await pkg.recordsListRecords!(
      client({ validateResponses: 'strict' }),
    )) as AsyncIterable<unknown>;
    await expect(items(bad)).rejects.toMatchObject({
      name: 'ResponseValidationError',
      path: '$.n',
    });
  });
});

describe('the bundle', () => {
  it('carries the stream readers only for a call that may stream', async () => {
    const streaming = await bundleOfOneCall(scratch(), 'createOpenStreamsCore', 'eventsListEvents');
    expect(streaming).toContain('function* serverSentEvents(');
    expect(streaming).toContain('function openStream(');
    const plain = await bundleOfOneCall(scratch(), 'createOpenStreamsCore', 'modelsListModels');
    expect(plain).not.toContain('openStream');
    expect(plain).not.toContain('serverSentEvents');
  });
});
