/**
 * The flow on the fake in process (`connect-api-client/fake`), with no server anywhere: the
 * client made with `createConnectCore({ fetch: fake.fetch })`, then stations, a user with
 * billing details, a setup intent the fake confirms as the payment provider would, charging
 * started and stopped, and `reset()`. Every value is deterministic for the seed and the fixed
 * clock, so every runtime must see what the test process sees: the same stations and the
 * same ids. Like flow.ts it takes the package's modules as arguments and only types come from
 * the repository.
 */
import type * as Sdk from '../../generated/src/index.js';
import type * as Fake from '../../generated/src/connect/fake/fake.js';

export const FAKE_SEED = 11;
/** A fixed clock, so that stations' timestamps and session times are the same everywhere. */
export const FAKE_NOW = '2026-05-04T09:30:00.000Z';

export interface FakeFlowResult {
  /** What the seed made: the first page of stations around Berlin, as JSON. */
  readonly stations: string;
  readonly stationCount: number;
  /** Ids the fake drew from the seed. */
  readonly ids: { readonly user: string; readonly secret: string; readonly session: string };
  readonly locale: string;
  readonly charging: {
    readonly card: string;
    readonly activeAfterStart: boolean;
    readonly activeAfterStop: boolean;
    readonly minutes: number;
    readonly invoices: number;
  };
  /** After `reset()`: no users, and the next user gets the first user's id again. */
  readonly reset: { readonly users: number; readonly sameUserId: boolean };
  readonly notFound: { readonly error: string; readonly status: number };
}

const AROUND = { latitude: 52.52, longitude: 13.405, distance: 1500, page_size: 5 } as const;

export async function runFakeFlow(
  sdk: typeof Sdk,
  fakeModule: typeof Fake,
): Promise<FakeFlowResult> {
  const fake = fakeModule.createFakeConnectApi({
    seed: FAKE_SEED,
    now: () => new Date(FAKE_NOW),
  });
  const client = sdk.createConnectCore({
    baseUrl: fake.url,
    token: fake.tokens[0]!,
    fetch: fake.fetch,
    maxRetries: 0,
    validateResponses: 'strict',
  });
  const page = await sdk.stationsAround(client, AROUND);

  const user = await sdk.usersCreate(client, { email: 'runtime@example.com', locale: 'de' });
  await sdk.usersBillingDetailsUpdate(client, user.id, {
    line1: 'Torstraße 1',
    postal_code: '10119',
    city: 'Berlin',
    country: 'DE',
    account_type: sdk.AccountType.personal,
  });
  const intent = await sdk.usersPaymentMethodsCreateSetupIntent(client, user.id);
  // The payment provider's part, which the fake plays.
  fake.confirmSetupIntent(intent.setup_intent_client_secret, { last4: '4444' });
  const [card] = (await sdk.usersPaymentMethodsList(client, user.id)).results;
  if (!card) throw new Error('the confirmed card did not appear');
  const free = await sdk.stationsAround(client, { ...AROUND, only_available: true });
  const evse = free.results
    .flatMap((station) => station.evses)
    .find((e) => e.status === sdk.EvseStatus.AVAILABLE);
  if (!evse) throw new Error('no free EVSE near the centre');
  const session = await sdk.usersChargingStart(client, user.id, {
    evse_id: evse.evse_id,
    payment_method_id: card.id,
  });
  fake.advanceTime(45 * 60_000);
  await sdk.usersChargingStop(client, user.id, session.id);
  const stopped = await sdk.usersChargingSessionsRetrieve(client, user.id, session.id);
  const invoices = await sdk.usersInvoicesList(client, user.id);

  const notFound = await sdk.usersRetrieve(client, 'no-such-user').then(
    () => ({ error: 'none', status: 0 }),
    (error: unknown) => ({
      error: error instanceof sdk.NotFoundError ? 'NotFoundError' : String(error),
      status: error instanceof sdk.ApiError ? error.status : 0,
    }),
  );

  fake.reset();
  const users = (await sdk.usersList(client)).count;
  const again = await sdk.usersCreate(client, { email: 'runtime@example.com' });

  return {
    stations: JSON.stringify(page),
    stationCount: fake.stationCount,
    ids: { user: user.id, secret: intent.setup_intent_client_secret, session: session.id },
    locale: String(user.locale),
    charging: {
      card: card.card.last4,
      activeAfterStart: session.is_active,
      activeAfterStop: stopped.is_active,
      minutes: (Date.parse(stopped.end_time!) - Date.parse(stopped.start_time!)) / 60_000,
      invoices: invoices.count,
    },
    reset: { users, sameUserId: again.id === user.id },
    notFound,
  };
}
