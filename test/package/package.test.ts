/**
 * The publishable package: built from a copy of generated/ and packed once, then checked the
 * way a registry consumer would meet it — manifest, publint, attw, tarball contents.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPack, type BuiltPackage } from './support/built-package.js';
import { externalImports } from './support/imports.js';
import { attwReport, publintProblems } from './support/lint.js';
import { strayFiles, unbuiltSources } from './support/tarball-contents.js';

let pkg: BuiltPackage;

beforeAll(async () => {
  pkg = await buildAndPack();
}, 180_000);

afterAll(async () => {
  await pkg?.remove();
});

interface Conditions {
  readonly types: string;
  readonly default: string;
}

function exportsMap(): Record<string, { import: Conditions; require: Conditions } | string> {
  return pkg.manifest['exports'] as Record<string, { import: Conditions; require: Conditions } | string>;
}

describe('package manifest', () => {
  it('has no runtime dependencies of any kind', () => {
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
      expect(pkg.manifest[field], field).toBeUndefined();
    }
  });

  it('is side-effect free, needs Node 20 or later and lists what it publishes', () => {
    expect(pkg.manifest['sideEffects']).toBe(false);
    expect(pkg.manifest['engines']).toEqual({ node: '>=20' });
    expect(pkg.manifest['files']).toEqual(expect.arrayContaining(['dist/esm', 'dist/cjs', 'README.md', 'api.md']));
  });

  it('exports the client and the testing entry point with ESM, CommonJS and types for each', () => {
    const map = exportsMap();
    expect(Object.keys(map).sort()).toEqual(['.', './package.json', './testing']);
    for (const [subpath, entry] of Object.entries(map)) {
      if (typeof entry === 'string') continue;
      for (const [condition, target] of Object.entries(entry)) {
        const dir = condition === 'import' ? 'dist/esm/' : 'dist/cjs/';
        expect(target.types, `${subpath} ${condition}`).toMatch(new RegExp(`^\\./${dir}.+\\.d\\.ts$`));
        expect(pkg.files, `${subpath} ${condition} types`).toContain(target.types.slice(2));
        expect(pkg.files, `${subpath} ${condition} code`).toContain(target.default.slice(2));
      }
    }
  });

  it('installs the fake server as a command, from a file in the tarball', () => {
    const bin = pkg.manifest['bin'] as Record<string, string>;
    const [target] = Object.values(bin);
    expect(target).toMatch(/^\.\/dist\/esm\/testing\/cli\.js$/);
    expect(pkg.files).toContain(target!.slice(2));
  });
});

describe('package lint', () => {
  it('publint finds nothing, not even a suggestion', async () => {
    expect(await publintProblems(pkg.tarball)).toEqual([]);
  }, 60_000);

  it('attw finds no type resolution problem for any entry point', async () => {
    const report = await attwReport(pkg.tarball);
    expect(report.entrypoints).toEqual(expect.arrayContaining(['.', './testing']));
    expect(report.problems).toEqual([]);
  }, 60_000);
});

describe('npm pack', () => {
  it('holds nothing stray', () => {
    expect(pkg.files.length).toBeGreaterThan(10);
    expect(strayFiles(pkg.files)).toEqual([]);
  });

  it('holds the ESM and CommonJS build of every source', () => {
    expect(unbuiltSources(pkg.files, 'dist/esm')).toEqual([]);
    // The CLI is an ES module entry point only; everything else is built both ways.
    expect(unbuiltSources(pkg.files, 'dist/cjs', ['src/testing/cli.ts'])).toEqual([]);
    expect(pkg.files).toContain('dist/cjs/package.json');
  });

  it('loads nothing from outside the package, and Node built-ins only in the fake server', async () => {
    for (const build of ['dist/esm', 'dist/cjs']) {
      const outside = await externalImports(join(pkg.dir, build));
      const misplaced = outside.filter((i) => !(i.file.startsWith('testing/') && i.specifier.startsWith('node:')));
      expect(misplaced, build).toEqual([]);
    }
  });
});
