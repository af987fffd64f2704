/**
 * `npm run demo:app`: the charging app (App.tsx) in the browser, against the fake. This file
 * is the app's backend: it serves the page and the app bundled by esbuild, and passes
 * `/backend/*` on to the API with the token, which never reaches the browser (proxy mode,
 * the README's "Browsers" section). Here the API is a fake server started in this process.
 *
 * With `--msw` (`api: 'msw'`) it is a plain file server instead: the app is bundled from
 * main-fake.tsx, which runs the fake in the page and answers `/backend/*` from it through
 * MSW's Service Worker, so no API server runs anywhere.
 *
 *   npm run demo:app            # serves on http://127.0.0.1:8091/
 *   npm run demo:app -- --msw   # the same app on the fake in the browser
 *   PORT=0 npm run demo:app     # any free port
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { startFakeConnectApi } from '../../generated/src/testing/index.js';
import { forwardTo, serveFile } from '../serving.js';

const APP_DIR = import.meta.dirname;
const BACKEND = '/backend';

export interface AppExample {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** Every request the app sent to the API through this backend, as `METHOD /path?query`. */
  readonly apiRequests: string[];
  /** Every path this server was asked for. */
  readonly served: string[];
  close(): Promise<void>;
}

/** Where the app's `/backend/*` calls are answered: this server, or the fake in the page through MSW. */
export type AppApi = 'backend' | 'msw';

export interface AppExampleOptions {
  readonly port?: number;
  /** Default `backend`. */
  readonly api?: AppApi;
  /**
   * A built package (`npm run build`'s dist/esm inside it) to bundle the app with, as an app
   * that installed it would; by default the app is bundled from the package's sources.
   */
  readonly packageDir?: string;
}

/** The repository's imports of the package's sources become the built package's modules. */
function builtPackage(packageDir: string): Plugin {
  return {
    name: 'built-package',
    setup(b) {
      b.onResolve({ filter: /generated\/src\/(index|query|forms|testing\/fake)\.js$/ }, (args) => ({
        path: join(packageDir, 'dist/esm', args.path.split('generated/src/').pop()!),
      }));
    },
  };
}

/** The app as one browser module, React in its production build. */
export async function bundleApp(packageDir?: string, api: AppApi = 'backend'): Promise<string> {
  const result = await build({
    entryPoints: [join(APP_DIR, api === 'msw' ? 'main-fake.tsx' : 'main.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: packageDir ? [builtPackage(packageDir)] : [],
    logLevel: 'silent',
  });
  const [bundle] = result.outputFiles;
  if (!bundle) throw new Error('esbuild wrote no bundle for the app');
  return bundle.text;
}

/** Starts the fake and the app's backend, or, with `api: 'msw'`, a server of the page's files alone. */
export async function startAppExample(options: AppExampleOptions = {}): Promise<AppExample> {
  const api = options.api ?? 'backend';
  const app = await bundleApp(options.packageDir, api);
  const fake = api === 'backend' ? await startFakeConnectApi({ seed: 1 }) : undefined;
  // MSW's worker, served from the page's origin (its scope), as MSW's docs say.
  const worker =
    api === 'msw'
      ? await readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8')
      : undefined;
  const apiRequests: string[] = [];
  const served: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    served.push(path);
    if (path === '/') void serveFile(APP_DIR, 'index.html', res);
    else if (path === '/app.js')
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(app);
    else if (path === '/mockServiceWorker.js' && worker !== undefined)
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(worker);
    else if (path.startsWith(`${BACKEND}/`) && fake) {
      // A real backend checks the user's session here before passing the call on.
      const upstream = path.slice(BACKEND.length);
      apiRequests.push(`${req.method} ${upstream}`);
      forwardTo(new URL(fake.url), req, res, {
        path: upstream,
        headers: { authorization: `Bearer ${fake.tokens[0]}` },
      });
    } else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const msw = process.argv.includes('--msw');
  const example = await startAppExample({
    port: Number(process.env['PORT'] ?? 8091),
    api: msw ? 'msw' : 'backend',
  });
  console.log(
    `Charging app on ${example.url}${msw ? ', on the fake in the browser through MSW' : ''} (Ctrl+C stops it)`,
  );
  process.on('SIGINT', () => void example.close().then(() => process.exit(0)));
}
