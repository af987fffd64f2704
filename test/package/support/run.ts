/**
 * Runs a command to completion and returns its output. A failure names the command, its
 * directory and its output, so a broken build or install says what went wrong.
 */
import { execFile } from 'node:child_process';

export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

export interface RunOptions {
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Resolve with the exit code instead of rejecting when the command fails. */
  readonly allowFailure?: boolean;
}

export function run(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && options.allowFailure && typeof error.code === 'number')
          resolve({ stdout, stderr, exitCode: error.code });
        else if (error) {
          const output = [stdout, stderr].filter((s) => s.trim()).join('\n');
          reject(
            new Error(
              `\`${command} ${args.join(' ')}\` in ${options.cwd} failed (${error.code ?? error.signal}):\n${output}`,
            ),
          );
        } else resolve({ stdout, stderr, exitCode: 0 });
      },
    );
  });
}

/** npm without update notices or funding chatter, so its JSON output parses. */
export function npm(args: readonly string[], cwd: string): Promise<RunResult> {
  return run('npm', [...args, '--no-audit', '--no-fund', '--no-update-notifier'], { cwd });
}
