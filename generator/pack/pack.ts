/**
 * `npm run pack:generator [-- <destination>]`: the generator as its own npm package,
 * `connect-codegen-<version>.tgz`. A staged folder gets the prebuilt bundle (`build.js`'s
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
import { promisify } from 'node:util';
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

const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const packed = await packGenerator(resolve(process.argv[2] ?? ROOT));
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
