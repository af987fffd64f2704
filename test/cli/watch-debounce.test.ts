/**
 * When `--watch` runs after changes (`debounce.ts`), on a clock the test moves: once the files
 * are quiet, and at the latest the maximum wait after the first change not yet run, so files
 * that change every 50 ms still give a run every second rather than none.
 */
import { describe, expect, it } from 'vitest';
import { debounce, DEFAULT_TIMING, type Timing } from '../../generator/cli/commands/debounce.js';
import { manualClock } from '../support/manual-clock.js';

/** A debounce as the watch uses it: a run starts when it fires, and the times runs started at. */
function watched(timing: Timing) {
  const clock = manualClock();
  const runs: number[] = [];
  const waits = debounce(
    () => {
      waits.started();
      runs.push(clock.now());
    },
    timing,
    clock.timers,
  );
  const change = () => {
    waits.changed();
    waits.plan();
  };
  return { clock, runs, waits, change };
}

/** A change every `every` ms for `forMs` ms, from time 0. */
function churn(w: ReturnType<typeof watched>, every: number, forMs: number) {
  for (let t = 0; t < forMs; t += every) {
    w.change();
    w.clock.advance(every);
  }
}

describe('the watch debounce', () => {
  it('runs once after a burst, when the files have been quiet for the quiet time', () => {
    const w = watched(DEFAULT_TIMING);
    for (let i = 0; i < 5; i++) {
      w.change();
      w.clock.advance(10);
    }
    // The last change was at 40 ms.
    w.clock.advance(1000);
    expect(w.runs).toEqual([140]);
    expect(w.waits.pending).toBe(false);
  });

  it('runs at the latest a second after the first change while changes come every 50 ms', () => {
    const w = watched(DEFAULT_TIMING);
    churn(w, 50, 8000);
    // Each run is a second after the first change the run before did not see.
    expect(w.runs).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000]);
    // The run at 8000 saw the last change (at 7950): nothing is left to run.
    w.clock.advance(1000);
    expect(w.runs).toHaveLength(8);
    // A change after a quiet spell waits only the quiet time again.
    w.change();
    w.clock.advance(1000);
    expect(w.runs.at(-1)).toBe(9100);
  });

  it('without a maximum wait, the same changes give no run until they stop (the old behaviour)', () => {
    const w = watched({ ...DEFAULT_TIMING, maxWaitMs: Infinity });
    churn(w, 50, 8000);
    expect(w.runs).toEqual([]);
  });

  it('runs at once after a run for changes that came during it and have waited long enough', () => {
    const w = watched(DEFAULT_TIMING);
    w.change();
    w.clock.advance(100);
    expect(w.runs).toEqual([100]);
    // A run of 1.5 s: the watch plans nothing while it goes, only notes the changes.
    w.clock.advance(200);
    w.waits.changed();
    w.clock.advance(1300);
    expect(w.waits.pending).toBe(true);
    w.waits.plan();
    expect(w.clock.due()).toEqual([1600]);
    w.clock.advance(0);
    expect(w.runs).toEqual([100, 1600]);
  });

  it('plans nothing without a change, and nothing once cancelled', () => {
    const w = watched(DEFAULT_TIMING);
    w.waits.plan();
    expect(w.clock.due()).toEqual([]);
    w.change();
    w.waits.cancel();
    w.clock.advance(5000);
    expect(w.runs).toEqual([]);
  });
});
