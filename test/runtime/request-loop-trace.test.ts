/**
 * The request loop as a reader of send.ts and attempt.ts would trace it: for each scenario,
 * every fetch, hook, log line, backoff wait and the call's result, in order, with exact
 * messages. A change to how the loop is written must leave these traces as they are.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  ClientCore,
  type ClientOptions,
  type FetchLike,
  type RequestOptions,
} from '../../templates/runtime/index.js';
import { getUser, MARKER_TOKEN, META } from './fixtures.js';

const ORIGIN = 'http://127.0.0.1:8080';
const URL_U1 = `${ORIGIN}/api/v1/users/u1/`;
const WHERE = `[GET ${URL_U1}]`;

type Step = (init: RequestInit) => Response | Promise<Response>;

const reply =
  (status: number, body = '{"id":"u1"}', headers: Record<string, string> = {}): Step =>
  () =>
    new Response(status === 204 ? null : body, {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

const refuse =
  (cause: unknown): Step =>
  () => {
    throw cause;
  };

/** Headers at once, then a body that fails on the first read: cut off mid-body. */
const cutOff: Step = () =>
  new Response(
    new ReadableStream({ pull: (controller) => controller.error(new TypeError('terminated')) }),
    { status: 200 },
  );

/** Never answers; rejects with the signal's reason once the attempt is aborted. */
const hang: Step = (init) =>
  new Promise((_resolve, reject) =>
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
  );

/** Runs one call of `getUser` and returns its trace: fetches, hooks, logs, waits, result. */
async function trace(
  steps: Step[],
  options: ClientOptions = {},
  {
    call = {},
    suspendMs = 0,
  }: { readonly call?: RequestOptions; readonly suspendMs?: number } = {},
): Promise<string[]> {
  const lines: string[] = [];
  // A clock that moves only when fetch answers (7 ms) or the loop waits.
  let now = 1_000;
  let calls = 0;
  const fetch: FetchLike = async (url, init) => {
    const step = steps[calls++];
    const auth = (init.headers as Record<string, string>)['authorization'];
    lines.push(`fetch ${calls} ${url} (${auth === `Bearer ${MARKER_TOKEN}` ? 'token' : auth})`);
    if (!step) throw new Error('no more steps');
    const response = await step(init);
    now += 7;
    return response;
  };
  // The logger's own prefix is the logger's business, not the loop's.
  const log = (level: string) => (message: string) =>
    void lines.push(`${level} ${message.replace('[connect-api-client] ', '')}`);
  const core = new ClientCore(
    {
      token: MARKER_TOKEN,
      baseUrl: ORIGIN,
      fetch,
      logLevel: 'debug',
      logger: {
        debug: log('debug'),
        info: log('info'),
        warn: log('warn'),
        error: log('error'),
      },
      hooks: {
        onRequest: (e) => void lines.push(`onRequest attempt ${e.attempt}`),
        onResponse: (e) =>
          void lines.push(`onResponse attempt ${e.attempt}: ${e.status} in ${e.durationMs} ms`),
        onError: (e) =>
          void lines.push(
            `onError attempt ${e.attempt}: ${e.error.name}, willRetry ${e.willRetry}`,
          ),
      },
      ...options,
    },
    META,
    {
      now: () => now,
      random: () => 0.5,
      sleep: async (ms) => {
        lines.push(`sleep ${ms}`);
        now += ms + suspendMs;
      },
    },
  );
  try {
    const data = await core.request(getUser, { path: { user_id: 'u1' } }, call);
    lines.push(`data ${JSON.stringify(data)}`);
  } catch (error) {
    const e = error as Error & Record<string, unknown>;
    lines.push(`throws ${e.name}: ${e.message}`);
  }
  return lines;
}

describe('the request loop, traced', () => {
  it('a retried 503, then a 200', async () => {
    expect(await trace([reply(503, '{"detail":"busy"}'), reply(200)])).toEqual([
      'debug → GET http://127.0.0.1:8080/api/v1/users/u1/ (usersRetrieve, attempt 1)',
      'onRequest attempt 1',
      `fetch 1 ${URL_U1} (token)`,
      'debug ← 503 GET http://127.0.0.1:8080/api/v1/users/u1/ in 7 ms',
      'onResponse attempt 1: 503 in 7 ms',
      'onError attempt 1: InternalServerError, willRetry true',
      `info usersRetrieve: attempt 1 failed (503: busy [usersRetrieve GET ${URL_U1}]); retrying in 250 ms (backoff)`,
      'sleep 250',
      'debug → GET http://127.0.0.1:8080/api/v1/users/u1/ (usersRetrieve, attempt 2)',
      'onRequest attempt 2',
      `fetch 2 ${URL_U1} (token)`,
      'debug ← 200 GET http://127.0.0.1:8080/api/v1/users/u1/ in 7 ms',
      'onResponse attempt 2: 200 in 7 ms',
      'data {"id":"u1"}',
    ]);
  });

  it('a 404 is final', async () => {
    const lines = await trace([reply(404, '{"detail":"Not found."}')]);
    expect(lines.slice(3)).toEqual([
      'debug ← 404 GET http://127.0.0.1:8080/api/v1/users/u1/ in 7 ms',
      'onResponse attempt 1: 404 in 7 ms',
      'onError attempt 1: NotFoundError, willRetry false',
      'debug usersRetrieve: attempt 1 failed, not retrying: status 404 is final',
      expect.stringMatching(/^throws NotFoundError: .*404/),
    ]);
  });

  it('Retry-After is waited out before the next attempt', async () => {
    const lines = await trace([reply(429, '{}', { 'retry-after': '2' }), reply(200)]);
    expect(lines).toContainEqual(expect.stringMatching(/retrying in 2000 ms \(retry-after\)$/));
    expect(lines).toContain('sleep 2000');
    expect(lines.at(-1)).toBe('data {"id":"u1"}');
  });

  it('a body over maxResponseBytes is final, even for a 2xx of a retry-safe operation', async () => {
    const lines = await trace([reply(200)], { maxResponseBytes: 4 });
    expect(lines.slice(3)).toEqual([
      'onError attempt 1: ResponseTooLargeError, willRetry false',
      'debug usersRetrieve: attempt 1 failed, not retrying: body too large',
      `throws ResponseTooLargeError: usersRetrieve: the 200 response's body passed maxResponseBytes (4); not retried ${WHERE}`,
    ]);
  });

  it('a failed connection is retried; its message names the attempt and where', async () => {
    const lines = await trace([refuse(new TypeError('fetch failed')), reply(200)]);
    expect(lines.slice(3, 6)).toEqual([
      'onError attempt 1: ConnectionError, willRetry true',
      `info usersRetrieve: attempt 1 failed (usersRetrieve: the connection failed (attempt 1): TypeError: fetch failed ${WHERE}); retrying in 250 ms (backoff)`,
      'sleep 250',
    ]);
    expect(lines.at(-1)).toBe('data {"id":"u1"}');
  });

  it('a 200 whose body is cut off is retried, and says so', async () => {
    const lines = await trace([cutOff, reply(200)]);
    expect(lines[3]).toBe('onError attempt 1: ConnectionError, willRetry true');
    expect(lines[4]).toBe(
      `info usersRetrieve: attempt 1 failed (usersRetrieve: the 200 response's body was cut off (attempt 1): TypeError: terminated ${WHERE}); retrying in 250 ms (backoff)`,
    );
    expect(lines.at(-1)).toBe('data {"id":"u1"}');
  });

  it('a request fetch refuses outright is final', async () => {
    const refusal = new TypeError('fetch failed', { cause: new TypeError('bad port') });
    const lines = await trace([refuse(refusal)]);
    expect(lines.slice(3)).toEqual([
      'onError attempt 1: ConnectionError, willRetry false',
      'debug usersRetrieve: attempt 1 failed, not retrying: fetch refuses this request before sending it',
      expect.stringMatching(
        /^throws ConnectionError: usersRetrieve: the connection failed \(attempt 1\): .*; fetch refuses this request before sending it; not retried \[GET /,
      ),
    ]);
  });

  it('a failing tokenProvider is final and nothing is sent', async () => {
    const lines = await trace([reply(200)], {
      token: undefined,
      tokenProvider: () => {
        throw new Error('vault sealed');
      },
    });
    expect(lines).toEqual([
      'onError attempt 1: TokenProviderError, willRetry false',
      'debug usersRetrieve: attempt 1 failed, not retrying: tokenProvider failed',
      'throws TokenProviderError: usersRetrieve: tokenProvider failed: Error: vault sealed',
    ]);
  });

  it('a provided token is sent like a static one', async () => {
    const lines = await trace([reply(200)], {
      token: undefined,
      tokenProvider: async () => MARKER_TOKEN,
    });
    expect(lines).toContain(`fetch 1 ${URL_U1} (token)`);
    expect(lines.at(-1)).toBe('data {"id":"u1"}');
  });

  it('a deadline passed during the wait ends the call before the next attempt', async () => {
    // The wait itself fits the deadline; the machine then sleeps past it.
    const lines = await trace([reply(503)], { deadlineMs: 1_000 }, { suspendMs: 5_000 });
    expect(lines.slice(-2)).toEqual([
      'sleep 250',
      `throws TimeoutError: usersRetrieve timed out after 1000 ms (deadlineMs, attempt 2) ${WHERE}`,
    ]);
  });

  it('no retry that would start after the deadline', async () => {
    const lines = await trace([reply(503, '{}', { 'retry-after': '2' })], { deadlineMs: 1_000 });
    expect(lines).toContain(
      'debug usersRetrieve: attempt 1 failed, not retrying: waiting would pass the deadline',
    );
  });
});

describe('the attempt timer', () => {
  it.each([
    {
      given: { timeoutMs: 30, deadlineMs: 60_000 },
      want: `usersRetrieve timed out after 30 ms (timeoutMs, attempt 1) ${WHERE}`,
    },
    {
      given: { timeoutMs: 60_000, deadlineMs: 30 },
      want: `usersRetrieve timed out after 30 ms (deadlineMs, attempt 1) ${WHERE}`,
    },
  ])(
    'ends a hanging fetch at the nearer of timeoutMs and the deadline: $given',
    async ({ given, want }) => {
      const lines = await trace([hang], { ...given, maxRetries: 0 });
      expect(lines.slice(3)).toEqual([
        'onError attempt 1: TimeoutError, willRetry false',
        'debug usersRetrieve: attempt 1 failed, not retrying: no retries left (maxRetries 0)',
        `throws TimeoutError: ${want}`,
      ]);
    },
  );

  it('says when it ran out while waiting for the tokenProvider', async () => {
    const lines = await trace([reply(200)], {
      token: undefined,
      tokenProvider: () => new Promise<string>(() => undefined),
      timeoutMs: 20,
      maxRetries: 0,
    });
    expect(lines.at(-1)).toBe(
      `throws TimeoutError: usersRetrieve timed out after 20 ms (timeoutMs, attempt 1) while waiting for the tokenProvider ${WHERE}`,
    );
  });
});

describe("the caller's signal", () => {
  /** A signal whose abort listeners are counted as they come and go. */
  function countedSignal(controller: AbortController): { added: number; removed: number } {
    const counts = { added: 0, removed: 0 };
    const { signal } = controller;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    vi.spyOn(signal, 'addEventListener').mockImplementation((type, listener, options) => {
      if (type === 'abort') counts.added++;
      add(type, listener, options);
    });
    vi.spyOn(signal, 'removeEventListener').mockImplementation((type, listener, options) => {
      if (type === 'abort') counts.removed++;
      remove(type, listener, options);
    });
    return counts;
  }

  it('gets one listener per attempt, each removed when its attempt ends', async () => {
    const controller = new AbortController();
    const counts = countedSignal(controller);
    const lines = await trace(
      [reply(503), reply(200)],
      {},
      { call: { signal: controller.signal } },
    );
    expect(lines.at(-1)).toBe('data {"id":"u1"}');
    expect(counts).toEqual({ added: 2, removed: 2 });
  });

  it('an abort during the attempt ends it with an AbortError, never retried', async () => {
    const controller = new AbortController();
    const counts = countedSignal(controller);
    const aborting: Step = (init) => {
      const pending = hang(init);
      controller.abort(new Error('user left'));
      return pending;
    };
    const lines = await trace([aborting], {}, { call: { signal: controller.signal } });
    expect(lines.slice(3)).toEqual([
      'onError attempt 1: AbortError, willRetry false',
      'debug usersRetrieve: attempt 1 failed, not retrying: aborted by the caller',
      `throws AbortError: usersRetrieve was aborted by the caller ${WHERE}`,
    ]);
    expect(counts).toEqual({ added: 1, removed: 1 });
  });
});
