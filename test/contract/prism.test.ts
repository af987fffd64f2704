/**
 * Contract tests: Prism mocks our own spec with `--errors`, so any request the generated
 * client sends that the spec does not allow comes back as an error status with an
 * `sl-violations` header listing what was wrong. Every operation is called once with only
 * its required arguments and once with all of them (and bodies in each encoding the spec
 * lists); no call may carry a violation.
 *
 * Prism's answers are made up from the schemas ("string" for a decimal string and so on),
 * so response validation is off here; the fake server's end-to-end suite checks answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectClient, type FetchLike, type RequestOptions } from '../../generated/src/index.js';

interface Exchange {
  readonly call: string;
  readonly status: number;
  readonly violations: string | null;
}

const exchanges: Exchange[] = [];
let prism: ChildProcess | undefined;
let client: ConnectClient;
let current = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls until Prism answers on the port; fails at once if it exits. */
async function untilListening(
  child: ChildProcess,
  url: string,
  output: () => string,
): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`prism exited with ${code}:\n${output()}`))),
  );
  const poll = async () => {
    for (;;) {
      try {
        await fetch(url, { signal: AbortSignal.timeout(1000) });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await Promise.race([poll(), exited]);
}

beforeAll(async () => {
  const port = await freePort();
  let output = '';
  prism = spawn(
    'node_modules/.bin/prism',
    ['mock', 'spec/connect-api.yaml', '--errors', '-h', '127.0.0.1', '-p', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prism.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  prism.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await untilListening(prism, baseUrl, () => output);
  const recording: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    exchanges.push({
      call: current,
      status: response.status,
      violations: response.headers.get('sl-violations'),
    });
    return response;
  };
  client = new ConnectClient({
    baseUrl,
    token: 'contract-test-token',
    fetch: recording,
    validateResponses: 'off',
    maxRetries: 0,
  });
}, 60_000);

afterAll(async () => {
  if (!prism || prism.exitCode !== null) return;
  const exited = new Promise((resolve) => prism!.once('exit', resolve));
  prism.kill('SIGTERM');
  await exited;
});

/** Sends one call and checks that Prism found nothing wrong with it. */
async function call(name: string, send: () => Promise<unknown>): Promise<void> {
  current = name;
  const before = exchanges.length;
  await send().catch(() => undefined);
  const sent = exchanges.slice(before);
  expect(sent.length, `${name}: sent no request`).toBeGreaterThan(0);
  expect(sent.map((e) => ({ call: e.call, violations: e.violations }))).toEqual(
    sent.map(() => ({ call: name, violations: null })),
  );
  for (const e of sent)
    expect(e.status >= 200 && e.status < 300, `${name}: status ${e.status}`).toBe(true);
}

const ENCODINGS: readonly RequestOptions[] = [
  { encoding: 'json' },
  { encoding: 'form' },
  { encoding: 'multipart' },
];
const U = 'user-1';
const S = 'session-1';
const PM = 'pm_1';

describe('every operation, only required arguments', () => {
  it('stations', async () => {
    await call('stations.dataFiles', () => client.stations.dataFiles());
    await call('stations.around', () =>
      client.stations.around({ latitude: 52.52, longitude: 13.405 }),
    );
    await call('stations.tile', () => client.stations.tile({ x: [550], y: [335], z: 10 }));
    await call('stations.partners', () => client.stations.partners());
    await call('stations.details', () =>
      client.stations.details({ id: 'DE*VLT*E000001*1', type: 'evse_id' }),
    );
  });

  it('users', async () => {
    await call('users.create', () => client.users.create());
    await call('users.list', () => client.users.list());
    await call('users.retrieve', () => client.users.retrieve(U));
    await call('users.update', () => client.users.update(U));
    await call('users.delete', () => client.users.delete(U));
    await call('users.billingDetails.retrieve', () => client.users.billingDetails.retrieve(U));
    await call('users.billingDetails.update', () =>
      client.users.billingDetails.update(U, { line1: 'Main St 1', postal_code: '10115' }),
    );
  });

  it('payment methods, charging, sessions, debts and invoices', async () => {
    await call('users.paymentMethods.createSetupIntent', () =>
      client.users.paymentMethods.createSetupIntent(U),
    );
    await call('users.paymentMethods.list', () => client.users.paymentMethods.list(U));
    await call('users.paymentMethods.setDefault', () =>
      client.users.paymentMethods.setDefault(U, PM),
    );
    await call('users.paymentMethods.delete', () => client.users.paymentMethods.delete(U, PM));
    await call('users.charging.start', () =>
      client.users.charging.start(U, { evse_id: 'DE*VLT*E000001*1', payment_method_id: PM }),
    );
    await call('users.charging.stop', () => client.users.charging.stop(U, S));
    await call('users.chargingSessions.list', () => client.users.chargingSessions.list(U));
    await call('users.chargingSessions.retrieve', () =>
      client.users.chargingSessions.retrieve(U, S),
    );
    await call('users.chargingSessions.rate', () => client.users.chargingSessions.rate(U, S));
    await call('users.debts.list', () => client.users.debts.list(U));
    await call('users.invoices.list', () => client.users.invoices.list(U));
  });
});

describe('every operation, all arguments', () => {
  it('stations', async () => {
    await call('stations.around', () =>
      client.stations.around({
        latitude: 52.52,
        longitude: 13.405,
        distance: 2500,
        connector_types: ['IEC_62196_T2', 'CHADEMO'],
        only_available: true,
        only_partners: false,
        operators: ['Voltaris', 'Highway Power'],
        page: 2,
        page_size: 25,
      }),
    );
    await call('stations.tile', () =>
      client.stations.tile({
        x: [550, 551],
        y: [335, 336],
        z: 10,
        connector_types: ['IEC_62196_T2_COMBO'],
        max_price: 0.59,
        only_available: false,
        only_partners: true,
        operators: ['Voltaris'],
        power_groups: ['fast', 'turbo'],
      }),
    );
    await call('stations.details', () =>
      client.stations.details({ id: 'station-1', type: 'station_id' }),
    );
  });

  it('users', async () => {
    await call('users.create', () =>
      client.users.create({
        email: 'ada@example.com',
        custom_properties: { external_id: 'crm-1' },
      }),
    );
    await call('users.create (nulls)', () =>
      client.users.create({ email: null, custom_properties: null }),
    );
    await call('users.list', () => client.users.list({ page: 3, page_size: 10, search: 'crm-1' }));
    await call('users.update', () =>
      client.users.update(U, {
        email: 'ada@example.com',
        locale: 'de',
        custom_properties: { external_id: null },
      }),
    );
    const billing = {
      line1: 'Main St 1',
      postal_code: '10115',
      country: 'Germany',
      city: 'Berlin',
      tax_id: '12/345/67890',
      account_type: 'business',
      company_name: 'Ada GmbH',
      vat_id: 'DE123456789',
      first_name: 'Ada',
      last_name: 'Lovelace',
    } as const;
    await call('users.billingDetails.update', () => client.users.billingDetails.update(U, billing));
    for (const options of ENCODINGS) {
      await call(`users.billingDetails.update (${options.encoding})`, () =>
        client.users.billingDetails.update(U, billing, options),
      );
      await call(`users.update (${options.encoding})`, () =>
        client.users.update(U, { email: 'ada@example.com', locale: 'en' }, options),
      );
      await call(`users.create (${options.encoding})`, () =>
        client.users.create({ email: 'ada@example.com' }, options),
      );
    }
  });

  it('payment methods, charging, sessions, debts and invoices', async () => {
    await call('users.paymentMethods.createSetupIntent', () =>
      client.users.paymentMethods.createSetupIntent(U, { pm_type: 'card' }),
    );
    await call('users.paymentMethods.list', () =>
      client.users.paymentMethods.list(U, { page: 1, page_size: 5 }),
    );
    await call('users.chargingSessions.list', () =>
      client.users.chargingSessions.list(U, { page: 2, page_size: 5 }),
    );
    await call('users.debts.list', () => client.users.debts.list(U, { page: 1, page_size: 50 }));
    await call('users.invoices.list', () =>
      client.users.invoices.list(U, { page: 1, page_size: 50 }),
    );
    for (const options of ENCODINGS) {
      await call(`users.charging.start (${options.encoding})`, () =>
        client.users.charging.start(
          U,
          { evse_id: 'DE*VLT*E000001*1', payment_method_id: PM },
          options,
        ),
      );
      await call(`users.chargingSessions.rate (${options.encoding})`, () =>
        client.users.chargingSessions.rate(U, S, { rates: 4 }, options),
      );
      await call(`users.chargingSessions.rate null (${options.encoding})`, () =>
        client.users.chargingSessions.rate(U, S, { rates: null }, options),
      );
    }
  });
});

describe('the contract test itself', () => {
  it('sees a violation when there is one', async () => {
    current = 'broken';
    const before = exchanges.length;
    await client.stations
      .around({ latitude: 'north' as never, longitude: 13.4 }, { validateRequests: false })
      .catch(() => undefined);
    const [exchange] = exchanges.slice(before);
    expect(exchange?.status).toBe(400);
    expect(JSON.parse(exchange!.violations!)).toEqual([
      expect.objectContaining({ location: ['request', 'query', 'latitude'], code: 'type' }),
    ]);
  });
});
