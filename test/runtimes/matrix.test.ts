/**
 * The runtime matrix (`npm run test:runtimes`, issue 18): the packed package installed in a
 * project outside the repository, then one scripted flow (flow.ts) against the fake server in
 * every runtime, each taken from a pinned devDependency, and TypeScript consumers under every
 * module resolution. Every cell must see exactly what the flow sees in this process; the rows
 * go to results.json and the table in docs/using-the-client.md must match them (`UPDATE_RUNTIME_MATRIX=1`
 * rewrites it). Then the fake itself in process (`connect-api-client/fake`, issue 27), with no
 * server at all, in the runtimes a test of a web app, a Worker or a mobile app runs in: the
 * same seed must give the same stations and ids everywhere.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from '../../generated/src/index.js';
import * as fakeModule from '../../generated/src/connect/fake/fake.js';
import { launchChromium } from '../package/support/browser.js';
import { REPO_ROOT } from '../package/support/built-package.js';
import { run } from '../package/support/run.js';
import { runFakeFlow, type FakeFlowResult } from './fake-flow.js';
import { runFlow, type FlowResult } from './flow.js';
import * as binaries from './support/binaries.js';
import { writeBundle } from './support/bundles.js';
import { installConsumer, type Consumer } from './support/consumer.js';
import { commandRunner, runFlowCell, type FlowRun, type Runner } from './support/flow-cell.js';
import {
  MATRIX_PAGE,
  pageTable,
  renderTable,
  updatePage,
  writeResults,
  type MatrixRow,
} from './support/matrix-table.js';
import { typeCheck, type Resolution } from './support/typescript.js';
import { runInWorkerd } from './support/workerd.js';

/** Read from the file: not every package exports its package.json. */
const versionOf = (name: string): string =>
  (
    JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

let consumer: Consumer;
let reference: FlowRun;
let fakeReference: FakeFlowResult;
const rows: MatrixRow[] = [];

beforeAll(async () => {
  consumer = await installConsumer();
  for (const bundle of ['entry.mjs', 'entry.cjs'] as const) await writeBundle(bundle, consumer.dir);
  reference = await runFlowCell(async (api) => ({
    version: process.version,
    result: await runFlow(sdk, { baseUrl: api.url, token: api.token }),
  }));
  fakeReference = await runFakeFlow(sdk, fakeModule);
}, 240_000);

afterAll(async () => {
  await consumer?.remove();
});

function expectSameAsReference(seen: FlowRun): void {
  expect(seen.result).toEqual(reference.result);
  expect(seen.faults).toEqual(reference.faults);
}

describe('the flow in this process, the reference every runtime must match', () => {
  it('pages, a tile, charging, a typed 404, an abort and a retry after a 503', () => {
    const r: FlowResult = reference.result;
    expect(r.stations.pages).toBeGreaterThanOrEqual(2);
    expect(r.stations.iterated).toBe(r.stations.count);
    expect(r.tileFeatures).toBeGreaterThan(0);
    expect(r.charging.invoices).toBeGreaterThanOrEqual(1);
    expect(r.notFound).toMatchObject({ error: 'NotFoundError', status: 404 });
    expect(r.aborted).toBe('AbortError');
    expect(r.retried.sameUser).toBe(true);
    expect(reference.faults.map((f) => f.replace(/\/users\/[^/]+\//, '/users/<id>/'))).toEqual([
      'hold GET /api/v1/users/<id>/ → held',
      'fail-once GET /api/v1/users/<id>/ → 503',
      'fail-once GET /api/v1/users/<id>/ → passed',
    ]);
  });
});

interface FlowCell {
  readonly runtime: string;
  readonly format: string;
  /** The version in the table when the runtime cannot report its own. */
  readonly version?: string;
  readonly note: string;
  readonly runner: () => Promise<Runner>;
  /**
   * A cell that cannot work, with the reason the docs give and the error that shows it:
   * the cell must fail with exactly that error, so it is noticed when it starts to work.
   */
  readonly unsupported?: { readonly reason: string; readonly error: RegExp };
}

const dir = (): string => consumer.dir;
const nodeCell = (major: 20 | 22 | 24, format: 'ESM' | 'CommonJS'): FlowCell => ({
  runtime: `Node.js ${major}`,
  format,
  note: `${binaries.node(major).from}; ${format === 'ESM' ? '`import`' : '`require`'} of the installed package`,
  runner: async () =>
    commandRunner(binaries.node(major).path, [format === 'ESM' ? 'entry.mjs' : 'entry.cjs'], dir()),
});

const FLOW_CELLS: readonly FlowCell[] = [
  nodeCell(20, 'ESM'),
  nodeCell(20, 'CommonJS'),
  nodeCell(22, 'ESM'),
  nodeCell(22, 'CommonJS'),
  nodeCell(24, 'ESM'),
  nodeCell(24, 'CommonJS'),
  ...(['ESM', 'CommonJS'] as const).map((format): FlowCell => ({
    runtime: 'Bun',
    format,
    note: `${binaries.bun().from}; ${format === 'ESM' ? '`import`' : '`require`'} of the installed package`,
    runner: async () =>
      commandRunner(
        binaries.bun().path,
        ['--no-install', format === 'ESM' ? 'entry.mjs' : 'entry.cjs'],
        dir(),
      ),
  })),
  {
    runtime: 'Deno',
    format: 'ESM',
    note: `${binaries.deno().from}; \`import\` from the project's node_modules (package.json beside it)`,
    runner: async () =>
      commandRunner(
        binaries.deno().path,
        ['run', '--allow-net=127.0.0.1', '--allow-env', '--allow-read', 'entry.mjs'],
        dir(),
        { DENO_DIR: join(dir(), '.deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      ),
  },
  {
    runtime: 'Cloudflare workerd',
    format: 'ESM (module Worker, bundled)',
    version: versionOf('@cloudflare/workerd-linux-64'),
    note: `${binaries.workerd().from}; the flow in a Worker's fetch handler, bundled by esbuild with the workerd/worker/browser conditions`,
    runner: async () => {
      await writeBundle('worker.js', dir());
      return async (api) => {
        const answer = await runInWorkerd(binaries.workerd().path, dir(), {
          module: 'worker.js',
          bindings: { API_URL: api.url, API_TOKEN: api.token },
          network: 'loopback',
        });
        if (answer.status !== 200)
          throw new Error(`the Worker answered ${answer.status}: ${answer.body}`);
        const { result } = JSON.parse(answer.body) as { result: FlowResult };
        return { version: versionOf('@cloudflare/workerd-linux-64'), result };
      };
    },
  },
  {
    runtime: "React Native's URL and fetch",
    format: 'ESM (bundled)',
    version: `react-native ${versionOf('react-native')}`,
    // React Native's own URL has getters only; the client builds URLs from their parts and
    // never assigns to a parsed one, so no polyfill is needed.
    note: `Libraries/Blob/URL.js (URL, URLSearchParams; getters only) and whatwg-fetch ${versionOf('whatwg-fetch')} (RN's fetch) over XMLHttpRequest in place of the globals, on Node's V8, no polyfill`,
    runner: async () => {
      await writeBundle('react-native.mjs', dir());
      return commandRunner(process.execPath, ['react-native.mjs'], dir());
    },
  },
  {
    runtime: 'React Native + react-native-url-polyfill',
    format: 'ESM (bundled)',
    version: `react-native-url-polyfill ${versionOf('react-native-url-polyfill')}`,
    note: `the polyfill's URL and URLSearchParams, whatwg-fetch ${versionOf('whatwg-fetch')} as fetch, on Node's V8`,
    runner: async () => {
      await writeBundle('react-native-polyfill.mjs', dir());
      return commandRunner(process.execPath, ['react-native-polyfill.mjs'], dir());
    },
  },
];

describe('the flow in each runtime', () => {
  for (const cell of FLOW_CELLS) {
    it(`${cell.runtime}, ${cell.format}`, async () => {
      let row: MatrixRow = { ...cell, version: cell.version ?? '?', result: 'fail' };
      try {
        const runner = await cell.runner();
        if (cell.unsupported) {
          await expect(runFlowCell(runner)).rejects.toThrow(cell.unsupported.error);
          row = { ...row, result: 'unsupported', note: cell.unsupported.reason };
          return;
        }
        const seen = await runFlowCell(runner);
        row = { ...row, version: cell.version ?? seen.version };
        expectSameAsReference(seen);
        row = { ...row, result: 'pass' };
      } finally {
        rows.push({
          runtime: row.runtime,
          version: row.version,
          format: row.format,
          result: row.result,
          note: row.note,
        });
      }
    }, 120_000);
  }
});

describe('the fake in process, in this process: the reference every runtime must match', () => {
  it("user, billing details, card, start, stop and reset, on the seed's stations and ids", () => {
    const r = fakeReference;
    expect(JSON.parse(r.stations)).toMatchObject({
      count: expect.any(Number),
      next: expect.any(String),
    });
    expect(r.stationCount).toBeGreaterThan(1000);
    expect(r.ids.user).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.locale).toBe('de');
    expect(r.charging).toEqual({
      card: '4444',
      activeAfterStart: true,
      activeAfterStop: false,
      minutes: 45,
      invoices: 1,
    });
    expect(r.reset).toEqual({ users: 0, sameUserId: true });
    expect(r.notFound).toEqual({ error: 'NotFoundError', status: 404 });
  });
});

/** A cell that runs the in-process fake's flow, with no server, and what it saw. */
interface FakeCell {
  readonly runtime: string;
  readonly format: string;
  /** The version in the table when the runtime cannot report its own. */
  readonly version?: string;
  readonly note: string;
  readonly run: () => Promise<{ readonly version: string; readonly result: FakeFlowResult }>;
}

/** A runtime that runs a file printing `{version, result}` on its last line. */
async function fakeCommand(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<{ version: string; result: FakeFlowResult }> {
  const { stdout } = await run(command, args, { cwd: dir(), env });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as {
    version: string;
    result: FakeFlowResult;
  };
}

const IN_PROCESS = 'the fake in process (`connect-api-client/fake`), no server';

const FAKE_CELLS: readonly FakeCell[] = [
  {
    runtime: 'Fake in process: Node.js 20',
    format: 'ESM',
    note: `${binaries.node(20).from}; ${IN_PROCESS}; \`import\` of the installed package`,
    run: async () => {
      await writeBundle('fake.mjs', dir());
      return fakeCommand(binaries.node(20).path, ['fake.mjs']);
    },
  },
  {
    runtime: 'Fake in process: Bun',
    format: 'ESM',
    note: `${binaries.bun().from}; ${IN_PROCESS}; \`import\` of the installed package`,
    run: async () => {
      await writeBundle('fake.mjs', dir());
      return fakeCommand(binaries.bun().path, ['--no-install', 'fake.mjs']);
    },
  },
  {
    runtime: 'Fake in process: Deno',
    format: 'ESM',
    note: `${binaries.deno().from}; ${IN_PROCESS}; run without network permission`,
    run: async () => {
      await writeBundle('fake.mjs', dir());
      return fakeCommand(binaries.deno().path, ['run', '--allow-env', '--allow-read', 'fake.mjs'], {
        DENO_DIR: join(dir(), '.deno'),
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
      });
    },
  },
  {
    runtime: 'Fake in process: Cloudflare workerd',
    format: 'ESM (module Worker, bundled)',
    version: versionOf('@cloudflare/workerd-linux-64'),
    note: `${binaries.workerd().from}; ${IN_PROCESS}: the flow in a Worker's fetch handler, whose network allows nothing`,
    run: async () => {
      await writeBundle('fake-worker.js', dir());
      const answer = await runInWorkerd(binaries.workerd().path, dir(), {
        module: 'fake-worker.js',
        bindings: {},
        network: 'none',
      });
      if (answer.status !== 200)
        throw new Error(`the Worker answered ${answer.status}: ${answer.body}`);
      const { result } = JSON.parse(answer.body) as { result: FakeFlowResult };
      return { version: versionOf('@cloudflare/workerd-linux-64'), result };
    },
  },
  {
    runtime: 'Fake in process: Chromium (headless)',
    format: 'classic script (bundled for the browser)',
    version: `@sparticuz/chromium ${versionOf('@sparticuz/chromium')}`,
    note: `${IN_PROCESS}: the bundle added to a blank page, which makes no request at all`,
    run: async () => {
      const script = await readFile(await writeBundle('fake-browser.js', dir()), 'utf8');
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const requests: string[] = [];
        page.on('request', (request) => requests.push(request.url()));
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        await page.addScriptTag({ content: script });
        const result = await page.evaluate(() =>
          (globalThis as unknown as { runFakeFlow(): Promise<FakeFlowResult> }).runFakeFlow(),
        );
        expect(requests).toEqual([]);
        expect(problems).toEqual([]);
        return { version: browser.version(), result };
      } finally {
        await browser.close();
      }
    },
  },
  {
    runtime: "Fake in process: React Native's URL and fetch",
    format: 'ESM (bundled)',
    version: `react-native ${versionOf('react-native')}`,
    note: `${IN_PROCESS}: on whatwg-fetch ${versionOf('whatwg-fetch')}'s Request, Response and Headers and React Native's URL in place of the globals, on Node's V8`,
    run: async () => {
      await writeBundle('fake-react-native.mjs', dir());
      return fakeCommand(process.execPath, ['fake-react-native.mjs']);
    },
  },
];

describe('the fake in process, in each runtime', () => {
  for (const cell of FAKE_CELLS) {
    it(`${cell.runtime}, ${cell.format}`, async () => {
      let row: MatrixRow = { ...cell, version: cell.version ?? '?', result: 'fail' };
      try {
        const seen = await cell.run();
        row = { ...row, version: cell.version ?? seen.version };
        // The same seed gives the same stations and the same ids, in every runtime.
        expect(seen.result).toEqual(fakeReference);
        row = { ...row, result: 'pass' };
      } finally {
        rows.push({
          runtime: row.runtime,
          version: row.version,
          format: row.format,
          result: row.result,
          note: row.note,
        });
      }
    }, 120_000);
  }
});

describe('TypeScript consumers', () => {
  const resolutions: readonly Resolution[] = ['node16', 'nodenext', 'bundler', 'node10', 'browser'];
  for (const resolution of resolutions) {
    it(`module resolution ${resolution}`, async () => {
      const checked = await typeCheck(
        consumer.dir,
        resolution,
        join(binaries.TSC, '..', '..', '..', '@types'),
      );
      rows.push({
        runtime:
          resolution === 'browser'
            ? 'TypeScript, a browser project on the fake in process'
            : `TypeScript, moduleResolution ${resolution}`,
        version: versionOf('typescript'),
        format:
          resolution === 'node16' || resolution === 'nodenext'
            ? 'ESM (.mts) and CommonJS (.cts)'
            : resolution === 'bundler' || resolution === 'browser'
              ? 'ESM'
              : 'CommonJS',
        result: checked.exitCode === 0 ? 'pass' : 'fail',
        note:
          resolution === 'browser'
            ? 'tsc type-checks `connect-api-client/fake` under strict with moduleResolution bundler, the DOM library and no Node types'
            : 'tsc type-checks a consumer under strict, declarations included',
      });
      expect(checked.stdout).toBe('');
      expect(checked.exitCode).toBe(0);
    }, 120_000);
  }
});

describe('docs/using-the-client.md', () => {
  it('shows the matrix this run produced', async () => {
    rows.push({
      runtime: 'Chromium (headless)',
      version: `@sparticuz/chromium ${versionOf('@sparticuz/chromium')}`,
      format: 'ESM (browser modules)',
      result: 'pass',
      note: 'run by test/package/package.test.ts: the ESM build loaded from a page on 127.0.0.1',
    });
    rows.push({
      runtime: 'Hermes',
      version: 'hermes-engine-cli 0.12.0 (not installed)',
      format: '-',
      result: 'unsupported',
      note: "not run: the only Hermes VM for Linux on the registry (hermes-engine-cli 0.12.0, 2022) has no fetch, XMLHttpRequest or sockets and rejects `for await`; react-native's hermes-compiler ships the compiler alone",
    });
    await writeResults(rows);
    if (process.env['UPDATE_RUNTIME_MATRIX'] === '1') await updatePage(rows);
    const page = await readFile(MATRIX_PAGE, 'utf8');
    expect(pageTable(page), 'run UPDATE_RUNTIME_MATRIX=1 npm run test:runtimes').toBe(
      renderTable(rows),
    );
  });
});
