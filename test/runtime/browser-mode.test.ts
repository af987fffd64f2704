/**
 * What a browser app needs of the client: a proxy mode (`auth: 'none'`, the app's own backend
 * as `baseUrl`, relative to the page if need be, cookies through `credentials`) so that the
 * token never ships to a browser, and no custom request header by default in browsers, where
 * a usual CORS set-up would refuse it. Browsers are stood in for by the globals the runtime
 * reads (`window`, `document`, `location`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ClientCore,
  ConfigurationError,
  InsecureTransportError,
  type ClientOptions,
  type FetchLike,
} from '../../templates/runtime/index.js';
import { getUser, MARKER_TOKEN, META } from './fixtures.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** A browser's globals, the page at `page`. */
function inBrowser(page = 'https://app.example/shop/cart'): void {
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
  vi.stubGlobal('location', { href: page });
}

interface Sent {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly credentials: RequestCredentials | undefined;
}

/** A fetch that records what it is handed and answers a user. */
function recorder(): { sent: Sent[]; fetch: FetchLike } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      url,
      headers: Object.fromEntries(new Headers(init.headers)),
      credentials: init.credentials,
    });
    return new Response('{"id":"u1"}', { headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetch };
}

async function firstRequest(options: ClientOptions): Promise<Sent> {
  const { sent, fetch } = recorder();
  await new ClientCore({ fetch, ...options }, META).request(getUser, { path: { user_id: 'u1' } });
  return sent[0]!;
}

function configError(options: ClientOptions): ConfigurationError {
  try {
    new ClientCore(options, META);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

describe("auth: 'none' (proxy mode)", () => {
  it('sends no Authorization, and reads no token from the environment', async () => {
    vi.stubEnv('CONNECT_API_TOKEN', 'env-token-123456');
    const sent = await firstRequest({ auth: 'none', baseUrl: 'https://app.example/api/connect' });
    expect(sent.url).toBe('https://app.example/api/connect/api/v1/users/u1/');
    expect(sent.headers['authorization']).toBeUndefined();
  });

  it('takes no token or token provider, and needs baseUrl: the backend that adds the token', () => {
    const base = { auth: 'none', baseUrl: 'https://app.example/api' } as const;
    for (const options of [
      { ...base, token: MARKER_TOKEN },
      { ...base, tokenProvider: () => MARKER_TOKEN },
      { auth: 'none' as const },
    ]) {
      const error = configError(options);
      expect(error.option).toBe('auth');
      expect(error.message).toBe(
        "auth: 'none' takes no token and needs baseUrl: your backend, which adds the token",
      );
    }
    expect(configError({ auth: 'basic' as never, token: MARKER_TOKEN }).message).toBe(
      "auth must be one of 'bearer', 'none', got \"basic\"",
    );
  });

  it('may use plain http to another machine, having no token to expose; a token still may not', async () => {
    const sent = await firstRequest({ auth: 'none', baseUrl: 'http://test-box.internal/api' });
    expect(sent.url).toBe('http://test-box.internal/api/api/v1/users/u1/');
    expect(
      () => new ClientCore({ token: MARKER_TOKEN, baseUrl: 'http://test-box.internal/api' }, META),
    ).toThrow(InsecureTransportError);
  });

  it('a missing token in a browser points at proxy mode', () => {
    inBrowser();
    expect(configError({}).message).toBe(
      "no API token: pass the token option (or tokenProvider), or set the CONNECT_API_TOKEN environment variable; a browser app should rather call its own backend, with auth: 'none'",
    );
  });
});

describe('a baseUrl relative to the page', () => {
  it('is read against the page in a browser', async () => {
    inBrowser();
    const sent = await firstRequest({ auth: 'none', baseUrl: '/api/connect' });
    expect(sent.url).toBe('https://app.example/api/connect/api/v1/users/u1/');
    expect(new ClientCore({ auth: 'none', baseUrl: '../api' }, META).baseUrl).toBe(
      'https://app.example/api',
    );
  });

  it('is refused where there is no page', () => {
    const error = configError({ auth: 'none', baseUrl: '/api/connect' });
    expect(error.option).toBe('baseUrl');
    expect(error.message).toMatch(/absolute http\(s\) URL/);
  });

  it('an absolute one works where reading location throws, as in Deno without --location', async () => {
    Object.defineProperty(globalThis, 'location', {
      configurable: true,
      get() {
        throw new ReferenceError('Access to "location", run again with --location <href>.');
      },
    });
    try {
      const sent = await firstRequest({ token: MARKER_TOKEN, baseUrl: 'https://api.example' });
      expect(sent.url).toBe('https://api.example/api/v1/users/u1/');
    } finally {
      delete (globalThis as { location?: unknown }).location;
    }
  });

  it('with a token, the page must still be https unless it is this machine', () => {
    inBrowser('http://shop.example/');
    expect(() => new ClientCore({ token: MARKER_TOKEN, baseUrl: '/api' }, META)).toThrow(
      InsecureTransportError,
    );
  });
});

describe('credentials', () => {
  it("is handed to fetch as it is given, and left to fetch's default otherwise", async () => {
    inBrowser();
    const base = { auth: 'none', baseUrl: '/api/connect' } as const;
    expect((await firstRequest({ ...base, credentials: 'include' })).credentials).toBe('include');
    expect((await firstRequest(base)).credentials).toBeUndefined();
    expect(configError({ ...base, credentials: 'all' as never }).option).toBe('credentials');
  });
});

describe('the client header', () => {
  it('is sent outside browsers, with User-Agent', async () => {
    const sent = await firstRequest({ token: MARKER_TOKEN });
    expect(sent.headers['x-connect-client']).toBe('connect-api-client/1.4.0');
    expect(sent.headers['user-agent']).toMatch(/^connect-api-client\/1\.4\.0 node\//);
    const off = await firstRequest({ token: MARKER_TOKEN, sendClientHeader: false });
    expect(off.headers['x-connect-client']).toBeUndefined();
    expect(off.headers['user-agent']).toBeDefined();
  });

  it('is not sent in browsers unless asked for: only headers a default CORS set-up allows go', async () => {
    inBrowser();
    const sent = await firstRequest({ token: MARKER_TOKEN });
    expect(Object.keys(sent.headers).sort()).toEqual(['accept', 'authorization']);
    const asked = await firstRequest({ token: MARKER_TOKEN, sendClientHeader: true });
    expect(asked.headers['x-connect-client']).toBe('connect-api-client/1.4.0');
    expect(configError({ token: MARKER_TOKEN, sendClientHeader: 'yes' as never }).option).toBe(
      'sendClientHeader',
    );
  });
});
