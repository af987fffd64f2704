/**
 * The declared constraints of parameters and bodies are checked before anything is sent:
 * over real HTTP, a server that counts requests must see none for an argument the spec
 * forbids, and every valid call still reaches it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectClient,
  createConnectCore,
  InvalidRequestError,
  usersList,
  usersChargingStart,
  type BillingDetailsRequest,
  type ChargingStartRequest,
  type ConnectorType,
} from '../../generated/src/index.js';
import { json, raw, useTestServer } from '../runtime/http-server.js';
import * as samples from './samples.js';

const server = useTestServer();
let client: ConnectClient;
beforeAll(() => {
  // Retries on: a refused argument must still be sent zero times, not retried.
  client = new ConnectClient({
    token: 'tok_input_checks_1',
    baseUrl: server.origin,
    maxRetries: 5,
    validateResponses: 'strict',
  });
});

async function refusal(call: () => Promise<unknown>): Promise<InvalidRequestError> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(server.requests).toHaveLength(0);
  return error as InvalidRequestError;
}

describe('arguments that break the spec are refused before sending', () => {
  it('query: page_size 0, below the minimum of 1', async () => {
    const error = await refusal(() => client.users.list({ page_size: 0 }));
    expect(error.argument).toBe('query.page_size');
    expect(error.message).toBe('usersList: query.page_size: expected integer at least 1, got 0');
  });

  it("query: the README's example, through the standalone function on a small core", async () => {
    const core = createConnectCore({ token: 'tok_input_checks_1', baseUrl: server.origin });
    const error = await refusal(() => usersList(core, { page: 0 }));
    expect(error.message).toBe('usersList: query.page: expected integer at least 1, got 0');
  });

  it('query: a page number that is not an integer', async () => {
    const error = await refusal(() => client.users.invoices.list('user-1', { page: 1.5 }));
    expect(error.argument).toBe('query.page');
    expect(error.message).toContain('expected integer at least 1, got 1.5');
  });

  it('query: an unknown value in an enum list, named by its index', async () => {
    const error = await refusal(() =>
      client.stations.around({
        latitude: 52.52,
        longitude: 13.405,
        connector_types: ['CHADEMO', 'CHADEMOO' as ConnectorType],
      }),
    );
    expect(error.argument).toBe('query.connector_types[1]');
    expect(error.message).toMatch(
      /^stationsAround: query\.connector_types\[1\]: expected ConnectorType \(one of "CHADEMO", .*\), got string$/,
    );
  });

  it('query: a required parameter left out', async () => {
    const error = await refusal(() => client.stations.tile({ x: [8800], y: [5373] } as never));
    expect(error.argument).toBe('query.z');
    expect(error.message).toContain('query.z: expected integer, got nothing');
  });

  it('body: a required member left out', async () => {
    const error = await refusal(() =>
      client.users.charging.start('user-1', { evse_id: 'DE*VLT*E1' } as ChargingStartRequest),
    );
    expect(error.argument).toBe('body.payment_method_id');
    expect(error.message).toBe(
      'usersChargingStart: body.payment_method_id: expected string, got nothing',
    );
  });

  it('body: a required body left out', async () => {
    const error = await refusal(() =>
      usersChargingStart(client, 'user-1', undefined as unknown as ChargingStartRequest),
    );
    expect(error.argument).toBe('body');
  });

  it('body: a number above its maximum, and in the form encoding too', async () => {
    for (const encoding of ['json', 'form'] as const) {
      const error = await refusal(() =>
        client.users.chargingSessions.rate('user-1', 'cs-1', { rates: 6 }, { encoding }),
      );
      expect(error.argument).toBe('body.rates');
      expect(error.message).toContain('expected integer from 1 to 5 or null, got 6');
    }
  });

  it('body: a string over its maximum length, without showing the string', async () => {
    const secretish = `tok_${'x'.repeat(200)}`;
    const body: BillingDetailsRequest = {
      line1: 'Main St 1',
      postal_code: '10115',
      account_type: 'personal',
      country: secretish,
    };
    const error = await refusal(() => client.users.billingDetails.update('user-1', body));
    expect(error.argument).toBe('body.country');
    expect(error.message).toContain(
      'expected string of at most 150 characters or null, got string',
    );
    expect(error.message).not.toContain(secretish);
  });
});

describe('valid calls still reach the server', () => {
  it('sends the minimum page size, a known enum list and a complete body', async () => {
    server.setDefault(json(200, samples.page([])));
    await client.users.list({ page_size: 1, page: 1 });
    await client.stations.around({
      latitude: 52.52,
      longitude: 13.405,
      connector_types: ['CHADEMO', 'IEC_62196_T2'],
    });
    server.setDefault(json(200, samples.chargingSession()));
    await client.users.chargingSessions.rate('user-1', 'cs-1', { rates: 5 });
    await client.users.chargingSessions.rate('user-1', 'cs-1', { rates: null });
    server.setDefault(raw(204, ''));
    await client.users.charging
      .start('user-1', { evse_id: 'DE*VLT*E1', payment_method_id: 'pm-1' })
      .catch(() => undefined);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/users/?page=1&page_size=1',
      'GET /api/v1/stations/around/?latitude=52.52&longitude=13.405&connector_types=CHADEMO&connector_types=IEC_62196_T2',
      'PATCH /api/v1/users/user-1/charging-sessions/cs-1/',
      'PATCH /api/v1/users/user-1/charging-sessions/cs-1/',
      'POST /api/v1/users/user-1/charging/start/',
    ]);
  });

  it('lets unknown extra body properties through, as the guards always do', async () => {
    server.setDefault(json(201, samples.user()));
    await client.users.create({ email: 'driver@example.com', ...{ referrer: 'partner-7' } });
    expect(JSON.parse(server.requests[0]!.text)).toEqual({
      email: 'driver@example.com',
      referrer: 'partner-7',
    });
  });
});

describe('validateRequests: false', () => {
  it('sends what the spec forbids, per call or for the whole client, to test a server’s own validation', async () => {
    server.setDefault(json(200, samples.page([])));
    await client.users.list({ page_size: 0 }, { validateRequests: false });
    const unchecked = new ConnectClient({
      token: 'tok_input_checks_1',
      baseUrl: server.origin,
      validateRequests: false,
    });
    await unchecked.users.list({ page_size: 0 });
    await expect(
      unchecked.users.list({ page_size: 0 }, { validateRequests: true }),
    ).rejects.toThrow(InvalidRequestError);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/users/?page_size=0',
      '/api/v1/users/?page_size=0',
    ]);
  });

  it('is a boolean', async () => {
    expect(
      () =>
        new ConnectClient({ token: 't', baseUrl: server.origin, validateRequests: 'no' as never }),
    ).toThrow(/validateRequests must be true or false/);
    await refusal(() => client.users.list({}, { validateRequests: 1 as never }));
  });
});
