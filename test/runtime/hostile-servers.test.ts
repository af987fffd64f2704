/**
 * Servers on 127.0.0.1 that misbehave on purpose, one per defect a probe found (issue 24):
 * errors that could not be printed, a 204 posing as data, `__proto__` in error bodies, a
 * token provider that outlived the deadline, endless empty pages, decompression bombs and
 * endless bodies, failures retried that cannot pass, URLs of hundreds of kilobytes in
 * messages, and a short token echoed back.
 */
import { inspect } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadRequestError,
  ConnectionError,
  PaginationError,
  ResponseTooLargeError,
  ResponseValidationError,
  TimeoutError,
  requestPage,
  type ClientOptions,
} from '../../templates/runtime/index.js';
import {
  clientFor,
  deleteUser,
  getUser,
  listUsers,
  MARKER_TOKEN,
  stationsAround,
  type User,
} from './fixtures.js';
import { json, raw, useTestServer } from './http-server.js';

const server = useTestServer();

const retrieve = (options: ClientOptions = {}, call = {}) =>
  clientFor(server.origin, { logLevel: 'off', ...options }).request<User>(
    getUser,
    { path: { user_id: 'u1' } },
    call,
  );

/** Every way an error is printed; none may throw. */
const renderings = (error: unknown): string[] => [
  String(error),
  inspect(error, { depth: Infinity }),
  JSON.stringify(error),
  (error as Error).message,
];

/** `{"a":{"a":…{"detail":"deep"}…}}`, `depth` levels. */
const nested = (depth: number): string =>
  `${'{"a":'.repeat(depth)}{"detail":"deep"}${'}'.repeat(depth)}`;

describe('errors print whatever the body', () => {
  it('a 400 whose body nests 5,000 levels prints in every way', async () => {
    server.reply(raw(400, nested(5000), { 'content-type': 'application/json' }));
    const error = await retrieve().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    for (const text of renderings(error)) expect(text.length).toBeLessThan(64_000);
    // The copy on the error stops where printing would: nothing below is handed back unscrubbed.
    let level: unknown = (error as ApiError).body;
    for (let i = 0; i < 40 && typeof level === 'object'; i++) level = (level as { a: unknown }).a;
    expect(level).toBe('[nested too deep]');
  });

  it('a server message of a megabyte is quoted, not copied, into the message', async () => {
    server.reply(json(400, { detail: 'x'.repeat(1_000_000) }));
    const error = (await retrieve().catch((e: unknown) => e)) as ApiError;
    expect(error.message.length).toBeLessThan(2_000);
    expect(error.detail).toHaveLength(1_000_000);
  });
});

describe('a status the operation does not declare', () => {
  for (const status of [204, 205]) {
    it(`${status} where a User is promised is an error in strict mode`, async () => {
      server.reply(raw(status, ''));
      const error = await retrieve({ validateResponses: 'strict' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as Error).message).toMatch(`${status} without a body`);
    });
  }

  it('is reported, once, in warn mode, and resolves to nothing', async () => {
    const warnings: string[] = [];
    const issues: string[] = [];
    server.reply(raw(204, ''));
    const value = await retrieve({
      logLevel: 'warn',
      logger: { warn: (text: string) => warnings.push(text) },
      hooks: { onValidationIssue: (issue) => void issues.push(issue.found) },
    });
    expect(value).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/usersRetrieve returned an invalid User.*204 without a body/);
    expect(issues).toEqual(['204 without a body']);
  });

  it('a declared 204 resolves to nothing, with no warning, even in strict mode', async () => {
    server.reply(raw(204, ''));
    const client = clientFor(server.origin, { validateResponses: 'strict' });
    await expect(client.request(deleteUser, { path: { user_id: 'u1' } })).resolves.toBeUndefined();
  });
});

describe('keys of an error body are data', () => {
  it('`__proto__` neither becomes the prototype nor feeds detail or errorType', async () => {
    server.reply(
      raw(
        409,
        '{"__proto__":{"isAdmin":true,"detail":"from the prototype","error":{"type":"already_charging"}}}',
        { 'content-type': 'application/json' },
      ),
    );
    const error = (await retrieve().catch((e: unknown) => e)) as ApiError;
    const body = error.body as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(body['isAdmin']).toBeUndefined();
    expect(error.detail).toBeUndefined();
    expect(error.errorType).toBeUndefined();
    expect(error.is('already_charging' as never)).toBe(false);
    // What the server sent is still there, as data.
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toMatchObject({
      isAdmin: true,
    });
  });
});

describe('the deadline bounds getting the token', () => {
  it('a tokenProvider that never settles ends the call at deadlineMs', async () => {
    const started = performance.now();
    const error = await retrieve({
      tokenProvider: () => new Promise<string>(() => undefined),
      timeoutMs: 10_000,
      deadlineMs: 300,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ reason: 'deadline', timeoutMs: 300, attempt: 1 });
    expect((error as Error).message).toMatch('while waiting for the tokenProvider');
    // Bounded: a hang would end only at the test's own timeout.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(0);
  });

  it('without a deadline, each attempt is bounded by timeoutMs', async () => {
    const error = await retrieve({
      tokenProvider: () => new Promise<string>(() => undefined),
      timeoutMs: 50,
      maxRetries: 1,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', reason: 'attempt', attempt: 2 });
  });
});

describe('pages that never end', () => {
  /** Every page: the given results, and a fresh `next` link. */
  const endless =
    (results: unknown[]) =>
    (req: { url: string }, res: ServerResponse): void => {
      const page = Number(new URL(req.url, server.origin).searchParams.get('page') ?? '1');
      json(200, {
        count: 1_000_000,
        next: `${server.origin}/api/v1/users/?page=${page + 1}`,
        previous: null,
        results,
      })(req as never, res);
    };

  it('iteration ends at a page without items', async () => {
    server.setDefault(endless([]));
    const seen: unknown[] = [];
    for await (const user of requestPage<User>(clientFor(server.origin), listUsers))
      seen.push(user);
    expect(seen).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('a walk stops at maxPages with a PaginationError, never as if the list were complete', async () => {
    server.setDefault(endless([{ id: 'u' }]));
    let items = 0;
    const walk = async () => {
      const client = clientFor(server.origin, { maxPages: 5 });
      for await (const _ of requestPage<User>(client, listUsers)) items++;
    };
    await expect(walk()).rejects.toThrow(PaginationError);
    expect(items).toBe(5);
    expect(server.requests).toHaveLength(5);
  });

  it('asking a page for its next one twice is not a loop (a retry after a failure)', async () => {
    server.setDefault(endless([{ id: 'u' }]));
    const first = await requestPage<User>(clientFor(server.origin), listUsers);
    const second = await first.nextPage();
    await expect(first.nextPage()).resolves.toMatchObject({ next: second.next });
    await expect(second.nextPage()).resolves.toBeDefined();
  });
});

describe('bodies too large to hold', () => {
  it('a gzip bomb is named and not retried', async () => {
    // 64 MiB of zeros, about 64 KB on the wire.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    server.setDefault((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    const error = await retrieve().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, maxResponseBytes: 16 * 1024 * 1024 });
    expect(server.requests).toHaveLength(1);
  });

  it('a body its encoding cannot decode is named and not retried', async () => {
    server.setDefault(raw(200, 'not gzip at all', { 'content-encoding': 'gzip' }));
    const error = await retrieve().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      /body could not be read.*Z_DATA_ERROR.*fetch cannot take this response; not retried/,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('an endless body is cut at maxResponseBytes, and the stream is aborted', async () => {
    let closed!: () => void;
    const aborted = new Promise<void>((resolve) => (closed = resolve));
    let written = 0;
    server.reply((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
      };
      res.on('drain', pump);
      res.on('close', closed);
      pump();
    });
    const error = await retrieve({ maxResponseBytes: 1024 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    await aborted;
    // Socket buffers hold a few megabytes at most; an unbounded read would go on to gigabytes.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('the limit is the client option, and a call may raise it', async () => {
    const body = JSON.stringify({ id: 'u1', email: 'x'.repeat(2000) });
    server.setDefault(json(200, JSON.parse(body)));
    await expect(retrieve({ maxResponseBytes: 1000 })).rejects.toThrow(ResponseTooLargeError);
    await expect(
      retrieve({ maxResponseBytes: 1000 }, { maxResponseBytes: 5000 }),
    ).resolves.toMatchObject({
      id: 'u1',
    });
  });
});

describe('only what can pass on a retry is retried', () => {
  it('response headers larger than fetch accepts are not retried', async () => {
    server.setDefault((_req, res) => {
      res.writeHead(200, { 'x-filler': 'a'.repeat(100_000) });
      res.end('{}');
    });
    const error = await retrieve({ maxRetries: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      /UND_ERR_HEADERS_OVERFLOW.*fetch cannot take this response; not retried/,
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe('found by the fuzz (test/robustness/hostile-fuzz.test.ts)', () => {
  it('a corrupt compressed body that ends with its connection still ends the call', async () => {
    // A gzip header, then bytes no decoder takes, in small pieces, ended by closing the
    // socket: Node 20's fetch then leaves a pending read unsettled, even after an abort.
    const body = Buffer.concat([gzipSync('{}').subarray(0, 10), Buffer.alloc(64, 0xff)]);
    server.setDefault(async (_req, res) => {
      const socket = res.socket!;
      socket.write('HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\nconnection: close\r\n\r\n');
      for (let i = 0, offset = 0; offset < body.length; i++) {
        const size = 1 + ((i * 7) % 64);
        socket.write(body.subarray(offset, (offset += size)));
        if (i % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
      }
      socket.end();
    });
    const error = await retrieve({ timeoutMs: 200, deadlineMs: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a 409 whose body stalls is not retried after the timeout', async () => {
    server.setDefault((_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"detail":');
    });
    const error = await retrieve({ timeoutMs: 100, maxRetries: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', status: 409 });
    expect(server.requests).toHaveLength(1);
  });

  it('a token the server uses as a key, or puts in a next link, is cut too', async () => {
    server.reply(json(400, { [MARKER_TOKEN]: 'seen' }));
    const keyed = await retrieve().catch((e: unknown) => e);
    for (const text of renderings(keyed)) expect(text).not.toContain(MARKER_TOKEN);

    server.reply(
      json(200, {
        count: 2,
        next: `${server.origin}/api/v1/users/?t=${MARKER_TOKEN}`,
        results: [{ id: 'a' }],
      }),
      json(500, { detail: 'no' }),
    );
    const page = await requestPage<User>(clientFor(server.origin, { maxRetries: 0 }), listUsers);
    const error = await page.nextPage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    for (const text of renderings(error)) expect(text).not.toContain(MARKER_TOKEN);
  });
});

describe('long URLs in messages', () => {
  it('a query of 100,000 values gives a short message; error.url keeps all of it', async () => {
    const operators = Array.from({ length: 100_000 }, (_, i) => `op${i}`);
    const client = clientFor(server.origin, { logLevel: 'off', maxRetries: 0 });
    server.setDefault(json(500, { detail: 'no' }));
    const error = (await client
      .request(stationsAround, { query: { latitude: 1, longitude: 2, operators } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.url.length).toBeGreaterThan(500_000);
    for (const text of renderings(error)) expect(text.length).toBeLessThan(4_000);
  });
});

describe('a short token echoed back', () => {
  it('is cut from every rendering of the error', async () => {
    server.reply(
      json(401, { detail: 'token abc12 is not valid', error: { type: 'auth', details: 'abc12' } }),
    );
    const error = await retrieve({ token: 'abc12' }).catch((e: unknown) => e);
    for (const text of renderings(error)) {
      expect(text).not.toContain('abc12');
      expect(text).not.toContain(MARKER_TOKEN);
    }
    expect((error as ApiError).detail).toBe('token [REDACTED] is not valid');
  });

  it('is not cut from inside longer words', async () => {
    server.reply(json(404, { detail: 'no user abc123 here' }));
    const error = (await retrieve({ token: 'abc12' }).catch((e: unknown) => e)) as ApiError;
    expect(error.detail).toBe('no user abc123 here');
  });
});
