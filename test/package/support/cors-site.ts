/**
 * An app's site on 127.0.0.1 for the browser CORS tests: it serves a page that loads the
 * client (bundled for the browser from generated/src), and plays the app's backend for proxy
 * mode: `/api/connect/*` is passed on to the API only with the app's session cookie, the API
 * token added on the way, so the page itself holds no token.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from './built-package.js';

export const SESSION_COOKIE = 'session=s-42';
export const PROXY_PREFIX = '/api/connect';

/** One request the backend passed on: what came from the browser, before the token was added. */
export interface Proxied {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly cookie: string | undefined;
}

export interface CorsSite {
  /** `http://127.0.0.1:<port>`: another origin than the API's. */
  readonly origin: string;
  readonly proxied: Proxied[];
  close(): Promise<void>;
}

/** The generated package's entry as one browser module. */
async function clientBundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(REPO_ROOT, 'generated/src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** The page sets the session cookie and puts the client's module on `window.sdk`. */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CORS</title></head>
<body><script type="module">
import * as sdk from '/sdk.js';
window.sdk = sdk;
document.body.dataset.ready = 'yes';
</script></body></html>
`;

/** Passes a request on to the API with the token, if the session cookie came with it. */
function proxy(api: URL, token: string, req: IncomingMessage, res: ServerResponse): void {
  const cookie = req.headers.cookie;
  if (!cookie?.split('; ').includes(SESSION_COOKIE)) {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"No session."}');
    req.resume();
    return;
  }
  const headers = { ...req.headers, host: api.host, authorization: `Bearer ${token}` };
  delete headers.cookie;
  const upstream = request(
    {
      host: api.hostname,
      port: api.port,
      method: req.method,
      path: req.url!.slice(PROXY_PREFIX.length),
      headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

export async function startCorsSite(apiUrl: string, token: string): Promise<CorsSite> {
  const sdk = await clientBundle();
  const api = new URL(apiUrl);
  const proxied: Proxied[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/')
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'set-cookie': `${SESSION_COOKIE}; Path=/; HttpOnly; SameSite=Lax`,
        })
        .end(PAGE);
    else if (path === '/sdk.js')
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(sdk);
    else if (path.startsWith(`${PROXY_PREFIX}/`)) {
      proxied.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        cookie: req.headers.cookie,
      });
      proxy(api, token, req, res);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    proxied,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
