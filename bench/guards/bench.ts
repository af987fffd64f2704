/**
 * 1. Guard throughput: how many times per second each validator checks the 100-station page.
 * Every validator first has to accept the page and reject every spoiler, or the run stops:
 * a fast validator that checks less is not a result.
 */
import { checkPaginatedStationList } from '../../generated/src/index.js';
import { type SectionResult, ratioRow, row, target } from '../lib/report.js';
import { SPOILERS, spoiled, stationPage } from '../lib/station-page.js';
import { formatRatio, pairedRatios, rotated, summarize } from '../lib/stats.js';
import { compileAjvStationPage } from './ajv.js';
import { handCheckStationPage } from './hand.js';
import { loadZodStationPage } from './zod.js';

export interface GuardBenchOptions {
  readonly rounds: number;
  /** Roughly how long one validator's batch takes in one round. */
  readonly batchMs: number;
}

type Validator = (value: unknown) => boolean;

function assertAgrees(name: string, validate: Validator, page: unknown): void {
  if (!validate(page)) throw new Error(`${name} rejects the valid station page`);
  for (const spoiler of SPOILERS) {
    if (validate(spoiled(page as never, spoiler))) throw new Error(`${name} accepts a page with ${spoiler.what} at ${spoiler.path}`);
  }
}

/** Checks `page` `count` times; returns checks per second. */
function measure(validate: Validator, page: unknown, count: number): number {
  let accepted = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) if (validate(page)) accepted++;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (accepted !== count) throw new Error('validator changed its mind about the same page');
  return count / seconds;
}

export async function benchGuards(options: GuardBenchOptions): Promise<SectionResult> {
  const page = stationPage();
  const bytes = Buffer.byteLength(JSON.stringify(page));
  const validators: Record<string, Validator> = {
    'generated guard (checkPaginatedStationList)': (v) => checkPaginatedStationList(v) === undefined,
    'ajv 8, compiled from the spec': compileAjvStationPage(),
    'zod 4, hey-api zod plugin output': await loadZodStationPage(),
    'hand-written straight-line checker': handCheckStationPage,
  };
  const names = Object.keys(validators);
  const [ours, ajv, zod, hand] = names as [string, string, string, string];
  for (const name of names) assertAgrees(name, validators[name]!, page);

  // Warm up (JIT tiers) and size each batch to about batchMs.
  const batch: Record<string, number> = {};
  for (const name of names) {
    measure(validators[name]!, page, 50);
    const rate = measure(validators[name]!, page, 200);
    batch[name] = Math.max(20, Math.round((rate * options.batchMs) / 1000));
  }
  const rates: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const name of rotated(names, round)) rates[name]!.push(measure(validators[name]!, page, batch[name]!));
  }

  const vsAjv = summarize(pairedRatios(rates[ours]!, rates[ajv]!));
  const vsHand = summarize(pairedRatios(rates[ours]!, rates[hand]!));
  const total = Object.values(batch).reduce((sum, n) => sum + n * options.rounds, 0);
  return {
    title: 'Guard throughput, 100-station page',
    rows: [
      row(ours, summarize(rates[ours]!), 'pages/s', { summary: vsAjv, against: 'vs ajv' }),
      ratioRow(`${ours} / hand-written`, vsHand),
      row(ajv, summarize(rates[ajv]!), 'pages/s', { summary: summarize(pairedRatios(rates[ajv]!, rates[hand]!)), against: 'vs hand-written' }),
      row(zod, summarize(rates[zod]!), 'pages/s', { summary: summarize(pairedRatios(rates[ours]!, rates[zod]!)), against: 'ours vs zod' }),
      row(hand, summarize(rates[hand]!), 'pages/s'),
    ],
    targets: [
      target('guard ≥ 2× ajv throughput', vsAjv.median >= 2, `ours / ajv = ${formatRatio(vsAjv)}`),
      target('guard within 10% of the hand-written checker', vsHand.median >= 0.9, `ours / hand-written = ${formatRatio(vsHand)}`),
    ],
    notes: [
      `The page: ${names.length} validators × ${options.rounds} rounds on the same ${Math.round(bytes / 1024)} KB page (100 stations, 4 EVSEs, 6 opening periods, 2 price groups with 3–4 price items each), ${total} checks in all, validators taking turns within each round.`,
      `Before timing, each validator accepted the page and rejected all ${SPOILERS.length} spoilers (${SPOILERS.map((s) => `${s.what} at \`${s.path}\``).join('; ')}).`,
      'ajv: Ajv2020 compiled from `components.schemas` of the spec with ajv-formats (date, date-time, uri) and our decimal pattern; the enum components are opened to match the open response enums of the generated guard. ajv also checks `format: uri` on `next`/`previous`, which the guard does not.',
      'zod: `zPaginatedStationList.safeParse` from the hey-api zod plugin. It differs from the guard a little both ways: closed enums, `z.url()` on `next`, no decimal pattern, and `z.iso.datetime()` without `offset: true`, so it rejects a `local_datetime` with a UTC offset such as `+01:00` (the page therefore uses `Z` times); and it builds a new object (stripping unknown keys, filling defaults) where the guard only reads.',
      'The hand-written checker checks exactly what the guard checks but only answers true/false, so it is the limit for straight-line code; the guard also reports the JSON path of a failure.',
    ],
  };
}
