/**
 * `npm run bench`: our generated client side by side with the tools users would pick
 * instead. Generates the alternatives' code from our spec into bench/.work/, runs the six
 * sections, prints one table and writes bench/RESULTS.md. Timings never fail the run; only
 * a broken setup does (a tool that does not run, a validator that accepts a spoiled page).
 *
 * `BENCH_QUICK=1` runs fewer rounds, for trying the bench itself out.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchGeneration } from './generation/bench.js';
import { benchGuards } from './guards/bench.js';
import { describeEnvironment } from './lib/machine.js';
import { runOnce } from './lib/processes.js';
import { markdown, textTable, type SectionResult } from './lib/report.js';
import {
  HEY_API_OUT,
  OPENAPI_TYPESCRIPT_OUT,
  ROOT,
  WORK,
  freshDir,
  heyApi,
  openapiTypescript,
  tsc,
} from './lib/work.js';
import { benchRequests } from './requests/bench.js';
import { benchScale, SCALE_DOCUMENTS } from './scale/bench.js';
import { benchSize } from './size/bench.js';
import { benchTiles } from './tiles/bench.js';
import { benchTypecheck } from './typecheck/bench.js';

const quick = process.env.BENCH_QUICK === '1';

function step(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

async function main(): Promise<void> {
  const started = process.hrtime.bigint();
  const environment = describeEnvironment();

  step('generating the alternatives from spec/connect-api.yaml into bench/.work/');
  freshDir(WORK);
  runOnce(openapiTypescript(OPENAPI_TYPESCRIPT_OUT));
  runOnce(heyApi(HEY_API_OUT, true));
  // The runners and consumers in bench/against/ import that output: check them before timing anything.
  runOnce(tsc(join(ROOT, 'bench/against/tsconfig.json')));

  const sections: SectionResult[] = [];
  step('1/7 guard throughput');
  sections.push(
    await benchGuards(
      quick
        ? { rounds: 5, calls: 50, roundCapMs: 2000 }
        : { rounds: 30, calls: 100, roundCapMs: 5000 },
    ),
  );
  step('2/7 per-request overhead');
  sections.push(
    await benchRequests(
      quick
        ? { rounds: 3, smallCalls: 100, pageCalls: 10, roundCapMs: 3000, breakdownCalls: 500 }
        : { rounds: 15, smallCalls: 200, pageCalls: 30, roundCapMs: 5000, breakdownCalls: 3000 },
    ),
  );
  step('3/7 generation time');
  sections.push(benchGeneration({ runs: quick ? 2 : 5 }));
  step('4/7 size');
  sections.push(await benchSize());
  step('5/7 consumer type-check cost');
  sections.push(benchTypecheck({ runs: quick ? 2 : 3 }));
  step('6/7 map tiles: the viewport loader against one call per tile');
  sections.push(await benchTiles({ rounds: quick ? 1 : 3 }));
  step('7/7 generation at scale (GitHub: a few minutes)');
  // Quick runs leave out GitHub's description, the one that takes minutes.
  sections.push(await benchScale(quick ? SCALE_DOCUMENTS.slice(0, 2) : SCALE_DOCUMENTS));

  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(textTable(sections));
  const file = join(ROOT, 'bench/RESULTS.md');
  writeFileSync(file, markdown(environment, sections, elapsed));
  step(`wrote bench/RESULTS.md in ${Math.round(elapsed)} s`);
}

await main();
