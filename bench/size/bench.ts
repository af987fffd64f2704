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
    connectFetch: [
      "connect /fetch: the same call through openapi-fetch's API on our runtime (extras off)",
      'bench/size/connect-fetch.ts',
    ],
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
  const { one, client, whole, openapiFetch, connectFetch } = sizes;
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
        "connect /fetch ≤ openapi-fetch's size + 1 KB gzipped (issue 40)",
        connectFetch.gzipped <= openapiFetch.gzipped + 1024,
        `${kb(connectFetch.gzipped)} gzipped, ${(connectFetch.gzipped / openapiFetch.gzipped).toFixed(2)}× openapi-fetch's ${kb(openapiFetch.gzipped)}`,
      ),
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
      'What stands between the one-operation bundle and 4 KB: it is the runtime alone (usersRetrieve, its descriptor and its guard are under 1 KB minified). What a call does not use is already out: pagination, tiles, every body encoder, query, header and cookie encoding, label and matrix paths and argument checks are named by the descriptors that need them (runtime/core/body.ts, params.ts, request-checks.ts, url.ts, form-body.ts, text-body.ts, binary-body.ts). What is left is what any call can need: the retry loop with its per-attempt timer and abort, hooks and logs (send.ts); the option, token and baseUrl checks with their messages (config.ts); Retry-After and HTTP-date parsing (retry.ts); the typed error classes (errors.ts, request-errors.ts, sdk-error.ts); secret redaction (redact.ts) and the refused-port list (fetch-refusal.ts). When this note was written (2026-11-23) a quarter of the minified bytes were message text. Halving the bundle again means dropping features the issue keeps (hooks, logging, token providers, deadlines, the insecure-transport and refused-port checks) or the messages that name where input went wrong. For new ConnectClient(), the guards of every operation, which the resource classes reach, are about 29 KB minified and 4.6 KB gzipped on their own; a compact guard form (shared leaf checkers, messages built on failure) cut them to 21 KB minified but saved only 0.3 KB gzipped, since gzip already folds the repeated checks, and cost about 10% of guard throughput, so it was not taken.',
    ],
  };
}
