/**
 * The openapi-fetch sample project (test/fixtures/openapi-fetch-project) run as its owner
 * would: copied to a temporary folder, with a node_modules made of links to the repository's
 * packages (nothing is installed, nothing is fetched), its own scripts run by npm.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SAMPLE_PROJECT = resolve('test/fixtures/openapi-fetch-project');
const REPO_MODULES = resolve('node_modules');
const BIN = resolve('generator/bin.js');

/** Copies the sample into `dir`, without what its own runs make. */
export async function copySample(dir: string): Promise<void> {
  await cp(SAMPLE_PROJECT, dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|api-client|v1\.d\.ts)$/.test(source),
  });
}

/**
 * `dir/node_modules` as an install would leave it: a link to each of the repository's
 * packages and binaries, `connect-codegen` on the PATH as the installed command, and `links`
 * (package name → folder inside the project, as a `file:` dependency is linked by npm); the
 * packages (and binaries) named in `omit` are left out, as an install leaves out a dropped
 * dependency.
 */
export async function linkNodeModules(
  dir: string,
  links: Record<string, string> = {},
  omit: readonly string[] = [],
): Promise<void> {
  const modules = join(dir, 'node_modules');
  await mkdir(join(modules, '.bin'), { recursive: true });
  for (const name of await readdir(REPO_MODULES)) {
    if (name === '.bin' || name.startsWith('.') || omit.includes(name)) continue;
    await symlink(join(REPO_MODULES, name), join(modules, name));
  }
  for (const name of await readdir(join(REPO_MODULES, '.bin')))
    if (!omit.includes(name))
      await symlink(join(REPO_MODULES, '.bin', name), join(modules, '.bin', name));
  await symlink(BIN, join(modules, '.bin', 'connect-codegen'));
  for (const [name, folder] of Object.entries(links))
    await symlink(join('..', folder), join(modules, name), 'dir');
}

export interface Ran {
  readonly code: number;
  readonly output: string;
}

/** Runs `command` in `dir` with the project's binaries first on the PATH, as npm scripts see them. */
export async function inProject(
  dir: string,
  command: string,
  args: readonly string[],
): Promise<Ran> {
  const env = {
    ...process.env,
    PATH: `${join(dir, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    CI: '1',
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
  // Vitest's own worker variables would make a nested vitest think it is a worker.
  for (const key of Object.keys(env))
    if (key.startsWith('VITEST')) delete env[key as keyof typeof env];
  try {
    const { stdout, stderr } = await run(command, [...args], {
      cwd: dir,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    };
  }
}
