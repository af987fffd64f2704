/**
 * How a bundle is measured, shared by the size bench and the byte-budget test: esbuild bundles
 * for the browser as ES2022 ESM with tree shaking and minification, gzip level 9, and its
 * metafile says how many minified bytes each input module put into the output.
 */
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';

export interface BundleSize {
  readonly minified: number;
  readonly gzipped: number;
  /** Minified bytes each input module contributes, largest first, paths relative to the root. */
  readonly inputs: readonly (readonly [string, number])[];
}

/**
 * How every bundle here is built: the way a browser app's bundler would take the package. Tests
 * that look into a bundle for names use the same options without minifying.
 */
export const BROWSER_BUNDLE = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'silent',
} as const satisfies BuildOptions;

/** Where the bundle starts: a file, or code resolved from a directory. */
export type BundleEntry =
  { readonly file: string } | { readonly code: string; readonly dir: string };

export async function bundleSize(
  entry: BundleEntry,
  extra: Pick<BuildOptions, 'plugins' | 'absWorkingDir'> = {},
): Promise<BundleSize> {
  const result = await build({
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : {
          stdin: {
            contents: entry.code,
            resolveDir: entry.dir,
            loader: 'ts' as const,
            sourcefile: 'entry.ts',
          },
        }),
    ...extra,
    ...BROWSER_BUNDLE,
    minify: true,
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]) => [file, bytesInOutput] as const)
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength, inputs };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Each input module's share of the bundle: its minified bytes, and the same share of the
 * gzipped size (gzip works across module boundaries, so that part is an estimate).
 */
export function breakdown(
  size: BundleSize,
): { module: string; minified: number; gzipped: number }[] {
  return size.inputs.map(([file, bytes]) => ({
    module: file.replace(/^generated\/src\//, ''),
    minified: bytes,
    gzipped: Math.round((bytes / size.minified) * size.gzipped),
  }));
}
