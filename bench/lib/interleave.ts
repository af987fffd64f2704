/**
 * Timing that survives a busy machine: the contenders take turns call by call (A, B, C,
 * then B, C, A, …), each call timed on its own, so a slow moment lands on whichever call
 * was running rather than on one contender's whole batch. Each round gives every contender
 * a rate from the sum of its own call times.
 */
import { rotated } from './stats.js';

export type Task = () => unknown;

export interface InterleaveOptions {
  readonly rounds: number;
  /** Calls per contender per round. */
  readonly calls: number;
  /** A round ends early, with the same number of calls for everyone, once this much time has passed. */
  readonly roundCapMs: number;
}

/** `rates[contender][round]`: calls per second. Tasks may be synchronous or return a promise. */
export async function interleaved(
  tasks: readonly Task[],
  options: InterleaveOptions,
): Promise<number[][]> {
  const rates = tasks.map(() => [] as number[]);
  const order = tasks.map((_, i) => i);
  for (let round = 0; round < options.rounds; round++) {
    const spent = tasks.map(() => 0n);
    const cap = process.hrtime.bigint() + BigInt(options.roundCapMs) * 1_000_000n;
    let calls = 0;
    while (calls < options.calls) {
      for (const index of rotated(order, calls + round)) {
        const started = process.hrtime.bigint();
        const result = tasks[index]!();
        if (result instanceof Promise) await result;
        spent[index]! += process.hrtime.bigint() - started;
      }
      calls++;
      if (process.hrtime.bigint() > cap) break;
    }
    spent.forEach((ns, i) => rates[i]!.push(calls / (Number(ns) / 1e9)));
  }
  return rates;
}
