/**
 * What the last run left in the output directory, read at the disk's edge so the release
 * stage stays pure: the recorded surface, the changelog, and the package's sources (which
 * a record from before exported names were kept is compared against).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STATE_FILE } from './diff/state-file.js';
import { SOURCE_DIR } from './emit/model.js';

export const CHANGELOG_FILE = 'CHANGELOG.md';

export interface PreviousOutput {
  /** The text of the recorded surface, if there is one. */
  readonly stateText?: string;
  readonly changelog?: string;
  /** The package's TypeScript sources as they are now, by package path (`src/…`). */
  readonly sources: ReadonlyMap<string, string>;
}

export async function readPreviousOutput(outDir: string): Promise<PreviousOutput> {
  const read = (path: string) => readFile(join(outDir, path), 'utf8').catch(() => undefined);
  const [stateText, changelog] = await Promise.all([read(STATE_FILE), read(CHANGELOG_FILE)]);
  const names = (
    await readdir(join(outDir, SOURCE_DIR), { recursive: true }).catch(() => [] as string[])
  ).sort();
  const sources = new Map<string, string>();
  for (const name of names.filter((n) => n.endsWith('.ts'))) {
    const path = `${SOURCE_DIR}/${name.split('\\').join('/')}`;
    const text = await read(path);
    if (text !== undefined) sources.set(path, text);
  }
  return {
    ...(stateText !== undefined ? { stateText } : {}),
    ...(changelog !== undefined ? { changelog } : {}),
    sources,
  };
}
