/**
 * The package's fake answers streams as streams, over real HTTP: a client generated from an
 * OpenAI-shaped document (test/streams/openai-streams.yaml) reads, from the fake behind a
 * server on 127.0.0.1, a chat's events when its `stream` flag asks (JSON otherwise), ending in
 * `[DONE]`; JSON Lines and JSON text sequences; events released one at a time by a stepped
 * clock; and a stream resumed after the Last-Event-ID it is given.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useScratchDir } from '../../support/scratch.js';
import { importWritten, writeGeneratedPackage } from '../../support/generated-package.js';
import { useTestServer } from '../../runtime/http-server.js';
import { servedBy } from './served.js';

const SPEC = 'test/streams/openai-streams.yaml';
const scratch = useScratchDir('fake-streams-');
const server = useTestServer();

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createOpenStreamsCore(options: object): unknown };
interface StreamEvent {
  readonly operation: string;
  readonly number: number;
  readonly count: number;
}
interface Clock {
  wait(event: StreamEvent, signal: AbortSignal): Promise<void> | void;
  tick(count?: number): void;
  waiting(): Promise<StreamEvent>;
}
interface Fake {
  handle(request: Request): Promise<Response>;
}
interface Fakes {
  createFakeApi(options: object): Fake;
  steppedClock(): Clock;
}

let pkg: Package;
let fakes: Fakes;

beforeAll(async () => {
  await writeGeneratedPackage(SPEC, scratch());
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  fakes = await importWritten<Fakes>(scratch(), 'src/fake/index.ts');
}, 120_000);

/** The fake behind the server, made with these options. */
const serve = (options: object = {}) =>
  server.setDefault(servedBy(fakes.createFakeApi({ baseUrl: server.origin, ...options })));

beforeEach(() => serve());

const client = () =>
  pkg.createOpenStreamsCore({
    baseUrl: server.origin,
    token: 'test-token',
    validateResponses: 'strict',
  });

async function items<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

async function rawText(path: string, init: RequestInit = {}): Promise<[string | null, string]> {
  const response = await fetch(`${server.origin}${path}`, init);
  return [response.headers.get('content-type'), await response.text()];
}

describe("the fake's streamed answers", () => {
  it('answers a chat as events with stream: true, three valid chunks, the same for the same seed', async () => {
    const chunks = (await items(
      (await pkg.chatCreateChatCompletion!(client(), {
        model: 'm',
        stream: true,
      })) as AsyncIterable<{ id: string; delta: string }>,
    )) as { id: string; delta: string }[];
    expect(chunks).toHaveLength(3);
    for (const chunk of chunks)
      expect(chunk).toEqual({ id: expect.any(String), delta: expect.any(String) });
    const again = await items(
      (await pkg.chatCreateChatCompletion!(client(), {
        model: 'm',
        stream: true,
      })) as AsyncIterable<unknown>,
    );
    expect(again).toEqual(chunks);
  });

  it('ends a flagged stream of events with data: [DONE], and numbers events in id:', async () => {
    const [type, text] = await rawText('/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true }),
    });
    expect(type).toBe('text/event-stream');
    const blocks = text.split('\n\n').filter((b) => b !== '');
    expect(blocks.map((b) => b.split('\n')[0])).toEqual([
      'id: 1',
      'id: 2',
      'id: 3',
      'data: [DONE]',
    ]);
  });

  it('answers JSON when the flag is not true, and a stream of the flag x-sdk-stream-flag names', async () => {
    const completion = await pkg.chatCreateChatCompletion!(client(), { model: 'm' });
    expect(completion).toEqual({ id: expect.any(String), content: expect.any(String) });
    expect(await pkg.chatCreateChatCompletion!(client(), { model: 'm', stream: false })).toEqual(
      completion,
    );
    const live = await items(
      (await pkg.completionsCreateCompletion!(client(), { live: true })) as AsyncIterable<unknown>,
    );
    expect(live).toHaveLength(3);
  });

  it('answers JSON Lines and JSON text sequences in their media types, as many items as told', async () => {
    serve({ streams: { events: 5 } });
    const lines = await items((await pkg.logsTailLogs!(client())) as AsyncIterable<{ n: number }>);
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(Number.isInteger(line.n)).toBe(true);
    const records = await items(
      (await pkg.recordsListRecords!(client())) as AsyncIterable<{ n: number }>,
    );
    expect(records).toHaveLength(5);
    const [lineType, lineText] = await rawText('/v1/logs');
    expect(lineType).toBe('application/x-ndjson');
    expect(lineText.split('\n')).toHaveLength(6);
    const [seqType, seqText] = await rawText('/v1/records');
    expect(seqType).toBe('application/json-seq');
    expect(seqText.startsWith('\u001e{')).toBe(true);
  });

  it('gives text items of a string schema as the data itself, and sends no [DONE] without a flag', async () => {
    const texts = await items((await pkg.messagesListMessages!(client())) as AsyncIterable<string>);
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(typeof text).toBe('string');
    const [, raw] = await rawText('/v1/messages');
    expect(raw).not.toContain('[DONE]');
  });

  it('sends each event when the clock lets it go, one at a time', async () => {
    const clock = fakes.steppedClock();
    serve({ streams: { clock } });
    const stream = (await pkg.eventsListEvents!(client())) as AsyncIterable<{ n: number }>;
    const reader = stream[Symbol.asyncIterator]();
    // The answer's head is in; its first event is held back.
    expect(await clock.waiting()).toEqual({ operation: 'listEvents', number: 1, count: 3 });
    let arrived = 0;
    const first = reader.next().then((r) => (arrived++, r));
    expect(await clock.waiting()).toMatchObject({ number: 1 });
    expect(arrived).toBe(0);
    clock.tick();
    expect((await first).done).toBe(false);
    const second = reader.next().then((r) => (arrived++, r));
    expect(await clock.waiting()).toMatchObject({ number: 2 });
    expect(arrived).toBe(1);
    clock.tick();
    expect((await second).done).toBe(false);
    clock.tick(2);
    expect((await reader.next()).done).toBe(false);
    expect((await reader.next()).done).toBe(true);
  });

  it('continues after the Last-Event-ID a resumed request gives', async () => {
    const all = await items(
      (await pkg.eventsListEvents!(client())) as AsyncIterable<{ n: number }>,
    );
    const rest = await items(
      (await pkg.eventsListEvents!(client(), {
        headers: { 'last-event-id': '1' },
      })) as AsyncIterable<{ n: number }>,
    );
    expect(rest).toEqual(all.slice(1));
    expect(server.requests.at(-1)!.headers['last-event-id']).toBe('1');
    const [, text] = await rawText('/v1/events', { headers: { 'last-event-id': '2' } });
    expect(text.split('\n\n').filter((b) => b !== '')).toHaveLength(1);
    expect(text.startsWith('id: 3\n')).toBe(true);
  });

  it('resumes a stream the fake cut off, through the client, from the event after the last one seen', async () => {
    let cut = true;
    const clock = {
      wait(event: StreamEvent) {
        // The first answer drops after its first event, as a connection that breaks.
        if (cut && event.number === 2) {
          cut = false;
          throw new Error('dropped');
        }
      },
    };
    serve({ streams: { clock } });
    const all = await items(
      (await pkg.eventsListEvents!(client())) as AsyncIterable<{ n: number }>,
    );
    expect(all).toHaveLength(3);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers['last-event-id']).toBe('1');
  });
});
