/**
 * The package's modules and its index are one list in `emitPackage`: whatever a spec makes
 * of it (error types or none, a hand-written layer or none), the index re-exports exactly
 * the modules emitted, and every source file is reached from the index or its own entry point.
 */
import { describe, expect, it } from 'vitest';
import { packageEntries } from '../../generator/emit/package/package.js';
import { emittedPackage, sourceOf } from '../support/emitted.js';

describe.each(['spec/connect-api.yaml', 'test/fixtures/valid/petstore-3.0.yaml'])(
  'the package of %s',
  (spec) => {
    it('re-exports from its index every module it emits, and only those', async () => {
      const files = await emittedPackage(spec);
      const paths = files.map((f) => f.path);
      const reexported = sourceOf(files.find((f) => f.path === 'src/index.ts'))
        .getExportDeclarations()
        .map((d) => `src/${d.getModuleSpecifierValue()!.slice(2).replace(/\.js$/, '.ts')}`);
      expect(reexported.filter((p) => !paths.includes(p))).toEqual([]);
      // A file is reached through the index, through its folder's index (the runtime's index
      // reaches its core/ and internal/ below it), or through its own entry point, or is in the
      // folder of an entry point (the fakes'), or is the fakes' library (src/fake/), which a
      // layer's fake in its own folder imports.
      const entries = packageEntries(paths).map((e) => `src/${e.module}.ts`);
      const reached = (path: string) =>
        entries.includes(path) ||
        entries.some((e) => e !== 'src/index.ts' && path.startsWith(e.replace(/index\.ts$/, ''))) ||
        (path.startsWith('src/fake/') && entries.some((e) => /^src\/[^/]+\/fake\//.test(e))) ||
        reexported.includes(path) ||
        reexported.some(
          (r) => r.endsWith('/index.ts') && path.startsWith(r.slice(0, -'index.ts'.length)),
        );
      expect(paths.filter((p) => p.startsWith('src/') && !reached(p))).toEqual([]);
      expect(new Set(paths).size).toBe(paths.length);
    });
  },
);

describe('the react-query entry', () => {
  const petstore = 'test/fixtures/valid/petstore-3.0.yaml';
  const hooks = (files: readonly { path: string }[]) =>
    files.map((f) => f.path).filter((p) => p.startsWith('src/react-query/'));

  it('is emitted by default, beside the fetch client it is built on', async () => {
    const files = await emittedPackage(petstore);
    expect(hooks(files)).toContain('src/react-query/index.ts');
    expect(packageEntries(files.map((f) => f.path)).map((e) => e.subpath)).toContain(
      './react-query',
    );
  });

  it('is left out with modules.reactQuery false, and with modules.fetch false', async () => {
    for (const modules of [{ reactQuery: false }, { fetch: false }]) {
      const files = await emittedPackage(petstore, modules);
      expect(hooks(files)).toEqual([]);
      const readme = files.find((f) => f.path === 'README.md');
      expect(readme?.kind === 'text' && readme.content).not.toContain(
        'petstore-client/react-query',
      );
    }
    // Without the hooks, the fetch client stays.
    const paths = (await emittedPackage(petstore, { reactQuery: false })).map((f) => f.path);
    expect(paths).toContain('src/fetch/index.ts');
  });
});
