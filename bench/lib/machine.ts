/** The machine and the versions a result was measured with. */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Environment } from './report.js';
import { ROOT } from './work.js';

const PACKAGES = [
  '@hey-api/openapi-ts',
  'openapi-typescript',
  'openapi-fetch',
  'zod',
  'ajv',
  'ajv-formats',
  'esbuild',
  'typescript',
  'tsx',
  'prettier',
];

function installedVersion(name: string): string {
  const manifest = JSON.parse(
    readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

export function describeEnvironment(): Environment {
  const cpu = cpus();
  const ours = JSON.parse(readFileSync(join(ROOT, 'generated/package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const load = loadavg()[0]!;
  const busy = load > cpu.length * 0.75;
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    lines: [
      `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, ${platform()} ${release()}; load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}`,
      `Node ${process.version} (V8 ${process.versions.v8})`,
      `Ours: ${ours.name} ${ours.version}, generated from spec/connect-api.yaml`,
      `Packages: ${PACKAGES.map((p) => `${p} ${installedVersion(p)}`).join(', ')}`,
      ...(busy
        ? [
            `**The machine was busy** (load ${load.toFixed(1)} on ${cpu.length} cores when the run began): the ranges are wide and the medians uncertain; rerun on a quiet machine before quoting a figure.`,
          ]
        : []),
    ],
  };
}
