/**
 * How every example gets a client: against the API named by CONNECT_API_URL (with
 * CONNECT_API_TOKEN), or, when none is named, against the package's own fake server started
 * in this process, so `npx tsx examples/<name>.ts` works with nothing else running.
 *
 * In your own code, import from 'connect-api-client' and 'connect-api-client/testing'.
 */
import { ConnectClient } from '../generated/src/index.js';
import { startFakeConnectApi, type FakeConnectApi } from '../generated/src/connect/fake/index.js';

export interface ExampleConnection {
  readonly client: ConnectClient;
  /**
   * Plays the payment provider's part of adding a card, which only a fake server can stand
   * in for; false against the real API, where the user confirms in the provider's UI.
   */
  confirmSetupIntent(clientSecret: string): Promise<boolean>;
  /** Moves the in-process fake's clock on (a running session gets longer); a no-op otherwise. */
  advanceClock(milliseconds: number): void;
  close(): Promise<void>;
}

export async function connect(): Promise<ExampleConnection> {
  const baseUrl = process.env['CONNECT_API_URL'];
  if (baseUrl) {
    // The client reads CONNECT_API_TOKEN itself when no token is passed.
    const client = new ConnectClient({ baseUrl });
    // A fake run as its own process (`npm run fake-api`) confirms over HTTP.
    const isFake = process.env['CONNECT_API_FAKE'] === '1';
    return {
      client,
      confirmSetupIntent: (secret) =>
        isFake ? confirmOverHttp(baseUrl, secret) : Promise.resolve(false),
      advanceClock: () => undefined,
      close: async () => undefined,
    };
  }
  const fake: FakeConnectApi = await startFakeConnectApi({ seed: 1 });
  return {
    client: new ConnectClient({ baseUrl: fake.url, token: fake.tokens[0] }),
    confirmSetupIntent: async (secret) => Boolean(fake.confirmSetupIntent(secret)),
    advanceClock: (ms) => fake.advanceTime(ms),
    close: () => fake.close(),
  };
}

async function confirmOverHttp(baseUrl: string, clientSecret: string): Promise<boolean> {
  const response = await fetch(new URL('/_fake/setup-intents/confirm/', baseUrl), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env['CONNECT_API_TOKEN'] ?? ''}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ client_secret: clientSecret }),
  });
  if (!response.ok) throw new Error(`the fake server refused the setup intent: ${response.status}`);
  return true;
}

/** A number from the command line, or the default when the argument is absent. */
export function numberArgument(position: number, fallback: number): number {
  const raw = process.argv[2 + position];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) {
    console.error(`argument ${position + 1}: expected a number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}
