/**
 * The fake server's HTTP behaviour around the operations: authentication, CORS, unknown
 * routes and methods, media types, body limits, the test-only control routes, and that the
 * generated client reaches every operation of the spec with a success.
 */
import { describe, expect, it } from 'vitest';
import { AuthenticationError, PermissionDeniedError } from '../../generated/src/index.js';
import {
  API_CONTRACT,
  DEFAULT_TOKEN,
  startFakeConnectApi,
  type RequestLogEntry,
} from '../../generated/src/connect/fake/index.js';
import { apiError, BERLIN, useFakeApi } from './harness.js';

const log: RequestLogEntry[] = [];
const fake = useFakeApi({ onRequest: (entry) => log.push(entry), maxBodyBytes: 4096 });
const auth = { authorization: `Bearer ${DEFAULT_TOKEN}` };

describe('authentication', () => {
  it('answers 401 without a token and 403 with an unknown one, on every operation', async () => {
    const missing = await fetch(`${fake.api.url}/api/v1/users/`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await missing.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
    });
    const unknown = await apiError(fake.clientWith({ token: 'not-issued' }).users.list());
    expect(unknown).toBeInstanceOf(PermissionDeniedError);
    expect(unknown.requestId).toMatch(/^req_\d+$/);
    for (const operation of API_CONTRACT.operations) {
      const path = operation.path.replace(/\{[^}]+\}/g, 'x');
      const response = await fetch(`${fake.api.url}${path}`, {
        method: operation.method,
        headers: { authorization: 'Basic abc' },
      });
      expect([operation.id, response.status]).toEqual([operation.id, 401]);
    }
  });

  it('is what the client reports as AuthenticationError when no token arrives', async () => {
    // The client always sends its token, so a fetch wrapper drops it on the way.
    const stripped = fake.clientWith({
      fetch: (url, init) =>
        fetch(url, {
          ...init,
          headers: [...new Headers(init.headers)].filter(([name]) => name !== 'authorization'),
        }),
    });
    expect(await apiError(stripped.stations.partners())).toBeInstanceOf(AuthenticationError);
  });
});

describe('HTTP', () => {
  it("answers CORS preflights without a token, allowing django-cors-headers' default headers only", async () => {
    const response = await fetch(`${fake.api.url}/api/v1/users/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-connect-client',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    // Not the requested x-connect-client: a browser blocks a client that sends it.
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'accept, authorization, content-type, user-agent, x-csrftoken, x-requested-with',
    );
    const answer = await fetch(`${fake.api.url}/api/v1/stations/partners/`, {
      headers: { ...auth, origin: 'http://localhost:3000' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 404 for unknown paths and 405 with Allow for unknown methods', async () => {
    expect((await fetch(`${fake.api.url}/api/v1/nothing/`, { headers: auth })).status).toBe(404);
    expect(await (await fetch(`${fake.api.url}/api/v1/nothing`, { headers: auth })).json()).toEqual(
      { detail: 'Not found.' },
    );
    const wrong = await fetch(`${fake.api.url}/api/v1/users/`, { method: 'PUT', headers: auth });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST, GET, OPTIONS');
    expect(await wrong.json()).toEqual({ detail: 'Method "PUT" not allowed.' });
  });

  it('answers 404 naming the path meant when only the trailing slash is missing', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/users'],
      ['GET', '/api/v1/users/u-1'],
      ['POST', '/api/v1/users/u-1/charging/stop/s-1'],
      ['POST', '/_fake/setup-intents/confirm'],
    ] as const) {
      const response = await fetch(`${fake.api.url}${path}?page=2`, { method, headers: auth });
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({
        detail: `Not found. Paths of this API end with a slash: ${path}/`,
      });
    }
  });

  it('refuses malformed JSON, other media types and oversized bodies', async () => {
    const post = (body: string, type: string) =>
      fetch(`${fake.api.url}/api/v1/users/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': type },
        body,
      });
    const malformed = await post('{"email": ', 'application/json');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      error: {
        type: 'validation_error',
        details: expect.stringMatching(/^body: JSON parse error/),
      },
    });
    const array = await post('[]', 'application/json');
    expect(((await array.json()) as { error: { details: string } }).error.details).toBe(
      'body: expected a JSON object',
    );
    const text = await post('email=a', 'text/plain');
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({
      detail: 'Unsupported media type "text/plain" in request.',
    });
    expect((await post(`{"email": "${'x'.repeat(5000)}"}`, 'application/json')).status).toBe(413);
  });

  it('confirms setup intents over HTTP for clients that run the fake as a separate process', async () => {
    const user = await fake.client.users.create();
    const { setup_intent_client_secret: secret } =
      await fake.client.users.paymentMethods.createSetupIntent(user.id);
    const confirm = (body: unknown) =>
      fetch(`${fake.api.url}/_fake/setup-intents/confirm/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await confirm({ client_secret: secret, card: { last4: 42 } })).status).toBe(400);
    const created = await confirm({
      client_secret: secret,
      card: { brand: 'amex', last4: '0005' },
    });
    expect(created.status).toBe(201);
    const method = (await created.json()) as { id: string };
    expect((await fake.client.users.paymentMethods.list(user.id)).results).toEqual([
      expect.objectContaining({
        id: method.id,
        default: true,
        card: expect.objectContaining({ brand: 'amex' }),
      }),
    ]);
    expect((await confirm({ client_secret: secret })).status).toBe(404);
  });

  it('logs each request with its operation', async () => {
    await fake.client.stations.partners();
    expect(log.at(-1)).toMatchObject({
      method: 'GET',
      target: '/api/v1/stations/partners/',
      status: 200,
      operationId: 'stationsPartners',
    });
  });

  it('listens where asked and closes with connections still open', async () => {
    const api = await startFakeConnectApi({ host: '127.0.0.1', port: 0, tokens: ['t'] });
    expect(api.url).toBe(`http://127.0.0.1:${api.port}`);
    await fetch(`${api.url}/api/v1/stations/partners/`, { headers: { authorization: 'Bearer t' } });
    await api.close();
    await expect(fetch(`${api.url}/api/v1/stations/partners/`)).rejects.toThrow();
  });
});

describe('every operation of the spec', () => {
  it('answers the generated client with a success, in strict validation', async () => {
    const { client, api } = fake;
    const before = log.length;
    const [station] = (
      await client.stations.around({ ...BERLIN, distance: 2000, only_available: true })
    ).results;
    const evseId = station!.evses.find((e) => e.status === 'AVAILABLE')!.evse_id;
    await client.stations.tile({ x: [1100], y: [671], z: 11 });
    await client.stations.partners();
    await client.stations.details({ id: evseId, type: 'evse_id' });
    await client.stations.dataFiles();
    const user = await client.users.create({ email: 'every@example.com' });
    await client.users.list();
    await client.users.retrieve(user.id);
    await client.users.update(user.id, { locale: 'de' });
    await client.users.billingDetails.update(user.id, { line1: 'a', postal_code: '1' });
    await client.users.billingDetails.retrieve(user.id);
    const { setup_intent_client_secret: secret } =
      await client.users.paymentMethods.createSetupIntent(user.id);
    const card = api.confirmSetupIntent(secret);
    const spare = api.addPaymentMethod(user.id);
    await client.users.paymentMethods.list(user.id);
    await client.users.paymentMethods.setDefault(user.id, card.id);
    await client.users.paymentMethods.delete(user.id, spare.id);
    const session = await client.users.charging.start(user.id, {
      evse_id: evseId,
      payment_method_id: card.id,
    });
    await client.users.charging.stop(user.id, session.id);
    await client.users.chargingSessions.list(user.id);
    await client.users.chargingSessions.retrieve(user.id, session.id);
    await client.users.chargingSessions.rate(user.id, session.id, { rates: 4 });
    await client.users.debts.list(user.id);
    await client.users.invoices.list(user.id);
    await client.users.delete(user.id);
    const succeeded = new Set(
      log
        .slice(before)
        .filter((e) => e.status < 300)
        .map((e) => e.operationId),
    );
    expect([...succeeded].sort()).toEqual(API_CONTRACT.operations.map((o) => o.id).sort());
    expect(API_CONTRACT.operations).toHaveLength(23);
  });
});
