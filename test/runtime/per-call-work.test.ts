/**
 * The work a call does before `fetch`, counted rather than timed (timings vary, counts do
 * not): the headers are built once per call, not copied again for each attempt. Timing
 * itself is `npm run bench`'s job.
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
  it('builds the request headers once per call, whatever the attempts', async () => {
    const core = new ClientCore(
      { token: MARKER_TOKEN, baseUrl: 'http://127.0.0.1:8080', fetch: ok },
      META,
    );
    await core.request(getUser, { path: { user_id: 'u1' } });
    const headers = countHeaders();
    await core.request(getUser, { path: { user_id: 'u1' } });
    expect(headers.count()).toBe(1);
  });

  it('sends the same headers on a retry, the token set again', async () => {
    const seen: Headers[] = [];
    let calls = 0;
    const flaky: FetchLike = async (_url, init) => {
      seen.push(init.headers as Headers);
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
