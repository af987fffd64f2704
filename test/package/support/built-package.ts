/**
 * Builds and packs the generated package once per test file, from a private copy under
 * .tmp/ so that concurrent runs never share a dist/ directory. The copy sits inside the
 * repository so the build finds the root's TypeScript and @types/node, as in generated/.
 */
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { npm } from './run.js';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const GENERATED_DIR = join(REPO_ROOT, 'generated');

export interface BuiltPackage {
  /** The package directory, built (dist/esm, dist/cjs). */
  readonly dir: string;
  /** The .tgz `npm pack` wrote. */
  readonly tarball: string;
  /** Paths inside the tarball, as `npm pack` lists them, sorted. */
  readonly files: readonly string[];
  readonly manifest: PackageManifest;
  /** Removes the copy and the tarball. */
  remove(): Promise<void>;
}

export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly [field: string]: unknown;
}

interface PackResult {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

/** What the build makes or an editor leaves behind; never part of the package's sources. */
function isSource(path: string): boolean {
  return !/[/\\](dist|node_modules)$/.test(path) && !path.endsWith('.tgz');
}

export async function buildAndPack(): Promise<BuiltPackage> {
  await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
  const root = await mkdtemp(join(REPO_ROOT, '.tmp', 'package-'));
  const dir = join(root, 'package');
  await cp(GENERATED_DIR, dir, { recursive: true, filter: isSource });
  await npm(['run', 'build'], dir);
  // The build ran above; --ignore-scripts keeps prepack from building a second time.
  const { stdout } = await npm(
    ['pack', '--ignore-scripts', '--json', '--pack-destination', root],
    dir,
  );
  const [packed] = JSON.parse(stdout) as PackResult[];
  if (!packed) throw new Error(`npm pack in ${dir} reported no tarball`);
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as PackageManifest;
  return {
    dir,
    tarball: join(root, packed.filename),
    files: packed.files.map((f) => f.path).sort(),
    manifest,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
