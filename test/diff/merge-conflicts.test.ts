/**
 * The release record after a git merge, as values: conflict markers read into two sides, sides
 * that build on the same release reconciled by keeping one, and the rest refused with the file
 * and what to do. `branch-merge.test.ts` plays the same with real git.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMergeGenerated } from '../../generator/cli/commands/merge-generated.js';
import type { PackageState, ReleaseState } from '../../generator/release/diff/release.js';
import { serializeState } from '../../generator/release/diff/state-file.js';
import { conflictSides } from '../../generator/release/merge.js';
import { readRecorded, type PreviousOutput } from '../../generator/release/previous.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-merge-units-');

const pkg = (version: string, digest: string): PackageState => ({
  version,
  digest,
  specDigest: `spec-${digest}`,
  surface: { version: '1.0.0', schemas: [], operations: [] },
  exports: [],
});
const released = pkg('1.4.0', 'released');
/** A branch's record: what it generated, on top of the last release. */
const branch = (digest: string, base = released): ReleaseState => ({
  current: pkg('1.5.0', digest),
  released: base,
});

/** Two texts as git leaves them conflicted: the lines that differ between markers, the rest shared. */
function conflicted(ours: string, theirs: string, base?: string): string {
  const [a, b] = [ours.split('\n'), theirs.split('\n')];
  let start = 0;
  while (a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && a.at(-1 - end) === b.at(-1 - end)) end++;
  return [
    ...a.slice(0, start),
    '<<<<<<< HEAD',
    ...a.slice(start, a.length - end),
    ...(base === undefined ? [] : ['||||||| merged common ancestors', base]),
    '=======',
    ...b.slice(start, b.length - end),
    '>>>>>>> partner',
    ...a.slice(a.length - end),
  ].join('\n');
}

const previous = (record: PreviousOutput): PreviousOutput => record;

const changelog = (...entries: string[]) =>
  `# Changelog\n\n<!-- header -->\n\nIntro.\n\n${entries.join('\n')}`;
const entry = (version: string, text: string) => `## ${version}\n\n${text}\n`;

describe('conflict markers', () => {
  it('are read into our side and theirs, named as the markers name them', () => {
    expect(conflictSides('a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> partner\nd\n')).toEqual({
      ours: 'a\nb\nd\n',
      theirs: 'a\nc\nd\n',
      labels: ['HEAD', 'partner'],
    });
  });

  it('drop the base of the diff3 style, and keep a lone ======= line as text', () => {
    const text = 'Title\n=======\n<<<<<<< HEAD\nb\n||||||| base\nx\n=======\nc\n>>>>>>> partner\n';
    expect(conflictSides(text)).toMatchObject({
      ours: 'Title\n=======\nb\n',
      theirs: 'Title\n=======\nc\n',
    });
  });

  it('are absent from a text without them, and refused when they do not pair up', () => {
    expect(conflictSides('{}\n')).toBeUndefined();
    expect(conflictSides('<<<<<<< HEAD\nb\n=======\nc\n')).toBe(
      'the conflict opened at line 1 does not end',
    );
    expect(conflictSides('a\n>>>>>>> partner\n')).toBe(
      'line 2 is a conflict marker out of place (>>>>>>> partner)',
    );
  });
});

describe('a conflicted release record', () => {
  it('keeps our state when both sides build on the same release', () => {
    const text = conflicted(
      serializeState(branch('user'), 'h'),
      serializeState(branch('partner'), 'h'),
    );
    const recorded = readRecorded(previous({ stateText: text }), 'generated');
    expect(recorded).toEqual({ state: branch('user') });
  });

  it('refuses a state whose sides build on different releases, naming both files to take', () => {
    const text = conflicted(
      serializeState({ current: pkg('1.5.0', 'user') }, 'h'),
      serializeState(branch('partner'), 'h'),
    );
    expect(readRecorded(previous({ stateText: text }), 'generated')).toEqual({
      file: 'generated/api-surface.json',
      problem:
        'generated/api-surface.json has merge conflicts: HEAD and partner build on different releases, as after `generate --release` on one branch',
      hint: expect.stringContaining(
        'git checkout <that branch> -- generated/api-surface.json generated/CHANGELOG.md',
      ),
    });
  });

  it('refuses a state whose side is not a record, naming the side', () => {
    const text = conflicted(serializeState(branch('user'), 'h'), '{ "format": 2 }\n');
    expect(readRecorded(previous({ stateText: text }), 'out')).toMatchObject({
      file: 'out/api-surface.json',
      problem: expect.stringContaining("and partner's side cannot be read"),
    });
  });

  it('keeps our changelog when the sides differ only in the entry being prepared', () => {
    const older = entry('1.4.0', 'Released.');
    const text = conflicted(
      changelog(entry('1.5.0', 'User.nickname added.'), older),
      changelog(entry('1.5.0', 'Partner.website added.'), older),
      'base',
    );
    expect(readRecorded(previous({ changelog: text }), 'generated')).toEqual({
      changelog: changelog(entry('1.5.0', 'User.nickname added.'), older),
    });
  });

  it('refuses a changelog whose released entries differ, rather than keeping one side of them', () => {
    const text = conflicted(
      changelog(entry('1.5.0', 'User.'), entry('1.4.0', 'Released.'), entry('1.3.0', 'Old.')),
      changelog(entry('1.5.0', 'Partner.'), entry('1.4.0', 'Reworded.'), entry('1.3.0', 'Old.')),
    );
    expect(readRecorded(previous({ changelog: text }), 'generated')).toMatchObject({
      file: 'generated/CHANGELOG.md',
      problem:
        'generated/CHANGELOG.md has merge conflicts in released entries: entries released before the one being prepared differ between HEAD and partner (## 1.4.0)',
    });
  });
});

describe('the merge driver', () => {
  async function drive(path: string, ours: string, theirs: string, base = ours) {
    const files = Object.fromEntries(
      await Promise.all(
        Object.entries({ base, ours, theirs }).map(async ([side, text]) => {
          const file = join(scratch(), `${side}-${path.replaceAll('/', '-')}`);
          await writeFile(file, text);
          return [side, file] as const;
        }),
      ),
    ) as Record<'base' | 'ours' | 'theirs', string>;
    const io = capture();
    const code = await runMergeGenerated({ ...files, markerSize: '7', path }, io);
    return {
      code,
      stdout: io.stdout,
      stderr: io.stderr,
      result: await readFile(files.ours, 'utf8'),
    };
  }

  it('keeps our side of any generated file, silently', async () => {
    expect(await drive('generated/api.md', 'ours\n', 'theirs\n', 'base\n')).toEqual({
      code: 0,
      stdout: [],
      stderr: [],
      result: 'ours\n',
    });
  });

  it('keeps our state when both build on the same release, and says to regenerate', async () => {
    const ours = serializeState(branch('user'), 'h');
    const result = await drive(
      'generated/api-surface.json',
      ours,
      serializeState(branch('partner'), 'h'),
    );
    expect(result).toMatchObject({ code: 0, stderr: [], result: ours });
    expect(result.stdout).toEqual([
      'generated/api-surface.json: both sides build on the same release; kept ours. Run `npm run generate` to rewrite generated/ from the merged spec, then commit.',
    ]);
  });

  it('leaves the conflict, as git would, in a changelog whose released entries differ', async () => {
    const base = changelog(entry('1.4.0', 'Released.'));
    const result = await drive(
      'generated/CHANGELOG.md',
      changelog(entry('1.5.0', 'User.'), entry('1.4.0', 'Released.')),
      changelog(entry('1.5.0', 'Partner.'), entry('1.4.0', 'Reworded.')),
      base,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.join('\n')).toContain(
      'differ between ours and theirs (## 1.4.0); left conflicted',
    );
    expect(conflictSides(result.result)).toMatchObject({ labels: ['ours', 'theirs'] });
  });
});
