/** Command output as lines, without touching the process streams. */
import type { CommandIo } from '../../generator/cli/commands/io.js';

/** Fits both the generator's `CommandIo` and the fake server's `CliIo` (the same two methods). */
export interface CapturedIo extends CommandIo {
  readonly stdout: string[];
  readonly stderr: string[];
}

export function capture(): CapturedIo {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l) };
}
