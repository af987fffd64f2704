/**
 * The generated package as a user gets it: built and packed by npm (`npm pack` runs the
 * package's own `prepack` build, tsc to dist/esm and dist/cjs, and keeps only what its
 * `files` field lists), then unpacked into a consumer project's
 * `node_modules/connect-api-client`. The consumer imports 'connect-api-client', so the
 * compiler resolves it through the package's `exports` to `dist/esm/*.d.ts`, which is what
 * an installed user's `tsc` reads, rather than the package's TypeScript sources.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { runOnce } from '../lib/processes.js';
import { ROOT, freshDir } from '../lib/work.js';

export const PACKAGE_NAME = 'connect-api-client';
/** The consumer's import of the package's sources, as written in connect-consumer.ts. */
export const SOURCE_SPECIFIER = '../../generated/src/index.js';
export const CONSUMER_SOURCE = join(ROOT, 'bench/typecheck/connect-consumer.ts');

export interface InstalledConsumer {
  /** The consumer project's root: its tsconfig.json, the consumer file and node_modules. */
  readonly dir: string;
  readonly project: string;
  readonly consumer: string;
  /** Where the package was unpacked: `<dir>/node_modules/connect-api-client`. */
  readonly packageDir: string;
  readonly tarball: string;
}

/** The root tsconfig's compiler options: what every consumer project in this section is checked with. */
export function rootCompilerOptions(): Record<string, unknown> {
  const root = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  return { ...root.compilerOptions, noEmit: true };
}

/** The consumer file with its import pointed at the installed package instead of the sources. */
export function installedConsumerText(): string {
  const text = readFileSync(CONSUMER_SOURCE, 'utf8');
  const quoted = `'${SOURCE_SPECIFIER}'`;
  if (!text.includes(quoted))
    throw new Error(`${CONSUMER_SOURCE} no longer imports ${quoted}; update installed.ts`);
  return text.split(quoted).join(`'${PACKAGE_NAME}'`);
}

/**
 * Packs `packageSource` (the committed generated/ by default) and installs the tarball into a
 * fresh consumer project under `dir`. The copy it packs from lies under the repository, so
 * the build's `tsc` and `@types/node` come from the repository's node_modules as they would
 * from the package's devDependencies; nothing is fetched.
 */
export function installPackedClient(
  dir: string,
  packageSource = join(ROOT, 'generated'),
): InstalledConsumer {
  freshDir(dir);
  const source = join(dir, 'package');
  cpSync(packageSource, source, {
    recursive: true,
    // A stale local build or install must not reach the tarball: prepack builds afresh.
    filter: (path) => !/[\\/](dist|node_modules)$/.test(path),
  });
  const packs = join(dir, 'packs');
  mkdirSync(packs);
  runOnce(
    {
      label: 'npm pack (generated/)',
      executable: process.platform === 'win32' ? 'npm.cmd' : 'npm',
      args: ['pack', '--pack-destination', packs, '--silent', '--ignore-scripts=false'],
    },
    source,
    { PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` },
  );
  const tarballs = readdirSync(packs).filter((n) => n.endsWith('.tgz'));
  if (tarballs.length !== 1)
    throw new Error(`npm pack left ${tarballs.length} tarballs in ${packs}`);
  const tarball = join(packs, tarballs[0]!);
  const consumerDir = join(dir, 'consumer');
  const packageDir = join(consumerDir, 'node_modules', PACKAGE_NAME);
  mkdirSync(packageDir, { recursive: true });
  // npm's tarballs hold everything under `package/`.
  runOnce({
    label: 'tar (unpack)',
    executable: 'tar',
    args: ['-xzf', tarball, '-C', packageDir, '--strip-components=1'],
  });
  const consumer = join(consumerDir, 'connect-consumer.ts');
  writeFileSync(consumer, installedConsumerText());
  const project = join(consumerDir, 'tsconfig.json');
  writeFileSync(
    project,
    `${JSON.stringify({ compilerOptions: rootCompilerOptions(), files: ['connect-consumer.ts'] }, null, 2)}\n`,
  );
  return { dir: consumerDir, project, consumer, packageDir, tarball };
}
