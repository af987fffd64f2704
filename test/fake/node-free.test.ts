/**
 * The fake's in-process entry point (`connect-api-client/fake`, src/connect/fake/fake.ts) needs
 * nothing of Node: bundled for the browser with no module left external, as a web app's
 * bundler would, it builds, reaches none of the `node:http` modules, and its code names no
 * Node global. The Node entry point (`./testing`) does not bundle that way, which shows the
 * check can fail.
 */
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../package/support/built-package.js';

const TESTING = join(REPO_ROOT, 'generated/src/connect/fake');

async function browserBundle(entry: string): Promise<{ text: string; metafile: Metafile }> {
  const result = await build({
    entryPoints: [join(TESTING, entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
  });
  return { text: result.outputFiles[0]!.text, metafile: result.metafile };
}

describe('the in-process fake', () => {
  it('bundles for the browser with nothing external and reaches no module of the node:http server', async () => {
    const { text, metafile } = await browserBundle('fake.ts');
    const inputs = Object.keys(metafile.inputs);
    // The package's own modules only: no dependency, no shim.
    expect(inputs.filter((path) => !path.startsWith('generated/src/'))).toEqual([]);
    const modules = inputs.map((path) => path.slice('generated/src/'.length));
    expect(modules).toEqual(
      expect.arrayContaining([
        'connect/fake/fake-core.ts',
        'fake/fetch-handler.ts',
        'fake/in-process.ts',
        'connect/fake/in-process.ts',
      ]),
    );
    expect(
      modules.filter((m) =>
        /^(fake\/node\/http|connect\/fake\/(server|cli-main|cli|index))\.ts$/.test(m),
      ),
    ).toEqual([]);
    // Node's globals, which a browser, a Worker or React Native lack.
    expect(
      text.match(/(?<![\w$.\-/])(Buffer|process|require|__dirname|setImmediate)\b[.(]/g) ?? [],
    ).toEqual([]);
    expect(text).not.toMatch(/["']node:/);
  });

  it("is what the Node entry point is not: ./testing's server needs node:http", async () => {
    await expect(browserBundle('index.ts')).rejects.toThrow(/node:http/);
  });
});
