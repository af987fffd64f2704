/**
 * The openapi-react-query implementations every ported test runs against: the library itself
 * (which proves the test says what it does) over openapi-fetch, and ours, as a generated
 * package carries it, over the same package's own `/fetch` entry, as a user's app is after the
 * switch.
 */
import createFetchClient, { type ClientOptions } from 'openapi-fetch';
import upstreamCreateClient from 'openapi-react-query';
import ourCreateClient from '../../../generated/src/react-query/index.js';
import ourCreateFetchClient from '../../../generated/src/fetch/index.js';
import type { paths } from '../../fixtures/react-query/api.js';

/** The query client factory, typed as ours: the types are tested on ours (types.test.ts). */
export type CreateQueryClient = typeof ourCreateClient;

export interface Implementation {
  readonly name: string;
  readonly createClient: CreateQueryClient;
  /** The fetch client the hooks are made over. */
  readonly fetchClientFor: <Paths extends {} = paths>(
    options: ClientOptions,
  ) => Parameters<typeof ourCreateClient<Paths>>[0];
}

export const implementations: readonly Implementation[] = [
  {
    name: 'openapi-react-query 0.5.4',
    // Its own types name openapi-fetch's client; at run time it takes the same one.
    createClient: upstreamCreateClient as unknown as CreateQueryClient,
    fetchClientFor: (options) => createFetchClient(options),
  },
  {
    name: 'generated /react-query',
    createClient: ourCreateClient,
    fetchClientFor: (options) => ourCreateFetchClient(options),
  },
];
