/**
 * What the `/fetch` entry costs an app, measured as bench/size measures bundles (esbuild for
 * the browser, minified, gzip) in the same run as openapi-fetch 0.17.0's: one client and one
 * GET may take at most 1 KB more than theirs (issue 40). The extras are bundled only when
 * imported, and the entry never pulls in the package's own client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { bundleSize, type BundleSize } from '../../bench/size/measure.js';
import { bundleFromSources, modulesOf, type SourceBundle } from '../support/source-bundle.js';

const ROOT = join(import.meta.dirname, '../..');
const ENTRY = './generated/src/fetch/index.ts';
/** The most the entry may weigh above openapi-fetch's, gzipped. */
const ALLOWANCE = 1_024;

const oneCall = (from: string, options = "{ baseUrl: 'https://api.example.com' }") =>
  `import createClient from '${from}';\n` +
  `const client = createClient(${options});\n` +
  "export const pet = client.GET('/pets/{petId}', { params: { path: { petId: '1' } } });\n";

let theirs: BundleSize;
let ours: SourceBundle;
let withExtras: SourceBundle;
beforeAll(async () => {
  [theirs, ours, withExtras] = await Promise.all([
    bundleSize({ code: oneCall('openapi-fetch'), dir: ROOT }),
    bundleFromSources(oneCall(ENTRY)),
    bundleFromSources(
      `import { retries, timeout } from '${ENTRY}';\n` +
        oneCall(
          ENTRY,
          "{ baseUrl: 'https://api.example.com', retry: retries(), timeout: timeout(5000) }",
        ),
    ),
  ]);
}, 60_000);

describe('the /fetch entry, one call', () => {
  it(`takes at most ${ALLOWANCE} bytes more than openapi-fetch's, gzipped`, () => {
    expect(theirs.gzipped).toBeGreaterThan(2_000);
    expect(ours.gzipped).toBeLessThanOrEqual(theirs.gzipped + ALLOWANCE);
  });

  it('carries no extra unless imported, and none of the package client', () => {
    const modules = modulesOf(ours);
    expect(modules.every((m) => m.startsWith('generated/src/fetch/') || m === 'entry.ts')).toBe(
      true,
    );
    for (const extra of ['retries.ts', 'timeout.ts'])
      expect(modules).not.toContain(`generated/src/fetch/${extra}`);
    expect(modulesOf(withExtras)).toEqual(
      expect.arrayContaining([
        'generated/src/fetch/retries.ts',
        'generated/src/fetch/timeout.ts',
        'generated/src/runtime/core/retry.ts',
      ]),
    );
  });
});
