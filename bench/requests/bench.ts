/**
 * 2. Per-request overhead: requests per second, one at a time, from each client to a
 * node:http server in another process on 127.0.0.1, for a small user object and for the
 * 100-station page. Every client is checked to return the right data before it is timed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { importAgainst } from '../lib/against.js';
import { type SectionResult, row, target } from '../lib/report.js';
import { interleaved, type Task } from '../lib/interleave.js';
import { formatRatio, pairedRatios, summarize, type Summary } from '../lib/stats.js';
import { smallRequestBreakdown } from './breakdown.js';
import { ROOT } from '../lib/work.js';
import type { Contender } from './contender.js';
import { USER_ID } from './contender.js';
import { ourClient, rawFetch } from './ours.js';

export interface RequestBenchOptions {
  readonly rounds: number;
  /** Requests per contender per round, the contenders taking turns request by request. */
  readonly smallCalls: number;
  readonly pageCalls: number;
  readonly roundCapMs: number;
  /** Requests for the stage breakdown of the small request. */
  readonly breakdownCalls: number;
}

interface Server {
  readonly baseUrl: string;
  readonly stop: () => void;
}

async function startServer(): Promise<Server> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/requests/server.ts')],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const timer = setTimeout(() => child.kill(), 30_000);
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited early (${code})`)));
  });
  clearTimeout(timer);
  const { port } = JSON.parse(first) as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => {
      lines.close();
      child.stdin!.end();
      child.kill();
    },
  };
}

async function checkContender(contender: Contender): Promise<void> {
  const id = await contender.small();
  if (id !== USER_ID) throw new Error(`${contender.name} returned user ${id}`);
  const stations = await contender.page();
  if (stations !== 100) throw new Error(`${contender.name} returned ${stations} stations`);
}

export async function benchRequests(options: RequestBenchOptions): Promise<SectionResult> {
  const server = await startServer();
  try {
    const against = await importAgainst<{
      openapiFetch: (baseUrl: string) => Contender;
      heyApi: (baseUrl: string) => Contender;
    }>('requests.ts');
    const contenders = [
      rawFetch(server.baseUrl),
      ourClient(server.baseUrl, 'off'),
      ourClient(server.baseUrl, 'strict'),
      against.openapiFetch(server.baseUrl),
      against.heyApi(server.baseUrl),
    ];
    for (const contender of contenders) await checkContender(contender);
    const time = async (tasks: Task[], calls: number): Promise<number[][]> => {
      await interleaved(tasks, {
        rounds: 1,
        calls: Math.ceil(calls / 2),
        roundCapMs: options.roundCapMs,
      });
      return interleaved(tasks, { rounds: options.rounds, calls, roundCapMs: options.roundCapMs });
    };
    const small = await time(
      contenders.map((c) => c.small),
      options.smallCalls,
    );
    const page = await time(
      contenders.map((c) => c.page),
      options.pageCalls,
    );
    const parts = await smallRequestBreakdown(server.baseUrl, options.breakdownCalls);
    const us = (summary: Summary): string => `${summary.median.toFixed(0)} µs`;

    const [raw, off, on] = [0, 1, 2];
    const smallOff = summarize(pairedRatios(small[off]!, small[raw]!));
    const smallOn = summarize(pairedRatios(small[on]!, small[raw]!));
    const pageOn = summarize(pairedRatios(page[on]!, page[raw]!));
    const rows = [
      ...contenders.map((c, i) =>
        row(
          `small user: ${c.name}`,
          summarize(small[i]!),
          'req/s',
          i === raw
            ? undefined
            : { summary: summarize(pairedRatios(small[i]!, small[raw]!)), against: 'vs fetch' },
        ),
      ),
      ...contenders.map((c, i) =>
        row(
          `station page: ${c.name}`,
          summarize(page[i]!),
          'req/s',
          i === raw
            ? undefined
            : { summary: summarize(pairedRatios(page[i]!, page[raw]!)), against: 'vs fetch' },
        ),
      ),
      {
        subject: 'small user, median time per stage: ours (validation off) / fetch + JSON.parse',
        figure: `before fetch ${us(parts.ours.before)} / –; in fetch ${us(parts.ours.fetch)} / ${us(parts.raw.fetch)}; after ${us(parts.ours.after)} / ${us(parts.raw.after)}`,
      },
    ];
    return {
      title: 'Per-request overhead (node:http on 127.0.0.1)',
      rows,
      targets: [
        target(
          'client without validation ≥ 0.95× raw fetch req/s, small payload',
          smallOff.median >= 0.95,
          `validation off / fetch = ${formatRatio(smallOff)}`,
        ),
        target(
          'client with strict validation ≥ 0.92× raw fetch req/s, small payload',
          smallOn.median >= 0.92,
          `strict validation / fetch = ${formatRatio(smallOn)}`,
        ),
        target(
          'client with strict validation ≥ 0.95× raw fetch req/s, station page',
          pageOn.median >= 0.95,
          `strict validation / fetch = ${formatRatio(pageOn)}`,
        ),
      ],
      notes: [
        `Sequential requests (one in flight): ${options.rounds} rounds of up to ${options.smallCalls} small and ${options.pageCalls} page requests per client (a round stops early after ${options.roundCapMs} ms), the clients taking turns request by request and each request timed on its own; a round's rate is requests / the client's summed time, and ratios are per round. One untimed half round first. All use Node's global fetch (undici) with keep-alive against the same server process.`,
        'Each client returns parsed data: the raw baseline `fetch` + `JSON.parse(await response.text())`; ours `usersRetrieve(core, id)` and `stationsAround(core, …)` on a `ClientCore` (validation `off`, or `strict` with the generated guard); openapi-fetch `client.GET(…)`; hey-api `usersRetrieve({ client, path, throwOnError: true })`. Neither alternative validates responses.',
        `The stage breakdown times ${options.breakdownCalls} small requests of ours and of raw fetch alternately (the first fifth untimed) with a \`fetch\` wrapper that notes when it is called and when it resolves: "before fetch" is all our work up to the call (arguments, URL, headers, settings, timer), "after" is reading, decoding and parsing the body and settling our promises.`,
        'Our client does more per call than the others: argument checks, a per-attempt timeout timer and abort controller, retry bookkeeping, header layering and a User-Agent, and for the page a `Page` object that can fetch the next page.',
      ],
    };
  } finally {
    server.stop();
  }
}
