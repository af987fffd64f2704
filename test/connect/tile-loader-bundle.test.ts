/**
 * The loader costs nothing to a bundle that does not import it: bundled with esbuild from the
 * generated package's sources, a small-bundle call carries none of the loader's code, and a
 * bundle that imports it does.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

async function bundle(code: string): Promise<string> {
  const result = await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Texts only the loader's modules hold (error messages survive minifying). */
const LOADER_MARKS = ['maxTilesPerRequest', 'more than maxTiles'];

describe('the tile loader in a bundle', () => {
  it('is absent from a bundle that does not import it', async () => {
    const text = await bundle(
      "import { createConnectCore, stationsTile, tileForPoint } from './generated/src/index.js';\n" +
        'const c = createConnectCore({ token: "t" });\n' +
        'const { x, y, z } = tileForPoint(52.5, 13.4, 12);\n' +
        'export const tile = stationsTile(c, { x: [x], y: [y], z });\n',
    );
    for (const mark of LOADER_MARKS) expect(text).not.toContain(mark);
  });

  it('is present in a bundle that does', async () => {
    const text = await bundle(
      "import { createConnectCore, createTileLoader, stationsTile } from './generated/src/index.js';\n" +
        'const c = createConnectCore({ token: "t" });\n' +
        'export const loader = createTileLoader((q, o) => stationsTile(c, q, o));\n',
    );
    for (const mark of LOADER_MARKS) expect(text).toContain(mark);
  });
});
