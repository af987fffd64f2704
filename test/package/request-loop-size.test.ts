/**
 * The runtime's request loop, response handling and errors are what every call carries, so
 * their share of the one-operation bundle (createConnectCore + usersRetrieve, as bench/size
 * measures it) has a budget of its own, in minified bytes from esbuild's metafile: sizes are
 * deterministic where timings are not. Before issue 16 these modules took 16.7 KB.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSize, type BundleSize } from '../../bench/size/measure.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The modules of the request loop, its responses and its errors. */
const LOOP_MODULES = [
  'internal/send',
  'internal/attempt',
  'core/retry',
  'core/hooks',
  'core/logger',
  'internal/redact',
  'core/sdk-error',
  'core/errors',
  'core/request-errors',
  'core/invalid-request-error',
  'internal/response-body',
  'internal/read-bytes',
  'core/api-promise',
  'internal/text-body',
  'core/binary-body',
].map((name) => `generated/src/runtime/${name}.ts`);

/**
 * Minified bytes those modules may take, a little above today's 16.2 KB (14.7 KB before issue
 * 25 named the loop's steps, 13.7 KB before issue 24's bounds on hostile servers: see the
 * byte budgets in small-bundle.test.ts).
 */
const LOOP_BUDGET = 16_400;

let size: BundleSize;
beforeAll(async () => {
  size = await bundleSize(
    { file: resolve(ROOT, 'bench/size/connect-one-operation.ts') },
    { absWorkingDir: ROOT },
  );
}, 60_000);

describe('the request loop in the one-operation bundle', () => {
  it('is measured over modules that exist: a renamed one would silently drop out', () => {
    const missing = LOOP_MODULES.filter((file) => !existsSync(resolve(ROOT, file)));
    expect(missing).toEqual([]);
  });

  it(`takes at most ${LOOP_BUDGET} minified bytes`, () => {
    const bytes = size.inputs
      .filter(([file]) => LOOP_MODULES.includes(file))
      .reduce((sum, [, b]) => sum + b, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(LOOP_BUDGET);
  });

  it('carries no body decoder the operation does not use', () => {
    const files = size.inputs.map(([file]) => file);
    expect(files).not.toContain('generated/src/runtime/internal/text-body.ts');
    expect(files).not.toContain('generated/src/runtime/core/binary-body.ts');
  });
});
