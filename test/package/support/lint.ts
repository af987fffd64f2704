/** publint and attw over a packed tarball, each reduced to a list of readable problems. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { REPO_ROOT } from './built-package.js';
import { run } from './run.js';

export async function publintProblems(tarball: string): Promise<string[]> {
  const data = await readFile(tarball);
  const buffer = data.buffer.slice(
    data.byteOffset,
    data.byteOffset + data.byteLength,
  ) as ArrayBuffer;
  // Strict and at suggestion level: every message counts, warnings included.
  const result = await publint({ pack: { tarball: buffer }, level: 'suggestion', strict: true });
  return result.messages.map((m) => `${m.type} ${m.code}: ${formatMessage(m, result.pkg) ?? ''}`);
}

interface AttwReport {
  readonly analysis: {
    readonly problems?: readonly unknown[];
    readonly entrypoints: Record<string, unknown>;
  };
  readonly problems: Record<string, readonly unknown[]>;
}

export interface AttwSummary {
  readonly problems: string[];
  readonly entrypoints: string[];
}

export async function attwReport(tarball: string): Promise<AttwSummary> {
  const bin = join(REPO_ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js');
  // attw exits non-zero when it finds problems; the JSON report is what we assert on.
  const { stdout } = await run(
    process.execPath,
    [bin, tarball, '--format', 'json', '--profile', 'strict'],
    { cwd: REPO_ROOT, allowFailure: true },
  );
  const report = JSON.parse(stdout) as AttwReport;
  return {
    problems: [
      ...Object.entries(report.problems ?? {}).flatMap(([kind, list]) =>
        list.map((p) => `${kind}: ${JSON.stringify(p)}`),
      ),
      ...(report.analysis?.problems ?? []).map((p) => JSON.stringify(p)),
    ],
    entrypoints: Object.keys(report.analysis?.entrypoints ?? {}).sort(),
  };
}
