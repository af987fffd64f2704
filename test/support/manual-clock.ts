/**
 * A clock and timers that move only when a test says so: a wait in the code under test is
 * then a fact the test can check (what was planned, and for when), not a sleep.
 */
import type { Timers } from '../../generator/cli/commands/debounce.js';

export interface ManualClock {
  readonly timers: Timers;
  now(): number;
  /** The times the pending timers are due at, earliest first. */
  due(): number[];
  /** Moves time on by `ms`, firing each timer due on the way, in order, at its own time. */
  advance(ms: number): void;
}

export function manualClock(): ManualClock {
  let now = 0;
  let next = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const earliest = () => [...pending.entries()].sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
  return {
    timers: {
      now: () => now,
      setTimeout: (callback, ms) => {
        pending.set(++next, { at: now + ms, callback });
        return next;
      },
      clearTimeout: (handle) => pending.delete(handle as number),
    },
    now: () => now,
    due: () => [...pending.values()].map((t) => t.at).sort((a, b) => a - b),
    advance(ms) {
      const end = now + ms;
      for (let first = earliest(); first && first[1].at <= end; first = earliest()) {
        pending.delete(first[0]);
        now = first[1].at;
        first[1].callback();
      }
      now = end;
    },
  };
}
