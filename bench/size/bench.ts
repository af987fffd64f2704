/**
 * 4. Size: what each import costs a browser bundle, minified and gzipped by esbuild. Sizes
 * do not vary between runs, so each is measured once. The one-operation bundle is broken
 * down by input module (esbuild's metafile), so every kilobyte of it has a name.
 */
import { join } from 'node:path';
import { type Row, type SectionResult, target } from '../lib/report.js';
import { ROOT } from '../lib/work.js';
import { breakdown, bundleSize, kb, type BundleSize } from './measure.js';

/** The goals, gzipped. */
export const SIZE_GOALS = { one: 4.0 * 1024, client: 8 * 1024, whole: 15 * 1024 } as const;

export async function benchSize(): Promise<SectionResult> {
  const entries = {
    one: [
      'connect client: one operation alone (createConnectCore + usersRetrieve)',
      'bench/size/connect-one-operation.ts',
    ],
    client: [
      'connect client: new ConnectClient() + one call',
      'bench/size/connect-client-one-call.ts',
    ],
    whole: ['connect client: every export of the package', 'bench/size/connect-whole-client.ts'],
    openapiFetch: ['openapi-fetch (runtime; types are free)', 'bench/size/openapi-fetch.ts'],
    heyOne: [
      '@hey-api/openapi-ts: one operation + fetch client',
      'bench/against/hey-api-one-operation.ts',
    ],
    heyWhole: ['@hey-api/openapi-ts: whole SDK + zod schemas', 'bench/against/hey-api-whole.ts'],
  } as const;
  const sizes = {} as Record<keyof typeof entries, BundleSize>;
  for (const [key, [, file]] of Object.entries(entries) as [
    keyof typeof entries,
    readonly [string, string],
  ][])
    sizes[key] = await bundleSize({ file: join(ROOT, file) }, { absWorkingDir: ROOT });
  const { one, client, whole } = sizes;
  const two = await bundleSize(
    { file: join(ROOT, 'bench/size/connect-two-operations.ts') },
    { absWorkingDir: ROOT },
  );
  const parts = breakdown(one);
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
      .concat(
        {
          subject: 'connect client: a second operation (usersList) adds',
          figure: `${kb(two.gzipped - one.gzipped)} gzipped (${kb(two.minified - one.minified)} minified)`,
        },
        // What each kilobyte of the one-operation bundle is, by input module.
        ...parts.map((part): Row => ({
          subject: `one operation, by module: ${part.module}`,
          figure: `${part.minified} B minified (${((part.minified / one.minified) * 100).toFixed(1)}%, ≈ ${part.gzipped} B of the gzip)`,
        })),
      ),
    targets: [
      target(
        'one operation alone ≤ 4.0 KB gzipped',
        one.gzipped <= SIZE_GOALS.one,
        `${kb(one.gzipped)} gzipped`,
      ),
      target(
        'new ConnectClient() + one call ≤ 8 KB gzipped',
        client.gzipped <= SIZE_GOALS.client,
        `${kb(client.gzipped)} gzipped`,
      ),
      target(
        'every export of the package ≤ 15 KB gzipped',
        whole.gzipped <= SIZE_GOALS.whole,
        `${kb(whole.gzipped)} gzipped`,
      ),
    ],
    notes: [
      'esbuild bundles each entry (bench/size/*.ts, bench/against/hey-api-*.ts) for the browser as ES2022 ESM with tree shaking and minification; gzip level 9 (bench/size/measure.ts, which the byte-budget test test/package/small-bundle.test.ts uses too). Sizes are deterministic, so there is one figure each, no range.',
      'The "by module" rows are esbuild metafile bytes each input module puts into the minified one-operation bundle; the gzipped share is that fraction of the gzipped size, an estimate since gzip works across modules.',
      `What new ConnectClient() adds over the one-operation bundle: ${breakdown(client)
        .map((part) => {
          const before = parts.find((p) => p.module === part.module)?.minified ?? 0;
          return [part.module, part.minified - before] as const;
        })
        .filter(([, added]) => added > 200)
        .sort((a, b) => b[1] - a[1])
        .map(([module, added]) => `${module} ${kb(added)}`)
        .join(', ')} (minified).`,
      'The one-operation entry builds a core with `createConnectCore` and calls `usersRetrieve`: the standalone-function way to use the package, as the package README shows it.',
      'What stands between the one-operation bundle and 4 KB: it is the runtime alone (the operation, its descriptor and its guard are under 1.2 KB minified). Pagination, tiles and every body encoder but JSON are out: form, multipart, text and binary encoders are named by the descriptors that need them (runtime/form-body.ts, text-body.ts, binary-body.ts). Option checks are one table and one checker (config.ts), errors show their own fields without per-class code, and one deep walk serves scrubbing, redaction and errors. The rest is what every call can need: the retry loop with hooks and logs (send.ts), Retry-After and HTTP-date parsing (retry.ts), path, query, header and cookie encoding with their argument errors (url.ts, headers.ts), the error classes (errors.ts, request-errors.ts, sdk-error.ts), the refused-port list (fetch-refusal.ts) and redaction (redact.ts). Reaching 4 KB means a runtime written for size (messages by code, one error class with a status table, fewer modules), not more tree shaking. For new ConnectClient(), 29 KB of the 73 KB minified is the guards of every operation, which the resource classes reach; a smaller guard form (schema tables read by one small checker) is what would bring it near 8 KB.',
    ],
  };
}
