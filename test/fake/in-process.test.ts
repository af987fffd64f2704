/**
 * The fake in process (`connect-api-client/fake`): its `fetch` as the client's, its `handle` as
 * a Fetch handler, with no port anywhere. It answers as the fake on a port does, request for
 * request, and its controls and `reset()` work on the state both share.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  AccountType,
  ApiError,
  ConnectClient,
  ConnectionError,
  createConnectCore,
  EvseStatus,
  stationsAround,
  TimeoutError,
  usersCreate,
  usersRetrieve,
  usersUpdate,
} from '../../generated/src/index.js';
import {
  createFakeConnectApi,
  FAKE_API_URL,
  type InProcessFakeConnectApi,
  type RequestLogEntry,
} from '../../generated/src/connect/fake/fake.js';
import {
  startFakeConnectApi,
  type FakeConnectApi,
} from '../../generated/src/connect/fake/index.js';

const NOW = new Date('2026-03-01T08:00:00Z');
const AROUND = { latitude: 52.52, longitude: 13.405, distance: 2000, page_size: 5 };

const clientOf = (fake: InProcessFakeConnectApi) =>
  new ConnectClient({
    baseUrl: fake.url,
    token: fake.tokens[0]!,
    fetch: fake.fetch,
    maxRetries: 0,
    validateResponses: 'strict',
  });

let server: FakeConnectApi | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createFakeConnectApi', () => {
  it('plugs into createConnectCore as its fetch and answers for its own url, with nothing listening', async () => {
    const fake = createFakeConnectApi({ seed: 3, tokens: ['t'] });
    expect(fake.url).toBe(FAKE_API_URL);
    const core = createConnectCore({ baseUrl: fake.url, token: 't', fetch: fake.fetch });
    const page = await stationsAround(core, AROUND);
    expect(page.count).toBeGreaterThan(5);
    expect(page.next).toMatch(/^https:\/\/fake-connect-api\.test\/api\/v1\/stations\/around\/\?/);
    const next = await page.nextPage();
    expect(next.results.map((s) => s.id)).not.toContain(page.results[0]!.id);
    const user = await usersCreate(core, { email: 'in-process@example.com', locale: 'de' });
    expect(await usersRetrieve(core, user.id)).toEqual(user);
    // users.create stores the locale it is given, and an update that names none keeps it.
    expect(user.locale).toBe('de');
    expect((await usersUpdate(core, user.id, { email: 'renamed@example.com' })).locale).toBe('de');
    expect((await usersUpdate(core, user.id, { locale: 'en' })).locale).toBe('en');
  });

  it("stands behind the app's own path in proxy mode: the client sends no token, the fake adds its own", async () => {
    const fake = createFakeConnectApi({ seed: 3, proxyPath: '/api/connect/' });
    expect(fake.url).toBe(`${FAKE_API_URL}/api/connect`);
    // As a page's client is made in proxy mode, on the fake's fetch.
    const client = new ConnectClient({ auth: 'none', baseUrl: fake.url, fetch: fake.fetch });
    const user = await client.users.create({ email: 'proxied@example.com' });
    const billing = await client.users.billingDetails.update(user.id, {
      line1: 'Torstraße 1',
      postal_code: '10119',
    });
    expect(billing.line1).toBe('Torstraße 1');
    const page = await client.stations.around(AROUND);
    expect(page.results.length).toBe(5);
    // The card confirmation route answers under the same path, as on a port.
    const intent = await client.users.paymentMethods.createSetupIntent(user.id);
    const confirmed = await fake.handle(
      new Request('http://localhost:5173/api/connect/_fake/setup-intents/confirm/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_secret: intent.setup_intent_client_secret }),
      }),
    );
    expect(confirmed.status).toBe(201);
    expect((await client.users.paymentMethods.list(user.id)).count).toBe(1);
    // Outside the path, nothing: the page's other requests are not the fake's.
    const outside = await fake.handle(new Request('http://localhost:5173/api/v1/users/'));
    expect(outside.status).toBe(401);
    await expect(fake.fetch(`${FAKE_API_URL}/api/v1/users/`)).rejects.toThrow(TypeError);
  });

  it('runs a charging app: user, billing details, setup intent, card, start, stop, invoice', async () => {
    const fake = createFakeConnectApi({ seed: 3, now: () => NOW });
    const client = clientOf(fake);
    const user = await client.users.create({ email: 'driver@example.com' });
    await client.users.billingDetails.update(user.id, {
      line1: 'Torstraße 1',
      postal_code: '10119',
      account_type: AccountType.personal,
    });
    const intent = await client.users.paymentMethods.createSetupIntent(user.id);
    const card = fake.confirmSetupIntent(intent.setup_intent_client_secret, { last4: '1881' });
    expect(() => fake.confirmSetupIntent(intent.setup_intent_client_secret)).toThrow();
    const evse = (await client.stations.around({ ...AROUND, only_available: true })).results
      .flatMap((s) => s.evses)
      .find((e) => e.status === EvseStatus.AVAILABLE)!;
    const session = await client.users.charging.start(user.id, {
      evse_id: evse.evse_id,
      payment_method_id: card.id,
    });
    expect(session.is_active).toBe(true);
    fake.advanceTime(30 * 60_000);
    await client.users.charging.stop(user.id, session.id);
    const stopped = await client.users.chargingSessions.retrieve(user.id, session.id);
    expect(stopped.is_active).toBe(false);
    expect(Date.parse(stopped.end_time!) - Date.parse(stopped.start_time!)).toBe(30 * 60_000);
    expect((await client.users.invoices.list(user.id)).count).toBe(1);
  });

  it('gives the answers the fake on a port gives, id for id, for the same seed and clock', async () => {
    server = await startFakeConnectApi({ seed: 9, now: () => NOW });
    const fake = createFakeConnectApi({ seed: 9, now: () => NOW });
    const token = server.tokens[0]!;
    const script = async (client: ConnectClient) => {
      const user = await client.users.create({ email: 'same@example.com' });
      const intent = await client.users.paymentMethods.createSetupIntent(user.id);
      return {
        stations: (await client.stations.around(AROUND)).toJSON(),
        tile: await client.stations.tile({ x: [2200], y: [1343], z: 12 }),
        user,
        secret: intent.setup_intent_client_secret,
        missing: await client.users.retrieve('no-such-user').catch((e: Error) => e.message),
      };
    };
    const overHttp = await script(new ConnectClient({ baseUrl: server.url, token }));
    const inProcess = await script(clientOf(fake));
    // Links name the origin each was asked at; everything else is the same.
    expect(JSON.parse(JSON.stringify(inProcess).replaceAll(fake.url, server.url))).toEqual(
      JSON.parse(JSON.stringify(overHttp)),
    );
  });

  it('refuses a request for another origin as fetch refuses a host it cannot reach', async () => {
    const fake = createFakeConnectApi({ baseUrl: 'http://localhost:8000' });
    expect(fake.url).toBe('http://localhost:8000');
    await expect(fake.fetch('http://localhost:8001/api/v1/users/')).rejects.toThrow(TypeError);
    const client = new ConnectClient({
      baseUrl: 'http://127.0.0.1:9',
      token: fake.tokens[0]!,
      fetch: fake.fetch,
      maxRetries: 0,
    });
    await expect(client.users.list()).rejects.toBeInstanceOf(ConnectionError);
    expect(() => createFakeConnectApi({ baseUrl: 'http://localhost:8000/api' })).toThrow(
      /origin without a path/,
    );
  });

  it("ends a call the fake holds back when the client's timeout fires", async () => {
    const fake = createFakeConnectApi({ seed: 3, chargingStartDelayMs: 60_000 });
    const client = clientOf(fake);
    const user = await client.users.create();
    await client.users.billingDetails.update(user.id, { line1: 'A 1', postal_code: '10115' });
    const card = fake.addPaymentMethod(user.id);
    const evse = (await client.stations.around({ ...AROUND, only_available: true })).results
      .flatMap((s) => s.evses)
      .find((e) => e.status === EvseStatus.AVAILABLE)!;
    const started = Date.now();
    await expect(
      client.users.charging.start(
        user.id,
        { evse_id: evse.evse_id, payment_method_id: card.id },
        { timeoutMs: 50 },
      ),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reports each request to onRequest, with its operation and status', async () => {
    const log: RequestLogEntry[] = [];
    const fake = createFakeConnectApi({ onRequest: (entry) => log.push(entry) });
    await clientOf(fake)
      .users.retrieve('nobody')
      .catch(() => undefined);
    expect(log).toEqual([
      expect.objectContaining({
        method: 'GET',
        target: '/api/v1/users/nobody/',
        status: 404,
        operationId: 'usersRetrieve',
      }),
    ]);
  });
});

describe('reset()', () => {
  it('puts the fake back as the seed made it: no users, free EVSEs again, the same ids, the clock', async () => {
    const fake = createFakeConnectApi({ seed: 4, now: () => NOW });
    const client = clientOf(fake);
    const stations = async () => (await client.stations.around(AROUND)).toJSON();
    const atStart = await stations();
    const first = await client.users.create({ email: 'first@example.com' });
    await client.users.billingDetails.update(first.id, { line1: 'A 1', postal_code: '10115' });
    const card = fake.addPaymentMethod(first.id);
    const evse = atStart.results.flatMap((s) => s.evses).find((e) => e.status === 'AVAILABLE')!;
    await client.users.charging.start(first.id, {
      evse_id: evse.evse_id,
      payment_method_id: card.id,
    });
    fake.advanceTime(60_000);
    expect(await stations()).not.toEqual(atStart);

    fake.reset();
    expect(await stations()).toEqual(atStart);
    expect((await client.users.list()).count).toBe(0);
    const again = await client.users.create({ email: 'first@example.com' });
    expect(again.id).toBe(first.id);
    // The same as a fake made fresh with the seed, whose first user this is too.
    const fresh = createFakeConnectApi({ seed: 4, now: () => NOW });
    expect((await clientOf(fresh).users.create({ email: 'first@example.com' })).id).toBe(first.id);
    // Request ids count from the start again: the fourth since the reset.
    const missing = await client.users.retrieve('x').catch((error: ApiError) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).requestId).toBe('req_000004');
  });

  it('is there on the fake on a port too', async () => {
    server = await startFakeConnectApi({ seed: 4 });
    const client = new ConnectClient({ baseUrl: server.url, token: server.tokens[0]! });
    const user = await client.users.create();
    server.reset();
    expect((await client.users.list()).count).toBe(0);
    expect((await client.users.create()).id).toBe(user.id);
  });
});

describe('handle, the Fetch handler', () => {
  const fake = createFakeConnectApi({ tokens: ['t'], maxBodyBytes: 64 });
  const ORIGIN = 'http://localhost:5173';

  it('answers any origin it is mounted at, with links back to that origin', async () => {
    const response = await fake.handle(
      new Request(
        'http://localhost:5173/api/v1/stations/around/?latitude=52.52&longitude=13.405&page_size=2',
        {
          headers: { authorization: 'Bearer t' },
        },
      ),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { next: string };
    expect(body.next).toMatch(/^http:\/\/localhost:5173\/api\/v1\/stations\/around\/\?/);
  });

  it("answers CORS as the fake on a port does: preflights before authentication, django-cors-headers' defaults", async () => {
    const preflight = await fake.handle(
      new Request('https://fake-connect-api.test/api/v1/users/', {
        method: 'OPTIONS',
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, x-connect-client',
        },
      }),
    );
    expect(preflight.status).toBe(200);
    expect(Object.fromEntries(preflight.headers)).toEqual({
      'access-control-allow-headers':
        'accept, authorization, content-type, user-agent, x-csrftoken, x-requested-with',
      'access-control-allow-methods': 'DELETE, GET, OPTIONS, PATCH, POST, PUT',
      'access-control-allow-origin': '*',
      'access-control-max-age': '86400',
      'content-length': '0',
      vary: 'origin',
    });
    const refused = await fake.handle(
      new Request('https://fake-connect-api.test/api/v1/users/', { headers: { origin: ORIGIN } }),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="api"');
  });

  it('refuses a body over maxBodyBytes with 413, reading no further than the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('{"email": "xxxxxxxxxxxxxxxxxxxx"}'));
      },
    });
    const response = await fake.handle(
      new Request('https://fake-connect-api.test/api/v1/users/', {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: 'Request body larger than 64 bytes.' });
    expect(pulled).toBeLessThan(5);
  });

  it('answers 204 with no body and every other status with one, an empty one included', async () => {
    const client = clientOf(fake);
    const user = await client.users.create();
    const deleted = await fake.handle(
      new Request(`${fake.url}/api/v1/users/${user.id}/`, {
        method: 'DELETE',
        headers: { authorization: 'Bearer t' },
      }),
    );
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
  });
});
