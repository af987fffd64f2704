/**
 * 5. Consumer type-check cost: `tsc --noEmit` on a small file that calls every operation,
 * once per client, each with the root tsconfig's compiler options and only that file as root.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOnce, timeProcesses } from '../lib/processes.js';
import { type SectionResult, row } from '../lib/report.js';
import { formatNumber, pairedRatios, summarize } from '../lib/stats.js';
import { ROOT, WORK, freshDir, tsc } from '../lib/work.js';

export interface TypecheckBenchOptions {
  readonly runs: number;
}

const CONSUMERS = {
  ours: ['connect client', 'bench/typecheck/connect-consumer.ts'],
  openapiFetch: [
    'openapi-fetch + openapi-typescript types',
    'bench/against/openapi-fetch-consumer.ts',
  ],
  heyApi: ['@hey-api/openapi-ts sdk', 'bench/against/hey-api-consumer.ts'],
} as const;
type Consumer = keyof typeof CONSUMERS;

/** A tsconfig for one consumer file: the root's compiler options, nothing else included. */
function projectFor(dir: string, key: Consumer): string {
  const root = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: object;
  };
  const path = join(dir, `${key}.tsconfig.json`);
  writeFileSync(
    path,
    `${JSON.stringify({ compilerOptions: { ...root.compilerOptions, noEmit: true }, files: [join(ROOT, CONSUMERS[key][1])] }, null, 2)}\n`,
  );
  return path;
}

/** Files, lines, types, instantiations and check time as `tsc --extendedDiagnostics` reports them. */
function diagnostics(project: string): Record<string, string> {
  const { stdout } = runOnce(tsc(project, ['--extendedDiagnostics']));
  const wanted = [
    'Files',
    'Lines of TypeScript',
    'Types',
    'Instantiations',
    'Memory used',
    'Check time',
  ];
  const found: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const match = /^([A-Za-z ]+):\s+(\S+)/.exec(line.trim());
    if (match && wanted.includes(match[1]!)) found[match[1]!] = match[2]!;
  }
  return found;
}

export function benchTypecheck(options: TypecheckBenchOptions): SectionResult {
  const dir = freshDir(join(WORK, 'typecheck'));
  const keys = Object.keys(CONSUMERS) as Consumer[];
  const projects = Object.fromEntries(keys.map((k) => [k, projectFor(dir, k)])) as Record<
    Consumer,
    string
  >;
  const commands = Object.fromEntries(keys.map((k) => [k, tsc(projects[k])])) as Record<
    Consumer,
    ReturnType<typeof tsc>
  >;
  const times = timeProcesses(commands, options.runs);
  const details = Object.fromEntries(keys.map((k) => [k, diagnostics(projects[k])])) as Record<
    Consumer,
    Record<string, string>
  >;
  const describe = (k: Consumer): string => {
    const d = details[k];
    return `${CONSUMERS[k][0]}: check time ${d['Check time']}, ${formatNumber(Number(d['Types']))} types, ${formatNumber(Number(d['Instantiations']))} instantiations, ${d['Files']} files (${formatNumber(Number(d['Lines of TypeScript']))} lines of TypeScript, lib files included), ${d['Memory used']} memory.`;
  };
  return {
    title: 'Consumer type-check cost (tsc --noEmit)',
    rows: keys.map((k) =>
      row(
        `${CONSUMERS[k][0]} (whole tsc process)`,
        summarize(times[k]),
        'ms',
        k === 'ours'
          ? undefined
          : {
              summary: summarize(pairedRatios(times.ours, times[k])),
              against: `ours vs ${CONSUMERS[k][0]}`,
            },
      ),
    ),
    targets: [],
    notes: [
      `${options.runs} timed runs of \`tsc -p <project>\` per consumer after one warm-up, taking turns; each project has the root tsconfig's compiler options (strict, NodeNext, skipLibCheck) and the consumer as its only root file. Check time, type and instantiation counts are from one extra \`--extendedDiagnostics\` run.`,
      ...keys.map(describe),
      "Ours is checked against the generated package's TypeScript sources (generated/src), as hey-api users check its generated .ts files; openapi-fetch users check the generated `paths` file plus openapi-fetch's .d.ts. No target was set; the issue asks for the ratio.",
    ],
  };
}
