/**
 * `npm run pack:generator [-- --out <dir>]`: the generator as its own npm package,
 * `connect-codegen-<version>.tgz`, written to `.build/pack/` (build output, ignored by git,
 * not the repository's root) unless `--out` names another folder. A staged folder gets the prebuilt bundle (`build.js`'s
 * `bundle`), the command that runs it, the templates and layers it copies from, and a
 * package.json whose dependencies are the packages the bundle loads (`manifest.ts`); then
 * `npm pack` packs that folder. No TypeScript source ships: a user's install runs plain
 * JavaScript and needs neither esbuild nor tsx.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { bundle, ROOT } from '../build.js';
import {
  generatorManifest,
  PACKAGE_BIN,
  PACKAGE_BUNDLE_DIR,
  runtimePackages,
  type GeneratorManifest,
  type RootManifest,
} from './manifest.js';

export interface PackedGenerator {
  /** Absolute path of the tarball. */
  readonly tarball: string;
  /** Paths inside the tarball, sorted. */
  readonly files: readonly string[];
  readonly manifest: GeneratorManifest;
  /** The tarball's size and the unpacked size, in bytes, as npm reports them. */
  readonly size: number;
  readonly unpackedSize: number;
}

interface NpmPackReport {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly files: readonly { readonly path: string }[];
}

/** Files the package carries besides the bundle, from the repository: `[from, to]`. */
const COPIED: readonly (readonly [string, string])[] = [
  ['templates', 'templates'],
  ['generator/compile-cache.js', 'generator/compile-cache.js'],
  ['generator/pack/bin.js', PACKAGE_BIN],
  ['generator/pack/README.md', 'README.md'],
];

export async function packGenerator(destination: string): Promise<PackedGenerator> {
  const root = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as RootManifest;
  const stage = await mkdtemp(join(tmpdir(), 'connect-codegen-pack-'));
  try {
    const metafile = await bundle(join(stage, PACKAGE_BUNDLE_DIR));
    const made = generatorManifest(root, runtimePackages(metafile));
    if ('problem' in made) throw new Error(made.problem);
    for (const [from, to] of COPIED) {
      await mkdir(join(stage, to, '..'), { recursive: true });
      await cp(join(ROOT, from), join(stage, to), { recursive: true });
    }
    await writeFile(join(stage, 'package.json'), `${JSON.stringify(made.manifest, null, 2)}\n`);
    await mkdir(destination, { recursive: true });
    const { stdout } = await promisify(execFile)(
      'npm',
      [
        'pack',
        '--json',
        '--ignore-scripts',
        '--pack-destination',
        destination,
        '--no-update-notifier',
      ],
      { cwd: stage },
    );
    const [report] = JSON.parse(stdout) as NpmPackReport[];
    if (!report) throw new Error(`npm pack in ${stage} reported no tarball`);
    return {
      tarball: join(destination, report.filename),
      files: report.files.map((f) => f.path).sort(),
      manifest: made.manifest,
      size: report.size,
      unpackedSize: report.unpackedSize,
    };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Where the tarball goes when `--out` is not given: beside the generator's bundle builds. */
export const DEFAULT_PACK_DIR = join(ROOT, '.build', 'pack');

/**
 * The destination folder from the command's arguments: `--out <dir>` (relative to `cwd`) or
 * the default. Anything else is refused, so a mistyped option does not pack somewhere unasked.
 */
export function packDestination(args: readonly string[], cwd: string): string {
  let values: { out?: string };
  try {
    ({ values } = parseArgs({ args: [...args], options: { out: { type: 'string' } } }));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`${why} (usage: npm run pack:generator [-- --out <dir>])`);
  }
  return values.out === undefined ? DEFAULT_PACK_DIR : resolve(cwd, values.out);
}

const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    // `npm run` starts the script in the repository's root; INIT_CWD is where it was typed,
    // which a relative `--out` means.
    const cwd = process.env.INIT_CWD ?? process.cwd();
    const packed = await packGenerator(packDestination(process.argv.slice(2), cwd));
    process.stdout.write(
      `${packed.tarball}\n${packed.files.length} files, ${kB(packed.size)} packed, ${kB(packed.unpackedSize)} unpacked\n`,
    );
  } catch (error) {
    process.stderr.write(
      `pack:generator: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}
