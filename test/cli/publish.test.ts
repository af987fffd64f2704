/**
 * What `connect-codegen publish` agrees to publish (`releaseToPublish`), read from the release
 * record the generator writes: only a version `generate --release` recorded as released, and
 * only when package.json carries that version. The whole flow against a registry is
 * test/package/publish-registry.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseToPublish } from '../../generator/commands/publish.js';
import { parseState } from '../../generator/diff/state-file.js';

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
