/**
 * The installed command, as a user types it: `npx connect-codegen …` in a clone after
 * `npm install`. npx finds the bin through the project's own package.json (npm's
 * self-execution of a local package's bin), so these tests fail when the manifest names a
 * file that is missing, not executable, or unable to find tsx and the CLI from where it lies.
 * Each case is one spawned npx; they run side by side to keep the file quick.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../package/support/built-package.js';
import { run, type RunResult } from '../package/support/run.js';
import { useScratchDir } from '../support/scratch.js';

/** A directory below the root: the command must not depend on being run from the root. */
const FIXTURES = join(REPO_ROOT, 'test/fixtures');

const scratch = useScratchDir('connect-codegen-bin-');

function npx(args: readonly string[], cwd = REPO_ROOT): Promise<RunResult> {
  return run('npx', ['connect-codegen', ...args], {
    cwd,
    allowFailure: true,
    env: {
      // npx links the project into an entry of npm's cache and reuses it later, bin link and
      // all: a fresh cache per run makes it read the bin from package.json as it is now, as
      // on a fresh machine.
      npm_config_cache: join(scratch(), 'npm-cache'),
      // If npx ever failed to find the project's own bin, it must not fetch a package of
      // that name from the registry instead.
      npm_config_yes: 'false',
      npm_config_update_notifier: 'false',
      NO_COLOR: '1',
    },
  });
}

describe('npx connect-codegen', () => {
  it('prints the version of the repository and a help that lists every command', async () => {
    const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    // Alone first: the first npx call sets up its cache entry for the project, and two first
    // calls side by side would both set it up.
    expect(await npx(['--version'])).toMatchObject({ exitCode: 0, stdout: `${version}\n` });
    const help = await npx(['--help'], FIXTURES);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^Usage: connect-codegen \[options\] \[command\]$/m);
    for (const command of ['generate', 'validate', 'diff', 'publish'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  }, 60_000);

  it('keeps exit codes and takes paths relative to the working directory: generate 0, validate 1, usage 2, diff 1', async () => {
    const out = join(scratch(), 'petstore');
    const [generated, broken, usage, breaking] = await Promise.all([
      npx(['generate', '--spec', 'other/petstore.yaml', '--out', out], FIXTURES),
      npx(['validate', '--spec', 'other/broken.yaml'], FIXTURES),
      npx(['generate', '--no-such-flag']),
      npx(
        ['diff', '--base', 'diff/connect-api-1.5.0.yaml', '--spec', 'diff/connect-api-1.4.0.yaml'],
        FIXTURES,
      ),
    ]);
    expect(generated.exitCode, generated.stderr).toBe(0);
    expect((await stat(join(out, 'src/client.ts'))).isFile()).toBe(true);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toMatch(/^other\/broken\.yaml:12:\d+ error \[unresolved-ref\]/m);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain("unknown option '--no-such-flag'");
    expect(breaking.exitCode).toBe(1);
    expect(breaking.stdout).toContain('field `connector` removed');
  }, 90_000);
});
