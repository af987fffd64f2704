/**
 * The work a call does before `fetch`, counted rather than timed (timings vary, counts do
 * not): the headers are a plain record made once per call, not a `Headers` object (which
 * fetch would only copy again), nor a copy per attempt. Timing itself is `npm run bench`'s job.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ClientCore, type FetchLike } from '../../templates/runtime/index.js';
import { getUser, MARKER_TOKEN, META } from './fixtures.js';

const OriginalHeaders = globalThis.Headers;

/** Counts `new Headers(…)` while the test runs; everything else behaves as usual. */
function countHeaders(): { readonly count: () => number } {
  let made = 0;
  globalThis.Headers = class CountedHeaders extends OriginalHeaders {
    constructor(init?: HeadersInit) {
      super(init);
      made++;
    }
  };
  return { count: () => made };
}

afterEach(() => {
  globalThis.Headers = OriginalHeaders;
});

const ok: FetchLike = async () =>
  new Response('{"id":"u1"}', { status: 200, headers: { 'content-type': 'application/json' } });

describe('per-call work', () => {
  it('builds no Headers object for a call that sets no header of its own', async () => {
    const core = new ClientCore(
      { token: MARKER_TOKEN, baseUrl: 'http://127.0.0.1:8080', fetch: ok },
      META,
    );
    await core.request(getUser, { path: { user_id: 'u1' } });
    const headers = countHeaders();
    await core.request(getUser, { path: { user_id: 'u1' } });
    expect(headers.count()).toBe(0);
  });

  it('hands fetch the headers as a record with lower-case names', async () => {
    let sent: unknown;
    const capture: FetchLike = async (url, init) => {
      sent = init.headers;
      return ok(url, init);
    };
    const core = new ClientCore(
      {
        token: MARKER_TOKEN,
        baseUrl: 'http://127.0.0.1:8080',
        fetch: capture,
        headers: { 'X-Team': ' a ' },
      },
      META,
    );
    await core.request(getUser, { path: { user_id: 'u1' } }, { headers: { 'X-Call': 'b' } });
    expect(sent).not.toBeInstanceOf(OriginalHeaders);
    expect(sent).toMatchObject({
      accept: 'application/json',
      authorization: `Bearer ${MARKER_TOKEN}`,
      // Trimmed as `Headers` would, since that is what goes on the wire.
      'x-team': 'a',
      'x-call': 'b',
    });
  });

  it('sends the same headers on a retry, the token set again', async () => {
    const seen: Headers[] = [];
    let calls = 0;
    const flaky: FetchLike = async (_url, init) => {
      seen.push(new Headers(init.headers));
      return ++calls === 1 ? new Response('', { status: 503 }) : ok('', init);
    };
    const core = new ClientCore(
      { token: MARKER_TOKEN, baseUrl: 'http://127.0.0.1:8080', fetch: flaky },
      META,
      { sleep: async () => {} },
    );
    await core.request(getUser, { path: { user_id: 'u1' } });
    expect(seen).toHaveLength(2);
    for (const headers of seen) expect(headers.get('authorization')).toBe(`Bearer ${MARKER_TOKEN}`);
  });
});
