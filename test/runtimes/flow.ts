/**
 * The one scripted flow every cell of the runtime matrix runs: what a charging app does, end
 * to end, against the fake server on 127.0.0.1 (through the fault proxy of
 * support/fault-proxy.ts). It takes the package as an argument so that each runtime loads
 * the package its own way (import, require, a Worker bundle) and the flow stays one file.
 * Only types come from the repository; esbuild inlines this file into each runtime's entry.
 */
import type * as Sdk from '../../generated/src/index.js';

export interface FlowConfig {
  readonly baseUrl: string;
  readonly token: string;
}

/** What the flow saw; every value is deterministic for a fake with the same seed. */
export interface FlowResult {
  readonly stations: { readonly count: number; readonly iterated: number; readonly pages: number };
  readonly tileFeatures: number;
  readonly charging: {
    readonly card: string;
    readonly activeAfterStart: boolean;
    readonly activeAfterStop: boolean;
    readonly invoices: number;
  };
  readonly notFound: { readonly error: string; readonly status: number; readonly type: string };
  readonly aborted: string;
  readonly retried: { readonly sameUser: boolean };
}

/** The fault proxy's answer once it holds a request (`hold`). */
export const HELD_PATH = '/_matrix/held';

/** Header the fault proxy reads: `hold` never answers, `fail-once` answers 503 first. */
export const FAULT_HEADER = 'x-runtime-matrix';

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

async function confirmCard(config: FlowConfig, secret: string): Promise<void> {
  // The fake stands in for the payment provider here (docs/fake.md).
  const answer = await fetch(`${config.baseUrl}/_fake/setup-intents/confirm/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ client_secret: secret }),
  });
  if (answer.status !== 200 && answer.status !== 201)
    throw new Error(`confirming the card: ${answer.status}`);
}

async function stations(client: Sdk.ConnectClient): Promise<FlowResult['stations']> {
  const query = { latitude: 52.52, longitude: 13.405, distance: 1500, page_size: 10 };
  const first = await client.stations.around(query);
  let iterated = 0;
  for await (const station of client.stations.around(query)) if (station.id) iterated += 1;
  let pages = 0;
  for await (const page of first.iterPages()) if (page.results.length > 0) pages += 1;
  return { count: first.count, iterated, pages };
}

async function charging(
  sdk: typeof Sdk,
  client: Sdk.ConnectClient,
  config: FlowConfig,
): Promise<FlowResult['charging'] & { userId: string }> {
  const user = await client.users.create({ email: 'runtime@example.com' });
  await client.users.billingDetails.update(user.id, {
    line1: 'Torstraße 1',
    postal_code: '10119',
    city: 'Berlin',
    country: 'DE',
    account_type: sdk.AccountType.personal,
  });
  const intent = await client.users.paymentMethods.createSetupIntent(user.id);
  await confirmCard(config, intent.setup_intent_client_secret);
  const [card] = (await client.users.paymentMethods.list(user.id)).results;
  if (!card) throw new Error('the confirmed card did not appear');
  const near = await client.stations.around({
    latitude: 52.52,
    longitude: 13.405,
    distance: 1000,
    only_available: true,
  });
  const evse = near.results
    .flatMap((station) => station.evses)
    .find((e) => e.status === sdk.EvseStatus.AVAILABLE);
  if (!evse) throw new Error('no free EVSE near the centre');
  const session = await client.users.charging.start(user.id, {
    evse_id: evse.evse_id,
    payment_method_id: card.id,
  });
  await client.users.charging.stop(user.id, session.id);
  const stopped = await client.users.chargingSessions.retrieve(user.id, session.id);
  const invoices = await client.users.invoices.list(user.id);
  return {
    userId: user.id,
    card: card.card.last4,
    activeAfterStart: session.is_active,
    activeAfterStop: stopped.is_active,
    invoices: invoices.count,
  };
}

export async function runFlow(sdk: typeof Sdk, config: FlowConfig): Promise<FlowResult> {
  // No retries unless a step asks for one, so a fault shows up where it happens.
  const client = new sdk.ConnectClient({
    baseUrl: config.baseUrl,
    token: config.token,
    maxRetries: 0,
    validateResponses: 'strict',
  });
  const stationsSeen = await stations(client);
  const tile = await client.stations.tile({ x: [2200], y: [1343], z: 12 });
  const { userId, ...chargingSeen } = await charging(sdk, client, config);

  const notFound = await client.users.retrieve('no-such-user').then(
    () => ({ error: 'none', status: 0, type: '' }),
    (error: unknown) => ({
      error: error instanceof sdk.NotFoundError ? 'NotFoundError' : errorName(error),
      status: error instanceof sdk.ApiError ? error.status : 0,
      type: error instanceof sdk.ApiError ? String(error.errorType) : '',
    }),
  );

  // The proxy never answers a held request, so the abort is the only way out of the call.
  const controller = new AbortController();
  const held = client.users.retrieve(userId, {
    signal: controller.signal,
    headers: { [FAULT_HEADER]: 'hold' },
  });
  // Aborted once the proxy holds it: before, the request might not have left yet.
  const seen = await fetch(`${config.baseUrl}${HELD_PATH}`);
  if (seen.status !== 204)
    throw new Error(`the proxy answered ${seen.status} for the held request`);
  controller.abort();
  const aborted = await held.then(
    () => 'answered',
    (error: unknown) => (error instanceof sdk.AbortError ? 'AbortError' : errorName(error)),
  );

  // 503 with Retry-After: 0 first, then the real answer: one retry gets it.
  const retried = await client.users.retrieve(userId, {
    maxRetries: 1,
    headers: { [FAULT_HEADER]: 'fail-once' },
  });

  return {
    stations: stationsSeen,
    tileFeatures: tile.features.length,
    charging: chargingSeen,
    notFound,
    aborted,
    retried: { sameUser: retried.id === userId },
  };
}
