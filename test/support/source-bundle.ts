/**
 * An app's entry bundled as bench/size measures bundles (esbuild for the browser, minified,
 * gzip), with the package's entry points (`connect-api-client`, `connect-api-client/forms` …)
 * resolved to the generated sources as an installed package's would be, plus the bundle as
 * readable text, for tests that look for what it holds.
 */
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { BROWSER_BUNDLE, bundleSize, type BundleSize } from '../../bench/size/measure.js';

const ROOT = join(import.meta.dirname, '../..');

const packageSource: Plugin = {
  name: 'package-source',
  setup(b) {
    b.onResolve({ filter: /^connect-api-client(\/[a-z]+)?$/ }, (args) => ({
      path: join(ROOT, 'generated/src', `${args.path.split('/')[1] ?? 'index'}.ts`),
    }));
  },
};

export type SourceBundle = BundleSize & { readonly readable: string };

export async function bundleFromSources(code: string): Promise<SourceBundle> {
  const size = await bundleSize(
    { code, dir: ROOT },
    { plugins: [packageSource], absWorkingDir: ROOT },
  );
  const readable = await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    ...BROWSER_BUNDLE,
    plugins: [packageSource],
  });
  return { ...size, readable: readable.outputFiles[0]!.text };
}

/** The modules a bundle holds, by path. */
export const modulesOf = (b: BundleSize) => b.inputs.map(([file]) => file);
