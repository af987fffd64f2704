/**
 * A project outside the repository that installed the packed package from its tarball, as a
 * user's project would; every cell's entry is written into it and runs from there.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAndPack } from '../../package/support/built-package.js';
import { npm } from '../../package/support/run.js';

export interface Consumer {
  readonly dir: string;
  remove(): Promise<void>;
}

export async function installConsumer(): Promise<Consumer> {
  const pkg = await buildAndPack();
  const dir = await mkdtemp(join(tmpdir(), 'connect-runtimes-'));
  try {
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'runtime-consumer', private: true, type: 'module' }),
    );
    // The package has no dependencies, so the install needs no registry.
    await npm(['install', pkg.tarball, '--offline', '--ignore-scripts'], dir);
  } finally {
    await pkg.remove();
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
