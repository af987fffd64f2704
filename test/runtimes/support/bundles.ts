/**
 * The entries as each runtime's user would build them, written into the consumer project
 * that installed the packed package: for Node, Bun and Deno the flow with the package left as
 * an `import` or `require` of `connect-api-client`; for a Worker and for React Native one
 * bundle holding the package too (wrangler and Metro bundle), React Native's with its own
 * URL module (Flow stripped) or the polyfill. The in-process fake's flow (`fake-…`) is built
 * the same ways, plus one classic script for a page.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { stripFlow } from './flow-strip.js';

const ENTRIES = join(import.meta.dirname, '..', 'entries');
const require = createRequire(import.meta.url);

export type Bundle =
  | 'entry.mjs'
  | 'entry.cjs'
  | 'worker.js'
  | 'react-native.mjs'
  | 'react-native-polyfill.mjs'
  // The fake in process (fake-flow.ts), with no server.
  | 'fake.mjs'
  | 'fake-worker.js'
  | 'fake-browser.js'
  | 'fake-react-native.mjs';

/** The package's entry points the repository's imports of generated sources stand for. */
const ENTRY_POINTS: readonly (readonly [RegExp, string])[] = [
  [/generated\/src\/index\.js$/, 'connect-api-client'],
  [/generated\/src\/testing\/fake\.js$/, 'connect-api-client/fake'],
];

/** The repository's imports of the generated package become the installed package. */
function installedPackage(consumerDir: string, external: boolean): Plugin {
  return {
    name: 'installed-package',
    setup(b) {
      b.onResolve({ filter: /generated\/src\/(index|testing\/fake)\.js$/ }, async (args) => {
        const entry = ENTRY_POINTS.find(([pattern]) => pattern.test(args.path))![1];
        if (external) return { path: entry, external: true };
        const found = await b.resolve(entry, {
          resolveDir: consumerDir,
          kind: args.kind,
        });
        return found.errors.length > 0 ? { errors: found.errors } : { path: found.path };
      });
    },
  };
}

/** Stand-ins for React Native's native modules, which an app has and Node has not. */
const NATIVE_STUBS: Record<string, string> = {
  // URL.js asks the Blob module only for blob: URLs, which the client never makes.
  'native-blob-module': 'export default null;',
  // react-native-url-polyfill reads the same module and the platform for an iOS 10 fix.
  'react-native':
    "export const NativeModules = {}; export const Platform = { OS: 'android', Version: 34 };",
};

function reactNative(url: 'own' | 'polyfill'): Plugin {
  return {
    name: 'react-native',
    setup(b) {
      b.onResolve({ filter: /^react-native\/Libraries\/Blob\/URL\.js$/ }, () => ({
        path:
          url === 'own'
            ? require.resolve('react-native/Libraries/Blob/URL.js')
            : require.resolve('react-native-url-polyfill'),
      }));
      b.onResolve({ filter: /\/NativeBlobModule$/ }, () => ({
        path: 'native-blob-module',
        namespace: 'native-stub',
      }));
      b.onResolve({ filter: /^react-native$/ }, () => ({
        path: 'react-native',
        namespace: 'native-stub',
      }));
      b.onLoad({ filter: /.*/, namespace: 'native-stub' }, (args) => ({
        contents: NATIVE_STUBS[args.path] ?? '',
        loader: 'js',
      }));
      b.onLoad({ filter: /react-native[\\/]Libraries[\\/].*\.js$/ }, async (args) => ({
        contents: stripFlow(await readFile(args.path, 'utf8')),
        loader: 'js',
      }));
    },
  };
}

export async function writeBundle(bundle: Bundle, consumerDir: string): Promise<string> {
  const outfile = join(consumerDir, bundle);
  const common = { bundle: true, outfile, logLevel: 'silent', target: 'es2022' } as const;
  if (bundle === 'entry.mjs' || bundle === 'entry.cjs' || bundle === 'fake.mjs')
    await build({
      ...common,
      entryPoints: [join(ENTRIES, bundle === 'fake.mjs' ? 'fake-cli.ts' : 'cli.ts')],
      format: bundle === 'entry.cjs' ? 'cjs' : 'esm',
      platform: 'neutral',
      plugins: [installedPackage(consumerDir, true)],
    });
  else if (bundle === 'worker.js' || bundle === 'fake-worker.js')
    await build({
      ...common,
      entryPoints: [join(ENTRIES, bundle === 'worker.js' ? 'worker.ts' : 'fake-worker.ts')],
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      plugins: [installedPackage(consumerDir, false)],
    });
  else if (bundle === 'fake-browser.js')
    // A classic script, as a page's bundler would make it for the browser: no Node module can
    // be left external or shimmed.
    await build({
      ...common,
      entryPoints: [join(ENTRIES, 'fake-browser.ts')],
      format: 'iife',
      platform: 'browser',
      plugins: [installedPackage(consumerDir, false)],
    });
  else
    await build({
      ...common,
      entryPoints: [
        join(
          ENTRIES,
          bundle === 'fake-react-native.mjs' ? 'fake-react-native.ts' : 'react-native.ts',
        ),
      ],
      format: 'esm',
      platform: 'node',
      // Metro resolves the `react-native` condition first; the package has none, like most.
      conditions: ['react-native'],
      plugins: [
        reactNative(bundle === 'react-native-polyfill.mjs' ? 'polyfill' : 'own'),
        installedPackage(consumerDir, false),
      ],
    });
  return outfile;
}
