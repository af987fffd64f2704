/**
 * `diff --base <rev>` on a split spec reads every file at that revision, not only the root:
 * a change made only in a referenced schema file is reported. A throwaway repository, never
 * this one's history.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../generator/cli/commands/diff.js';
import { capture } from '../support/cli-io.js';
import { gitIn } from '../support/git.js';
import { useScratchDir } from '../support/scratch.js';
import { writeTree } from './tree.js';

const scratch = useScratchDir('connect-codegen-split-diff-');

const ROOT = `openapi: 3.1.0
info: {title: Split, version: '1'}
paths:
  /stations/{id}:
    $ref: ./paths/station.yaml
components:
  schemas:
    Station:
      $ref: ./schemas/Station.yaml
`;
const PATH_ITEM = `get:
  operationId: getStation
  parameters:
    - {name: id, in: path, required: true, schema: {type: string}}
  responses:
    '200':
      description: ok
      content:
        application/json:
          schema: {$ref: ../schemas/Station.yaml}
`;
const station = (extra: string) =>
  `type: object\nrequired: [id]\nproperties:\n  id: {type: string}\n${extra}`;

describe('diff --base <rev> on a split spec', () => {
  let repo: string;
  const git = gitIn(
    () => repo,
    () => ({ ...process.env, GIT_CEILING_DIRECTORIES: scratch() }),
  );

  beforeAll(async () => {
    repo = join(scratch(), 'repo');
    await writeTree(repo, {
      'spec/openapi.yaml': ROOT,
      'spec/paths/station.yaml': PATH_ITEM,
      'spec/schemas/Station.yaml': station('  power: {type: number}\n'),
    });
    await git('init', '-q', '-b', 'main');
    await git('add', '.');
    await git('commit', '-q', '-m', 'with power');
    // Only the referenced schema file changes: `power` is gone from the response.
    await writeTree(repo, { 'spec/schemas/Station.yaml': station('') });
    await git('commit', '-q', '-am', 'without power');
  }, 30_000);

  it('reports a change made only in a referenced file between two revisions', async () => {
    const io = capture();
    const code = await runDiff(
      { base: 'HEAD~1', spec: 'spec/openapi.yaml', format: 'text' },
      io,
      repo,
    );
    expect(io.stderr).toEqual([]);
    expect(code).toBe(1);
    const text = io.stdout.join('\n');
    expect(text).toContain('compared with HEAD~1:spec/openapi.yaml');
    expect(text).toMatch(/breaking .*field `power` removed/);
  });

  it('reads the referenced files at the revision, not from the working tree', async () => {
    // Uncommitted: `power` is back in the working tree only.
    await writeTree(repo, { 'spec/schemas/Station.yaml': station('  power: {type: number}\n') });
    const io = capture();
    const code = await runDiff(
      { base: 'HEAD', spec: 'spec/openapi.yaml', format: 'text' },
      io,
      repo,
    );
    expect(code).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/compatible .*field `power` added/);
  });

  it('names the file and revision when a referenced file is missing at the revision', async () => {
    await writeTree(repo, {
      'spec/paths/station.yaml': PATH_ITEM.replace(
        '../schemas/Station.yaml',
        '../schemas/Other.yaml',
      ),
      'spec/schemas/Other.yaml': station(''),
    });
    await git('add', '.');
    await git('commit', '-q', '-m', 'moved');
    const io = capture();
    const code = await runDiff(
      { base: 'HEAD~2', spec: 'spec/openapi.yaml', format: 'text' },
      io,
      repo,
    );
    expect(code).toBe(1);
    expect(io.stderr).toEqual([]);
    await git('rm', '-q', 'spec/schemas/Other.yaml');
    await git('commit', '-q', '-m', 'lost a file');
    const broken = capture();
    expect(
      await runDiff({ base: 'HEAD', spec: 'spec/openapi.yaml', format: 'text' }, broken, repo),
    ).toBe(2);
    expect(broken.stderr.join('\n')).toMatch(
      /^HEAD:spec\/paths\/station\.yaml:10:\d+ error \[unresolved-ref\] #\/get\/responses\/200\/content\/application~1json\/schema\/\$ref: \$ref '..\/schemas\/Other.yaml' names HEAD:spec\/schemas\/Other.yaml, which cannot be read/m,
    );
  });
});
