/**
 * Where `npm run pack:generator` writes its tarball: build output (`.build/pack/`, ignored by
 * git) unless `--out` names a folder, never the repository's root, where it sat among the
 * sources. The spawned case runs the npm script as a user types it, from another folder.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PACK_DIR, packDestination } from '../../generator/pack/pack.js';
import { REPO_ROOT } from '../package/support/built-package.js';
import { run } from '../package/support/run.js';
import { gitIn } from '../support/git.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-pack-out-');
const tarballName = async () => {
  const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return `connect-codegen-${version}.tgz`;
};

describe('the pack destination', () => {
  it('is .build/pack/ by default, a folder git ignores', async () => {
    expect(packDestination([], '/somewhere')).toBe(join(REPO_ROOT, '.build', 'pack'));
    const tarball = join(DEFAULT_PACK_DIR, await tarballName());
    const ignored = await gitIn(() => REPO_ROOT)('check-ignore', '--no-index', tarball);
    expect(ignored.stdout.trim()).toBe(tarball);
  });

  it('is --out’s folder, relative to where the command was typed', () => {
    expect(packDestination(['--out', 'dist'], '/work/app')).toBe('/work/app/dist');
    expect(packDestination(['--out=/tmp/t'], '/work/app')).toBe('/tmp/t');
  });

  it.each([[['dist']], [['--dest', 'dist']], [['--out']]])('refuses %j with the usage', (args) => {
    expect(() => packDestination(args, '/work/app')).toThrow(
      /usage: npm run pack:generator \[-- --out <dir>\]/,
    );
  });

  it('writes the tarball there when npm run pack:generator is given --out', async () => {
    const { stdout } = await run(
      'npm',
      ['--prefix', REPO_ROOT, 'run', '-s', 'pack:generator', '--', '--out', 'packed'],
      { cwd: scratch(), env: { npm_config_update_notifier: 'false' } },
    );
    const tarball = join(scratch(), 'packed', await tarballName());
    expect(stdout.split('\n')[0]).toBe(tarball);
    expect(await readdir(join(scratch(), 'packed'))).toEqual([await tarballName()]);
    expect((await readdir(REPO_ROOT)).filter((name) => name.endsWith('.tgz'))).toEqual([]);
  }, 120_000);
});
