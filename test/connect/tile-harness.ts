/**
 * For the tile loader's tests: the fake server with a log of its `stations.tile` requests,
 * clients pointed at it, and a fetch that can hold answers back until a test lets them go
 * (a gate, not a timer) or send one request elsewhere.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  ConnectClient,
  createTileLoader,
  type ClientOptions,
  type MapTileFeature,
  type TileLoaderOptions,
  type TileResult,
  type TileView,
} from '../../generated/src/index.js';
import {
  startFakeConnectApi,
  type FakeConnectApi,
  type FakeConnectApiOptions,
} from '../../generated/src/connect/fake/index.js';

export interface TileFixture {
  readonly api: FakeConnectApi;
  /** Query strings of the `stations.tile` requests the fake answered, in order. */
  readonly tileRequests: string[];
  client(options?: ClientOptions): ConnectClient;
  loader(options?: TileLoaderOptions, client?: ConnectClient): ReturnType<typeof makeLoader>;
}

function makeLoader(client: ConnectClient, options?: TileLoaderOptions) {
  return createTileLoader(client, options);
}

export function useTileFake(options: FakeConnectApiOptions = {}): TileFixture {
  let api: FakeConnectApi | undefined;
  const tileRequests: string[] = [];
  const client = (extra: ClientOptions = {}) =>
    new ConnectClient({
      baseUrl: api!.url,
      token: api!.tokens[0],
      validateResponses: 'strict',
      maxRetries: 0,
      ...extra,
    });
  beforeAll(async () => {
    api = await startFakeConnectApi({
      ...options,
      onRequest: (entry) => {
        if (entry.operationId === 'stationsTile') tileRequests.push(entry.target.split('?')[1]!);
      },
    });
  });
  afterAll(async () => {
    await api?.close();
  });
  return {
    get api() {
      return api!;
    },
    tileRequests,
    client,
    loader: (loaderOptions, withClient) => makeLoader(withClient ?? client(), loaderOptions),
  };
}

/** Every result of a view, once it ends. */
export async function collect<F>(view: TileView<F>): Promise<TileResult<F>[]> {
  const out: TileResult<F>[] = [];
  for await (const result of view) out.push(result);
  return out;
}

/** A tile's features as sorted ids, for comparing two ways of loading it. */
export function ids(features: readonly MapTileFeature[]): string[] {
  return features.map((f) => f.station_id ?? f.cluster_id ?? '?').sort();
}

/** A fetch that holds each answer until `release()`; `arrived` resolves once `count` answers are held. */
export function gatedFetch(count: number) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  let reached: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const body = await response.arrayBuffer();
    if (++held === count) reached();
    await gate;
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetch, arrived, release: () => open() };
}

/** Berlin around Alexanderplatz, a view of 1024 × 768 pixels. */
export const BERLIN_VIEW = { latitude: 52.52, longitude: 13.405, width: 1024, height: 768 };
