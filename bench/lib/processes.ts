/** Whole-process timing, hyperfine-style: the same commands run in turns, wall-clock each. */
import { spawnSync } from 'node:child_process';
import { ROOT, type Command } from './work.js';
import { rotated } from './stats.js';

export interface RunOutput {
  readonly ms: number;
  readonly stdout: string;
}

/** Runs one command to completion; throws with its output when it fails, since a failed run has no time worth reporting. */
export function runOnce(
  command: Command,
  cwd = ROOT,
  env: Readonly<Record<string, string>> = {},
): RunOutput {
  const started = process.hrtime.bigint();
  const result = spawnSync(command.executable, command.args, {
    cwd,
    encoding: 'utf8',
    stdio: 'pipe',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    throw new Error(
      `${command.label} failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return { ms, stdout: result.stdout };
}

/**
 * Runs every command `runs` times after one untimed warm-up each (disk cache, compile cache),
 * taking turns so that a noisy neighbour slows all of them rather than one.
 */
export function timeProcesses<K extends string>(
  commands: Readonly<Record<K, Command>>,
  runs: number,
  before?: (key: K) => void,
): Record<K, number[]> {
  const keys = Object.keys(commands) as K[];
  const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (const key of keys) {
    before?.(key);
    runOnce(commands[key]);
  }
  for (let round = 0; round < runs; round++) {
    for (const key of rotated(keys, round)) {
      before?.(key);
      times[key].push(runOnce(commands[key]).ms);
    }
  }
  return times;
}
