/**
 * The token must not show up anywhere the client prints: error messages, toString,
 * JSON.stringify and util.inspect of errors and of the client, logs and hook events.
 * Every failure path is driven with a marker token and every rendering is searched for it.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientCore,
  ConfigurationError,
  requestPage,
  SdkError,
  type ClientOptions,
  type FetchLike,
  type Logger,
} from '../../templates/runtime/index.js';
import { clientFor, getUser, listUsers, MARKER_TOKEN, META } from './fixtures.js';
import { hang, json, raw, reset, startServer, type TestServer } from './http-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const logged: unknown[][] = [];
const logger: Logger = {
  debug: (...args) => void logged.push(args),
  info: (...args) => void logged.push(args),
  warn: (...args) => void logged.push(args),
  error: (...args) => void logged.push(args),
};
const events: unknown[] = [];
const hooks: ClientOptions['hooks'] = {
  onRequest: (e) => void events.push(e),
  onResponse: (e) => void events.push(e),
  onError: (e) => void events.push(e),
  onValidationIssue: (e) => void events.push(e),
};

function renderings(value: unknown): string[] {
  return [
    String(value),
    JSON.stringify(value),
    inspect(value),
    inspect(value, { depth: 10, showHidden: true }),
    value instanceof Error ? `${value.message}\n${value.stack}` : '',
  ];
}

function expectNoMarker(value: unknown): void {
  for (const text of renderings(value)) expect(text).not.toContain(MARKER_TOKEN);
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SdkError);
  return error;
}

const base = { logger, logLevel: 'debug' as const, hooks, maxRetries: 1 };
const user = { path: { user_id: 'u1' } };

describe('the marker token never appears', () => {
  it('in API errors, even when the server echoes it in the body and headers', async () => {
    server.reply(
      json(
        401,
        {
          detail: `Invalid token ${MARKER_TOKEN}`,
          error: { type: 'x', details: `Authorization: Bearer ${MARKER_TOKEN}` },
        },
        { 'www-authenticate': `Bearer realm="${MARKER_TOKEN}"`, 'x-echo': MARKER_TOKEN },
      ),
    );
    const error = await failureOf(clientFor(server.origin, base).request(getUser, user));
    expectNoMarker(error);
    expect((error as { detail: string }).detail).toBe('Invalid token [REDACTED]');
  });

  it('in connection, timeout and abort errors', async () => {
    server.reply(reset, reset);
    expectNoMarker(await failureOf(clientFor(server.origin, base).request(getUser, user)));
    server.reply(hang, hang);
    expectNoMarker(
      await failureOf(clientFor(server.origin, { ...base, timeoutMs: 30 }).request(getUser, user)),
    );
    expectNoMarker(
      await failureOf(
        clientFor(server.origin, base).request(getUser, user, {
          signal: AbortSignal.abort(new Error(`stop ${MARKER_TOKEN}`)),
        }),
      ),
    );
  });

  it('in errors wrapping a fetch failure whose message contains the token', async () => {
    const fetch: FetchLike = async (_url, init) => {
      throw new TypeError(
        `failed with headers ${JSON.stringify(Object.fromEntries(new Headers(init.headers).entries()))}`,
        { cause: new Error(MARKER_TOKEN) },
      );
    };
    const error = await failureOf(
      clientFor(server.origin, { ...base, fetch }).request(getUser, user),
    );
    expectNoMarker(error);
    expect((error as Error).message).toContain('[REDACTED]');
  });

  it('in parse and validation errors whose bodies contain it', async () => {
    server.reply(raw(200, `<html>token=${MARKER_TOKEN}</html>`, { 'content-type': 'text/html' }));
    expectNoMarker(await failureOf(clientFor(server.origin, base).request(getUser, user)));
    server.reply(json(200, { id: 1, note: MARKER_TOKEN }));
    expectNoMarker(
      await failureOf(
        clientFor(server.origin, { ...base, validateResponses: 'strict' }).request(getUser, user),
      ),
    );
  });

  it('in argument, pagination and token-provider errors', async () => {
    expectNoMarker(
      await failureOf(clientFor(server.origin, base).request(getUser, { path: { user_id: '..' } })),
    );
    server.reply(
      json(200, {
        count: 2,
        next: `https://evil.example/?t=${MARKER_TOKEN}`,
        previous: null,
        results: [],
      }),
    );
    expectNoMarker(
      await failureOf(
        (async () => (await requestPage(clientFor(server.origin, base), listUsers)).nextPage())(),
      ),
    );
    let calls = 0;
    const tokenProvider = () => {
      if (++calls === 1) return MARKER_TOKEN;
      throw new Error(`could not refresh ${MARKER_TOKEN}`);
    };
    server.reply(json(503, {}));
    expectNoMarker(
      await failureOf(clientFor(server.origin, { ...base, tokenProvider }).request(getUser, user)),
    );
  });

  it('in configuration errors about the token', () => {
    for (const token of [`Bearer ${MARKER_TOKEN}`, `${MARKER_TOKEN}\n`, ` ${MARKER_TOKEN} x`]) {
      let error: unknown;
      try {
        new ClientCore({ token }, META);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expectNoMarker(error);
    }
  });

  it('in the client itself', () => {
    const client = clientFor(server.origin, base);
    expectNoMarker(client);
    expect(Object.values(client)).toEqual([]);
    expect(inspect(client, { customInspect: false, showHidden: true, depth: 10 })).not.toContain(
      MARKER_TOKEN,
    );
    expect(JSON.parse(JSON.stringify(client))).toEqual({
      client: 'connect-api-client/1.4.0',
      baseUrl: server.origin,
      token: '[REDACTED]',
    });
  });

  it('in logs and hook events from all of the above', () => {
    expect(logged.length).toBeGreaterThan(10);
    expect(events.length).toBeGreaterThan(10);
    expect(JSON.stringify(logged)).not.toContain(MARKER_TOKEN);
    expect(inspect(logged, { depth: 10 })).not.toContain(MARKER_TOKEN);
    expect(JSON.stringify(events)).not.toContain(MARKER_TOKEN);
    expect(inspect(events, { depth: 10 })).not.toContain(MARKER_TOKEN);
  });
});

describe('plain http', () => {
  it('is refused for hosts other than this machine, before anything is sent', () => {
    let sent = 0;
    const fetch: FetchLike = async () => {
      sent++;
      return new Response('{}');
    };
    for (const baseUrl of [
      'http://connect.cariqa.com',
      'http://10.0.0.5:8000',
      'http://[2001:db8::1]/',
    ]) {
      expect(() => new ClientCore({ token: MARKER_TOKEN, baseUrl, fetch }, META)).toThrow(
        /plain http .* would expose the token/,
      );
    }
    expect(sent).toBe(0);
  });

  it('is allowed for loopback hosts, and anywhere with allowInsecureHttp', async () => {
    const urls: string[] = [];
    const fetch: FetchLike = async (url) => {
      urls.push(url);
      return new Response('{"id":"u1"}');
    };
    for (const baseUrl of ['http://localhost:8000', 'http://127.0.0.2', 'http://[::1]:9000']) {
      await new ClientCore({ token: MARKER_TOKEN, baseUrl, fetch }, META).request(getUser, user);
    }
    await new ClientCore(
      { token: MARKER_TOKEN, baseUrl: 'http://test-box.internal', fetch, allowInsecureHttp: true },
      META,
    ).request(getUser, user);
    expect(urls).toEqual([
      'http://localhost:8000/api/v1/users/u1/',
      'http://127.0.0.2/api/v1/users/u1/',
      'http://[::1]:9000/api/v1/users/u1/',
      'http://test-box.internal/api/v1/users/u1/',
    ]);
  });
});
