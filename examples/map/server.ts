/**
 * `npm run demo:map`: the fake's stations on a canvas map in the browser. Serves the page
 * (index.html, map.js), the package's built ESM files under `/pkg/`, and forwards `/api/`
 * to a fake server started in this process, so the page talks to one origin on 127.0.0.1.
 *
 *   npm run demo:map            # builds the package, then serves on http://127.0.0.1:8090/
 *   PORT=0 npm run demo:map     # any free port
 */
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { forwardTo, serveFile } from '../serving.js';
import { pathToFileURL } from 'node:url';
import { startFakeConnectApi } from '../../generated/src/connect/fake/index.js';

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
