/**
 * What the last run left in the output directory, read at the disk's edge so the release
 * stage stays pure: the recorded surface and the changelog. Then the same as a release
 * record, which is where a git merge's conflicts in them are read.
 */
import { join } from 'node:path';
import type { ReleaseState } from './diff/release.js';
import { CHANGELOG_FILE, parseState, STATE_FILE } from './diff/state-file.js';
import {
  changelogDisagreement,
  conflictSides,
  releaseDisagreement,
  RESOLVE_RELEASED_ENTRIES,
  takeReleasedSide,
} from './merge.js';
import { readRegularFile } from '../shared/safe-read.js';

export interface PreviousOutput {
  /** The text of the recorded surface, if there is one. */
  readonly stateText?: string;
  readonly changelog?: string;
}

export async function readPreviousOutput(outDir: string): Promise<PreviousOutput> {
  // Only a regular file is read, never through a link (the output can be a pull request's):
  // anything else counts as absent here, and the write stage refuses it (`write.ts`).
  const read = async (path: string) => {
    const found = await readRegularFile(join(outDir, path));
    return 'text' in found ? found.text : undefined;
  };
  const [stateText, changelog] = await Promise.all([read(STATE_FILE), read(CHANGELOG_FILE)]);
  return {
    ...(stateText !== undefined ? { stateText } : {}),
    ...(changelog !== undefined ? { changelog } : {}),
  };
}

export interface Recorded {
  readonly state?: ReleaseState;
  readonly changelog?: string;
}

export interface RecordProblem {
  readonly file: string;
  readonly problem: string;
  readonly hint: string;
}

const isProblem = (value: unknown): value is RecordProblem =>
  typeof value === 'object' && value !== null && 'problem' in value;

/**
 * The state and changelog the last run left, or a git merge of two branches' runs: a file
 * with conflict markers is read side by side, and our side is kept when both build on the
 * same release (`merge.ts`), since the output then depends only on that release and the spec.
 */
export function readRecorded(previous: PreviousOutput, out: string): Recorded | RecordProblem {
  const state = readState(previous.stateText, `${out}/${STATE_FILE}`, `${out}/${CHANGELOG_FILE}`);
  if (isProblem(state)) return state;
  const changelog = readChangelog(previous.changelog, `${out}/${CHANGELOG_FILE}`);
  if (isProblem(changelog)) return changelog;
  return { ...(state ? { state } : {}), ...(changelog !== undefined ? { changelog } : {}) };
}

function readState(
  text: string | undefined,
  file: string,
  changelogFile: string,
): ReleaseState | undefined | RecordProblem {
  if (text === undefined) return undefined;
  const sides = conflictSides(text);
  if (typeof sides === 'string') return unpaired(file, sides);
  if (sides === undefined) {
    const parsed = parseState(text);
    if (typeof parsed !== 'string') return parsed;
    const hint =
      'restore it from git; deleting it starts a new history at the current info.version';
    return { file, problem: `${file} cannot be read: ${parsed}`, hint };
  }
  const unreadable = (label: string, why: string) => ({
    file,
    problem: `${file} has merge conflicts, and ${label}'s side cannot be read: ${why}`,
    hint: `take one side (git checkout --ours ${file}), then generate again`,
  });
  const ours = parseState(sides.ours);
  if (typeof ours === 'string') return unreadable(sides.labels[0], ours);
  const theirs = parseState(sides.theirs);
  if (typeof theirs === 'string') return unreadable(sides.labels[1], theirs);
  const releases = releaseDisagreement(ours, theirs, sides.labels);
  if (releases === undefined) return ours;
  return {
    file,
    problem: `${file} has merge conflicts: ${releases}`,
    hint: takeReleasedSide(file, changelogFile),
  };
}

function readChangelog(text: string | undefined, file: string): string | undefined | RecordProblem {
  const sides = text === undefined ? undefined : conflictSides(text);
  if (sides === undefined) return text;
  if (typeof sides === 'string') return unpaired(file, sides);
  const entries = changelogDisagreement(sides.ours, sides.theirs, sides.labels);
  if (entries === undefined) return sides.ours;
  return {
    file,
    problem: `${file} has merge conflicts in released entries: ${entries}`,
    hint: RESOLVE_RELEASED_ENTRIES,
  };
}

function unpaired(file: string, why: string): RecordProblem {
  return {
    file,
    problem: `${file} has git conflict markers that do not pair up: ${why}`,
    hint: `take one side (git checkout --ours ${file}), then generate again`,
  };
}
