/**
 * The stream readers of the runtime (stream-records.ts) on text cut into chunks anywhere:
 * server-sent events by the WHATWG rules, JSON Lines and JSON text sequences, and the bound
 * on a line that never ends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  jsonLines,
  jsonSequence,
  serverSentEvents,
  type ServerSentEvent,
} from '../../templates/runtime/core/stream-records.js';

async function* chunked(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}

const tooLong = () => new Error('too long');

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const events = (chunks: readonly string[], limit = 1000): Promise<ServerSentEvent[]> =>
  collect(serverSentEvents(chunked(chunks), limit, tooLong));

/** The text cut at the given offsets. */
function cut(text: string, offsets: readonly number[]): string[] {
  const points = [...new Set(offsets.map((o) => o % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const point of points) {
    out.push(text.slice(from, point));
    from = point;
  }
  out.push(text.slice(from));
  return out;
}

const STREAM =
  ': a comment\r\n' +
  'event: delta\r\n' +
  'data: {"a":1}\r\n' +
  'data:  two spaces\r\n' +
  'id: 7\r\n' +
  'retry: 1500\r\n' +
  '\r\n' +
  'data\rdata: b\r\r' +
  'id\n' +
  'data: last\n\n' +
  'data: cut off at the end';

const EXPECTED: ServerSentEvent[] = [
  { event: 'delta', data: '{"a":1}\n two spaces', id: '7', retry: 1500 },
  { event: 'message', data: '\nb', id: '7', retry: 1500 },
  { event: 'message', data: 'last', id: '', retry: 1500 },
];

describe('server-sent events', () => {
  it('reads fields, comments, multi-line data, ids that carry over and retry, over CRLF, CR and LF', async () => {
    expect(await events([STREAM])).toEqual(EXPECTED);
  });

  it('reads the same events whatever the chunks, down to a CRLF cut in two', async () => {
    for (let i = 0; i <= STREAM.length; i++)
      expect(await events([STREAM.slice(0, i), STREAM.slice(i)])).toEqual(EXPECTED);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (offsets) => {
        expect(await events(cut(STREAM, offsets))).toEqual(EXPECTED);
      }),
    );
  });

  it('dispatches nothing for an event without data, and ignores a retry that is not digits and an id with NUL', async () => {
    expect(await events(['event: x\n\nretry: 1s\nid: a\0b\ndata: y\n\n'])).toEqual([
      { event: 'message', data: 'y', id: '' },
    ]);
  });

  it('refuses a line or an event longer than the limit, never buffering more', async () => {
    await expect(events(['data: ' + 'x'.repeat(50)], 20)).rejects.toThrow('too long');
    await expect(
      events(['data: 12345\n', 'data: 12345\n', 'data: 12345\n', 'data: 12345\n'], 20),
    ).rejects.toThrow('too long');
  });
});

describe('JSON Lines and JSON text sequences', () => {
  const LINES = '{"n":1}\r\n\n{"n":2}\n{"n":3}';
  it('gives each non-blank line, the last one without a newline too, however cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 8 }), async (offsets) => {
        expect(await collect(jsonLines(chunked(cut(LINES, offsets)), 100, tooLong))).toEqual([
          '{"n":1}',
          '{"n":2}',
          '{"n":3}',
        ]);
      }),
    );
  });

  const SEQUENCE = '\x1e{"n":1}\n\x1e{"n":\n2}\n\x1e\n';
  it('gives each text between record separators, however cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 8 }), async (offsets) => {
        const records = await collect(jsonSequence(chunked(cut(SEQUENCE, offsets)), 100, tooLong));
        expect(records.map((r) => JSON.parse(r))).toEqual([{ n: 1 }, { n: 2 }]);
      }),
    );
  });

  it('gives a record as soon as a chunk ends with it whole, before the next RS comes', async () => {
    let askedForMore = false;
    async function* apart(): AsyncGenerator<string> {
      yield '\x1e{"n":1}\n';
      askedForMore = true;
      yield '\x1e12';
      yield '3\n\x1e{"n":\n';
      yield '2}\n';
    }
    const reader = jsonSequence(apart(), 100, tooLong);
    expect(await reader.next()).toEqual({ done: false, value: '{"n":1}\n' });
    expect(askedForMore).toBe(false);
    // A number cut before its LF, and an object cut at an LF inside it, wait for their rest.
    expect((await collect(reader)).map((r) => JSON.parse(r))).toEqual([123, { n: 2 }]);
  });

  it('refuses a line longer than the limit', async () => {
    await expect(collect(jsonLines(chunked(['x'.repeat(30)]), 20, tooLong))).rejects.toThrow(
      'too long',
    );
  });
});
