/**
 * When `generate --watch` runs after changes: once the files have been quiet for a moment (an
 * editor's save is several events), but never later than a maximum wait after the first change
 * not yet run, so that files which never stay quiet (a tool rewriting the spec every 50 ms, a
 * long checkout) still give a run every so often instead of none at all. The clock and timers
 * are given, so a test moves time itself.
 */

export interface Timing {
  /** How long the files must be quiet before a run, in milliseconds. */
  readonly quietMs: number;
  /** The longest a change waits for its run while changes keep coming, in milliseconds. */
  readonly maxWaitMs: number;
}

/**
 * 100 ms covers the events of one save; 1 s is about as long as a change may wait unseen
 * before the watch looks stuck, and at most one run a second under constant changes costs
 * little, since a run never overlaps another (changes during one give one run after it).
 */
export const DEFAULT_TIMING: Timing = { quietMs: 100, maxWaitMs: 1000 };

export interface Timers {
  readonly now: () => number;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

export const SYSTEM_TIMERS: Timers = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout | undefined),
};

export interface Debounce {
  /** A change: the first since the last run starts the maximum wait. */
  changed(): void;
  /** Whether changes came since the last run started. */
  readonly pending: boolean;
  /** (Re)plans the run for the pending changes: after the quiet time, or sooner when the maximum wait ends first. */
  plan(): void;
  /** A run starts now, for every change so far: nothing is pending, nothing planned. */
  started(): void;
  /** Stops the planned run, if any. */
  cancel(): void;
}

export function debounce(
  fire: () => void,
  timing: Timing,
  timers: Timers = SYSTEM_TIMERS,
): Debounce {
  let timer: unknown;
  let firstChangeAt: number | undefined;
  const cancel = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  return {
    changed() {
      firstChangeAt ??= timers.now();
    },
    get pending() {
      return firstChangeAt !== undefined;
    },
    plan() {
      if (firstChangeAt === undefined) return;
      cancel();
      const untilMaxWait = firstChangeAt + timing.maxWaitMs - timers.now();
      timer = timers.setTimeout(
        () => {
          timer = undefined;
          fire();
        },
        Math.max(0, Math.min(timing.quietMs, untilMaxWait)),
      );
    },
    started() {
      cancel();
      firstChangeAt = undefined;
    },
    cancel,
  };
}
