/**
 * The generated client against seeded hostile servers: for every case, a behaviour drawn from
 * the seed (hostile-draw.ts, hostile-behaviour.ts: statuses, header sets and sizes, body
 * shapes and depths, encodings, framing, chunking and stalls, `next` links, Retry-After
 * values) is played by a real server on 127.0.0.1 (hostile-server.ts, hostile-bodies.ts),
 * and one call of the client runs against it (hostile-case.ts): `usersRetrieve`,
 * `usersCreate` (not retry-safe), or `usersList` walked with `for await` (30 items at most).
 * Each case must keep what the package README promises (hostile-invariants.ts):
 *
 * - the call settles within its deadline, plus 0.5 s (a watchdog aborts it 1.5 s later; a
 *   list walk, one call per page, gets 50 ms more for each page after the first);
 * - with data that passes its guard (or, in `warn` mode, with a warning logged), or with an
 *   `SdkError`, never a raw TypeError, RangeError or SyntaxError;
 * - nothing that cannot succeed is retried: `usersCreate` is sent once, and no attempt follows
 *   a final reply (a 3xx, a 4xx but 408 and 429, a header overflow, a body over the limit or
 *   a corrupt encoding); no call makes more than maxRetries + 1 attempts;
 * - the client reads at most `maxResponseBytes` plus one chunk (64 KiB) of any response body;
 * - the token never appears in the error's message, `String`, `util.inspect`, `JSON.stringify`,
 *   or a logged line, and never reaches another origin;
 * - the error prints: none of those renderings throws, each is under 64 KB;
 * - `__proto__` in a body stays data: `Object.prototype` is left alone, and an error's
 *   `detail` and `errorType` are never read from under a `__proto__` key.
 *
 * `npm test` runs 150 cases of seed 24 in about 15 s. Run it longer, or from another seed:
 *
 *   HOSTILE_FUZZ_RUNS=2000 HOSTILE_FUZZ_SEED=7 npx vitest run test/robustness/hostile-fuzz.test.ts
 *
 * A failure names its case, seed and behaviour; replay cases alone (comma-separated) with
 * `HOSTILE_FUZZ_SEED=<seed> HOSTILE_FUZZ_CASES=17,42`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCase, warmUp } from './hostile-case.js';
import { INVARIANTS, violationsOf, type Invariant } from './hostile-invariants.js';
import {
  ASPECTS,
  closeAllServers,
  describeBehaviour,
  drawBehaviour,
  startDecoyServer,
  type Behaviour,
  type DecoyServer,
} from './hostile-server.js';

const envInt = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
};
const DEFAULT_RUNS = 150;
const DEFAULT_SEED = 24;
const RUNS = envInt('HOSTILE_FUZZ_RUNS', DEFAULT_RUNS);
const SEED = envInt('HOSTILE_FUZZ_SEED', DEFAULT_SEED);
const CASES = process.env['HOSTILE_FUZZ_CASES']
  ? process.env['HOSTILE_FUZZ_CASES'].split(',').map(Number)
  : Array.from({ length: RUNS }, (_, n) => n);
/** Cases at once: each mostly waits on timers and sockets, and two cores stay responsive. */
const CONCURRENCY = 4;
/** Failure lines shown per invariant; the message counts them all. */
const SHOWN = 25;

interface CaseResult {
  readonly behaviour: Behaviour;
  readonly violations: readonly { invariant: Invariant; detail: string }[];
}

let decoy: DecoyServer;
const results: CaseResult[] = [];

beforeAll(
  async () => {
    decoy = await startDecoyServer();
    await warmUp(decoy);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < CASES.length) {
        const behaviour = drawBehaviour(SEED, CASES[next++]!);
        const observation = await runCase(behaviour, decoy);
        results.push({ behaviour, violations: violationsOf(observation) });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    results.sort((a, b) => a.behaviour.case - b.behaviour.case);
  },
  60_000 + CASES.length * 4_000,
);

afterAll(() => closeAllServers());

describe(`hostile servers: ${CASES.length} cases of seed ${SEED}`, () => {
  it.each(Object.keys(INVARIANTS) as Invariant[])('every call %s', (invariant) => {
    const failing = results.filter((r) => r.violations.some((v) => v.invariant === invariant));
    const lines = failing.flatMap(({ behaviour: b, violations }) =>
      violations
        .filter((v) => v.invariant === invariant)
        .map((v) => `case ${b.case} (seed ${SEED}): ${v.detail} — ${describeBehaviour(b)}`),
    );
    const shown =
      lines.length > SHOWN
        ? [...lines.slice(0, SHOWN), `… and ${lines.length - SHOWN} more`]
        : lines;
    expect(shown, `${failing.length} of ${results.length} cases`).toEqual([]);
  });

  // A draw that stopped producing some hostility would pass every check above without
  // testing anything: the default run must draw every value of every aspect at least once.
  // (Another seed may miss a rare one, so only the default run is held to it.)
  it.runIf(SEED === DEFAULT_SEED && CASES.length >= DEFAULT_RUNS)(
    'the draw covers every kind of hostility',
    () => {
      const fields = [
        'echo',
        'contentType',
        'encoding',
        'framing',
        'delivery',
        'headers',
        'retryAfter',
      ] as const;
      const seen = new Set<string>();
      for (const { behaviour: b } of results) {
        seen.add(`operation:${b.operation}`).add(`token:${b.client.token}`);
        for (const reply of b.plans.flat()) {
          const { body, status } = reply;
          seen.add(`status:${Math.floor(status / 100)}xx`).add(`body:${body.kind}`);
          for (const field of fields) seen.add(`${field}:${reply[field]}`);
          if (body.kind === 'page') seen.add(`next:${body.next}`);
        }
      }
      const expected = [
        ...['retrieve', 'list', 'create'].map((operation) => `operation:${operation}`),
        ...['marker', 'short'].map((token) => `token:${token}`),
        ...['2xx', '3xx', '4xx', '5xx'].map((group) => `status:${group}`),
        ...Object.entries(ASPECTS).flatMap(([aspect, values]) =>
          values.map((value: string) => `${aspect}:${value}`),
        ),
      ];
      expect(expected.filter((feature) => !seen.has(feature))).toEqual([]);
    },
  );
});
