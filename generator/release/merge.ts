/**
 * What a git merge of two branches' output means for the release record. Every spec change
 * rewrites the state file's digests and the pending changelog entry, so two branches that each
 * changed the spec conflict in both files even when their changes are independent. Neither
 * file's text needs merging: `generate` rewrites both from the merged spec, and all it takes
 * from them is the baseline (the last release, `released ?? current`) and the changelog
 * entries from that release down. Two sides that agree on those give the same output whichever
 * is read. Sides that disagree (one branch ran `generate --release`) are refused: the record
 * cannot tell which side holds the release, and keeping the other would silently drop it.
 * `generate` reads the sides out of conflict markers; the merge driver
 * (`cli/commands/merge-generated.ts`) gets them as files.
 */
import type { ReleaseState } from './diff/release.js';
import { baselineRecord } from './diff/state-file.js';

/** The two sides of a conflicted file, as far as git could not merge them, and their names in the markers. */
export interface ConflictSides {
  readonly ours: string;
  readonly theirs: string;
  readonly labels: readonly [ours: string, theirs: string];
}

/** A conflict marker of git's default size: `<<<<<<< HEAD`, `|||||||` (diff3 style), `=======`, `>>>>>>> branch`. */
const MARKER = /^([<|=>])\1{6}(?: (.*))?$/;

/**
 * The sides of a text with git conflict markers (merge, diff3 and zdiff3 styles: the base's
 * lines are dropped); undefined when it has none, a sentence when its markers do not pair up.
 */
export function conflictSides(text: string): ConflictSides | string | undefined {
  let ours = '';
  let theirs = '';
  let labels: [string, string] | undefined;
  let section: 'both' | 'ours' | 'base' | 'theirs' = 'both';
  let opened = 0;
  for (const [index, line] of text.split(/(?<=\n)/).entries()) {
    const marker = MARKER.exec(line.replace(/\r?\n$/, ''));
    const kind = marker?.[1];
    if (kind === '<' && section === 'both') {
      section = 'ours';
      opened = index + 1;
      labels ??= [marker?.[2] || 'ours', 'theirs'];
    } else if (kind === '|' && section === 'ours') section = 'base';
    else if (kind === '=' && (section === 'ours' || section === 'base')) section = 'theirs';
    else if (kind === '>' && section === 'theirs') {
      section = 'both';
      if (labels && marker?.[2]) labels[1] = marker[2];
    } else if (kind === '<' || kind === '>' || (kind === '|' && section !== 'base')) {
      return `line ${index + 1} is a conflict marker out of place (${line.trimEnd()})`;
    } else {
      // A line of `=======` outside a conflict is text (a Markdown heading's underline).
      if (section !== 'theirs' && section !== 'base') ours += line;
      if (section !== 'ours' && section !== 'base') theirs += line;
    }
  }
  if (section !== 'both') return `the conflict opened at line ${opened} does not end`;
  return labels ? { ours, theirs, labels } : undefined;
}

/**
 * Why two sides' states cannot be merged by keeping one: they build on different releases.
 * No versions are named: a side read out of conflict markers also holds what git merged
 * cleanly (a `released` record one branch dropped), so its versions may be neither branch's.
 */
export function releaseDisagreement(
  ours: ReleaseState,
  theirs: ReleaseState,
  labels: ConflictSides['labels'],
): string | undefined {
  if (baselineRecord(ours) === baselineRecord(theirs)) return undefined;
  return `${labels[0]} and ${labels[1]} build on different releases, as after \`generate --release\` on one branch`;
}

/**
 * How to resolve sides that build on different releases. The record is a pair: the state and
 * the changelog from the same branch, the one that released (the merge driver may already
 * have kept our changelog, so `git checkout <branch> --` rather than `--ours`/`--theirs`).
 */
export function takeReleasedSide(stateFile: string, changelogFile: string): string {
  return `take both files from the branch that released (git checkout <that branch> -- ${stateFile} ${changelogFile}), then generate again: the other branch's changes become the next version`;
}

/**
 * Why two sides' changelogs cannot be merged by keeping one. Each side may have one entry of
 * its own on top, the release it is preparing, which `generate` rewrites; every entry below
 * must be the same on both, since those are released and kept as they are.
 */
export function changelogDisagreement(
  ours: string,
  theirs: string,
  labels: ConflictSides['labels'],
): string | undefined {
  const [a, b] = [entries(ours), entries(theirs)];
  let shared = 0;
  while (shared < Math.min(a.length, b.length) && a.at(-1 - shared) === b.at(-1 - shared)) shared++;
  const differing = [...a.slice(1, a.length - shared), ...b.slice(1, b.length - shared)];
  if (differing.length === 0) return undefined;
  const versions = [...new Set(differing.map((e) => e.split('\n', 1)[0]!))];
  return `entries released before the one being prepared differ between ${labels[0]} and ${labels[1]} (${versions.join(', ')})`;
}

/** How to resolve changelogs whose released entries differ: no side is known to be right. */
export const RESOLVE_RELEASED_ENTRIES =
  'resolve those entries by hand (the one being prepared is rewritten anyway), then generate again';

/** The changelog's entries as `updateChangelog` splits them: what comes before the first is rewritten anyway. */
function entries(text: string): string[] {
  return text
    .split(/^(?=## )/m)
    .filter((chunk) => chunk.startsWith('## '))
    .map((chunk) => chunk.trimEnd());
}
