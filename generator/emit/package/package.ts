/**
 * package.json and the tsconfigs of the generated package. It builds with tsc alone, twice:
 * ESM into dist/esm and CommonJS into dist/cjs, each with its own declarations, so that
 * `import` and `require` both get types that describe the module they load (what attw checks).
 */
import type { Ir } from '../../ir/types.js';
import type { LayerContribution } from '../templates/layer.js';
import type { EmittedFile } from '../common/model.js';
import { SOURCE_DIR } from '../common/model.js';
import { REACT_QUERY_DIR } from '../../shared/templates/dirs.js';

/** The TypeScript the package builds with; the same version the generator is tested with. */
export const TYPESCRIPT_VERSION = '5.9.3';

/** Node's types, for building the fake server. */
export const NODE_TYPES_VERSION = '^20.19.0';

export const ESM_DIR = 'dist/esm';
export const CJS_DIR = 'dist/cjs';

/** A public entry point: `.` or a subpath such as `./testing`, and its module under src/. */
export interface PackageEntry {
  readonly subpath: string;
  /** Path under src/ without extension: `index`, `connect/fake/fake`, `fake/index`. */
  readonly module: string;
}

/**
 * Entry points present among the emitted files: `./fetch` when the package carries the
 * fetch entry (`fetch/index.ts`, openapi-fetch's API) and `./fetch/validators` with it when an
 * operation has a JSON answer to check (`fetch/validators.ts`), `./forms` when there is a request to validate
 * (`forms.ts`), `./query` when there is an operation (TanStack Query options, `query.ts`), and
 * the package's fake: `./fake` in process and free of Node, `./testing` all a test needs. A
 * layer's fake server (`<lib>/fake/`) gives both (`fake.ts`, and `index.ts` with the server
 * on a port); the fake made from the spec (`fake/`) is Node-free, so both name it.
 */
export function packageEntries(emittedPaths: readonly string[]): PackageEntry[] {
  const has = (module: string) => emittedPaths.includes(`${SOURCE_DIR}/${module}.ts`);
  const layerFake = layerFakeModule(emittedPaths, 'index');
  const inProcess = [layerFakeModule(emittedPaths, 'fake'), 'fake/index'].find(
    (m) => m !== undefined && has(m),
  );
  const testing = [layerFake, 'fake/index'].find((m) => m !== undefined && has(m));
  return [
    { subpath: '.', module: 'index' },
    ...(inProcess !== undefined ? [{ subpath: './fake', module: inProcess }] : []),
    ...(has('fetch/index') ? [{ subpath: './fetch', module: 'fetch/index' }] : []),
    ...(has('fetch/validators')
      ? [{ subpath: './fetch/validators', module: 'fetch/validators' }]
      : []),
    ...(has('forms') ? [{ subpath: './forms', module: 'forms' }] : []),
    ...(has('query') ? [{ subpath: './query', module: 'query' }] : []),
    ...(hasReactQuery(emittedPaths)
      ? [{ subpath: './react-query', module: REACT_QUERY_MODULE }]
      : []),
    ...(testing !== undefined ? [{ subpath: './testing', module: testing }] : []),
  ];
}

/**
 * `<lib>/fake/<name>` when the package has a layer's fake server (`src/<lib>/fake/<name>.ts`,
 * one folder below a layer's), else undefined. The fake made from the spec is `fake/` itself.
 */
function layerFakeModule(emittedPaths: readonly string[], name: string): string | undefined {
  const pattern = new RegExp(`^${SOURCE_DIR}/([^/]+)/fake/${name}\\.ts$`);
  const found = emittedPaths.map((path) => pattern.exec(path)).find((m) => m && m[1] !== 'fake');
  return found ? `${found[1]}/fake/${name}` : undefined;
}

/** openapi-react-query's hooks, under src/ without extension. */
const REACT_QUERY_MODULE = `${REACT_QUERY_DIR}/index`;

/**
 * The one package a module of the package imports: openapi-react-query's hooks import TanStack
 * Query. An optional peer, so that a project without React installs the package all the same
 * (npm does not fetch an optional peer) and only `./react-query` needs it.
 */
function peers(emittedPaths: readonly string[]) {
  if (!hasReactQuery(emittedPaths)) return {};
  return {
    peerDependencies: { '@tanstack/react-query': TANSTACK_REACT_QUERY_PEER },
    peerDependenciesMeta: { '@tanstack/react-query': { optional: true } },
  };
}

function hasReactQuery(emittedPaths: readonly string[]): boolean {
  return emittedPaths.includes(`${SOURCE_DIR}/${REACT_QUERY_MODULE}.ts`);
}

/** The TanStack Query versions the hooks work with: those openapi-react-query 0.5.4 asks for. */
export const TANSTACK_REACT_QUERY_PEER = '^5.80.0';

/** What the package's build type-checks its hooks against; the version the generator is tested with. */
export const TANSTACK_REACT_QUERY_BUILD = '5.108.4';

/** Whether the package has the layer's fake server, which runs on `node:http` and builds with Node's types; the fake made from the spec needs neither. */
function hasNodeFake(emittedPaths: readonly string[]): boolean {
  return layerFakeModule(emittedPaths, 'index') !== undefined;
}

function conditions(module: string) {
  return {
    import: { types: `./${ESM_DIR}/${module}.d.ts`, default: `./${ESM_DIR}/${module}.js` },
    require: { types: `./${CJS_DIR}/${module}.d.ts`, default: `./${CJS_DIR}/${module}.js` },
  };
}

/**
 * Resolution for tools that ignore `exports` (TypeScript's `node10`): subpaths get their
 * types through `typesVersions`, the root through `main`/`types`.
 */
function typesVersions(entries: readonly PackageEntry[]) {
  const subpaths = entries.filter((e) => e.subpath !== '.');
  if (subpaths.length === 0) return {};
  return {
    typesVersions: {
      '*': Object.fromEntries(
        subpaths.map((e) => [e.subpath.slice(2), [`./${CJS_DIR}/${e.module}.d.ts`]]),
      ),
    },
  };
}

/** The npm command name of the fake server CLI: `connect-api-client` → `connect-api-fake`. */
export function fakeServerCommand(packageName: string): string {
  return `${packageName.replace(/^@[^/]+\//, '').replace(/-client$/, '')}-fake`;
}

/**
 * `packageVersion` is the package's own version, decided by `generate`'s release step; the
 * API's (`info.version`) is in `src/version.ts` and the README. Without one, a package starts
 * at the API's version, as `generate` starts it too.
 */
export function emitPackageJson(
  ir: Ir,
  header: string,
  emittedPaths: readonly string[],
  packageVersion = ir.info.version,
  layer?: LayerContribution,
): EmittedFile {
  return packageJsonFile(packageManifest(ir, header, emittedPaths, layer), packageVersion);
}

/** package.json as data, all but its version: the release stage digests it before the version is decided. */
export type PackageManifest = { readonly '//': string; readonly name: string } & Readonly<
  Record<string, unknown>
>;

/** package.json with `version` in its place, after the name. */
export function packageJsonFile(manifest: PackageManifest, packageVersion: string): EmittedFile {
  const { '//': header, name, ...rest } = manifest;
  const json = { '//': header, name, version: packageVersion, ...rest };
  return { kind: 'text', path: 'package.json', content: `${JSON.stringify(json, null, 2)}\n` };
}

export function packageManifest(
  ir: Ir,
  header: string,
  emittedPaths: readonly string[],
  layer?: LayerContribution,
): PackageManifest {
  const entries = packageEntries(emittedPaths);
  const cli = layerFakeModule(emittedPaths, 'cli');
  // The CJS build writes its own package.json so Node and TypeScript read dist/cjs as CommonJS.
  const markCjs = `node -e "fs.writeFileSync('${CJS_DIR}/package.json', JSON.stringify({ type: 'commonjs' }) + '\\n')"`;
  const manifest = {
    '//': header,
    name: ir.info.packageName,
    description: `TypeScript client for the ${ir.info.title}: typed functions for every operation, runtime guards, typed errors, retries and pagination.`,
    // A hand-written layer adds what the API is about (`layer.json`).
    keywords: ['api-client', 'openapi', 'typescript', ...(layer?.keywords ?? [])],
    license: 'UNLICENSED',
    type: 'module',
    sideEffects: false,
    engines: { node: '>=20' },
    main: `./${CJS_DIR}/index.js`,
    module: `./${ESM_DIR}/index.js`,
    types: `./${CJS_DIR}/index.d.ts`,
    exports: {
      ...Object.fromEntries(entries.map((e) => [e.subpath, conditions(e.module)])),
      './package.json': './package.json',
    },
    ...typesVersions(entries),
    ...(cli !== undefined
      ? { bin: { [fakeServerCommand(ir.info.packageName)]: `./${ESM_DIR}/${cli}.js` } }
      : {}),
    // The changelog is written by the release step of `generate`; npm skips it when absent.
    files: [ESM_DIR, CJS_DIR, SOURCE_DIR, 'README.md', 'api.md', 'CHANGELOG.md'],
    scripts: {
      clean: `node -e "fs.rmSync('dist', { recursive: true, force: true })"`,
      build: `npm run clean && tsc -p tsconfig.json && tsc -p tsconfig.cjs.json && ${markCjs}`,
      prepack: 'npm run build',
    },
    ...peers(emittedPaths),
    devDependencies: {
      // The hooks' build type-checks against TanStack Query's types.
      ...(hasReactQuery(emittedPaths)
        ? { '@tanstack/react-query': TANSTACK_REACT_QUERY_BUILD }
        : {}),
      // Node's types build the fake server.
      ...(hasNodeFake(emittedPaths) ? { '@types/node': NODE_TYPES_VERSION } : {}),
      typescript: TYPESCRIPT_VERSION,
    },
  };
  return manifest;
}

/** The ESM build, also what editors use for src/. Node 20 and browsers: ES2022 and fetch. */
export function emitTsconfig(header: string, emittedPaths: readonly string[]): EmittedFile {
  const fakeServer = hasNodeFake(emittedPaths);
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      declaration: true,
      declarationMap: true,
      sourceMap: true,
      rootDir: SOURCE_DIR,
      outDir: ESM_DIR,
      skipLibCheck: true,
      // The client needs only the DOM globals; only the layer's fake server runs on Node.
      types: fakeServer ? ['node'] : [],
    },
    include: [SOURCE_DIR],
  };
  return {
    kind: 'text',
    path: 'tsconfig.json',
    content: `// ${header}\n${JSON.stringify(config, null, 2)}\n`,
  };
}

/**
 * The CommonJS build. `node10` resolution maps the sources' `.js` specifiers to `.ts` as
 * NodeNext does, while `module: CommonJS` emits `require` regardless of `"type": "module"`.
 */
export function emitCjsTsconfig(header: string, emittedPaths: readonly string[]): EmittedFile {
  const cliModule = layerFakeModule(emittedPaths, 'cli');
  const cli = cliModule && `${SOURCE_DIR}/${cliModule}.ts`;
  const config = {
    extends: './tsconfig.json',
    compilerOptions: { module: 'CommonJS', moduleResolution: 'Node10', outDir: CJS_DIR },
    // The CLI is an ES module entry point (the bin), so it is built once, as ESM.
    ...(cli !== undefined ? { exclude: [cli] } : {}),
  };
  return {
    kind: 'text',
    path: 'tsconfig.cjs.json',
    content: `// ${header}\n${JSON.stringify(config, null, 2)}\n`,
  };
}
