/**
 * The package around the code: package.json, the tsconfigs, the index module and the
 * version module.
 */
export { emitIndex } from './index-module.js';
export {
  emitCjsTsconfig,
  emitTsconfig,
  packageJsonFile,
  type PackageManifest,
  packageManifest,
} from './package.js';
export { emitVersionModule, NEUTRAL_PACKAGE_VERSION, VERSION_MODULE } from './version-module.js';
