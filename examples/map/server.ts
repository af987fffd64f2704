/**
 * `npm run demo:map`: the fake's stations on a canvas map in the browser. Serves the page
 * (index.html, map.js), the package's built ESM files under `/pkg/`, and forwards `/api/`
 * to a fake server started in this process, so the page talks to one origin on 127.0.0.1.
 *
 *   npm run demo:map            # builds the package, then serves on http://127.0.0.1:8090/
 *   PORT=0 npm run demo:map     # any free port
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
import { join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeConnectApi } from '../../generated/src/testing/index.js';

const PAGE_DIR = import.meta.dirname;
/** Where `npm run build` puts the ES modules. */
export const DEFAULT_PACKAGE_DIR = resolve(import.meta.dirname, '../../generated/dist/esm');

export interface MapDemo {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** Every `stations.tile` request the page sent, as its query string. */
  readonly tileRequests: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

async function serveFile(root: string, path: string, res: ServerResponse): Promise<void> {
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

function forwardTo(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const upstream = forward(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** Starts the fake and the page server; `packageDir` holds the built ESM package. */
export async function startMapDemo(
  options: { port?: number; packageDir?: string } = {},
): Promise<MapDemo> {
  const packageDir = options.packageDir ?? DEFAULT_PACKAGE_DIR;
  if (!(await stat(join(packageDir, 'index.js')).catch(() => undefined))) {
    throw new Error(`no built package in ${packageDir}: run \`npm run build\` first`);
  }
  const fake = await startFakeConnectApi({ seed: 1 });
  const api = new URL(fake.url);
  const tileRequests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://page.invalid');
    const path = url.pathname;
    if (path === '/' || path === '/map.js') {
      void serveFile(PAGE_DIR, path === '/' ? 'index.html' : 'map.js', res);
    } else if (path === '/token') {
      // The fake's token, for the page; a real app's backend would hand out its own.
      res.writeHead(200, { 'content-type': 'text/plain' }).end(fake.tokens[0]);
    } else if (path.startsWith('/pkg/')) {
      void serveFile(packageDir, path.slice('/pkg/'.length), res);
    } else if (path.startsWith('/api/')) {
      if (path === '/api/v1/stations/tile/') tileRequests.push(url.search.slice(1));
      forwardTo(api, req, res);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    tileRequests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((done, fail) => server.close((e) => (e ? fail(e) : done())));
      await fake.close();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const demo = await startMapDemo({ port: Number(process.env['PORT'] ?? 8090) });
  console.log(`Map demo on ${demo.url} (Ctrl+C stops it)`);
  process.on('SIGINT', () => void demo.close().then(() => process.exit(0)));
}
