/**
 * The Vue app's backend for the browser test: it serves a page and the app bundled by esbuild
 * in memory, and passes `/api/connect/*` on to a fake API started in this process with the token
 * added (proxy mode, as examples/app/server.ts does for the React app). The app is bundled from
 * the package's sources (generated/src), not a built package: the options are the same code,
 * and the test saves the package build.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { startAppBackend, type AppBackend } from '../../../examples/serving.js';

const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Charging app: Vue Query</title></head>
  <body><div id="app"></div><script type="module" src="/app.js"></script></body>
</html>`;

/**
 * The app as one browser module. Vue's esm-bundler build leaves its feature flags to the
 * bundler; the development build keeps Vue's warnings, which the test reads as failures.
 */
export async function bundleVueApp(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: {
      'process.env.NODE_ENV': '"development"',
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    logLevel: 'silent',
  });
  const [bundle] = result.outputFiles;
  if (!bundle) throw new Error('esbuild wrote no bundle for the Vue app');
  return bundle.text;
}

/** Starts the fake and the app's backend on a free port. */
export async function startVueApp(): Promise<AppBackend> {
  return startAppBackend({ html: PAGE, script: await bundleVueApp() });
}
