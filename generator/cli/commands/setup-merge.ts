/**
 * `connect-codegen setup-merge`: tells this clone's git how to merge generated/, so two
 * branches that each changed the spec and regenerated merge without conflicts. The committed
 * `.gitattributes` names the files (`merge=connect-generated`); git reads the driver's command
 * from local config only, never from the repository, so each clone runs this once.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { STATE_FILE } from '../../release/diff/state-file.js';
import { EXIT, type CommandIo } from './io.js';
import { DEFAULT_OUT } from './paths.js';

/** The driver's name, as `.gitattributes` gives it. */
export const MERGE_DRIVER = 'connect-generated';

export interface SetupMergeOptions {
  /** This generator's `bin.js`, by absolute path: git runs the driver wherever it merges. */
  readonly bin: string;
}

const git = (args: readonly string[], cwd: string) =>
  promisify(execFile)('git', [...args], { cwd }).then((r) => r.stdout);

export async function runSetupMerge(
  options: SetupMergeOptions,
  io: CommandIo,
  cwd = process.cwd(),
): Promise<number> {
  const driver = `node ${shellQuoted(options.bin)} merge-generated %O %A %B %L %P`;
  try {
    await git(
      ['config', `merge.${MERGE_DRIVER}.name`, 'generated output: keep one side, then regenerate'],
      cwd,
    );
    await git(['config', `merge.${MERGE_DRIVER}.driver`, driver], cwd);
  } catch (error) {
    const why = error instanceof Error ? error.message.trim() : String(error);
    io.err(`connect-codegen setup-merge: git config failed (run it inside the repository): ${why}`);
    return EXIT.invalid;
  }
  io.out(`git now merges files marked merge=${MERGE_DRIVER} with: ${driver}`);
  const probe = `${DEFAULT_OUT}/${STATE_FILE}`;
  const attribute = await git(['check-attr', 'merge', '--', probe], cwd).catch(() => '');
  if (!attribute.trim().endsWith(`: ${MERGE_DRIVER}`))
    io.err(
      `warning: ${probe} is not marked; add \`${DEFAULT_OUT}/** merge=${MERGE_DRIVER}\` to .gitattributes`,
    );
  return EXIT.ok;
}

/** A path as one word for the shell git runs the driver with. */
function shellQuoted(path: string): string {
  return `'${path.replace(/'/g, `'\\''`)}'`;
}
