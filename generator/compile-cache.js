// V8's compiled code for the largest CommonJS files a run loads, kept across runs. ts-morph
// brings TypeScript's compiler (@ts-morph/common/dist/typescript.js, 9 MB of JavaScript):
// compiling it is about 0.3 s of every run's CPU, and with V8's code cache (what Node 22's
// `module.enableCompileCache` does for every module) about a quarter of that.
//
// On Node 22 and later Node's own compile cache is used, for every module. Node 20 has none,
// so this file compiles the few files in `CACHED_FILES` itself through `vm.Script` with
// `cachedData` and runs them as Node's loader would. V8 checks that a cache entry fits the
// source and the engine (and ignores it otherwise); the key (the file's path, size and
// modification time, and Node's version) makes sure an updated package never reads an older
// entry. An entry is written when the process exits, after the run, so that it holds the
// functions the run compiled too. A missing, unreadable or rejected entry only means
// compiling as usual; `CONNECT_CODEGEN_CACHE=off` turns it off, as it does the other caches.
//
// Plain JavaScript: it runs before the generator's bundle is loaded.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

export const CACHE_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '../node_modules/.cache/connect-codegen/v8',
);

/** Paths inside node_modules of the files worth caching: the rest is small. */
export const CACHED_FILES = [
  ['@ts-morph', 'common', 'dist', 'typescript.js'].join(sep),
  ['@ts-morph', 'common', 'dist', 'ts-morph-common.js'].join(sep),
  ['ts-morph', 'dist', 'ts-morph.js'].join(sep),
];

/** What happened to each cached file in this process: its entry was used, or not (and is written at exit). */
export const compileCacheUse = [];

function cacheKey(filename) {
  const { size, mtimeMs } = statSync(filename);
  return createHash('sha256')
    .update(`${process.version}\0${process.arch}\0${filename}\0${size}\0${mtimeMs}`)
    .digest('hex');
}

function readEntry(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

function writeEntry(path, data) {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch {
    // A read-only or full disk only costs the next run its shortcut.
  }
}

let installed = false;

/**
 * Turns the cache on for this process (once); returns how: Node's own (`node`), this file's
 * (`files`), or not at all (`off`). `dir` is for tests.
 */
export function enableCompileCache(env = process.env, dir = CACHE_DIR) {
  if (installed) return 'installed';
  if (env.CONNECT_CODEGEN_CACHE === 'off') return 'off';
  installed = true;
  if (typeof Module.enableCompileCache === 'function') {
    Module.enableCompileCache(dir);
    return 'node';
  }
  const pending = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename, ...rest) {
    if (!CACHED_FILES.some((file) => filename.endsWith(`${sep}node_modules${sep}${file}`)))
      return compile.call(this, content, filename, ...rest);
    let entry;
    try {
      entry = join(dir, cacheKey(filename));
    } catch {
      return compile.call(this, content, filename, ...rest);
    }
    const cachedData = readEntry(entry);
    const script = new vm.Script(Module.wrap(content), {
      filename,
      ...(cachedData ? { cachedData } : {}),
    });
    const used = cachedData !== undefined && script.cachedDataRejected === false;
    compileCacheUse.push({ filename, used });
    if (!used) pending.push({ script, entry });
    const wrapper = script.runInThisContext({ displayErrors: true });
    const require = makeRequire(this);
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };
  process.once('exit', () => {
    for (const { script, entry } of pending) writeEntry(entry, script.createCachedData());
  });
  return 'files';
}

/** The `require` a module's code gets, as Node makes it (these files only call it and `.resolve`). */
function makeRequire(module) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}
