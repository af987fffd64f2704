/**
 * What the `/fetch` entry costs an app, measured as bench/size measures bundles (esbuild for
 * the browser, minified, gzip) in the same run as openapi-fetch 0.17.0's: one client and one
 * GET may take at most 1 KB more than theirs (issue 40). The extras are bundled only when
 * imported (validation with the guards of the validators imported alone), and the entry never
 * pulls in the package's own client.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { bundleSize, type BundleSize } from '../../bench/size/measure.js';
import { bundleFromSources, modulesOf, type SourceBundle } from '../support/source-bundle.js';

const ROOT = join(import.meta.dirname, '../..');
const ENTRY = './generated/src/fetch/index.ts';
const VALIDATORS = './generated/src/fetch/validators.ts';
/** The most the entry may weigh above openapi-fetch's, gzipped. */
const ALLOWANCE = 1_024;

const oneCall = (from: string, options = "{ baseUrl: 'https://api.example.com' }") =>
  `import createClient from '${from}';\n` +
  `const client = createClient(${options});\n` +
  "export const pet = client.GET('/pets/{petId}', { params: { path: { petId: '1' } } });\n";

let theirs: BundleSize;
let ours: SourceBundle;
let withExtras: SourceBundle;
let validated: SourceBundle;
beforeAll(async () => {
  [theirs, ours, withExtras, validated] = await Promise.all([
    bundleSize({ code: oneCall('openapi-fetch'), dir: ROOT }),
    bundleFromSources(oneCall(ENTRY)),
    bundleFromSources(
      `import { retries, timeout } from '${ENTRY}';\n` +
        oneCall(
          ENTRY,
          "{ baseUrl: 'https://api.example.com', retry: retries(), timeout: timeout(5000) }",
        ),
    ),
    bundleFromSources(
      `import { validation } from '${ENTRY}';\n` +
        `import { stationsTileValidator } from '${VALIDATORS}';\n` +
        oneCall(
          ENTRY,
          "{ baseUrl: 'https://api.example.com', validate: validation([stationsTileValidator]) }",
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
    // Of the runtime, only the reader that bounds a body's size (`maxResponseBytes`).
    expect(
      modules.filter((m) => !m.startsWith('generated/src/fetch/') && m !== 'entry.ts'),
    ).toEqual(['generated/src/runtime/internal/read-bytes.ts']);
    for (const extra of ['retries.ts', 'timeout.ts', 'validation.ts', 'validators.ts'])
      expect(modules).not.toContain(`generated/src/fetch/${extra}`);
    expect(modulesOf(withExtras)).toEqual(
      expect.arrayContaining([
        'generated/src/fetch/retries.ts',
        'generated/src/fetch/timeout.ts',
        'generated/src/runtime/core/retry.ts',
      ]),
    );
  });

  it("carries with validation the guards of the validators imported, not every operation's", () => {
    expect(modulesOf(validated)).toEqual(
      expect.arrayContaining([
        'generated/src/fetch/validation.ts',
        'generated/src/fetch/validators.ts',
        'generated/src/guards.ts',
      ]),
    );
    // Of the runtime's errors, only the two validation throws, each in a module of its own.
    expect(modulesOf(validated)).not.toContain('generated/src/runtime/core/request-errors.ts');
    expect(validated.readable).toContain('checkMapTile');
    expect(validated.readable).not.toContain('checkPaginatedStationList');
    expect(validated.readable).not.toContain('checkUser');
    // What validation adds, measured beside the budget (not a budget of its own): a few KB.
    expect(validated.gzipped - ours.gzipped).toBeLessThan(4_096);
  });
});
