/**
 * A page's test code on the fake through MSW: the fake in process, mounted in MSW's Service
 * Worker with the package README's one-liner, and the client pointed at the fake's `url` with
 * the browser's own `fetch`. Bundled for the browser (test/package/fake-msw.test.ts); the page
 * calls `runOnMsw()`.
 */
import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import { AccountType, ConnectClient, EvseStatus } from '../../../generated/src/index.js';
import { createFakeConnectApi } from '../../../generated/src/connect/fake/fake.js';

const fake = createFakeConnectApi({ seed: 2 });
const handled: string[] = [];
const worker = setupWorker(
  // The README's line; what does not match (the page's own files) goes to the network.
  http.all(`${fake.url}/*`, ({ request }) => {
    handled.push(`${request.method} ${new URL(request.url).pathname}`);
    return fake.handle(request);
  }),
);

export interface MswRun {
  readonly card: string;
  readonly activeAfterStart: boolean;
  readonly activeAfterStop: boolean;
  readonly invoices: number;
  /** What the page's own server sent for a file MSW let through. */
  readonly passedThrough: string;
  /** The requests MSW gave the fake, as `METHOD /path`. */
  readonly handled: readonly string[];
}

async function runOnMsw(): Promise<MswRun> {
  // The README's start, the same in MSW 2 and 3: what no handler takes goes on to the network.
  await worker.start({ quiet: true });
  const client = new ConnectClient({ baseUrl: fake.url, token: fake.tokens[0]!, maxRetries: 0 });
  const user = await client.users.create({ email: 'msw@example.com' });
  await client.users.billingDetails.update(user.id, {
    line1: 'Torstraße 1',
    postal_code: '10119',
    account_type: AccountType.personal,
  });
  const intent = await client.users.paymentMethods.createSetupIntent(user.id);
  fake.confirmSetupIntent(intent.setup_intent_client_secret);
  const [card] = (await client.users.paymentMethods.list(user.id)).results;
  const near = await client.stations.around({
    latitude: 52.52,
    longitude: 13.405,
    distance: 1000,
    only_available: true,
  });
  const evse = near.results.flatMap((s) => s.evses).find((e) => e.status === EvseStatus.AVAILABLE)!;
  const session = await client.users.charging.start(user.id, {
    evse_id: evse.evse_id,
    payment_method_id: card!.id,
  });
  fake.advanceTime(20 * 60_000);
  await client.users.charging.stop(user.id, session.id);
  const stopped = await client.users.chargingSessions.retrieve(user.id, session.id);
  const invoices = await client.users.invoices.list(user.id);
  const passedThrough = await (await fetch('/hello.txt')).text();
  return {
    card: card!.card.last4,
    activeAfterStart: session.is_active,
    activeAfterStop: stopped.is_active,
    invoices: invoices.count,
    passedThrough,
    handled: [...handled],
  };
}

(globalThis as { runOnMsw?: () => Promise<MswRun> }).runOnMsw = runOnMsw;
