/**
 * `connect-codegen merge-generated <base> <ours> <theirs> <marker-size> <path>`: the merge
 * driver git runs for a file under generated/ that both branches changed (`.gitattributes`
 * names the files, `setup-merge` tells git the command). The output is derived from the spec,
 * so its text needs no merging: the driver keeps our side, and `npm run generate` after the
 * merge rewrites it from the merged spec (CI's `generate --check` catches a forgotten one).
 * The exceptions are a state file whose sides build on different releases and a changelog whose
 * released entries differ: keeping one side would drop a release or an edit, so git's conflict
 * is left for a person to resolve. The manifest (`manifest.ts`) is merged, as the union of the
 * sides' lists: keeping ours would forget files only their side wrote, which the next generate
 * would then neither overwrite nor delete.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { promisify } from 'node:util';
import { CHANGELOG_FILE, parseState, STATE_FILE } from '../../release/diff/state-file.js';
import {
  changelogDisagreement,
  releaseDisagreement,
  RESOLVE_RELEASED_ENTRIES,
  takeReleasedSide,
} from '../../release/merge.js';
import { MANIFEST_FILE, mergeManifests } from '../../write/manifest.js';
import { EXIT, type CommandIo } from './io.js';
import { DEFAULT_OUT } from './paths.js';

export interface MergeGeneratedOptions {
  /** Temporary files git made of the three versions; the result goes into `ours`. */
  readonly base: string;
  readonly ours: string;
  readonly theirs: string;
  readonly markerSize: string;
  /** The file's path in the repository. */
  readonly path: string;
}

/** How git's markers name the sides when the driver leaves a conflict. */
const LABELS = ['ours', 'theirs'] as const;

export async function runMergeGenerated(
  options: MergeGeneratedOptions,
  io: CommandIo,
): Promise<number> {
  const [ours, theirs] = await Promise.all([
    readFile(options.ours, 'utf8'),
    readFile(options.theirs, 'utf8'),
  ]);
  const name = basename(options.path);
  const out = dirname(options.path);
  if (name === MANIFEST_FILE) {
    const merged = mergeManifests(ours, theirs);
    if (merged !== undefined) {
      await writeFile(options.ours, merged);
      return EXIT.ok;
    }
    io.err(
      `${options.path}: a side is not a manifest; left conflicted: take one side, then generate again.`,
    );
    await leaveConflict(options);
    return EXIT.invalid;
  }
  const conflict =
    name === STATE_FILE
      ? stateConflict(ours, theirs, options.path, `${out}/${CHANGELOG_FILE}`)
      : name === CHANGELOG_FILE
        ? changelogConflict(ours, theirs)
        : undefined;
  if (conflict !== undefined) {
    io.err(`${options.path}: ${conflict.problem}; left conflicted: ${conflict.resolve}.`);
    await leaveConflict(options);
    return EXIT.invalid;
  }
  if (name === STATE_FILE) {
    const command =
      out === DEFAULT_OUT ? 'npm run generate' : `connect-codegen generate --out ${out}`;
    io.out(
      `${options.path}: both sides build on the same release; kept ours. Run \`${command}\` to rewrite ${out}/ from the merged spec, then commit.`,
    );
  }
  return EXIT.ok;
}

interface Conflict {
  readonly problem: string;
  readonly resolve: string;
}

function stateConflict(
  ours: string,
  theirs: string,
  file: string,
  changelogFile: string,
): Conflict | undefined {
  const unreadable = (side: string, why: string) => ({
    problem: `${side} cannot be read: ${why}`,
    resolve: 'take one side, then generate again',
  });
  const a = parseState(ours);
  if (typeof a === 'string') return unreadable(LABELS[0], a);
  const b = parseState(theirs);
  if (typeof b === 'string') return unreadable(LABELS[1], b);
  const problem = releaseDisagreement(a, b, LABELS);
  return problem === undefined
    ? undefined
    : { problem, resolve: takeReleasedSide(file, changelogFile) };
}

function changelogConflict(ours: string, theirs: string): Conflict | undefined {
  const problem = changelogDisagreement(ours, theirs, LABELS);
  return problem === undefined ? undefined : { problem, resolve: RESOLVE_RELEASED_ENTRIES };
}

/** Git's own conflict in `ours`, as a merge without the driver would leave it. */
async function leaveConflict(options: MergeGeneratedOptions): Promise<void> {
  const markers = /^\d+$/.test(options.markerSize) ? [`--marker-size=${options.markerSize}`] : [];
  const labels = ['-L', LABELS[0], '-L', 'base', '-L', LABELS[1]];
  // merge-file exits with the number of conflicts; the file is written either way.
  await promisify(execFile)('git', [
    'merge-file',
    ...markers,
    ...labels,
    options.ours,
    options.base,
    options.theirs,
  ]).catch(() => undefined);
}
