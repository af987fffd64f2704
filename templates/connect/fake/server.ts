/**
 * The fake Connect API on a port: the fake's core (fake-core.ts) behind a `node:http` server
 * (the fakes' library: node/http.ts). Everything but listening is the core's, which also answers in process
 * (in-process.ts).
 */
import type { ApiContract } from './contract.js';
import { createFakeCore, type FakeControls, type FakeCoreOptions } from './fake-core.js';
import { listen } from '../../fake/node/http.js';
import { DJANGO_CORS } from './cors.js';

/** Settings of a fake Connect API server; every one has a default. */
export interface FakeConnectApiOptions extends FakeCoreOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  readonly host?: string;
}

/** A running fake Connect API server: where it listens, and test-only controls the real API does not have. */
export interface FakeConnectApi extends FakeControls {
  /** `http://127.0.0.1:<port>`: pass it to the client as `baseUrl`. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

export async function startFakeServer(
  contract: ApiContract,
  options: FakeConnectApiOptions = {},
): Promise<FakeConnectApi> {
  const { port = 0, host = '127.0.0.1', ...coreOptions } = options;
  const core = createFakeCore(contract, coreOptions);
  const listening = await listen(core.handle, {
    port,
    host,
    maxBodyBytes: core.maxBodyBytes,
    cors: DJANGO_CORS,
  });
  return {
    url: listening.url,
    port: listening.port,
    close: () => listening.close(),
    ...core.controls,
  };
}
