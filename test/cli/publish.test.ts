/**
 * What `connect-codegen publish` agrees to publish (`releaseToPublish`), read from the release
 * record the generator writes: only a version `generate --release` recorded as released, and
 * only when package.json carries that version. The whole flow against a registry is
 * test/package/publish-registry.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseToPublish, uncommittedReleaseFiles } from '../../generator/commands/publish.js';
import { main } from '../../generator/cli.js';
import { EXIT } from '../../generator/commands/io.js';
import { parseState } from '../../generator/diff/state-file.js';
import { capture } from '../support/cli-io.js';

const GENERATED = join(import.meta.dirname, '../../generated');
let manifest: string;
/** The repository's record as `generate --release` writes it: the current version is the release. */
let released: string;
/** The same with a release in preparation on top of 0.9.0, as `generate` writes it after a change. */
let prepared: string;

beforeAll(async () => {
  manifest = await readFile(join(GENERATED, 'package.json'), 'utf8');
  const record = JSON.parse(await readFile(join(GENERATED, 'api-surface.json'), 'utf8')) as {
    current: Record<string, unknown>;
    released?: unknown;
  };
  delete record.released;
  released = JSON.stringify(record);
  prepared = JSON.stringify({ ...record, released: { ...record.current, version: '0.9.0' } });
});

describe('the release publish takes', () => {
  it('is the released version, tagged with the package name', () => {
    const version = (JSON.parse(manifest) as { version: string }).version;
    expect(releaseToPublish('generated', manifest, released)).toEqual({
      name: 'connect-api-client',
      version,
      tag: `connect-api-client@${version}`,
    });
  });

  it('is none while a version is being prepared', () => {
    const version = (JSON.parse(manifest) as { version: string }).version;
    expect(typeof parseState(prepared)).toBe('object');
    expect(releaseToPublish('generated', manifest, prepared)).toEqual({
      problem: `connect-api-client@${version} is being prepared, not released (the last release is 0.9.0): run \`connect-codegen generate --release\` and commit generated`,
    });
  });

  it('is none when package.json and the record disagree, or either is missing', () => {
    const other = manifest.replace(/"version": "[^"]+"/, '"version": "9.9.9"');
    expect(releaseToPublish('out', other, released)).toMatchObject({
      problem: expect.stringMatching(
        /^out\/package.json says 9.9.9 but out\/api-surface.json records /,
      ),
    });
    expect(releaseToPublish('out', undefined, released)).toEqual({
      problem:
        'out/package.json not found: run `connect-codegen generate --release` and commit out',
    });
    expect(releaseToPublish('out', manifest, undefined)).toMatchObject({
      problem: expect.stringMatching(/^out\/api-surface.json not found/),
    });
    expect(releaseToPublish('out', manifest, '{')).toMatchObject({
      problem: expect.stringMatching(/^out\/api-surface.json: it is not JSON/),
    });
  });
});

describe('the files of a release that are not committed', () => {
  it('are what git lists in the output, but for what a build or pack leaves there', () => {
    const porcelain = [
      ' M client/src/index.ts',
      '?? client/api.md',
      '?? client/dist/esm/index.js',
      '?? client/node_modules/.cache/x',
      '?? client/connect-api-client-1.0.0.tgz',
      '?? client/src/dist/kept.ts',
      '',
    ].join('\n');
    expect(uncommittedReleaseFiles(porcelain, 'client/')).toEqual([
      'client/src/index.ts',
      'client/api.md',
      'client/src/dist/kept.ts',
    ]);
    expect(uncommittedReleaseFiles('?? dist/a.js\n M package.json\n', '')).toEqual([
      'package.json',
    ]);
  });
});

describe('connect-codegen publish on the command line', () => {
  it('refuses a registry that is not a URL as a usage error, without echoing it', async () => {
    const io = capture();
    const code = await main(['publish', '--registry', 'npm-token-abc123', '--out', 'nowhere'], io);
    expect(code).toBe(EXIT.usage);
    expect(io.stderr).toEqual(['connect-codegen publish: --registry is not a URL.']);
  });

  it('refuses an output without a release record, naming the file and what to run', async () => {
    const io = capture();
    const code = await main(['publish', '--out', 'no-such-output'], io);
    expect(code).toBe(EXIT.invalid);
    expect(io.stderr).toEqual([
      'connect-codegen publish: no-such-output/package.json not found: run `connect-codegen generate --release` and commit no-such-output.',
    ]);
  });
});
