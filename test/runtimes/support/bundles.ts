/**
 * The entries as each runtime's user would build them, written into the consumer project
 * that installed the packed package: for Node, Bun and Deno the flow with the package left as
 * an `import` or `require` of `connect-api-client`; for a Worker and for React Native one
 * bundle holding the package too (wrangler and Metro bundle), React Native's with its own
 * URL module (Flow stripped) or the polyfill.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { stripFlow } from './flow-strip.js';

const ENTRIES = join(import.meta.dirname, '..', 'entries');
const require = createRequire(import.meta.url);

export type Bundle =
  'entry.mjs' | 'entry.cjs' | 'worker.js' | 'react-native.mjs' | 'react-native-polyfill.mjs';

/** The repository's import of the generated package becomes the installed package. */
function installedPackage(consumerDir: string, external: boolean): Plugin {
  return {
    name: 'installed-package',
    setup(b) {
      b.onResolve({ filter: /generated\/src\/index\.js$/ }, async (args) => {
        if (external) return { path: 'connect-api-client', external: true };
        const found = await b.resolve('connect-api-client', {
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
  if (bundle === 'entry.mjs' || bundle === 'entry.cjs')
    await build({
      ...common,
      entryPoints: [join(ENTRIES, 'cli.ts')],
      format: bundle === 'entry.mjs' ? 'esm' : 'cjs',
      platform: 'neutral',
      plugins: [installedPackage(consumerDir, true)],
    });
  else if (bundle === 'worker.js')
    await build({
      ...common,
      entryPoints: [join(ENTRIES, 'worker.ts')],
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      plugins: [installedPackage(consumerDir, false)],
    });
  else
    await build({
      ...common,
      entryPoints: [join(ENTRIES, 'react-native.ts')],
      format: 'esm',
      platform: 'node',
      // Metro resolves the `react-native` condition first; the package has none, like most.
      conditions: ['react-native'],
      plugins: [
        reactNative(bundle === 'react-native.mjs' ? 'own' : 'polyfill'),
        installedPackage(consumerDir, false),
      ],
    });
  return outfile;
}
