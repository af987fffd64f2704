/**
 * Issue 36's OpenAPI 3.2 in one document (everything.yaml): `$self`, tags nested by `parent`, a
 * QUERY with a body, a LINK under `additionalOperations`, a whole query string as a form and as
 * JSON, typed streams by `itemSchema` (events, JSON Lines, JSON text sequences), a stream a
 * `stream: true` body flag asks for, and a cursor list. It validates and generates with no
 * diagnostic, type-checks strictly with a consumer of each feature, and a generated client
 * reads each feature from the package's own fake served on 127.0.0.1.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate, validateSpec } from '../../generator/pipeline.js';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import { importWritten, writeGeneratedPackage } from '../support/generated-package.js';
import { useTestServer } from '../runtime/http-server.js';
import { servedBy } from '../fake/wire/served.js';

const SPEC = 'test/oas32/everything.yaml';
const scratch = useScratchDir('oas32-everything-');
const server = useTestServer();

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Page = Promise<Record<string, unknown>> & AsyncIterable<{ id: string }>;
interface Resources {
  readonly notes: {
    readonly links: { linkNote(noteId: string, otherId: string): Promise<unknown> };
  };
}
type Package = Record<string, Call> & {
  createEverythingCore(options: object): unknown;
  EverythingClient: new (options: object) => Resources;
  notesListNotes(core: unknown, query?: object): Page;
};
interface StreamEvent {
  readonly operation: string;
  readonly number: number;
  readonly count: number;
}
interface Clock {
  tick(count?: number): void;
  waiting(): Promise<StreamEvent>;
}
interface Fake {
  handle(request: Request): Promise<Response>;
  add(path: string, fields?: object): { id: string };
}
interface Fakes {
  createFakeApi(options: object): Fake;
  steppedClock(): Clock;
}

let pkg: Package;
let fakes: Fakes;
let fake: Fake;
let files: ReadonlyMap<string, string>;

// A consumer as strict as our users' projects, of each 3.2 feature through the client's resources.
const CONSUMER = `import { EverythingClient } from './index.js';
import type { Completion, CompletionChunk, EventStream, Note } from './index.js';
const client = new EverythingClient({ baseUrl: 'http://127.0.0.1:1' });
export async function calls(flag: boolean): Promise<void> {
  const chunks: EventStream<CompletionChunk> = await client.feeds.complete({ prompt: 'p', stream: true });
  for await (const chunk of chunks) { const delta: string = chunk.delta; void delta; }
  const completion: Completion = await client.feeds.complete({ prompt: 'p' });
  const either: Completion | EventStream<CompletionChunk> = await client.feeds.complete({ prompt: 'p', stream: flag });
  // @ts-expect-error stream: true gives the stream, not the JSON
  const wrong: Completion = await client.feeds.complete({ prompt: 'p', stream: true });
  for await (const change of await client.feeds.watchEvents()) { const at: number = change.at; const kind: string = change.kind; void [at, kind]; }
  for await (const line of await client.feeds.tailLines()) { const at: number = line.at; void at; }
  for await (const record of await client.feeds.listRecords()) { const seq: number = record.seq; void seq; }
  const found: Note[] = await client.notes.searchNotes({ title: 't' });
  const linked: void = await client.notes.links.linkNote('a', 'b');
  const filtered: Note[] = await client.notes.filterNotes({ title: 't', tag: ['x'] });
  // @ts-expect-error the form query string requires \`title\`
  await client.notes.filterNotes({ tag: ['x'] });
  const selected: Note[] = await client.notes.selectNotes({ selection: { ids: ['a'] } });
  for await (const note of client.notes.listNotes({ limit: 2 })) { const id: string = note.id; void id; }
  void [completion, either, wrong, found, linked, filtered, selected];
}
`;

beforeAll(async () => {
  const written = await writeGeneratedPackage(SPEC, scratch());
  files = written.files;
  const consumer = join(scratch(), 'src/consumer.ts');
  await writeFile(consumer, CONSUMER);
  expect(
    strictProblems([...written.sources, consumer], { exactOptionalPropertyTypes: true }),
  ).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  fakes = await importWritten<Fakes>(scratch(), 'src/fake/index.ts');
}, 120_000);

/** The package's fake behind the server, made with these options. */
const serve = (options: object = {}) => {
  fake = fakes.createFakeApi({ baseUrl: server.origin, ...options });
  server.setDefault(servedBy(fake));
};
beforeEach(() => serve());

const core = (options: object = {}) =>
  pkg.createEverythingCore({
    baseUrl: server.origin,
    token: 'test-token',
    validateResponses: 'strict',
    maxRetries: 0,
    ...options,
  });

async function items<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

/** One `Change` as its schema types it: a known kind and an integer time. */
const change = { kind: expect.stringMatching(/^(created|deleted)$/), at: expect.any(Number) };

describe('an OpenAPI 3.2 document with every feature of issue 36', () => {
  it('validates with no diagnostic, as it generates with none, the same files each time', async () => {
    // validateSpec says what generate would (the IR's warnings too); writeGeneratedPackage
    // asserted that generate said nothing.
    expect(await validateSpec(SPEC)).toEqual([]);
    const again = await generate({ specPath: SPEC, command: 'test' });
    expect(new Map(again.files!.map((f) => [f.path, f.content]))).toEqual(files);
  });

  it.each([
    ['events', 'feedsWatchEvents', '/feeds/events', 'text/event-stream'],
    ['JSON Lines', 'feedsTailLines', '/feeds/lines', 'application/jsonl'],
  ])('streams %s typed by itemSchema, each item valid', async (_, call, path, contentType) => {
    const changes = (await items((await pkg[call]!(core())) as AsyncIterable<{ at: number }>)) as {
      at: number;
    }[];
    expect(changes).toHaveLength(3);
    for (const item of changes) {
      expect(item).toEqual(change);
      expect(Number.isInteger(item.at)).toBe(true);
    }
    const response = await fetch(`${server.origin}${path}`);
    expect(response.headers.get('content-type')).toBe(contentType);
  });

  it('streams JSON text sequences of an inline itemSchema, as many as the fake is told', async () => {
    serve({ streams: { events: 5 } });
    const records = (await items(
      (await pkg.feedsListRecords!(core())) as AsyncIterable<{ seq: number }>,
    )) as { seq: number }[];
    expect(records).toHaveLength(5);
    for (const record of records) expect(Number.isInteger(record.seq)).toBe(true);
    const response = await fetch(`${server.origin}/feeds/records`);
    expect(response.headers.get('content-type')).toBe('application/json-seq');
    expect((await response.text()).startsWith('\u001e{')).toBe(true);
  });

  it('answers the flagged completion as chunk events with stream: true, as JSON without', async () => {
    const chunks = await items(
      (await pkg.feedsComplete!(core(), { prompt: 'p', stream: true })) as AsyncIterable<unknown>,
    );
    expect(chunks).toHaveLength(3);
    for (const chunk of chunks)
      expect(chunk).toEqual({ id: expect.any(String), delta: expect.any(String) });
    expect(await pkg.feedsComplete!(core(), { prompt: 'p' })).toEqual({
      id: expect.any(String),
      text: expect.any(String),
    });
    const raw = await fetch(`${server.origin}/feeds/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'p', stream: true }),
    });
    expect((await raw.text()).endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it.each([
    ['events', 'feedsWatchEvents', 'watchEvents'],
    ['JSON Lines', 'feedsTailLines', 'tailLines'],
    ['JSON text sequences', 'feedsListRecords', 'listRecords'],
  ])('releases %s one at a time on the stepped clock', async (_, call, operation) => {
    const clock = fakes.steppedClock();
    serve({ streams: { clock } });
    const reader = ((await pkg[call]!(core())) as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    expect(await clock.waiting()).toEqual({ operation, number: 1, count: 3 });
    let arrived = 0;
    const first = reader.next().then((r) => (arrived++, r));
    // Held back until the tick: the reader has nothing yet.
    expect(await clock.waiting()).toMatchObject({ number: 1 });
    expect(arrived).toBe(0);
    clock.tick();
    expect((await first).done).toBe(false);
    const second = reader.next().then((r) => (arrived++, r));
    expect(await clock.waiting()).toMatchObject({ number: 2 });
    expect(arrived).toBe(1);
    clock.tick(2);
    expect((await second).done).toBe(false);
    expect((await reader.next()).done).toBe(false);
    expect((await reader.next()).done).toBe(true);
  });

  it('answers QUERY with its body read, and LINK through the nested tag resource', async () => {
    const found = await pkg.notesSearchNotes!(core(), { title: 't' });
    expect(Array.isArray(found)).toBe(true);
    const sent = server.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'QUERY', url: '/notes/search' });
    expect(JSON.parse(sent.text)).toEqual({ title: 't' });
    // The fake checks the QUERY body as any body: a wrong member is a 400 naming it.
    await expect(
      pkg.notesSearchNotes!(core({ validateRequests: false }), { title: 1 }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('body.title') });
    const client = new pkg.EverythingClient({
      baseUrl: server.origin,
      token: 'test-token',
      maxRetries: 0,
    });
    await expect(client.notes.links.linkNote('a b', 'c')).resolves.toBeUndefined();
    expect(server.requests.at(-1)).toMatchObject({ method: 'LINK', url: '/notes/a%20b/links/c' });
  });

  it('reads back the query string as a form and as JSON, refusing one that breaks its schema', async () => {
    await expect(
      pkg.notesFilterNotes!(core(), { title: 'big note', tag: ['a', 'b'] }),
    ).resolves.toEqual(expect.any(Array));
    expect(server.requests.at(-1)!.url).toBe('/notes/filtered?title=big+note&tag=a&tag=b');
    await expect(
      pkg.notesSelectNotes!(core(), { selection: { ids: ['n1', 'n2'] } }),
    ).resolves.toEqual(expect.any(Array));
    expect(decodeURIComponent(server.requests.at(-1)!.url)).toBe(
      '/notes/selected?{"ids":["n1","n2"]}',
    );
    const loose = core({ validateRequests: false });
    await expect(pkg.notesFilterNotes!(loose, { tag: ['a'] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('title'),
    });
    await expect(pkg.notesSelectNotes!(loose, { selection: { ids: [1] } })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('ids'),
    });
  });

  it('walks the cursor list through its stored items, in pages of the limit', async () => {
    const ids = Array.from({ length: 5 }, () => fake.add('/notes').id);
    const walked: string[] = [];
    for await (const note of pkg.notesListNotes(core(), { limit: 2 })) walked.push(note.id);
    expect(walked).toEqual(ids);
    expect(
      server.requests.map((r) => new URL(r.url, server.origin).searchParams.get('starting_after')),
    ).toEqual([null, ids[1], ids[3]]);
  });
});
