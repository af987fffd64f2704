/**
 * Fault injection: the generated client against a server on 127.0.0.1 that answers each
 * request with a fault drawn from a seeded random source (5xx, 429 with a retry hint,
 * connection resets, truncated JSON, HTML error pages, empty bodies, responses that never
 * come). Every call must end in data or a typed ConnectError, nothing may hang or reject
 * unhandled, and no operation that is unsafe to repeat may reach the server twice.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConnectClient, ConnectError } from '../../generated/src/index.js';
import {
  json,
  raw,
  reset,
  startServer,
  type Handler,
  type ReceivedRequest,
  type TestServer,
} from '../runtime/http-server.js';
import { SeededRandom } from '../../templates/fake/random.js';
import * as samples from './samples.js';

const CALLS = 600;
const CONCURRENCY = 24;
const SEED = 20261122;
const TOKEN = 'tok_FAULTS_marker_7c1d';

const hang: Handler = () => undefined;
const truncated =
  (status: number): Handler =>
  (_req, res: ServerResponse) => {
    // Announce more bytes than are sent, then cut the connection: the body ends mid-object.
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': '500' });
    res.write('{"id": "usr_1", "email": "dri');
    res.socket?.destroy();
  };

const faults: readonly (readonly [string, Handler])[] = [
  ['500', json(500, { detail: 'Internal error.' })],
  ['502 html', raw(502, '<html><body>Bad gateway</body></html>', { 'content-type': 'text/html' })],
  ['503', json(503, { detail: 'Unavailable.' })],
  ['429', json(429, { detail: 'Slow down.' }, { 'retry-after-ms': '2' })],
  ['429 seconds', json(429, { detail: 'Slow down.' }, { 'retry-after': '0' })],
  ['reset', reset],
  ['hang', hang],
  ['truncated 200', truncated(200)],
  ['html 200', raw(200, '<!doctype html><title>Portal</title>', { 'content-type': 'text/html' })],
  ['empty 200', raw(200, '', { 'content-type': 'application/json' })],
  [
    '409',
    json(409, { detail: 'Already charging.', error: { type: 'already_charging', details: 'x' } }),
  ],
];

let server: TestServer;
// Seeded, so every run draws the same mix of faults (which request gets which depends on arrival order).
const random = new SeededRandom(SEED);
const faultCounts = new Map<string, number>();

function respond(request: ReceivedRequest, res: ServerResponse): void | Promise<void> {
  // About half the requests succeed, so retries have something to recover to.
  if (random.next() < 0.5) {
    const ok =
      request.url.startsWith('/api/v1/users/') && request.method === 'POST'
        ? json(201, samples.chargingSession())
        : json(200, samples.user());
    return ok(request, res);
  }
  const [name, handler] = faults[random.int(0, faults.length - 1)]!;
  faultCounts.set(name, (faultCounts.get(name) ?? 0) + 1);
  return handler(request, res);
}

beforeAll(async () => {
  server = await startServer(respond);
});
afterAll(() => server.close());

it(`${CALLS} calls under random faults each end in data or a typed error`, async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);

  const client = new ConnectClient({
    token: TOKEN,
    baseUrl: server.origin,
    timeoutMs: 500,
    maxRetries: 2,
    maxRetryDelayMs: 5,
    validateResponses: 'strict',
  });
  const outcomes = new Map<string, number>();
  const unsafeCalls: string[] = [];
  let next = 0;

  const one = async (n: number): Promise<void> => {
    const callId = `call-${n}`;
    const unsafe = n % 3 === 0;
    const headers = { 'x-call-id': callId };
    if (unsafe) unsafeCalls.push(callId);
    try {
      if (unsafe)
        await client.users.charging.start(
          'usr_1',
          { evse_id: 'DE*E1', payment_method_id: 'pm_1' },
          { headers },
        );
      else await client.users.retrieve('usr_1', { headers });
      outcomes.set('data', (outcomes.get('data') ?? 0) + 1);
    } catch (error) {
      expect(error, `call ${n}`).toBeInstanceOf(ConnectError);
      expect(String((error as Error).message)).not.toContain(TOKEN);
      const name = (error as Error).constructor.name;
      outcomes.set(name, (outcomes.get(name) ?? 0) + 1);
    }
  };
  const worker = async (): Promise<void> => {
    while (next < CALLS) await one(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  process.off('unhandledRejection', onUnhandled);

  const perCall = new Map<string, number>();
  for (const request of server.requests) {
    const id = String(request.headers['x-call-id']);
    perCall.set(id, (perCall.get(id) ?? 0) + 1);
  }

  const settled = [...outcomes.values()].reduce((a, b) => a + b, 0);
  expect(settled).toBe(CALLS);
  expect(unhandled).toEqual([]);
  expect(unsafeCalls.filter((id) => perCall.get(id) !== 1)).toEqual([]);
  expect(Math.max(...perCall.values())).toBeLessThanOrEqual(3);
  // The mix really exercised recovery and every kind of failure.
  expect(outcomes.get('data')).toBeGreaterThan(CALLS / 5);
  for (const kind of [
    'TimeoutError',
    'ConnectionError',
    'ResponseParseError',
    'InternalServerError',
    'ConflictError',
  ])
    expect(outcomes.get(kind), kind).toBeGreaterThan(0);
  for (const [name] of faults) expect(faultCounts.get(name), name).toBeGreaterThan(0);

  console.info(
    `fault injection: ${CALLS} calls, ${server.requests.length} requests; outcomes ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}; faults ${JSON.stringify(Object.fromEntries([...faultCounts].sort()))}`,
  );
});
