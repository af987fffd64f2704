/**
 * 5. Consumer type-check cost: `tsc --noEmit` on a small file that calls every operation,
 * once per client, each with the root tsconfig's compiler options and only that file as root.
 * Ours twice: installed (the package packed by npm and unpacked into the consumer's
 * node_modules, types from its dist/*.d.ts: what a user pays, and the row the goal is judged
 * on) and against the package's TypeScript sources in generated/src (what this repository's
 * own tests and examples pay).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOnce, timeProcesses } from '../lib/processes.js';
import { type SectionResult, row, target } from '../lib/report.js';
import { formatRatio, pairedRatios, summarize } from '../lib/stats.js';
import { ROOT, WORK, freshDir, tsc } from '../lib/work.js';
import { installPackedClient, rootCompilerOptions } from './installed.js';

export interface TypecheckBenchOptions {
  readonly runs: number;
}

const LABELS = {
  ours: 'connect client, installed package (dist/*.d.ts via exports)',
  oursSources: 'connect client, package sources (generated/src/*.ts)',
  openapiFetch: 'openapi-fetch + openapi-typescript types',
  heyApi: '@hey-api/openapi-ts sdk',
} as const;
type Consumer = keyof typeof LABELS;

/** Consumer files checked in place: a tsconfig beside the others naming only that file. */
const IN_PLACE = {
  oursSources: 'bench/typecheck/connect-consumer.ts',
  openapiFetch: 'bench/against/openapi-fetch-consumer.ts',
  heyApi: 'bench/against/hey-api-consumer.ts',
} as const;

function projectFor(dir: string, key: keyof typeof IN_PLACE): string {
  const path = join(dir, `${key}.tsconfig.json`);
  writeFileSync(
    path,
    `${JSON.stringify({ compilerOptions: rootCompilerOptions(), files: [join(ROOT, IN_PLACE[key])] }, null, 2)}\n`,
  );
  return path;
}

/** Files, lines, types, instantiations and check time as `tsc --extendedDiagnostics` reports them. */
function diagnostics(project: string): Record<string, string> {
  const { stdout } = runOnce(tsc(project, ['--extendedDiagnostics']));
  const wanted = [
    'Files',
    'Lines of TypeScript',
    'Lines of Definitions',
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
  const installed = installPackedClient(join(dir, 'installed'));
  const projects: Record<Consumer, string> = {
    ours: installed.project,
    oursSources: projectFor(dir, 'oursSources'),
    openapiFetch: projectFor(dir, 'openapiFetch'),
    heyApi: projectFor(dir, 'heyApi'),
  };
  const keys = Object.keys(LABELS) as Consumer[];
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
    // Counts are whole numbers: `formatNumber` would give 52 lines as "52.0".
    const count = (name: string): string =>
      Math.round(Number(d[name] ?? 0))
        .toLocaleString('en-US')
        .replace(/,/g, ' ');
    return `${LABELS[k]}: check time ${d['Check time']}, ${count('Types')} types, ${count('Instantiations')} instantiations, ${d['Files']} files (${count('Lines of TypeScript')} lines of TypeScript and ${count('Lines of Definitions')} of declarations, @types/node's included, beside the default lib), ${d['Memory used']} memory.`;
  };
  const goal = summarize(pairedRatios(times.ours, times.openapiFetch));
  const against = (k: Consumer, base: Consumer) => ({
    summary: summarize(pairedRatios(times[k], times[base])),
    against: `vs ${LABELS[base]}`,
  });
  return {
    title: 'Consumer type-check cost (tsc --noEmit)',
    rows: [
      row(`${LABELS.ours} (whole tsc process)`, summarize(times.ours), 'ms', {
        summary: goal,
        against: `vs ${LABELS.openapiFetch}`,
      }),
      row(
        `${LABELS.oursSources} (whole tsc process)`,
        summarize(times.oursSources),
        'ms',
        against('oursSources', 'openapiFetch'),
      ),
      row(`${LABELS.openapiFetch} (whole tsc process)`, summarize(times.openapiFetch), 'ms'),
      row(
        `${LABELS.heyApi} (whole tsc process)`,
        summarize(times.heyApi),
        'ms',
        against('heyApi', 'openapiFetch'),
      ),
    ],
    targets: [
      target(
        'consumer type-check of the installed package no slower than openapi-fetch + openapi-typescript types',
        goal.median <= 1,
        `installed / openapi-fetch = ${formatRatio(goal)} (lower is faster)`,
      ),
    ],
    notes: [
      `${options.runs} timed runs of \`tsc -p <project>\` per consumer after one warm-up, taking turns; each project has the root tsconfig's compiler options (strict, NodeNext, skipLibCheck) and the consumer as its only root file. Check time, type and instantiation counts are from one extra \`--extendedDiagnostics\` run.`,
      "The goal is judged on the installed row: it is what a user pays. There the package is packed by `npm pack` in a copy of generated/ (its `prepack` runs the package build, tsc to dist/esm and dist/cjs) and unpacked into the consumer project's node_modules/connect-api-client, and the consumer imports `connect-api-client`, which NodeNext resolves through the package's `exports` to dist/esm/*.d.ts. The sources row checks the same consumer against generated/src/*.ts (how this repository's tests and examples use the package, and how hey-api users check its generated .ts files); openapi-fetch users check the generated `paths` file plus openapi-fetch's .d.ts.",
      "skipLibCheck is on for every project, as `tsc --init` writes it and as the root tsconfig has it: declaration files are then read for what the consumer uses rather than checked whole. A user without it would also pay for checking every .d.ts of every dependency (ours, openapi-fetch's and @types/node alike).",
      ...keys.map(describe),
    ],
  };
}
