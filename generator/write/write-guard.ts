/**
 * Where `generate` may write and delete. The output folder is named by a flag or a config
 * file, and its contents can come from a pull request, so neither is trusted: an output that
 * is the file system's root, the home folder, the working folder of another project, or a
 * folder holding the spec is refused before anything is generated; inside the output, nothing
 * is read, written or deleted through a symbolic link (a committed `generated/src -> ~` would
 * otherwise have its target's files deleted as stale), and a file that is not a regular file
 * is never read (a FIFO would block the run).
 *
 * What is not promised: the checks and the writes are separate system calls, so a process
 * that swaps a folder for a link between them is not stopped. The threat is a committed link,
 * which is there before the run starts.
 */
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join, parse, relative, resolve, sep, isAbsolute } from 'node:path';
import { diagnostic, type Diagnostic } from '../shared/diagnostics.js';
import { carriesHeader, HEADER_BYTES } from './manifest.js';
import { entryAt, readRegularFile, type Entry } from '../shared/safe-read.js';

/** Whether a file in the output was written by the generator, judged by its header alone. */
export async function headered(path: string): Promise<boolean> {
  const read = await readRegularFile(path, HEADER_BYTES);
  return 'text' in read && carriesHeader(read.text);
}

/**
 * The output folder's entries, each looked at once (lstat), so that every path written or
 * deleted can be checked folder by folder from the output down without a call per file.
 */
export class OutputTree {
  readonly #entries = new Map<string, Promise<Entry>>();

  constructor(readonly root: string) {}

  /** What is at `path` (relative, `/`-separated; `''` is the output folder itself). */
  entry(path: string): Promise<Entry> {
    let entry = this.#entries.get(path);
    if (!entry) {
      entry = entryAt(path === '' ? this.root : join(this.root, ...path.split('/')));
      this.#entries.set(path, entry);
    }
    return entry;
  }

  /**
   * The first step on the way to `path` (the output folder, then each folder below it, and
   * `path` itself when it is to be a folder) that is not a real folder, or undefined when the
   * way is clear (up to where folders are missing).
   */
  async blocked(
    path: string,
    isFolder = false,
  ): Promise<{ readonly at: string; readonly entry: Entry } | undefined> {
    const parts = path.split('/');
    for (let i = 0; i < parts.length + (isFolder ? 1 : 0); i++) {
      const at = parts.slice(0, i).join('/');
      const entry = await this.entry(at);
      if (entry === 'missing') return undefined;
      if (entry !== 'folder') return { at, entry };
    }
    return undefined;
  }
}

/** Why a step on the way cannot be passed, as the end of a sentence naming it. */
export function blockedReason(entry: Entry): string {
  return entry === 'link'
    ? 'is a symbolic link: connect-codegen never writes or deletes through one, as it could lead out of the output folder'
    : 'is not a folder, and the output needs one there';
}

/** The real path of `path`, whose last steps may not exist yet. */
async function realPathOf(path: string): Promise<string> {
  const missing: string[] = [];
  let head = path;
  for (;;) {
    try {
      return join(await realpath(head), ...missing.reverse());
    } catch {
      const parent = dirname(head);
      if (parent === head) return path;
      missing.push(basename(head));
      head = parent;
    }
  }
}

const isWithin = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

export interface OutputFolder {
  /** The output as the user named it (shown in messages). */
  readonly label: string;
  /** The output's absolute path. */
  readonly dir: string;
  /** The working folder, which spec paths are relative to. */
  readonly cwd: string;
  /** The user's home folder (os.homedir() when not given: tests pass their own). */
  readonly home?: string;
}

const refusal = (folder: OutputFolder, message: string, hint: string): Diagnostic =>
  diagnostic({ code: 'output', file: folder.label, message, hint });

const named = (folder: OutputFolder, real: string) =>
  folder.label === real ? real : `${folder.label} (${real})`;

const OWN_FOLDER =
  'generate into a folder of its own, e.g. --out generated (or `output` in the config)';

/**
 * Why `folder` cannot be the output, before anything is generated: it is the root, the home
 * folder, a link, the working folder of a project that is not ours, or it holds one of
 * `specFiles` (paths relative to the working folder). Empty when it can be.
 *
 * "Holds a spec file" covers both an ancestor of the spec and the spec's own folder; a folder
 * next to the spec (`openapi.yaml` with `./client/`) is fine, as is a spec folder's sibling.
 */
export async function refuseOutputFolder(
  folder: OutputFolder,
  specFiles: readonly string[],
): Promise<Diagnostic[]> {
  const entry = await entryAt(folder.dir);
  if (entry === 'link')
    return [
      refusal(
        folder,
        `${folder.label} is a symbolic link; connect-codegen does not write through one, as a link committed in its place could lead anywhere`,
        'name the folder it points to as the output, or replace the link with a folder',
      ),
    ];
  if (entry === 'file' || entry === 'special')
    return [refusal(folder, `${folder.label} is not a folder`, OWN_FOLDER)];
  const real = await realPathOf(folder.dir);
  if (real === parse(real).root)
    return [
      refusal(
        folder,
        `${named(folder, real)} is the file system's root: the generator would write its package files there`,
        OWN_FOLDER,
      ),
    ];
  if (real === (await realPathOf(folder.home ?? homedir())))
    return [
      refusal(
        folder,
        `${named(folder, real)} is your home folder: the generator would write its package files there`,
        OWN_FOLDER,
      ),
    ];
  for (const file of specFiles) {
    if (isWithin(await realPathOf(resolve(folder.cwd, file)), real))
      return [
        refusal(
          folder,
          `${folder.label} holds the spec file ${file}: the generator would write over the spec's folder and could delete its files`,
          `${OWN_FOLDER}, outside the folders the spec is read from`,
        ),
      ];
  }
  if (real === (await realPathOf(folder.cwd))) {
    const manifest = await readRegularFile(join(folder.dir, 'package.json'), HEADER_BYTES);
    if (manifest.entry !== 'missing' && !('text' in manifest && carriesHeader(manifest.text)))
      return [
        refusal(
          folder,
          `${folder.label} is the working folder, and it holds a project of its own (its package.json was not written by connect-codegen)`,
          OWN_FOLDER,
        ),
      ];
  }
  return [];
}
