/**
 * `maxResponseBytes` on the `/fetch` client, over a real HTTP server on 127.0.0.1 that streams
 * without end: the call rejects with a `ResponseTooLargeError` naming the limit, and the
 * server sees its response closed, which it could not if the client went on reading. The
 * stream the server writes never ends, so a client that did not stop would hang its test:
 * those have a short limit of their own.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, ResponseTooLargeError } from '../../templates/fetch/index.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../templates/runtime/core/options.js';
import type { paths } from './fixtures/pets-paths.js';

const CHUNK = Buffer.alloc(64 * 1024, 'x');

interface Endless {
  /** Resolves with the bytes written once the client closed the response. */
  readonly closed: Promise<number>;
}

let origin: string;
let next: (res: ServerResponse) => void;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => next(res));
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The next request is answered with `status` and a body that never ends, written as fast as it is read. */
function endless(status: number, headers: Record<string, string> = {}): Endless {
  let written = 0;
  const closed = new Promise<number>((resolve) => {
    next = (res) => {
      res.on('close', () => resolve(written));
      res.writeHead(status, { 'content-type': 'text/plain', ...headers });
      const pump = () => {
        while (!res.destroyed) {
          written += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
      };
      pump();
    };
  });
  return { closed };
}

/** The next request is answered with `body` whole. */
function answer(status: number, body: string, type = 'application/json') {
  next = (res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
}

const LIMIT = 1024 * 1024;
const client = () =>
  createClient<paths>({
    baseUrl: origin,
    maxResponseBytes: LIMIT,
    headers: { Authorization: 'Bearer sk_live_secret' },
  });

async function tooLarge(call: Promise<unknown>) {
  const failure = await call.catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(ResponseTooLargeError);
  return failure as ResponseTooLargeError;
}

describe('maxResponseBytes', () => {
  it('stops reading a chunked body without Content-Length at the limit, and closes it', async () => {
    for (const parseAs of ['json', 'text', 'blob', 'arrayBuffer'] as const) {
      const pending = endless(200);
      const failure = await tooLarge(client().GET('/pets', { parseAs }));
      expect([failure.status, failure.maxResponseBytes]).toEqual([200, LIMIT]);
      await pending.closed;
    }
  }, 15_000);

  it('stops at the limit whatever Content-Length claims', async () => {
    // A length far above what is ever sent: the stream, not the header, is counted.
    const pending = endless(200, { 'content-length': String(10 * 1024 ** 3) });
    await tooLarge(client().GET('/pets'));
    expect(await pending.closed).toBeGreaterThan(0);
    // A length far below: a fetch that hands over more than the header says is counted too.
    const lyingLow = createClient<paths>({
      baseUrl: origin,
      maxResponseBytes: LIMIT,
      fetch: async () =>
        new Response(new Blob([new Uint8Array(LIMIT + 1)]).stream(), {
          headers: { 'content-length': '5', 'content-type': 'application/json' },
        }),
    });
    await tooLarge(lyingLow.GET('/pets'));
  }, 15_000);

  it('bounds error bodies too, and names the limit, not the URL or credentials', async () => {
    const pending = endless(500);
    const failure = await tooLarge(client().GET('/pets'));
    await pending.closed;
    expect(failure.status).toBe(500);
    expect(failure.message).toContain(String(LIMIT));
    for (const text of [String(failure), JSON.stringify(failure), failure.stack ?? ''])
      for (const secret of [origin, 'sk_live_secret', '/pets']) expect(text).not.toContain(secret);
  }, 15_000);

  it('reads a body of exactly the limit, and refuses one byte more', async () => {
    const body = JSON.stringify('a'.repeat(LIMIT - 2));
    answer(200, body);
    expect((await client().GET('/pets')).data).toBe('a'.repeat(LIMIT - 2));
    answer(200, `${body} `);
    await tooLarge(client().GET('/pets'));
  });

  it('reads each parseAs as before below the limit', async () => {
    answer(200, '[{"id":"1","name":"Rex"}]');
    expect((await client().GET('/pets')).data).toEqual([{ id: '1', name: 'Rex' }]);
    answer(200, 'hello', 'text/plain');
    expect((await client().GET('/pets', { parseAs: 'text' })).data).toBe('hello');
    answer(200, 'PNG', 'image/png');
    const blob = (await client().GET('/pets', { parseAs: 'blob' })).data as Blob;
    expect([blob.type, await blob.text()]).toEqual(['image/png', 'PNG']);
    answer(200, 'abc', 'application/octet-stream');
    const bytes = (await client().GET('/pets', { parseAs: 'arrayBuffer' })).data as ArrayBuffer;
    expect(new TextDecoder().decode(bytes)).toBe('abc');
    answer(404, '{"code":404,"message":"none"}');
    expect((await client().GET('/pets')).error).toEqual({ code: 404, message: 'none' });
    answer(200, '');
    expect((await client().GET('/pets')).data).toBeUndefined();
  });

  it('hands a stream over uncounted', async () => {
    const big = 'x'.repeat(LIMIT * 2);
    answer(200, big, 'text/plain');
    const { data } = await client().GET('/pets', { parseAs: 'stream' });
    expect(await new Response(data).text()).toBe(big);
  });

  it("takes a call's limit over the client's, and 16 MiB when neither sets one", async () => {
    answer(200, '"abcdef"');
    const failure = await tooLarge(client().GET('/pets', { maxResponseBytes: 4 }));
    expect(failure.maxResponseBytes).toBe(4);
    const pending = endless(200);
    const plain = createClient<paths>({ baseUrl: origin });
    expect((await tooLarge(plain.GET('/pets'))).maxResponseBytes).toBe(DEFAULT_MAX_RESPONSE_BYTES);
    await pending.closed;
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(16 * 1024 * 1024);
  }, 15_000);

  it('refuses a limit that is not a number of bytes, naming it, before anything is sent', async () => {
    expect(() => createClient<paths>({ baseUrl: origin, maxResponseBytes: Number.NaN })).toThrow(
      'createClient: maxResponseBytes must be a number of bytes (0 or more, or Infinity), not NaN',
    );
    expect(() =>
      createClient<paths>({ baseUrl: origin, maxResponseBytes: '5' as unknown as number }),
    ).toThrow('not string');
    let sent = 0;
    const counting = createClient<paths>({
      baseUrl: origin,
      fetch: async () => {
        sent++;
        return new Response('[]');
      },
    });
    await expect(counting.GET('/pets', { maxResponseBytes: -1 })).rejects.toThrow(
      'GET /pets: maxResponseBytes must be a number of bytes (0 or more, or Infinity), not -1',
    );
    expect(sent).toBe(0);
    await expect(counting.GET('/pets', { maxResponseBytes: Infinity })).resolves.toMatchObject({
      data: [],
    });
    expect(sent).toBe(1);
  });
});
