/** The pure parts of the release step: version arithmetic, the plan, the changelog, the state file, and the rules table in docs/teams-and-ci.md. */
import { describe, expect, it } from 'vitest';
import type { ExportedName } from '../../generator/shared/module-exports.js';
import {
  planRelease,
  updateChangelog,
  type ReleaseRequest,
  type ReleaseState,
} from '../../generator/release/diff/release.js';
import { rulesTable } from '../../generator/release/diff/rules.js';
import type { SurfaceSource } from '../../generator/release/diff/snapshot.js';
import { parseState, serializeState } from '../../generator/release/diff/state-file.js';
import { nextVersion } from '../../generator/release/diff/version.js';
import { readDocsPageSync } from '../support/docs.js';

describe('version steps', () => {
  it.each([
    ['1.4.0', 'major', '2.0.0'],
    ['1.4.2', 'minor', '1.5.0'],
    ['1.4.2', 'patch', '1.4.3'],
    ['1.4.2', 'none', '1.4.2'],
    // Before 1.0.0 npm's caret ranges treat the minor as the major.
    ['0.3.1', 'major', '0.4.0'],
    ['0.3.1', 'minor', '0.3.2'],
    ['0.3.1', 'patch', '0.3.2'],
  ] as const)('after %s, a %s change gives %s', (base, bump, next) => {
    expect(nextVersion(base, bump)).toBe(next);
  });

  it('cannot step from what is not x.y.z', () => {
    expect(nextVersion('next', 'minor')).toBeUndefined();
  });
});

const source = (version: string, operations: SurfaceSource['operations'] = []): SurfaceSource => ({
  version,
  schemas: [],
  operations,
});
const ping = {
  method: 'GET' as const,
  path: '/ping/',
  resourcePath: ['ping'],
  methodName: 'get',
  functionName: 'pingGet',
  pathParameters: [],
  queryParameters: [],
  headerParameters: [],
  responses: [{ status: 204 as const }],
};
const level = (members: string[]): ExportedName => ({
  entry: '.',
  name: 'Level',
  kinds: ['const', 'type'],
  members,
});
const now = (over: Partial<ReleaseRequest['now']> = {}): ReleaseRequest['now'] => ({
  digest: 'd1',
  specDigest: 's1',
  surface: source('1.0.0'),
  exports: [level(['Low', 'High'])],
  ...over,
});
const plan = (
  state: ReleaseState | undefined,
  current: ReleaseRequest['now'],
  markReleased = false,
) => planRelease({ ...(state ? { state } : {}), now: current, markReleased });

describe('the release plan', () => {
  const first = plan(undefined, now());

  it('starts at the API version', () => {
    expect(first.version).toBe('1.0.0');
    expect(first.state.released).toBeUndefined();
  });

  it.each([
    ['nothing changed', '1.0.0', now()],
    ['only the files changed (docs, a fix)', '1.0.1', now({ digest: 'd2' })],
    ['only the API version changed', '1.0.1', now({ digest: 'd2', surface: source('1.1.0') })],
    ['an operation was added', '1.1.0', now({ digest: 'd2', surface: source('1.0.0', [ping]) })],
    [
      'an enum member was added',
      '1.1.0',
      now({ digest: 'd2', exports: [level(['Low', 'High', 'Max'])] }),
    ],
    [
      'the generator renamed an enum member',
      '2.0.0',
      now({ digest: 'd2', exports: [level(['LOW', 'High'])] }),
    ],
  ])('when %s, gives %s', (_, version, current) => {
    expect(plan(first.state, current).version).toBe(version);
  });

  it('steps from the last release while one is being prepared, so regenerating gives one step', () => {
    const minor = plan(first.state, now({ digest: 'd2', surface: source('1.0.0', [ping]) }));
    expect(minor.version).toBe('1.1.0');
    expect(minor.state.released?.version).toBe('1.0.0');
    const again = plan(
      minor.state,
      now({ digest: 'd3', surface: source('1.0.0', [ping]), exports: [level(['Low'])] }),
    );
    expect(again.version).toBe('2.0.0');
    expect(again.baseline).toBe('1.0.0');
    const reverted = plan(again.state, now());
    expect(reverted.version).toBe('1.0.0');
    expect(reverted.entry).toBeUndefined();
  });

  it('starts a new step after --release', () => {
    const released = plan(
      first.state,
      now({ digest: 'd2', surface: source('1.0.0', [ping]) }),
      true,
    );
    expect(released.state.released).toBeUndefined();
    expect(
      plan(released.state, now({ digest: 'd3', surface: source('1.0.0', [ping]) })).version,
    ).toBe('1.1.1');
  });

  it('heads the changelog entry with the package version and names the API version', () => {
    const renamed = plan(
      first.state,
      now({ digest: 'd2', surface: source('1.0.0'), exports: [level(['LOW', 'High'])] }),
    );
    expect(renamed.entry).toMatch(
      /^## 2\.0\.0\n\nAPI 1\.0\.0\. 1 breaking change, 1 compatible change\. The package moves from 1\.0\.0 to 2\.0\.0, a major release \(API 1\.0\.0, unchanged\)\./,
    );
    expect(renamed.entry).toContain(
      '- export `Level` loses member `Low`: code that names it stops compiling',
    );
  });
});

describe('the api-version warning', () => {
  const first = plan(undefined, now());
  // An operation added under the same info.version: a change of the spec's surface.
  const added = (over: Partial<ReleaseRequest['now']> = {}) =>
    now({ digest: 'd2', specDigest: 's2', surface: source('1.0.0', [ping]), ...over });

  it('warns when the surface changed and info.version did not', () => {
    expect(plan(first.state, added()).warning).toMatch(
      /^the spec changed the API surface \(1 change\(s\)\) but info\.version is still 1\.0\.0/,
    );
  });

  it('does not warn when info.version moved with it', () => {
    expect(plan(first.state, added({ surface: source('1.1.0', [ping]) })).warning).toBeUndefined();
  });

  it('does not warn when the spec states a correction: a first or a raised x-sdk-spec-revision', () => {
    expect(plan(first.state, added({ specRevision: 1 })).warning).toBeUndefined();
    const corrected = plan(first.state, added({ specRevision: 1 }), true);
    expect(corrected.state.current.specRevision).toBe(1);
    const again = (specRevision: number) =>
      plan(
        corrected.state,
        now({ digest: 'd3', specDigest: 's3', surface: source('1.0.0'), specRevision }),
      ).warning;
    expect(again(2)).toBeUndefined();
    // The revision the last release recorded, unchanged: the statement is missing again.
    expect(again(1)).toMatch(/but info\.version is still 1\.0\.0/);
  });
});

describe('the changelog', () => {
  const header = 'Generated by test.';
  const entry = (version: string, body: string) => `## ${version}\n\n${body}\n`;
  const headings = (text: string) => [...text.matchAll(/^## .*$/gm)].map((m) => m[0]);

  it('puts a new version first and keeps the older entries', () => {
    const first = updateChangelog(undefined, entry('1.0.0', 'one'), header);
    const second = updateChangelog(first, entry('1.1.0', 'two'), header, '1.0.0');
    expect(second).toBe(
      `# Changelog\n\n<!-- ${header} -->\n\n${second.split('\n')[4]}\n\n## 1.1.0\n\ntwo\n\n## 1.0.0\n\none\n`,
    );
  });

  it('replaces the entries of a release being prepared, even when its version grew', () => {
    const prepared = updateChangelog(
      updateChangelog(undefined, entry('1.0.0', 'one'), header),
      entry('1.1.0', 'two'),
      header,
      '1.0.0',
    );
    const grown = updateChangelog(prepared, entry('2.0.0', 'two, now breaking'), header, '1.0.0');
    expect(headings(grown)).toEqual(['## 2.0.0', '## 1.0.0']);
    const reverted = updateChangelog(grown, undefined, header, '1.0.0');
    expect(headings(reverted)).toEqual(['## 1.0.0']);
  });
});

describe('the state file', () => {
  it('reads back what it writes, one operation or exported name per line', () => {
    const state = plan(
      plan(undefined, now()).state,
      now({ digest: 'd2', surface: source('1.0.0', [ping]) }),
    ).state;
    const text = serializeState(state, 'Generated by test.');
    expect(parseState(text)).toEqual(state);
    expect(text.split('\n').filter((l) => l.includes('"pingGet"'))).toHaveLength(1);
    expect(text.split('\n').filter((l) => l.includes('"Level"'))).toHaveLength(2);
    expect(parseState('[1, 2')).toMatch(/^it is not JSON/);
  });

  it('records the spec revision when the spec declares one, and reads it back', () => {
    const state = plan(undefined, now({ specRevision: 3 })).state;
    const text = serializeState(state, 'Generated by test.');
    expect(text).toContain('"specRevision": 3,');
    expect(parseState(text)).toEqual(state);
    expect(serializeState(plan(undefined, now()).state, '')).not.toContain('specRevision');
  });

  it('reads the format before package versions: its release is the last released version', () => {
    const old = JSON.stringify({ format: 1, specDigest: 's0', release: source('1.4.0', [ping]) });
    expect(parseState(old)).toEqual({
      current: { version: '1.4.0', digest: '', specDigest: 's0', surface: source('1.4.0', [ping]) },
    });
  });
});

describe('docs/teams-and-ci.md', () => {
  it('documents the rules with the table the classifier uses', () => {
    expect(readDocsPageSync('teams-and-ci')).toContain(rulesTable());
  });
});
