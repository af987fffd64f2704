/**
 * One fake server per suite, on 127.0.0.1 and a free port, and the generated client
 * pointed at it with strict response validation: every answer the fake gives must pass the
 * generated guards, or the call throws. Retries are off so an error status arrives as it is.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { ApiError, ConnectClient, type ClientOptions } from '../../generated/src/index.js';
import {
  startFakeConnectApi,
  type FakeConnectApi,
  type FakeConnectApiOptions,
} from '../../generated/src/connect/fake/index.js';

export interface FakeApiFixture {
  readonly api: FakeConnectApi;
  readonly client: ConnectClient;
  /** Another client of the same server, for example with another token. */
  clientWith(options: ClientOptions): ConnectClient;
}

export function useFakeApi(options: FakeConnectApiOptions = {}): FakeApiFixture {
  let api: FakeConnectApi | undefined;
  let client: ConnectClient | undefined;
  const clientWith = (extra: ClientOptions) =>
    new ConnectClient({
      baseUrl: api!.url,
      token: api!.tokens[0],
      validateResponses: 'strict',
      maxRetries: 0,
      ...extra,
    });
  beforeAll(async () => {
    api = await startFakeConnectApi(options);
    client = clientWith({});
  });
  afterAll(async () => {
    await api?.close();
  });
  return {
    get api() {
      return api!;
    },
    get client() {
      return client!;
    },
    clientWith,
  };
}

/** The ApiError a call rejects with; fails the test when it resolves. */
export async function apiError(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Berlin, Alexanderplatz: the fake's densest area. */
export const BERLIN = { latitude: 52.520008, longitude: 13.404954 } as const;
