/**
 * The scripts in examples/ run as a user would run them (`tsx examples/<name>.ts`), against
 * a fake server this test starts on 127.0.0.1; what they print is checked against what the
 * same server tells the test's own client.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectClient } from '../../generated/src/index.js';
import {
  startFakeConnectApi,
  type FakeConnectApi,
} from '../../generated/src/connect/fake/index.js';
import { REPO_ROOT } from './support/built-package.js';
import { run, type RunResult } from './support/run.js';

const TSX = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');

let api: FakeConnectApi;
let client: ConnectClient;

beforeAll(async () => {
  api = await startFakeConnectApi({ host: '127.0.0.1', port: 0, seed: 1 });
  client = new ConnectClient({ baseUrl: api.url, token: api.tokens[0], maxRetries: 0 });
});

afterAll(async () => {
  await api?.close();
});

/** Runs an example against the test's server (or, with `ownServer`, against the one it starts itself). */
function example(
  name: string,
  args: readonly string[] = [],
  ownServer = false,
): Promise<RunResult> {
  const env: Record<string, string> = ownServer
    ? { CONNECT_API_URL: '' }
    : { CONNECT_API_URL: api.url, CONNECT_API_TOKEN: api.tokens[0]!, CONNECT_API_FAKE: '1' };
  return run(process.execPath, [TSX, join('examples', name), ...args], {
    cwd: REPO_ROOT,
    env,
    allowFailure: true,
  });
}

function lines(result: RunResult): string[] {
  return result.stdout.trimEnd().split('\n');
}

describe('examples/stations-near.ts', () => {
  it('lists the stations the API finds, nearest first', async () => {
    const result = await example('stations-near.ts', ['52.52', '13.405', '1500']);
    expect(result.stderr).not.toMatch(/Error|at .*\.ts:\d+/);
    expect(result.exitCode).toBe(0);
    const [head, ...rows] = lines(result);
    const { count } = await client.stations.around({
      latitude: 52.52,
      longitude: 13.405,
      distance: 1500,
    });
    expect(head).toBe(`${count} stations within 1500 m of 52.52, 13.405`);
    expect(rows.length).toBe(Math.min(10, count));
    const metres = rows.map((row) => Number(/^\s*(\d+) m /.exec(row)?.[1]));
    expect(metres.every((m) => Number.isFinite(m) && m <= 1500)).toBe(true);
    expect(metres).toEqual([...metres].sort((a, b) => a - b));
  }, 60_000);

  it('runs on its own, starting the fake server itself', async () => {
    const result = await example('stations-near.ts', [], true);
    expect(result.exitCode).toBe(0);
    expect(lines(result)[0]).toMatch(/^\d+ stations within 1000 m of 52\.52, 13\.405$/);
  }, 60_000);

  it('refuses an argument that is not a number, naming it, without a stack trace', async () => {
    const result = await example('stations-near.ts', ['north']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim()).toBe('argument 1: expected a number, got "north"');
  }, 60_000);
});

describe('examples/tile-clusters.ts', () => {
  it('draws the features of the tile the API returns', async () => {
    const result = await example('tile-clusters.ts', ['52.52', '13.405', '11']);
    expect(result.exitCode).toBe(0);
    const output = lines(result);
    const [x, y] = [1100, 671]; // the tile of Berlin's centre at zoom 11, by the slippy-map formula
    const tile = await client.stations.tile({ x: [x], y: [y], z: 11 });
    const clusters = tile.features.filter((f) => f.cluster_id !== undefined).length;
    const stations = tile.features.reduce((sum, f) => sum + f.properties.count, 0);
    expect(output[0]).toBe(
      `tile 11/${x}/${y}: ${tile.features.length} features, ${clusters} clusters, ${stations} stations`,
    );
    const grid = output.slice(2, 22);
    expect(grid.every((row) => /^[.o1-9#]{48}$/.test(row))).toBe(true);
    const marks = grid.join('').replace(/\./g, '').length;
    expect(marks).toBeGreaterThan(0);
    expect(marks).toBeLessThanOrEqual(tile.features.length);
  }, 60_000);
});

describe('examples/user-payments.ts', () => {
  it('leaves the user, card, rated session and invoices it reports on the server', async () => {
    const result = await example('user-payments.ts');
    expect(result.exitCode, result.stderr).toBe(0);
    const output = result.stdout;
    const userId = /^user (\S+) created$/m.exec(output)?.[1];
    const sessionId = /session (\S+)$/m.exec(output)?.[1];
    expect(userId).toBeDefined();
    expect(sessionId).toBeDefined();
    expect(output).toMatch(/^second start refused: already_charging$/m);

    const billing = await client.users.billingDetails.retrieve(userId!);
    expect(billing.postal_code).toBe('10119');
    const methods = await client.users.paymentMethods.list(userId!);
    expect(methods.results.filter((m) => m.default)).toHaveLength(1);
    const session = await client.users.chargingSessions.retrieve(userId!, sessionId!);
    expect(session.is_active).toBe(false);
    expect(session.rates).toBe(5);
    const invoices = await client.users.invoices.list(userId!);
    expect(output).toMatch(
      new RegExp(`^${invoices.count} invoice\\(s\\), \\d+ open debt\\(s\\)$`, 'm'),
    );
  }, 60_000);
});
