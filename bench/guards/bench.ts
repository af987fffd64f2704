/**
 * 1. Guard throughput: how many times per second each validator checks the 100-station page.
 * Every validator first has to accept the page and reject every spoiler, or the run stops:
 * a fast validator that checks less is not a result.
 */
import { checkPaginatedStationList } from '../../generated/src/index.js';
import { type SectionResult, ratioRow, row, target } from '../lib/report.js';
import { SPOILERS, spoiled, stationPage } from '../lib/station-page.js';
import { interleaved } from '../lib/interleave.js';
import { formatRatio, pairedRatios, summarize } from '../lib/stats.js';
import { compileAjvStationPage } from './ajv.js';
import { handCheckStationPage } from './hand.js';
import { loadZodStationPage } from './zod.js';

export interface GuardBenchOptions {
  readonly rounds: number;
  /** Checks per validator per round, the validators taking turns check by check. */
  readonly calls: number;
  readonly roundCapMs: number;
}

type Validator = (value: unknown) => boolean;

function assertAgrees(name: string, validate: Validator, page: unknown): void {
  if (!validate(page)) throw new Error(`${name} rejects the valid station page`);
  for (const spoiler of SPOILERS) {
    if (validate(spoiled(page as never, spoiler)))
      throw new Error(`${name} accepts a page with ${spoiler.what} at ${spoiler.path}`);
  }
}

/** A task for `interleaved`: one check of the page, which must pass. */
function checkOnce(name: string, validate: Validator, page: unknown): () => void {
  return () => {
    if (!validate(page)) throw new Error(`${name} changed its mind about the same page`);
  };
}

export async function benchGuards(options: GuardBenchOptions): Promise<SectionResult> {
  const page = stationPage();
  const bytes = Buffer.byteLength(JSON.stringify(page));
  const validators: Record<string, Validator> = {
    'generated guard (checkPaginatedStationList)': (v) =>
      checkPaginatedStationList(v) === undefined,
    'ajv 8, compiled from the spec': compileAjvStationPage(),
    'zod 4, hey-api zod plugin output': await loadZodStationPage(),
    'hand-written straight-line checker': handCheckStationPage,
  };
  const names = Object.keys(validators);
  const [ours, ajv, zod, hand] = names as [string, string, string, string];
  for (const name of names) assertAgrees(name, validators[name]!, page);

  const tasks = names.map((name) => checkOnce(name, validators[name]!, page));
  // Warm-up (JIT tiers), then the timed rounds.
  await interleaved(tasks, { rounds: 1, calls: 200, roundCapMs: 10_000 });
  const measured = await interleaved(tasks, {
    rounds: options.rounds,
    calls: options.calls,
    roundCapMs: options.roundCapMs,
  });
  const rates: Record<string, number[]> = Object.fromEntries(
    names.map((n, i) => [n, measured[i]!]),
  );

  const vsAjv = summarize(pairedRatios(rates[ours]!, rates[ajv]!));
  const vsHand = summarize(pairedRatios(rates[ours]!, rates[hand]!));
  return {
    title: 'Guard throughput, 100-station page',
    rows: [
      row(ours, summarize(rates[ours]!), 'pages/s', { summary: vsAjv, against: 'vs ajv' }),
      ratioRow(`${ours} / hand-written`, vsHand),
      row(ajv, summarize(rates[ajv]!), 'pages/s', {
        summary: summarize(pairedRatios(rates[ajv]!, rates[hand]!)),
        against: 'vs hand-written',
      }),
      row(zod, summarize(rates[zod]!), 'pages/s', {
        summary: summarize(pairedRatios(rates[ours]!, rates[zod]!)),
        against: 'ours vs zod',
      }),
      row(hand, summarize(rates[hand]!), 'pages/s'),
    ],
    targets: [
      target('guard ≥ 2× ajv throughput', vsAjv.median >= 2, `ours / ajv = ${formatRatio(vsAjv)}`),
      target(
        'guard within 10% of the hand-written checker',
        vsHand.median >= 0.9,
        `ours / hand-written = ${formatRatio(vsHand)}`,
      ),
    ],
    notes: [
      `The page: ${Math.round(bytes / 1024)} KB of JSON, 100 stations with 4 EVSEs, 6 opening periods and 2 price groups of 3–4 price items each, parsed once. ${options.rounds} rounds of up to ${options.calls} checks per validator (a round stops early after ${options.roundCapMs} ms), the validators taking turns check by check and each check timed on its own; a round's rate is checks / the validator's summed time. Ratios are per round.`,
      `Before timing, each validator accepted the page and rejected all ${SPOILERS.length} spoilers (${SPOILERS.map((s) => `${s.what} at \`${s.path}\``).join('; ')}).`,
      'ajv: Ajv2020 compiled from `components.schemas` of the spec with ajv-formats (date, date-time, uri) and our decimal pattern; the enum components are opened to match the open response enums of the generated guard. ajv also checks `format: uri` on `next`/`previous`, which the guard does not.',
      'zod: `zPaginatedStationList.safeParse` from the hey-api zod plugin. It differs from the guard a little both ways: closed enums, `z.url()` on `next`, no decimal pattern, and `z.iso.datetime()` without `offset: true`, so it rejects a `local_datetime` with a UTC offset such as `+01:00` (the page therefore uses `Z` times); and it builds a new object (stripping unknown keys, filling defaults) where the guard only reads.',
      'The hand-written checker checks exactly what the guard checks but only answers true/false, so it is the limit for straight-line code; the guard also reports the JSON path of a failure.',
    ],
  };
}
