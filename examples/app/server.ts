/**
 * `npm run demo:app`: the charging app (App.tsx) in the browser, against the fake. This file
 * is the app's backend: it serves the page and the app bundled by esbuild, and passes
 * `/backend/*` on to the API with the token, which never reaches the browser (proxy mode,
 * the README's "Browsers" section). Here the API is a fake server started in this process.
 *
 *   npm run demo:app            # serves on http://127.0.0.1:8091/
 *   PORT=0 npm run demo:app     # any free port
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { startAppBackend, type AppBackend } from '../serving.js';

const APP_DIR = import.meta.dirname;

/** The running example: its backend. */
export type AppExample = AppBackend;

export interface AppExampleOptions {
  readonly port?: number;
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
      b.onResolve({ filter: /generated\/src\/(index|query|forms)\.js$/ }, (args) => ({
        path: join(packageDir, 'dist/esm', args.path.slice(args.path.lastIndexOf('/') + 1)),
      }));
    },
  };
}

/** The app as one browser module, React in its production build. */
export async function bundleApp(packageDir?: string): Promise<string> {
  const result = await build({
    entryPoints: [join(APP_DIR, 'main.tsx')],
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

/** Starts the fake and the app's backend. */
export async function startAppExample(options: AppExampleOptions = {}): Promise<AppBackend> {
  return startAppBackend({
    html: await readFile(join(APP_DIR, 'index.html'), 'utf8'),
    script: await bundleApp(options.packageDir),
    ...(options.port === undefined ? {} : { port: options.port }),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const example = await startAppExample({ port: Number(process.env['PORT'] ?? 8091) });
  console.log(`Charging app on ${example.url} (Ctrl+C stops it)`);
  process.on('SIGINT', () => void example.close().then(() => process.exit(0)));
}
