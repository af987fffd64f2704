/**
 * The places the generator reads beside its own code: the templates, the repository's
 * package.json, its own bin, the cache folder. Every one is resolved here, from this module's
 * URL, because the precompiled bundle (`build.js`) gives every module this one module's source
 * URL for `import.meta.url`: a place written relative to any other module would be right from
 * the sources and wrong from the bundle.
 */
import { fileURLToPath } from 'node:url';

/** A path under the repository's root, the folder holding `generator/` and `templates/`. */
function underRoot(path: string): URL {
  return new URL(`../../${path}`, import.meta.url);
}

/** The folder of the hand-written parts (runtime, fakes, layers), with a trailing separator. */
export const TEMPLATES_DIR = fileURLToPath(underRoot('templates/'));

/** A path under `templates/`: `templatePath('runtime/')`, `templatePath('runtime/index.ts')`. */
export function templatePath(path: string): string {
  return fileURLToPath(underRoot(`templates/${path}`));
}

/** The tool's package.json, whose version is the tool's. */
export const PACKAGE_JSON = fileURLToPath(underRoot('package.json'));

/** The command as a shell runs it (`generator/bin.js`), from the sources or the build alike. */
export const BIN = fileURLToPath(underRoot('generator/bin.js'));

/** Where the caches live (`node_modules/.cache/connect-codegen/`). */
export const CACHE_DIR = fileURLToPath(underRoot('node_modules/.cache/connect-codegen/'));
