/**
 * React Native's own `URL` (Libraries/Blob/URL.js) has getters only: assigning `hash`,
 * `username` or `password` on a parsed URL throws. The client must never assign to a parsed
 * URL, so that it works there without a polyfill. Here a getters-only URL stands in for the
 * global while the client hides credentials and follows pages over HTTP.
 * (test/runtimes/matrix.test.ts runs the same flow with React Native's real URL.)
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestPage } from '../../templates/runtime/index.js';
import { safeUrl } from '../../templates/runtime/internal/redact.js';
import { pageUrlKey } from '../../templates/runtime/core/url.js';
import { clientFor, listUsers, type User } from './fixtures.js';
import { json, startServer, type TestServer } from './http-server.js';

const NativeURL = globalThis.URL;

/** A URL whose properties can be read and never written, like React Native's. */
class GettersOnlyURL {
  readonly #url: URL;
  constructor(url: string | GettersOnlyURL | URL, base?: string | GettersOnlyURL | URL) {
    this.#url = new NativeURL(String(url), base === undefined ? undefined : String(base));
  }
  get hash() {
    return this.#url.hash;
  }
  get host() {
    return this.#url.host;
  }
  get hostname() {
    return this.#url.hostname;
  }
  get href() {
    return this.#url.href;
  }
  get origin() {
    return this.#url.origin;
  }
  get password() {
    return this.#url.password;
  }
  get pathname() {
    return this.#url.pathname;
  }
  get port() {
    return this.#url.port;
  }
  get protocol() {
    return this.#url.protocol;
  }
  get search() {
    return this.#url.search;
  }
  get searchParams() {
    return this.#url.searchParams;
  }
  get username() {
    return this.#url.username;
  }
  toString() {
    return this.#url.href;
  }
  toJSON() {
    return this.#url.href;
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  vi.stubGlobal('URL', GettersOnlyURL);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('with a URL that has getters only', () => {
  it('the stand-in refuses assignments, as React Native does', () => {
    const url = new URL('https://user:pw@h/p#x');
    expect(() => {
      (url as { hash: string }).hash = '';
    }).toThrow(TypeError);
  });

  it('hides credentials in URLs it shows', () => {
    expect(safeUrl('https://user:pw@h/p?q=1#f')).toBe('https://h/p?q=1#f');
    expect(safeUrl('https://h/p?q=1')).toBe('https://h/p?q=1');
  });

  it('recognises the same page whatever the parameter order or fragment', () => {
    expect(pageUrlKey('https://h/l/?page=2&search=a')).toBe(
      pageUrlKey('https://h/l/?search=a&page=2#x'),
    );
    expect(pageUrlKey('https://h/l/?page=2')).not.toBe(pageUrlKey('https://h/l/?page=3'));
  });

  it('follows next links across pages over HTTP', async () => {
    server.setDefault((req, res) => {
      const page = Number(new NativeURL(req.url!, server.origin).searchParams.get('page') ?? '1');
      return json(200, {
        count: 4,
        next: page < 2 ? `${server.origin}/api/v1/users/?page=${page + 1}#top` : null,
        previous: null,
        results: [{ id: `u${page * 2 - 1}` }, { id: `u${page * 2}` }],
      })(req, res);
    });
    const ids: string[] = [];
    for await (const user of requestPage<User>(clientFor(server.origin), listUsers, {}))
      ids.push(user.id);
    expect(ids).toEqual(['u1', 'u2', 'u3', 'u4']);
  });
});
