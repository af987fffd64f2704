/**
 * What a page server on 127.0.0.1 does for the browser demos and the browser tests: hand out
 * files under one folder, pass API calls on to the fake server so the page talks to one origin
 * and needs no CORS, and, for the apps, be the app's backend in proxy mode.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { startFakeConnectApi } from '../generated/src/connect/fake/index.js';
import { apiProxy } from './app/api-proxy.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

/** Answers with the file at `path` under `root`, or 404. */
export async function serveFile(root: string, path: string, res: ServerResponse): Promise<void> {
  const file = normalize(join(root, path));
  // Only files under the root: a path with `..` gets a 404, not a file from elsewhere.
  const info = file.startsWith(root + sep) ? await stat(file).catch(() => undefined) : undefined;
  if (!info?.isFile()) {
    res.writeHead(404).end();
    return;
  }
  const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
  res.writeHead(200, { 'content-type': type });
  createReadStream(file).pipe(res);
}

/** How a backend changes a request it passes on. */
export interface Forwarding {
  /** The path to ask for, where it differs from the request's (a prefix taken off). */
  readonly path?: string;
  /** Headers to add or replace: the API token a proxy adds on the server. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends the request on to `target` as it came (its own Host), and its answer back. */
export function forwardTo(
  target: URL,
  req: IncomingMessage,
  res: ServerResponse,
  forwarding: Forwarding = {},
): void {
  const upstream = forward(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: forwarding.path ?? req.url,
      headers: { ...req.headers, ...forwarding.headers, host: target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** The path under which an app's backend passes calls on to the API: the README's. */
export const PROXY_PATH = '/api/connect';

/** Hands a `node:http` request to a Fetch-style route (`apiProxy`) and writes its answer back. */
async function serveFetch(
  req: IncomingMessage,
  res: ServerResponse,
  route: (request: Request) => Promise<Response>,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    for (const each of [value ?? []].flat()) headers.append(name, each);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const answer = await route(
    new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
      method: req.method ?? 'GET',
      headers,
      body: hasBody ? Buffer.concat(chunks) : null,
    }),
  );
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/** An app's backend: where it listens and what it passed on. */
export interface AppBackend {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** Every request the app sent to the API through this backend, as `METHOD /path?query`. */
  readonly apiRequests: string[];
  /** Every path this server was asked for. */
  readonly served: string[];
  close(): Promise<void>;
}

/** What an app's backend serves. */
export interface AppFiles {
  /** The page, at `/`. */
  readonly html: string;
  /** The app bundled, at `/app.js`. */
  readonly script: string;
  /** Other files at their paths (`/mockServiceWorker.js`), as JavaScript. */
  readonly scripts?: Readonly<Record<string, string>>;
  /** Whether `/backend/*` reaches a fake API started here; false when the page brings its own. Default true. */
  readonly api?: boolean;
  readonly port?: number;
}

/**
 * Serves an app (its page at `/`, its bundled script at `/app.js`) and passes `/api/connect/*`
 * on to a fake API started here through the README's `apiProxy` (api-proxy.ts), which adds the
 * token on the way, as an app's backend in proxy mode does: the page itself never holds one.
 */
export async function startAppBackend(app: AppFiles): Promise<AppBackend> {
  const fake = app.api === false ? undefined : await startFakeConnectApi({ seed: 1 });
  if (fake) {
    // Where the README's route reads the API's origin and token from.
    process.env['CONNECT_API_URL'] = fake.url;
    process.env['CONNECT_API_TOKEN'] = fake.tokens[0];
  }
  const apiRequests: string[] = [];
  const served: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    served.push(path);
    const script = path === '/app.js' ? app.script : app.scripts?.[path];
    if (path === '/') res.writeHead(200, { 'content-type': TYPES['.html']! }).end(app.html);
    else if (script !== undefined)
      res.writeHead(200, { 'content-type': TYPES['.js']! }).end(script);
    else if (path.startsWith(`${PROXY_PATH}/`) && fake) {
      apiRequests.push(`${req.method} ${path.slice(PROXY_PATH.length)}`);
      serveFetch(req, res, apiProxy).catch(() => {
        if (res.headersSent) res.destroy();
        else res.writeHead(502).end();
      });
    } else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(app.port ?? 0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    apiRequests,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done, fail) => server.close((e) => (e ? fail(e) : done())));
      await fake?.close();
    },
  };
}
