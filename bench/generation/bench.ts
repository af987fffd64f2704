/**
 * 3. Generation time: each tool run as a whole process on our spec, as a user would run it
 * (our generator precompiled, exactly as `npm run generate` does, minus npm itself).
 */
import { join } from 'node:path';
import { timeProcesses } from '../lib/processes.js';
import { type SectionResult, row, target } from '../lib/report.js';
import { formatRatio, pairedRatios, summarize } from '../lib/stats.js';
import { WORK, freshDir, heyApi, ourGenerate, openapiTypescript } from '../lib/work.js';

export interface GenerationBenchOptions {
  readonly runs: number;
}

export function benchGeneration(options: GenerationBenchOptions): SectionResult {
  const out = join(WORK, 'generation');
  const commands = {
    ours: ourGenerate(join(out, 'connect')),
    openapiTypescript: openapiTypescript(join(out, 'openapi-typescript/connect-api.ts')),
    heyApi: heyApi(join(out, 'hey-api'), false),
    heyApiZod: heyApi(join(out, 'hey-api-zod'), true),
  };
  // Every run starts from an empty output directory, as on a fresh clone.
  const times = timeProcesses(commands, options.runs, () => freshDir(out));
  const vsTypes = summarize(pairedRatios(times.ours, times.openapiTypescript));
  return {
    title: 'Generation time (whole process)',
    rows: [
      row(`${commands.ours.label} (validate, emit, prettier, write)`, summarize(times.ours), 'ms', {
        summary: vsTypes,
        against: 'vs openapi-typescript',
      }),
      row(
        `${commands.openapiTypescript.label} (types only)`,
        summarize(times.openapiTypescript),
        'ms',
      ),
      row(commands.heyApi.label, summarize(times.heyApi), 'ms', {
        summary: summarize(pairedRatios(times.heyApi, times.openapiTypescript)),
        against: 'vs openapi-typescript',
      }),
      row(commands.heyApiZod.label, summarize(times.heyApiZod), 'ms', {
        summary: summarize(pairedRatios(times.heyApiZod, times.openapiTypescript)),
        against: 'vs openapi-typescript',
      }),
    ],
    targets: [
      target(
        'full `generate` no slower than openapi-typescript types-only',
        vsTypes.median <= 1,
        `ours / openapi-typescript = ${formatRatio(vsTypes)} (lower is faster)`,
      ),
    ],
    notes: [
      `${options.runs} timed runs of each command after one untimed warm-up, taking turns, each into an emptied directory under bench/.work/generation; wall-clock from spawn to exit.`,
      'Ours: `node generator/bin.js generate --spec spec/connect-api.yaml --out …` (what `npm run generate` runs): the generator precompiled (built by the warm-up if a source changed), its caches filled by the warm-up as on any run after the first (each keyed by content: the parsed spec, the compiled OpenAPI schema validator, the prettier output, the export summaries, and the V8 compiled code of ts-morph and the TypeScript compiler, generator/compile-cache.js); the cold first run (`CONNECT_CODEGEN_CACHE=off`, every cache off) is in the scale section. openapi-typescript: its `bin/cli.js` with `--output`. hey-api: its `bin/run.js` with the fetch client, typescript and sdk plugins, and once more with zod added.',
    ],
  };
}
