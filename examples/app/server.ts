/**
 * `npm run demo:app`: the charging app (App.tsx) in the browser, against the fake. This file
 * is the app's backend: it serves the page and the app bundled by esbuild, and passes
 * `/api/connect/*` on to the API through the README's own `apiProxy` (api-proxy.ts), which adds
 * the token, so it never reaches the browser (proxy mode, the README's "Browsers" section).
 * Here the API is a fake server started in this process.
 *
 * With `--msw` (`api: 'msw'`) it is a plain file server instead: the app is bundled from
 * main-fake.tsx, which runs the fake in the page and answers `/api/connect/*` from it through
 * MSW's Service Worker, so no API server runs anywhere.
 *
 *   npm run demo:app            # serves on http://127.0.0.1:8091/
 *   npm run demo:app -- --msw   # the same app on the fake in the browser
 *   PORT=0 npm run demo:app     # any free port
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { startAppBackend, type AppBackend } from '../serving.js';

const APP_DIR = import.meta.dirname;

/** The running example: its backend. */
export type AppExample = AppBackend;

/** Where the app's `/api/connect/*` calls are answered: this server, or the fake in the page through MSW. */
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
      b.onResolve(
        { filter: /generated\/src\/(index|query|forms|connect\/fake\/fake)\.js$/ },
        (args) => ({
          path: join(packageDir, 'dist/esm', args.path.split('generated/src/').pop()!),
        }),
      );
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
  return startAppBackend({
    html: await readFile(join(APP_DIR, 'index.html'), 'utf8'),
    script: await bundleApp(options.packageDir, api),
    // MSW's worker, served from the page's origin (its scope), as MSW's docs say.
    ...(api === 'msw' && {
      scripts: {
        '/mockServiceWorker.js': await readFile(
          createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'),
          'utf8',
        ),
      },
    }),
    api: api === 'backend',
    ...(options.port === undefined ? {} : { port: options.port }),
  });
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
