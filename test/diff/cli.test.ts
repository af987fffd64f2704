/**
 * `connect-codegen diff` from the command line: exit 0 when nothing breaks, 1 when
 * something does, 2 when the comparison cannot be made; a base from git history through a
 * throwaway repository (never this one's history).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { capture } from '../support/cli-io.js';
import { gitIn } from '../support/git.js';
import { useScratchDir } from '../support/scratch.js';
import { V14, V15 } from './support.js';

const run = promisify(execFile);
const scratch = useScratchDir('connect-codegen-diff-');

describe('connect-codegen diff exit codes', () => {
  it('exits 0 when nothing breaks', async () => {
    const io = capture();
    expect(await main(['diff', '--base', V14, '--spec', V15], io)).toBe(0);
    expect(io.stdout.join('\n')).toContain('No breaking changes, 8 compatible changes.');
    expect(io.stderr).toEqual([]);
  });

  it('exits 1 when something breaks, and says what', async () => {
    const io = capture();
    expect(await main(['diff', '--base', V15, '--spec', V14, '--format', 'markdown'], io)).toBe(1);
    const text = io.stdout.join('\n');
    expect(text).toMatch(/^## API 1\.4\.0$/m);
    expect(text).toContain(
      'Compared with API 1.5.0. 8 breaking changes, no compatible changes. The package needs a major release (API 1.5.0 → 1.4.0).',
    );
    expect(text).toContain(
      '- response 201 field `connector` removed: code that reads it stops compiling',
    );
  });

  it('exits 0 for the same spec on both sides, with nothing to report', async () => {
    const io = capture();
    expect(await main(['diff', '--base', V14, '--spec', V14, '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(io.stdout.join('\n')) as { changes: unknown[]; bump: string };
    expect(report.changes).toEqual([]);
    expect(report.bump).toBe('none');
  });

  it.each([
    ['without --base', ['diff'], "required option '--base <git-rev|spec-file>' not specified"],
    [
      'with an unknown format',
      ['diff', '--base', V14, '--format', 'xml'],
      "argument 'xml' is invalid",
    ],
    [
      'with a base that is neither a file nor a revision',
      ['diff', '--base', 'no-such-ref-or-file'],
      "--base 'no-such-ref-or-file' is neither a file nor a git revision",
    ],
    [
      'with a missing head spec',
      ['diff', '--base', V14, '--spec', 'nope/missing.yaml'],
      "cannot read 'nope/missing.yaml'",
    ],
  ])('exits 2 %s', async (_, argv, message) => {
    const io = capture();
    expect(await main(argv, io)).toBe(2);
    expect(io.stderr.join('\n')).toContain(message);
    expect(io.stdout).toEqual([]);
  });

  it('exits 2 on an invalid base spec, naming file, line and pointer', async () => {
    const io = capture();
    expect(
      await main(['diff', '--base', 'test/fixtures/other/broken.yaml', '--spec', V14], io),
    ).toBe(2);
    const text = io.stderr.join('\n');
    expect(text).toMatch(
      /^test\/fixtures\/other\/broken\.yaml:12:\d+ error \[unresolved-ref\] #\/paths\//m,
    );
    expect(text).toContain(
      'test/fixtures/other/broken.yaml is not a valid spec; nothing was compared.',
    );
    expect(text).not.toMatch(/\n\s+at /);
  });

  it('explains how to fetch a remote branch it cannot find', async () => {
    const io = capture();
    expect(await main(['diff', '--base', 'origin/no-such-branch', '--spec', V14], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('run `git fetch` first');
  });
});

describe('connect-codegen diff against git history', () => {
  const tsx = resolve('node_modules/.bin/tsx');
  const cli = resolve('generator/cli/cli.ts');
  let repo: string;

  const git = gitIn(() => repo);
  const diff = (cwd: string, ...args: string[]) =>
    // The ceiling keeps git from finding a repository above the scratch directory.
    run(tsx, [cli, 'diff', ...args], {
      cwd,
      env: { ...process.env, GIT_CEILING_DIRECTORIES: dirname(scratch()) },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  beforeAll(async () => {
    repo = join(scratch(), 'repo');
    await mkdir(join(repo, 'spec'), { recursive: true });
    await git('init', '-q', '-b', 'main');
    await copyFile(V15, join(repo, 'spec/connect-api.yaml'));
    await git('add', 'spec/connect-api.yaml');
    await git('commit', '-q', '-m', '1.5.0');
    // The working tree goes back to 1.4.0: the connector fields disappear.
    await copyFile(V14, join(repo, 'spec/connect-api.yaml'));
  }, 30_000);

  it('compares with the spec at a revision, and exits 1 for the breaking change', async () => {
    const result = await diff(repo, '--base', 'main');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('compared with main:spec/connect-api.yaml (API 1.5.0)');
    expect(result.stdout).toContain('breaking    response 201 field `connector` removed');
  }, 30_000);

  it('exits 0 once the working tree matches the revision', async () => {
    await copyFile(V15, join(repo, 'spec/connect-api.yaml'));
    const result = await diff(repo, '--base', 'HEAD');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('No changes to the public surface.');
  }, 30_000);

  it('exits 2 when the spec did not exist at the revision', async () => {
    await writeFile(join(repo, 'other.yaml'), await readFile(V14, 'utf8'));
    const result = await diff(repo, '--base', 'HEAD', '--spec', 'other.yaml');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('other.yaml does not exist at HEAD');
  }, 30_000);

  it('exits 2 outside any git repository, and says so', async () => {
    const outside = join(scratch(), 'not-a-repo');
    await mkdir(outside, { recursive: true });
    await copyFile(V14, join(outside, 'spec.yaml'));
    const result = await diff(outside, '--base', 'main', '--spec', 'spec.yaml');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "--base 'main' is not a file, and this directory is not in a git repository",
    );
  }, 30_000);

  it('exits 2 for --base origin/main in a repository without that remote', async () => {
    const result = await diff(repo, '--base', 'origin/main');
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      `connect-codegen diff: --base 'origin/main' is neither a file nor a git revision in this repository (for a remote branch, run \`git fetch\` first).`,
    );
  }, 30_000);
});
