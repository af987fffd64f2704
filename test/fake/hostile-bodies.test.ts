/**
 * What the fake keeps after a request it cannot serve: nothing. A body nested deeper than a
 * real JSON parser takes is refused before anything is stored, and a change whose answer the
 * fake cannot give (it breaks the spec, or cannot be written as JSON) is undone with its 500,
 * so later requests, for every token, are answered as if it had never come.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API_CONTRACT } from '../../generated/src/connect/fake/index.js';
import { fail } from '../../templates/runtime/core/guard.js';
import { MAX_BODY_DEPTH } from '../../templates/fake/bounded-body.js';
import type { ApiContract } from '../../templates/connect/fake/contract.js';
import { startFakeServer, type FakeConnectApi } from '../../templates/connect/fake/server.js';

const TOKENS = ['driver-app', 'back-office', { token: 'reporting', permissions: [] }];
const EVERY_TOKEN = ['driver-app', 'back-office', 'reporting'];
const USERS = '/api/v1/users/';
const NOW = new Date('2026-03-01T08:00:00Z');

/** Operations whose answers break the spec while listed, as when spec and fake drift apart. */
const drifting = new Set<string>();
const DRIFTING_CONTRACT: ApiContract = {
  ...API_CONTRACT,
  operations: API_CONTRACT.operations.map((operation) => ({
    ...operation,
    successCheck: (value: unknown) =>
      drifting.has(operation.id)
        ? fail('an answer the fake can give', value)
        : operation.successCheck?.(value),
  })),
};

let api: FakeConnectApi | undefined;
afterEach(async () => {
  drifting.clear();
  await api?.close();
  api = undefined;
});

async function start(
  contract: ApiContract = API_CONTRACT,
  checkResponses = true,
): Promise<FakeConnectApi> {
  api = await startFakeServer(contract, { tokens: TOKENS, checkResponses });
  return api;
}

interface Answer {
  readonly status: number;
  readonly body: any;
}

async function send(
  method: string,
  path: string,
  body?: string | URLSearchParams | FormData,
  token = 'driver-app',
): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const response = await fetch(`${api!.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** `levels` objects one inside the other, as JSON text: `{"a":{"a":…1…}}`. */
function nestedObjects(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** A user create body whose `custom_properties` has `levels` levels; the body has one more. */
const deepUser = (levels: number) =>
  `{"email":"deep@example.com","custom_properties":${nestedObjects(levels)}}`;

async function expectUserCountForEveryToken(count: number): Promise<void> {
  for (const token of EVERY_TOKEN)
    expect(await send('GET', USERS, undefined, token)).toMatchObject({
      status: 200,
      body: { count },
    });
}

function tooDeep(field: string) {
  return {
    status: 400,
    body: {
      detail: 'Invalid input.',
      error: {
        type: 'validation_error',
        details: `${field}: nested deeper than the ${MAX_BODY_DEPTH} levels a body may have`,
      },
    },
  };
}

describe('bodies nested deeper than a JSON parser takes', () => {
  it('refuses custom_properties 20,000 levels deep, naming it, and stores nothing', async () => {
    await start();
    expect(await send('POST', USERS, deepUser(20_000))).toEqual(tooDeep('custom_properties'));
    await expectUserCountForEveryToken(0);
    expect((await send('POST', USERS, '{"email":"next@example.com"}')).status).toBe(201);
    await expectUserCountForEveryToken(1);
  });

  it('refuses the same in a form field whose JSON text is an object', async () => {
    await start();
    const fields = { email: 'deep@example.com', custom_properties: nestedObjects(20_000) };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    expect(await send('POST', USERS, new URLSearchParams(fields))).toEqual(
      tooDeep('custom_properties'),
    );
    expect(await send('POST', USERS, form)).toEqual(tooDeep('custom_properties'));
    await expectUserCountForEveryToken(0);
  });

  it('names the body when the body itself is nested too deeply', async () => {
    await start();
    const deepList = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expect(await send('POST', USERS, deepList)).toEqual(tooDeep('body'));
  });

  it('takes a body exactly as deep as the limit, and refuses one level more', async () => {
    await start();
    const deepest = await send('POST', USERS, deepUser(MAX_BODY_DEPTH - 1));
    expect(deepest.status).toBe(201);
    expect(deepest.body.custom_properties).toEqual(JSON.parse(nestedObjects(MAX_BODY_DEPTH - 1)));
    expect(await send('POST', USERS, deepUser(MAX_BODY_DEPTH))).toEqual(
      tooDeep('custom_properties'),
    );
    await expectUserCountForEveryToken(1);
  });
});

describe('a change the fake cannot answer for', () => {
  it('is undone when the answer to a create or an update breaks the spec', async () => {
    await start(DRIFTING_CONTRACT);
    const user = await send('POST', USERS, '{"email":"kept@example.com"}');
    drifting.add('usersCreate').add('usersUpdate');
    expect(await send('POST', USERS, '{"email":"lost@example.com"}')).toMatchObject({
      status: 500,
      body: { error: { type: 'unexpected_error' } },
    });
    const update = await send('PATCH', `${USERS}${user.body.id}/`, '{"email":"lost@example.com"}');
    expect(update.status).toBe(500);
    drifting.clear();
    await expectUserCountForEveryToken(1);
    expect(await send('GET', `${USERS}${user.body.id}/`)).toMatchObject({
      status: 200,
      body: { email: 'kept@example.com' },
    });
  });

  it('is undone across stores: a charging start leaves no session and a free EVSE', async () => {
    const { user, evse, charge } = await readyToCharge(await start(DRIFTING_CONTRACT));
    drifting.add('usersChargingStart');
    expect((await send('POST', `${USERS}${user}/charging/start/`, charge)).status).toBe(500);
    drifting.clear();
    expect(await send('GET', `${USERS}${user}/charging-sessions/`)).toMatchObject({
      body: { count: 0 },
    });
    expect(await evseStatus(evse)).toBe('AVAILABLE');
    // Not 409 already_charging: the failed start left nothing to conflict with.
    expect((await send('POST', `${USERS}${user}/charging/start/`, charge)).status).toBe(201);
    expect(await evseStatus(evse)).toBe('CHARGING');
  });

  it('lets other requests on while a slow charging start holds its answer back', async () => {
    let armed = false;
    const sessionMade = gate();
    api = await startFakeServer(API_CONTRACT, {
      tokens: TOKENS,
      // The start handler reads the clock as it makes the session: the signal that it has.
      now: () => {
        if (armed) sessionMade.open();
        return NOW;
      },
      // Far longer than the test: the start must not be what lets the list through.
      chargingStartDelayMs: 600_000,
    });
    const { user, charge } = await readyToCharge(api);
    armed = true;
    let answered = false;
    const slowStart = send('POST', `${USERS}${user}/charging/start/`, charge).then(
      () => (answered = true),
      () => undefined, // dropped by close() below
    );
    await sessionMade.opened;
    expect(await send('GET', `${USERS}${user}/charging-sessions/`)).toMatchObject({
      status: 200,
      body: { count: 1 },
    });
    expect(answered).toBe(false);
    await api.close();
    api = undefined;
    await slowStart;
  });

  it('answers 500 unexpected_error when an answer cannot be written as JSON', async () => {
    const fake = await start(API_CONTRACT, false);
    const user = (await send('POST', USERS, '{}')).body.id as string;
    // Only the handle can store what JSON cannot write: no request body can carry a BigInt.
    fake.addPaymentMethod(user, { cardholder_name: 1n as unknown as string });
    expect(await send('GET', `${USERS}${user}/payment-methods/`)).toEqual({
      status: 500,
      body: {
        detail: 'The fake server cannot write its own answer as JSON.',
        error: { type: 'unexpected_error', details: expect.stringMatching(/BigInt/) },
      },
    });
    await expectUserCountForEveryToken(1);
  });
});

describe('users.create', () => {
  it('stores the locale it is given, and en without one', async () => {
    await start();
    const german = await send('POST', USERS, '{"email":"de@example.com","locale":"de"}');
    expect(german.body.locale).toBe('de');
    expect((await send('GET', `${USERS}${german.body.id}/`)).body.locale).toBe('de');
    expect((await send('POST', USERS, '{}')).body.locale).toBe('en');
  });
});

/** A user with billing details and a card, and the start body for an available EVSE. */
async function readyToCharge(
  fake: FakeConnectApi,
): Promise<{ user: string; evse: string; charge: string }> {
  const user = (await send('POST', USERS, '{}')).body.id as string;
  const billing = '{"line1":"Main St 1","postal_code":"10115","account_type":"personal"}';
  expect((await send('PUT', `${USERS}${user}/billing-details/`, billing)).status).toBe(200);
  const card = fake.addPaymentMethod(user);
  const evse = await availableEvse();
  return { user, evse, charge: JSON.stringify({ evse_id: evse, payment_method_id: card.id }) };
}

/** A promise the test settles itself, to wait for an event without a timer. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function availableEvse(): Promise<string> {
  const around = await send(
    'GET',
    '/api/v1/stations/around/?latitude=52.52&longitude=13.405&distance=3000&only_available=true',
  );
  for (const station of around.body.results as { evses: { evse_id: string; status: string }[] }[])
    for (const evse of station.evses) if (evse.status === 'AVAILABLE') return evse.evse_id;
  throw new Error('no available EVSE around Berlin');
}

async function evseStatus(evseId: string): Promise<string | undefined> {
  const station = await send('GET', `/api/v1/stations/details/?id=${evseId}&type=evse_id`);
  return (station.body.evses as { evse_id: string; status: string }[]).find(
    (e) => e.evse_id === evseId,
  )?.status;
}
