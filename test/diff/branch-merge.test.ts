/**
 * Two spec pull requests, merged the way a team merges them (issue 25): branch `user` adds a
 * field to `User`, branch `partner` one to `Partner`, each runs `npm run generate` and commits,
 * then `partner` is merged into `user`. Every spec edit rewrites the state file's digests and
 * the pending changelog entry, so both files conflict; generating after the merge must give
 * exactly what a fresh generate of the merged spec gives from the base commit's output, with
 * the merge driver (`npm run setup-merge`) and without it. Real git in a scratch repository,
 * the generator spawned as the npm scripts run it.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { devNull } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-merge-');
const BIN = resolve('generator/bin.js');
const SPEC = 'spec/connect-api.yaml';
const STATE = 'generated/api-surface.json';
const CHANGELOG = 'generated/CHANGELOG.md';

/** Git as in a clean account: no global or system settings, an identity, no signing. */
const env = {
  ...process.env,
  GIT_CONFIG_GLOBAL: devNull,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_COUNT: '1',
  GIT_CONFIG_KEY_0: 'commit.gpgsign',
  GIT_CONFIG_VALUE_0: 'false',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string): Promise<Run> {
  return promisify(execFile)(command, [...args], { cwd, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

const git = (cwd: string, ...args: string[]) => run('git', args, cwd);
const generate = (cwd: string, ...args: string[]) =>
  run(process.execPath, [BIN, 'generate', ...args], cwd);

/** The run, once it has succeeded; its stderr is in the failure otherwise. */
async function ok(result: Promise<Run>): Promise<Run> {
  const done = await result;
  expect({ code: done.code, stderr: done.code === 0 ? '' : done.stderr }).toEqual({
    code: 0,
    stderr: '',
  });
  return done;
}

/** The spec with one nullable string property added first to a schema's `properties`. */
function withProperty(spec: string, schema: string, property: string): string {
  const schemaAt = spec.indexOf(`\n    ${schema}:\n`);
  const properties = '\n      properties:\n';
  const at = spec.indexOf(properties, schemaAt) + properties.length;
  expect(schemaAt).toBeGreaterThan(0);
  const lines = `        ${property}:\n          type: [string, 'null']\n          description: Added on a branch.\n`;
  return `${spec.slice(0, at)}${lines}${spec.slice(at)}`;
}

/** Every file under `dir/generated`, by path. */
async function generatedFiles(dir: string): Promise<Map<string, string>> {
  const root = join(dir, 'generated');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), await readFile(path, 'utf8'));
  }
  return files;
}

/** The paths whose bytes differ, or that only one side has. */
function differing(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => a.get(p) !== b.get(p)).sort();
}

const packageVersion = async (dir: string) =>
  (JSON.parse(await readFile(join(dir, 'generated/package.json'), 'utf8')) as { version: string })
    .version;

const unmerged = async (cwd: string) =>
  (await ok(git(cwd, 'diff', '--name-only', '--diff-filter=U'))).stdout.split('\n').filter(Boolean);

describe('merging two branches that each changed the spec and regenerated', () => {
  const origin = () => join(scratch(), 'origin');
  let mergedSpec: string;
  /** What a fresh generate of the merged spec gives from the base commit's output. */
  let fresh: Map<string, string>;

  /** A clone of the scratch repository on branch `user`, as the one who merges has it. */
  async function cloneOnUser(name: string): Promise<string> {
    const dir = join(scratch(), name);
    await ok(git(scratch(), 'clone', '-q', '-b', 'user', origin(), dir));
    return dir;
  }

  /** The merged spec generated in a worktree at `commit`. */
  async function freshGenerate(commit: string, name: string): Promise<Map<string, string>> {
    const dir = join(scratch(), name);
    await ok(git(origin(), 'worktree', 'add', '-q', '--detach', dir, commit));
    await writeFile(join(dir, SPEC), mergedSpec);
    await ok(generate(dir));
    return generatedFiles(dir);
  }

  beforeAll(async () => {
    // The project as it stands: the spec, its generated package, and .gitattributes.
    const tracked = await ok(git('.', 'ls-files', '-z', SPEC, 'generated'));
    for (const path of [...tracked.stdout.split('\0').filter(Boolean), '.gitattributes']) {
      await mkdir(dirname(join(origin(), path)), { recursive: true });
      await copyFile(path, join(origin(), path));
    }
    await ok(git(origin(), 'init', '-q', '-b', 'main'));
    await ok(git(origin(), 'add', '-A'));
    await ok(git(origin(), 'commit', '-q', '-m', 'base'));
    const base = await readFile(join(origin(), SPEC), 'utf8');
    const edits = [
      ['user', 'User', 'nickname'],
      ['partner', 'Partner', 'website'],
    ] as const;
    for (const [branch, schema, property] of edits) {
      await ok(git(origin(), 'checkout', '-q', '-b', branch, 'main'));
      await writeFile(join(origin(), SPEC), withProperty(base, schema, property));
      await ok(generate(origin()));
      await ok(git(origin(), 'commit', '-q', '-a', '-m', `${schema}.${property}`));
    }
    await ok(git(origin(), 'checkout', '-q', 'main'));
    mergedSpec = edits.reduce(
      (spec, [, schema, property]) => withProperty(spec, schema, property),
      base,
    );
    fresh = await freshGenerate('main', 'fresh');
  });

  it('conflicts in the generated files without the merge driver, and generate then gives the fresh output', async () => {
    const dir = await cloneOnUser('plain');
    expect((await git(dir, 'merge', '--no-edit', 'origin/partner')).code).toBe(1);
    expect(await unmerged(dir)).toEqual(expect.arrayContaining([CHANGELOG, STATE]));
    expect(await readFile(join(dir, SPEC), 'utf8')).toBe(mergedSpec);

    await ok(generate(dir));
    expect(differing(await generatedFiles(dir), fresh)).toEqual([]);
    expect(fresh.get('api-surface.json')).toContain('"nickname"');
    expect(fresh.get('api-surface.json')).toContain('"website"');
  });

  it('merges without conflict once `setup-merge` has run, and generate then gives the same bytes', async () => {
    const dir = await cloneOnUser('driven');
    await ok(run(process.execPath, [BIN, 'setup-merge'], dir));
    const merge = await ok(git(dir, 'merge', '--no-edit', 'origin/partner'));
    expect(merge.stdout).toContain(`${STATE}: both sides build on the same release; kept ours.`);
    expect(await unmerged(dir)).toEqual([]);
    expect(await readFile(join(dir, SPEC), 'utf8')).toBe(mergedSpec);

    await ok(generate(dir));
    expect(differing(await generatedFiles(dir), fresh)).toEqual([]);
  });

  it('leaves the state file conflicted when one branch released, and says which files to take', async () => {
    const dir = await cloneOnUser('released');
    await ok(run(process.execPath, [BIN, 'setup-merge'], dir));
    await ok(generate(dir, '--release'));
    await ok(git(dir, 'commit', '-q', '-a', '-m', 'release'));
    const merge = await git(dir, 'merge', '--no-edit', 'origin/partner');
    expect(merge.code).toBe(1);
    expect(merge.stderr).toContain(`${STATE}: ours and theirs build on different releases`);
    expect(await unmerged(dir)).toEqual([STATE]);

    const refused = await generate(dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `${STATE} has merge conflicts: ours and theirs build on different releases`,
    );
    expect(refused.stderr).toContain(`git checkout <that branch> -- ${STATE} ${CHANGELOG}`);

    // The hint, followed: the release's own record, and partner's change becomes the next version.
    const release = await packageVersion(dir);
    await ok(git(dir, 'checkout', 'HEAD', '--', STATE, CHANGELOG));
    await ok(generate(dir));
    const next = await packageVersion(dir);
    expect(next).not.toBe(release);
    const headings = [...(await readFile(join(dir, CHANGELOG), 'utf8')).matchAll(/^## (.+)$/gm)];
    expect(headings.slice(0, 2).map((m) => m[1])).toEqual([next, release]);
  });
});
