/**
 * The fake Connect API without a port: its core (fake-core.ts) as a Fetch handler and as a
 * `fetch` function (the fakes' library: fetch-handler.ts, in-process.ts), for places where no server can be started or reached: a page's
 * component tests and Storybook (mounted in MSW), a Cloudflare Worker, Deno, Bun, React
 * Native. Nothing here needs Node, and nothing leaves the process.
 */
import type { ApiContract } from './contract.js';
import { createFakeCore, type FakeControls, type FakeCoreOptions } from './fake-core.js';
import { fetchHandler } from '../../fake/fetch-handler.js';
import { inProcessFetch } from '../../fake/in-process.js';
import { DJANGO_CORS } from './cors.js';

/**
 * Where the in-process fake answers by default. `.test` is reserved (RFC 2606): no name under
 * it resolves, so a request that misses the fake fails at once instead of reaching a machine.
 * https, though nothing is encrypted in process, because the client sends a token over plain
 * http only to this machine, and a page on https may not call http (mixed content).
 */
export const FAKE_API_URL = 'https://fake-connect-api.test';

/** Settings of an in-process fake; every one has a default. */
export interface InProcessFakeOptions extends FakeCoreOptions {
  /**
   * The origin `fetch` answers for, and `url`: `https://fake-connect-api.test` unless given
   * (`http://localhost:8000` to stand in for a local backend). An origin only, without a path.
   */
  readonly baseUrl?: string;
  /**
   * The app's own path the fake stands behind, as its backend would in proxy mode
   * (`'/api/connect'`, where the client is made with `auth: 'none', baseUrl: '/api/connect'`):
   * `handle` and `fetch` then answer requests under that path, taking it off and adding the
   * fake's first token as the backend adds the real one, and `url` ends with it. MSW mounts it
   * as `http.all('/api/connect/*', ({ request }) => fake.handle(request))`.
   */
  readonly proxyPath?: string;
}

/** A fake Connect API in this process: a `fetch` for the client, a Fetch handler, and test-only controls the real API does not have. */
export interface InProcessFakeConnectApi extends FakeControls {
  /** The origin the fake answers for in `fetch`: pass it to the client as `baseUrl`. */
  readonly url: string;
  /**
   * The fake as the client's `fetch` (`createConnectCore({ baseUrl: fake.url, token, fetch: fake.fetch })`):
   * answers requests to `url` in process, and refuses any other with a `TypeError`, as `fetch`
   * refuses a host it cannot reach. (`string | URL | Request` rather than DOM's `RequestInfo`,
   * which Node's types lack.)
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /**
   * The fake as a Fetch handler, for any URL: MSW's `http.all(…, ({ request }) => fake.handle(request))`,
   * a Worker's or Deno's `fetch(request)`, a Hono route. Links in answers (`next`) name the
   * request's own origin, so they lead back to wherever it was mounted.
   */
  handle(request: Request): Promise<Response>;
}

export function createInProcessFake(
  contract: ApiContract,
  options: InProcessFakeOptions = {},
): InProcessFakeConnectApi {
  const { baseUrl = FAKE_API_URL, proxyPath, ...coreOptions } = options;
  const origin = baseOrigin(baseUrl);
  const core = createFakeCore(contract, coreOptions);
  const edge = fetchHandler(core.handle, { maxBodyBytes: core.maxBodyBytes, cors: DJANGO_CORS });
  const mount = proxyPath === undefined ? '' : mountPath(proxyPath);
  const handle =
    proxyPath === undefined
      ? edge
      : async (request: Request) => edge(await passedOn(request, mount, core.controls.tokens[0]!));
  const url = `${origin}${mount}`;
  return {
    url,
    handle,
    fetch: inProcessFetch(handle, (request) =>
      request.url === url || request.url.startsWith(`${url}/`)
        ? undefined
        : `the fake Connect API answers ${url}, not ${request.url}`,
    ),
    ...core.controls,
  };
}

/** `'/api/connect/'` as `'/api/connect'`; a path that does not start with `/` is refused. */
function mountPath(path: string): string {
  if (!path.startsWith('/')) throw new TypeError(`proxyPath must start with /, got ${path}`);
  return path.replace(/\/+$/, '');
}

/**
 * The request as the app's backend passes it on: the mount path taken off, and a bearer token
 * where it carries none. A request outside the mount is passed as it is, and gets the fake's 404.
 */
async function passedOn(request: Request, mount: string, token: string): Promise<Request> {
  const url = new URL(request.url);
  if (url.pathname !== mount && !url.pathname.startsWith(`${mount}/`)) return request;
  url.pathname = url.pathname.slice(mount.length) || '/';
  const headers = new Headers(request.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  return new Request(url, { method: request.method, headers, body, signal: request.signal });
}

/** `http://host:port` of an absolute URL. */
function originOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** The origin `baseUrl` names; one with a path is refused rather than half obeyed. */
function baseOrigin(baseUrl: string): string {
  const { pathname } = new URL(baseUrl);
  if (pathname !== '/' && pathname !== '')
    throw new TypeError(`baseUrl must be an origin without a path, got ${baseUrl}`);
  return originOf(baseUrl);
}
