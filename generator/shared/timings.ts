/**
 * Where a run's time goes, stage by stage (`generate --timings`, and the bench's scale section),
 * so that the next slowdown shows where it came from. Each stage is timed in CPU time (user +
 * system, what the machine spent: the figure the bench compares, fair on a shared machine)
 * and in wall time. The stages run one after the other, so the CPU the process spends while
 * one runs is that stage's. `start` is what the process spent before the first stage: Node
 * starting and the generator's modules loading.
 */
import { performance } from 'node:perf_hooks';

/**
 * The pipeline's stages, in order: `print` is ts-morph writing the structures as text, `format`
 * prettier putting it in the house format; `write` is the command's, after the pipeline.
 */
export const STAGES = [
  'load',
  'validate',
  'ir',
  'plan',
  'emit',
  'print',
  'format',
  'release',
  'write',
] as const;

export type Stage = (typeof STAGES)[number];

/** Times the stages of a run; a stage timed twice (printing is done in two goes) adds up. */
export interface StageClock {
  time<T>(stage: Stage, run: () => T): T;
  timeAsync<T>(stage: Stage, run: () => Promise<T>): Promise<T>;
}

/** The clock of a run that is not timed: it only runs each stage. */
export const UNTIMED: StageClock = {
  time: (_stage, run) => run(),
  timeAsync: (_stage, run) => run(),
};

/** One stage's cost, in milliseconds. */
export interface StageCost {
  readonly cpuMs: number;
  readonly wallMs: number;
}

const cpuMsNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A clock that keeps what each stage cost. */
export class StageTimings implements StageClock {
  readonly #costs = new Map<Stage | 'start', { cpuMs: number; wallMs: number }>();

  /** Made at the start of the run: what the process spent until now is `start`. */
  constructor() {
    this.#costs.set('start', { cpuMs: cpuMsNow(), wallMs: performance.now() });
  }

  time<T>(stage: Stage, run: () => T): T {
    const began = { cpu: cpuMsNow(), wall: performance.now() };
    try {
      return run();
    } finally {
      this.#add(stage, began);
    }
  }

  async timeAsync<T>(stage: Stage, run: () => Promise<T>): Promise<T> {
    const began = { cpu: cpuMsNow(), wall: performance.now() };
    try {
      return await run();
    } finally {
      this.#add(stage, began);
    }
  }

  #add(stage: Stage, began: { cpu: number; wall: number }): void {
    const cost = this.#costs.get(stage) ?? { cpuMs: 0, wallMs: 0 };
    cost.cpuMs += cpuMsNow() - began.cpu;
    cost.wallMs += performance.now() - began.wall;
    this.#costs.set(stage, cost);
  }

  /** `start`, then each stage that ran, in pipeline order. */
  costs(): [Stage | 'start', StageCost][] {
    return (['start', ...STAGES] as const).flatMap((stage) => {
      const cost = this.#costs.get(stage);
      return cost ? [[stage, { ...cost }] as [Stage | 'start', StageCost]] : [];
    });
  }
}

/**
 * The lines `--timings` prints: a stage per line, CPU then wall milliseconds, and the total.
 * The bench reads them back (`readTimings`), so their shape is kept in one place.
 */
export function timingLines(costs: readonly (readonly [string, StageCost])[]): string[] {
  const total = costs.reduce(
    (sum, [, c]) => ({ cpuMs: sum.cpuMs + c.cpuMs, wallMs: sum.wallMs + c.wallMs }),
    { cpuMs: 0, wallMs: 0 },
  );
  const line = (name: string, c: StageCost) =>
    `  ${name.padEnd(9)}${String(Math.round(c.cpuMs)).padStart(7)} ms CPU${String(Math.round(c.wallMs)).padStart(7)} ms wall`;
  return [
    'timings (start is Node and the generator loading):',
    ...costs.map(([name, c]) => line(name, c)),
    line('total', total),
  ];
}

/** The stages and their CPU milliseconds out of `--timings` output; empty when there are none. */
export function readTimings(text: string): [string, number][] {
  const found: [string, number][] = [];
  for (const match of text.matchAll(/^ {2}(\w+) +(\d+) ms CPU +\d+ ms wall$/gm))
    if (match[1] !== 'total') found.push([match[1]!, Number(match[2])]);
  return found;
}
