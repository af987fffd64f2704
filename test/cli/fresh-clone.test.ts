/**
 * The README's first command on a fresh clone, as a newcomer meets it: `npm install && npm
 * run generate` must finish without a warning, since a warning that shows on every run teaches
 * people to ignore warnings. The clone is of the committed HEAD (what CI and a newcomer get,
 * not the working tree); its node_modules is the repository's, linked, in place of the install.
 */
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../package/support/built-package.js';
import { run } from '../package/support/run.js';
import { gitIn } from '../support/git.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-clone-');
const clone = () => join(scratch(), 'clone');
const git = gitIn(clone);

describe('a fresh clone', () => {
  it('generates without a warning, and without changing a committed file', async () => {
    const head = (await gitIn(() => REPO_ROOT)('rev-parse', 'HEAD')).stdout.trim();
    // Cloning a path gives the branch checked out there; checking out HEAD's commit by its id
    // gives the same commit from a worktree, a detached CI checkout or a branch.
    await run('git', ['clone', '-q', '--no-checkout', REPO_ROOT, clone()], { cwd: scratch() });
    await git('checkout', '-q', '--detach', head);
    await symlink(join(REPO_ROOT, 'node_modules'), join(clone(), 'node_modules'), 'dir');

    const result = await run('node', ['generator/bin.js', 'generate'], {
      cwd: clone(),
      env: { NO_COLOR: '1' },
    });
    expect(result.stderr).not.toMatch(/warning/i);
    expect(result.stdout).not.toMatch(/warning/i);
    expect(result.stdout).toMatch(/^generated: 0 added, 0 changed, 0 removed, \d+ unchanged/);
    expect((await git('status', '--porcelain', '--untracked-files=no')).stdout).toBe('');
  }, 120_000);
});
