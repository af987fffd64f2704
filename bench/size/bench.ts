/**
 * 4. Size: what each import costs a browser bundle, minified and gzipped by esbuild. Sizes
 * do not vary between runs, so each is measured once.
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type Row, type SectionResult, target } from '../lib/report.js';
import { ROOT } from '../lib/work.js';

interface Size {
  readonly minified: number;
  readonly gzipped: number;
  /** Minified bytes each input file contributes, largest first. */
  readonly inputs: readonly (readonly [string, number])[];
}

async function bundleSize(entry: string): Promise<Size> {
  const result = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]) => [file, bytesInOutput] as const)
    .sort((a, b) => b[1] - a[1]);
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength, inputs };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchSize(): Promise<SectionResult> {
  const entries = {
    one: [
      'connect client: one operation alone (ClientCore + usersRetrieve)',
      'bench/size/connect-one-operation.ts',
    ],
    whole: [
      'connect client: whole package (ConnectClient, all guards)',
      'bench/size/connect-whole-client.ts',
    ],
    openapiFetch: ['openapi-fetch (runtime; types are free)', 'bench/size/openapi-fetch.ts'],
    heyOne: [
      '@hey-api/openapi-ts: one operation + fetch client',
      'bench/against/hey-api-one-operation.ts',
    ],
    heyWhole: ['@hey-api/openapi-ts: whole SDK + zod schemas', 'bench/against/hey-api-whole.ts'],
  } as const;
  const sizes = {} as Record<keyof typeof entries, Size>;
  for (const [key, [, file]] of Object.entries(entries) as [
    keyof typeof entries,
    readonly [string, string],
  ][])
    sizes[key] = await bundleSize(file);
  const one = sizes.one.gzipped;
  const two = await bundleSize('bench/size/connect-two-operations.ts');
  return {
    title: 'Size (esbuild, minified + gzip -9)',
    rows: Object.entries(entries)
      .map(([key, [label]]): Row => {
        const size = sizes[key as keyof typeof entries];
        return {
          subject: label,
          figure: `${kb(size.gzipped)} gzipped (${kb(size.minified)} minified)`,
        };
      })
      .concat({
        subject: 'connect client: a second operation (usersList) adds',
        figure: `${kb(two.gzipped - one)} gzipped (${kb(two.minified - sizes.one.minified)} minified)`,
      }),
    targets: [target('one operation alone < 5 KB gzipped', one < 5 * 1024, `${kb(one)} gzipped`)],
    notes: [
      'esbuild bundles each entry (bench/size/*.ts, bench/against/hey-api-*.ts) for the browser as ES2022 ESM with tree shaking and minification; gzip level 9. Sizes are deterministic, so there is one figure each, no range.',
      `Where the one-operation bundle's ${kb(sizes.one.minified)} (minified) come from: ${sizes.one.inputs
        .slice(0, 8)
        .map(([file, bytes]) => `${file.replace(/^generated\/src\//, '')} ${kb(bytes)}`)
        .join(', ')}; the operation itself is a descriptor and a one-line function.`,
      'The one-operation entry builds a `ClientCore` with `CLIENT_META` and calls `usersRetrieve`: the standalone-function way to use the package. `new ConnectClient()` instead pulls in every resource class and so every operation.',
    ],
  };
}
