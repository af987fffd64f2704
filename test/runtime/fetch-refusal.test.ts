/**
 * What cannot succeed is not retried: fetch refusing a "bad port" answers the same way every
 * time. With the global fetch the client refuses such a baseUrl when it is created; with
 * another fetch the refusal ends the call after one attempt, with the port named.
 */
import { describe, expect, it } from 'vitest';
import {
  ClientCore,
  ConfigurationError,
  ConnectionError,
  type FetchLike,
} from '../../templates/runtime/index.js';
import { permanentFailure, refusedPort } from '../../templates/runtime/internal/fetch-refusal.js';
import { decideRetry } from '../../templates/runtime/core/retry.js';
import { clientFor, getUser, instantSleep, MARKER_TOKEN, META } from './fixtures.js';

/** The real global fetch behind a wrapper, as instrumentation would pass it. */
const wrappedFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

describe('a port fetch refuses', () => {
  it.each(['6000', '1', '10080'])(
    'port %s: one attempt, no backoff, an error naming the port',
    async (port) => {
      const sleep = instantSleep();
      let attempts = 0;
      const willRetry: boolean[] = [];
      const client = clientFor(
        `http://127.0.0.1:${port}`,
        {
          fetch: wrappedFetch,
          hooks: {
            onRequest: () => void attempts++,
            onError: (e) => void willRetry.push(e.willRetry),
          },
        },
        { sleep: sleep.sleep },
      );
      const error = await client
        .request(getUser, { path: { user_id: 'u1' } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(attempts).toBe(1);
      expect(willRetry).toEqual([false]);
      expect(sleep.delays).toEqual([]);
      const message = (error as Error).message;
      expect(message).toContain(`port ${port} is a "bad port" fetch refuses to connect to`);
      expect(message).toContain('not retried');
      expect(message).toContain(`[GET http://127.0.0.1:${port}/api/v1/users/u1/]`);
    },
  );

  it('with the global fetch, the client refuses the baseUrl when it is created, naming the option and the port', () => {
    for (const port of ['6000', '6665', '1']) {
      let error: unknown;
      try {
        new ClientCore({ token: MARKER_TOKEN, baseUrl: `http://127.0.0.1:${port}` }, META);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ option: 'baseUrl' });
      expect((error as Error).message).toBe(
        `baseUrl http://127.0.0.1:${port}: port ${port} is a "bad port" fetch refuses to connect to; use another, such as 8080`,
      );
    }
    expect(
      () => new ClientCore({ token: MARKER_TOKEN, baseUrl: 'http://127.0.0.1:6001' }, META),
    ).not.toThrow();
    expect(
      () => new ClientCore({ token: MARKER_TOKEN, baseUrl: 'https://example.com' }, META),
    ).not.toThrow();
  });
});

describe('which fetch failures are final', () => {
  const fetchFailed = (cause: Error) => new TypeError('fetch failed', { cause });
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('refusals before sending are final; network failures are not', () => {
    expect(permanentFailure(fetchFailed(new Error('bad port')), 'http://127.0.0.1:6000/')).toMatch(
      /port 6000/,
    );
    // A browser says only "Failed to fetch"; the bad port tells the refusal apart.
    expect(permanentFailure(new TypeError('Failed to fetch'), 'http://localhost:6000/x/')).toMatch(
      /port 6000/,
    );
    expect(
      permanentFailure(new TypeError('Failed to fetch'), 'http://localhost:8080/x/'),
    ).toBeUndefined();
    expect(
      permanentFailure(fetchFailed(new Error('unknown scheme')), 'http://localhost:8080/'),
    ).toMatch(/refuses this request/);
    expect(
      permanentFailure(
        new TypeError('Failed to parse URL', { cause: withCode('Invalid URL', 'ERR_INVALID_URL') }),
        'http://localhost:8080/',
      ),
    ).toMatch(/cannot parse/);
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT'])
      expect(
        permanentFailure(
          fetchFailed(withCode(`connect ${code} 127.0.0.1:8080`, code)),
          'http://127.0.0.1:8080/',
        ),
      ).toBeUndefined();
  });

  it('refusedPort knows the list and leaves default ports alone', () => {
    expect(refusedPort(new URL('http://h:22/'))).toMatch(/port 22/);
    expect(refusedPort(new URL('http://h:80/'))).toBeUndefined();
    expect(refusedPort(new URL('https://h/'))).toBeUndefined();
  });

  it('decideRetry does not retry a final failure, even when retries are left', () => {
    const question = {
      retrySafe: true,
      attempt: 1,
      maxRetries: 2,
      now: 0,
      maxRetryDelayMs: 8000,
      random: () => 0.5,
    };
    expect(decideRetry(question)).toMatchObject({ retry: true });
    expect(decideRetry({ ...question, final: 'fetch refuses port 6000' })).toEqual({
      retry: false,
      reason: 'fetch refuses port 6000',
    });
  });
});

describe('the list of bad ports', () => {
  // https://fetch.spec.whatwg.org/#port-blocking, as the standard writes it.
  const STANDARD =
    '1 7 9 11 13 15 17 19 20 21 22 23 25 37 42 43 53 69 77 79 87 95 101 102 103 104 109 110 111 113 115 117 119 123 135 137 139 143 161 179 389 427 465 512 513 514 515 526 530 531 532 540 548 554 556 563 587 601 636 989 990 993 995 1719 1720 1723 2049 3659 4045 4190 5060 5061 6000 6566 6665 6666 6667 6668 6669 6679 6697 10080'
      .split(' ')
      .map(Number);

  it("is exactly the standard's: every port from 1 to 65535 is refused if and only if it is listed", () => {
    const refused: number[] = [];
    for (let port = 1; port <= 65535; port++)
      if (refusedPort(new URL(`http://h:${port}/`)) !== undefined) refused.push(port);
    expect(refused).toEqual(STANDARD);
    expect(refusedPort(new URL('http://h/'))).toBeUndefined();
  });
});
