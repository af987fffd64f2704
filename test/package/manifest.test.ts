/**
 * The package emitter as a function: what the manifest and build configs say for a package
 * with and without the fake server, from a hand-made IR.
 */
import { describe, expect, it } from 'vitest';
import type { Ir } from '../../generator/ir/types.js';
import type { EmittedFile } from '../../generator/emit/common/model.js';
import {
  emitCjsTsconfig,
  emitPackageJson,
  emitTsconfig,
  fakeServerCommand,
} from '../../generator/emit/package/package.js';

const IR: Ir = {
  info: { title: 'Parking API', version: '2.1.0', packageName: '@acme/parking-client' },
  servers: [],
  schemas: [],
  enums: [],
  operations: [],
  resources: { name: '', path: [], operations: [], children: [] },
};
const CLIENT_ONLY = ['src/index.ts', 'src/client.ts', 'src/runtime/index.ts'];
const WITH_FAKE = [
  ...CLIENT_ONLY,
  'src/connect/fake/fake.ts',
  'src/connect/fake/index.ts',
  'src/connect/fake/cli.ts',
];

function json(file: EmittedFile): Record<string, unknown> {
  if (file.kind !== 'text') throw new Error(`${file.path}: expected text`);
  // The tsconfigs start with a `//` header line, which JSON.parse does not take.
  return JSON.parse(file.content.replace(/^\/\/.*\n/, '')) as Record<string, unknown>;
}

describe('package manifest emitter', () => {
  it('exports only the client, types first per condition, when there is no fake server', () => {
    const manifest = json(emitPackageJson(IR, 'HEADER', CLIENT_ONLY));
    expect(manifest['name']).toBe('@acme/parking-client');
    expect(manifest['version']).toBe('2.1.0');
    expect(manifest['exports']).toEqual({
      '.': {
        import: { types: './dist/esm/index.d.ts', default: './dist/esm/index.js' },
        require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
      },
      './package.json': './package.json',
    });
    expect(
      Object.keys(
        (manifest['exports'] as Record<string, Record<string, object>>)['.']!['import']!,
      )[0],
    ).toBe('types');
    expect(manifest['bin']).toBeUndefined();
    expect(manifest['typesVersions']).toBeUndefined();
    expect(manifest['dependencies']).toBeUndefined();
    expect(json(emitTsconfig('HEADER', CLIENT_ONLY))['compilerOptions']).toMatchObject({
      types: [],
      outDir: 'dist/esm',
    });
    expect(json(emitCjsTsconfig('HEADER', CLIENT_ONLY))).toEqual({
      extends: './tsconfig.json',
      compilerOptions: { module: 'CommonJS', moduleResolution: 'Node10', outDir: 'dist/cjs' },
    });
  });

  it('adds the fake and testing entry points, their node10 types and the CLI when the fake server is emitted', () => {
    const manifest = json(emitPackageJson(IR, 'HEADER', WITH_FAKE));
    expect(Object.keys(manifest['exports'] as object)).toEqual([
      '.',
      './fake',
      './testing',
      './package.json',
    ]);
    expect((manifest['exports'] as Record<string, unknown>)['./fake']).toEqual({
      import: {
        types: './dist/esm/connect/fake/fake.d.ts',
        default: './dist/esm/connect/fake/fake.js',
      },
      require: {
        types: './dist/cjs/connect/fake/fake.d.ts',
        default: './dist/cjs/connect/fake/fake.js',
      },
    });
    expect(manifest['typesVersions']).toEqual({
      '*': {
        fake: ['./dist/cjs/connect/fake/fake.d.ts'],
        testing: ['./dist/cjs/connect/fake/index.d.ts'],
      },
    });
    expect(manifest['bin']).toEqual({ 'parking-fake': './dist/esm/connect/fake/cli.js' });
    expect(json(emitTsconfig('HEADER', WITH_FAKE))['compilerOptions']).toMatchObject({
      types: ['node'],
    });
    // The CLI is an ES module entry point: the CommonJS build leaves it out.
    expect(json(emitCjsTsconfig('HEADER', WITH_FAKE))['exclude']).toEqual([
      'src/connect/fake/cli.ts',
    ]);
  });

  it('names the fake server command after the package, without scope or -client', () => {
    expect(fakeServerCommand('connect-api-client')).toBe('connect-api-fake');
    expect(fakeServerCommand('@acme/parking-client')).toBe('parking-fake');
    expect(fakeServerCommand('weather')).toBe('weather-fake');
  });

  it('is deterministic: the same input gives the same bytes', () => {
    expect(emitPackageJson(IR, 'HEADER', WITH_FAKE)).toEqual(
      emitPackageJson(IR, 'HEADER', [...WITH_FAKE]),
    );
  });
});
