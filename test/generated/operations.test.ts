/**
 * Every operation of the generated client over real HTTP: for each one, the exact method,
 * path, query string, headers and body that reach a server on 127.0.0.1, and the typed
 * result (checked in strict mode) or typed error that comes back.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  ConflictError,
  ConnectClient,
  NotFoundError,
  PaymentRequiredError,
  stationsAround,
  usersBillingDetailsUpdate,
} from '../../generated/src/index.js';
// From the layer's source, so this compiles whether or not generated/ has the helper yet.
import { paymentIntentClientSecretOf } from '../../templates/connect/index.js';
import { json, raw, useTestServer, type Handler } from '../runtime/http-server.js';
import * as samples from './samples.js';

const TOKEN = 'tok_operations_test_1';
const server = useTestServer();
let client: ConnectClient;
beforeAll(() => {
  client = new ConnectClient({
    token: TOKEN,
    baseUrl: server.origin,
    validateResponses: 'strict',
    maxRetries: 0,
  });
});

const noContent: Handler = raw(204, '');

interface Case {
  readonly id: string;
  readonly call: (c: ConnectClient) => Promise<unknown>;
  readonly method: string;
  /** Path and query exactly as the server receives them. */
  readonly url: string;
  readonly reply: Handler;
  /** The parsed JSON body the server must receive; absent: no body at all. */
  readonly body?: unknown;
  /** What the call resolves to. */
  readonly result: unknown;
}

const page = samples.stationPage(2);
const users = samples.page([samples.user()]);

const cases: Case[] = [
  {
    id: 'stationsDataFiles',
    call: (c) => c.stations.dataFiles(),
    method: 'GET',
    url: '/api/v1/stations/data/',
    reply: json(200, [samples.dataFile()]),
    result: [samples.dataFile()],
  },
  {
    id: 'stationsAround',
    call: async (c) =>
      (
        await c.stations.around({
          latitude: 52.52,
          longitude: 13.405,
          distance: 2000,
          connector_types: ['CHADEMO', 'IEC_62196_T2'],
          only_available: true,
          only_partners: false,
          operators: ['Stadtwerk Energie', 'A&B'],
          page: 2,
          page_size: 50,
        })
      ).results,
    method: 'GET',
    url: '/api/v1/stations/around/?latitude=52.52&longitude=13.405&distance=2000&connector_types=CHADEMO&connector_types=IEC_62196_T2&only_available=true&only_partners=false&operators=Stadtwerk+Energie&operators=A%26B&page=2&page_size=50',
    reply: json(200, page),
    result: page.results,
  },
  {
    id: 'stationsTile',
    call: (c) =>
      c.stations.tile({
        x: [8800, 8801],
        y: [5373],
        z: 14,
        max_price: 0.6,
        power_groups: ['fast', 'turbo'],
        connector_types: ['IEC_62196_T2_COMBO'],
      }),
    method: 'GET',
    url: '/api/v1/stations/tile/?x=8800&x=8801&y=5373&z=14&connector_types=IEC_62196_T2_COMBO&max_price=0.6&power_groups=fast&power_groups=turbo',
    reply: json(200, samples.mapTile()),
    result: samples.mapTile(),
  },
  {
    id: 'stationsPartners',
    call: (c) => c.stations.partners(),
    method: 'GET',
    url: '/api/v1/stations/partners/',
    reply: json(200, [samples.partner()]),
    result: [samples.partner()],
  },
  {
    id: 'stationsDetails',
    call: (c) => c.stations.details({ id: 'DE*SWE*E0001*1', type: 'evse_id' }),
    method: 'GET',
    url: '/api/v1/stations/details/?id=DE*SWE*E0001*1&type=evse_id',
    reply: json(200, samples.station()),
    result: samples.station(),
  },
  {
    id: 'usersCreate',
    call: (c) =>
      c.users.create({ email: 'driver@example.com', custom_properties: { external_id: 'crm-42' } }),
    method: 'POST',
    url: '/api/v1/users/',
    body: { email: 'driver@example.com', custom_properties: { external_id: 'crm-42' } },
    reply: json(201, samples.user()),
    result: samples.user(),
  },
  {
    id: 'usersList',
    call: async (c) => (await c.users.list({ search: 'crm 42', page_size: 10 })).results,
    method: 'GET',
    url: '/api/v1/users/?page_size=10&search=crm+42',
    reply: json(200, users),
    result: users.results,
  },
  {
    id: 'usersRetrieve',
    call: (c) => c.users.retrieve('usr 5/f1c'),
    method: 'GET',
    url: '/api/v1/users/usr%205%2Ff1c/',
    reply: json(200, samples.user()),
    result: samples.user(),
  },
  {
    id: 'usersUpdate',
    call: (c) => c.users.update('usr_5f1c', { locale: 'en' }),
    method: 'PATCH',
    url: '/api/v1/users/usr_5f1c/',
    body: { locale: 'en' },
    reply: json(200, samples.user()),
    result: samples.user(),
  },
  {
    id: 'usersDelete',
    call: (c) => c.users.delete('usr_5f1c'),
    method: 'DELETE',
    url: '/api/v1/users/usr_5f1c/',
    reply: noContent,
    result: undefined,
  },
  {
    id: 'usersBillingDetailsRetrieve',
    call: (c) => c.users.billingDetails.retrieve('usr_5f1c'),
    method: 'GET',
    url: '/api/v1/users/usr_5f1c/billing-details/',
    reply: json(200, samples.billingDetails()),
    result: samples.billingDetails(),
  },
  {
    id: 'usersBillingDetailsUpdate',
    call: (c) =>
      c.users.billingDetails.update('usr_5f1c', {
        line1: 'Main St 1',
        postal_code: '10115',
        account_type: 'personal',
      }),
    method: 'PUT',
    url: '/api/v1/users/usr_5f1c/billing-details/',
    body: { line1: 'Main St 1', postal_code: '10115', account_type: 'personal' },
    reply: json(200, samples.billingDetails()),
    result: samples.billingDetails(),
  },
  {
    id: 'usersSetupIntentsCreate',
    call: (c) => c.users.paymentMethods.createSetupIntent('usr_5f1c', { pm_type: 'card' }),
    method: 'GET',
    url: '/api/v1/users/usr_5f1c/setup-intents/?pm_type=card',
    reply: json(200, samples.setupIntent()),
    result: samples.setupIntent(),
  },
  {
    id: 'usersPaymentMethodsList',
    call: async (c) => (await c.users.paymentMethods.list('usr_5f1c', { page: 1 })).results,
    method: 'GET',
    url: '/api/v1/users/usr_5f1c/payment-methods/?page=1',
    reply: json(200, samples.page([samples.paymentMethod()])),
    result: [samples.paymentMethod()],
  },
  {
    id: 'usersPaymentMethodsSetDefault',
    call: (c) => c.users.paymentMethods.setDefault('usr_5f1c', 'pm_1Q2w3E'),
    method: 'POST',
    url: '/api/v1/users/usr_5f1c/payment-methods/pm_1Q2w3E/default/',
    reply: noContent,
    result: undefined,
  },
  {
    id: 'usersPaymentMethodsDelete',
    call: (c) => c.users.paymentMethods.delete('usr_5f1c', 'pm_1Q2w3E'),
    method: 'DELETE',
    url: '/api/v1/users/usr_5f1c/payment-methods/pm_1Q2w3E/',
    reply: noContent,
    result: undefined,
  },
  {
    id: 'usersChargingStart',
    call: (c) =>
      c.users.charging.start('usr_5f1c', {
        evse_id: 'DE*SWE*E0001*1',
        payment_method_id: 'pm_1Q2w3E',
      }),
    method: 'POST',
    url: '/api/v1/users/usr_5f1c/charging/start/',
    body: { evse_id: 'DE*SWE*E0001*1', payment_method_id: 'pm_1Q2w3E' },
    reply: json(201, samples.chargingSession()),
    result: samples.chargingSession(),
  },
  {
    id: 'usersChargingStop',
    call: (c) => c.users.charging.stop('usr_5f1c', 'cs_9001'),
    method: 'POST',
    url: '/api/v1/users/usr_5f1c/charging/stop/cs_9001/',
    reply: noContent,
    result: undefined,
  },
  {
    id: 'usersChargingSessionsList',
    call: async (c) => (await c.users.chargingSessions.list('usr_5f1c')).results,
    method: 'GET',
    url: '/api/v1/users/usr_5f1c/charging-sessions/',
    reply: json(200, samples.page([samples.chargingSession()])),
    result: [samples.chargingSession()],
  },
  {
    id: 'usersChargingSessionsRetrieve',
    call: (c) => c.users.chargingSessions.retrieve('usr_5f1c', 'cs_9001'),
    method: 'GET',
    url: '/api/v1/users/usr_5f1c/charging-sessions/cs_9001/',
    reply: json(200, samples.chargingSession()),
    result: samples.chargingSession(),
  },
  {
    id: 'usersChargingSessionsRate',
    call: (c) => c.users.chargingSessions.rate('usr_5f1c', 'cs_9001', { rates: 4 }),
    method: 'PATCH',
    url: '/api/v1/users/usr_5f1c/charging-sessions/cs_9001/',
    body: { rates: 4 },
    reply: json(200, { ...samples.chargingSession(), rates: 4 }),
    result: { ...samples.chargingSession(), rates: 4 },
  },
  {
    id: 'usersDebtsList',
    call: async (c) => (await c.users.debts.list('usr_5f1c', { page_size: 5 })).results,
    method: 'GET',
    url: '/api/v1/users/usr_5f1c/charging/debts/?page_size=5',
    reply: json(200, samples.page([samples.debt()])),
    result: [samples.debt()],
  },
  {
    id: 'usersInvoicesList',
    call: async (c) => (await c.users.invoices.list('usr_5f1c')).results,
    method: 'GET',
    url: '/api/v1/users/usr_5f1c/invoices/',
    reply: json(200, samples.page([samples.invoice()])),
    result: [samples.invoice()],
  },
];

function specOperationIds(): string[] {
  const spec = parse(readFileSync('spec/connect-api.yaml', 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(spec.paths).flatMap((item) =>
    Object.values(item).flatMap((op) =>
      typeof op === 'object' && op?.operationId ? [op.operationId] : [],
    ),
  );
}

describe('every operation', () => {
  it('is covered by this table, once', () => {
    expect(cases.map((c) => c.id).sort()).toEqual(specOperationIds().sort());
    expect(cases).toHaveLength(23);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    server.reply(c.reply);
    await expect(c.call(client)).resolves.toEqual(c.result);
    expect(server.requests).toHaveLength(1);
    const received = server.requests[0]!;
    expect(received.method).toBe(c.method);
    expect(received.url).toBe(c.url);
    expect(received.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(received.headers.accept).toBe('application/json');
    expect(received.headers['user-agent']).toMatch(/^connect-api-client\/\d+\.\d+\.\d+/);
    if (c.body === undefined) {
      expect(received.text).toBe('');
      expect(received.headers['content-type']).toBeUndefined();
    } else {
      expect(received.headers['content-type']).toBe('application/json');
      expect(JSON.parse(received.text)).toEqual(c.body);
    }
  });
});

describe('bodies in the other encodings the API accepts', () => {
  it('form-urlencoded', async () => {
    server.reply(json(200, samples.billingDetails()));
    await client.users.billingDetails.update(
      'u1',
      { line1: 'Main St 1', postal_code: '10115', city: null },
      { encoding: 'form' },
    );
    const received = server.requests[0]!;
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received.text).toBe('line1=Main+St+1&postal_code=10115&city=');
  });

  it('multipart/form-data', async () => {
    server.reply(json(201, samples.chargingSession()));
    await client.users.charging.start(
      'u1',
      { evse_id: 'E1', payment_method_id: 'pm_1' },
      { encoding: 'multipart' },
    );
    const received = server.requests[0]!;
    const contentType = received.headers['content-type']!;
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Request('http://x/', {
      method: 'POST',
      body: new Uint8Array(received.body),
      headers: { 'content-type': contentType },
    }).formData();
    expect(Object.fromEntries(form)).toEqual({ evse_id: 'E1', payment_method_id: 'pm_1' });
  });
});

describe('errors carry the status and the parsed body', () => {
  it('404 Detail', async () => {
    server.reply(json(404, { detail: 'Not found.' }));
    const error = await client.users.retrieve('nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, method: 'GET', body: { detail: 'Not found.' } });
    expect((error as NotFoundError).url).toBe(`${server.origin}/api/v1/users/nobody/`);
  });

  it('409 ErrorDetail with its error type', async () => {
    server.reply(
      json(409, {
        detail: 'Already charging.',
        error: { type: 'already_charging', details: 'session cs_1 is active' },
      }),
    );
    const error = await client.users.charging
      .start('u1', { evse_id: 'E1', payment_method_id: 'pm_1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, errorType: 'already_charging' });
    expect(server.requests).toHaveLength(1);
  });

  it('402 with the payment intent secret for strong customer authentication', async () => {
    server.reply(
      json(402, {
        detail: 'Payment needs confirmation.',
        error: {
          type: 'payment_error',
          details: 'sca',
          payment_intent_client_secret: 'pi_1_secret_2',
        },
      }),
    );
    const error = await client.users.charging
      .start('u1', { evse_id: 'E1', payment_method_id: 'pm_1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error).toMatchObject({ errorType: 'payment_error' });
    // The Connect layer's helper reads the secret from the body; `ApiError` does not lift it.
    expect(paymentIntentClientSecretOf(error)).toBe('pi_1_secret_2');
  });
});

describe('standalone functions', () => {
  it('take the client first and send the same request', async () => {
    server.reply(json(200, samples.page([])), json(200, samples.billingDetails()));
    await stationsAround(client, { latitude: 1.5, longitude: -2 });
    await usersBillingDetailsUpdate(client, 'u1', { line1: 'a', postal_code: 'b' });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/stations/around/?latitude=1.5&longitude=-2',
      'PUT /api/v1/users/u1/billing-details/',
    ]);
  });
});
