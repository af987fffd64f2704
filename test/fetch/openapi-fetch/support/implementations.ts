/**
 * The one switch for the ported openapi-fetch behaviour tests: every test file runs its
 * suite once per entry here (`describe.each(implementations)`).
 *
 * The entry's type is openapi-fetch's own export surface, so adding an implementation also
 * checks, at compile time, that its exports can stand in for openapi-fetch's.
 */
import openapiFetch, * as openapiFetchModule from 'openapi-fetch';
import type { paths } from '../../../fixtures/fetch/charging-stations.js';
import ourFetch, * as ourFetchModule from '../../../../generated/src/fetch/index.js';

export interface Implementation {
  /** Shown in the test names, so a failure says which implementation broke. */
  readonly name: string;
  readonly createClient: typeof openapiFetch;
  readonly createPathBasedClient: typeof openapiFetchModule.createPathBasedClient;
  readonly wrapAsPathBasedClient: typeof openapiFetchModule.wrapAsPathBasedClient;
  readonly createQuerySerializer: typeof openapiFetchModule.createQuerySerializer;
  readonly defaultPathSerializer: typeof openapiFetchModule.defaultPathSerializer;
  readonly defaultBodySerializer: typeof openapiFetchModule.defaultBodySerializer;
  readonly mergeHeaders: typeof openapiFetchModule.mergeHeaders;
  readonly removeTrailingSlash: typeof openapiFetchModule.removeTrailingSlash;
}

/** openapi-fetch 0.17.0 itself: the port is faithful when every test passes against it. */
const upstream: Implementation = {
  name: 'openapi-fetch 0.17.0',
  createClient: openapiFetch,
  createPathBasedClient: openapiFetchModule.createPathBasedClient,
  wrapAsPathBasedClient: openapiFetchModule.wrapAsPathBasedClient,
  createQuerySerializer: openapiFetchModule.createQuerySerializer,
  defaultPathSerializer: openapiFetchModule.defaultPathSerializer,
  defaultBodySerializer: openapiFetchModule.defaultBodySerializer,
  mergeHeaders: openapiFetchModule.mergeHeaders,
  removeTrailingSlash: openapiFetchModule.removeTrailingSlash,
};

/**
 * Ours: the generated package's `/fetch` entry, on our runtime, with its extras off. Its
 * functions are listed under openapi-fetch's types, which its own (with our extra options)
 * are not identical to; types-on-ours.test.ts checks them instead, by compiling the type tests
 * with `openapi-fetch` resolved to this entry, as a user's code is after the switch.
 */
const ours = {
  name: 'connect /fetch',
  createClient: ourFetch,
  createPathBasedClient: ourFetchModule.createPathBasedClient,
  wrapAsPathBasedClient: ourFetchModule.wrapAsPathBasedClient,
  createQuerySerializer: ourFetchModule.createQuerySerializer,
  defaultPathSerializer: ourFetchModule.defaultPathSerializer,
  defaultBodySerializer: ourFetchModule.defaultBodySerializer,
  mergeHeaders: ourFetchModule.mergeHeaders,
  removeTrailingSlash: ourFetchModule.removeTrailingSlash,
} as unknown as Implementation;

export const implementations: readonly Implementation[] = [upstream, ours];

/**
 * Each implementation's client for the fixture document, as a type. The runtime list above
 * types every entry as openapi-fetch's surface, which hides an implementation's own
 * declarations; types.test.ts compares these so a drift in ours shows up as a type error.
 */
export interface ClientTypes {
  'openapi-fetch 0.17.0': {
    client: ReturnType<typeof openapiFetch<paths>>;
    pathBased: ReturnType<typeof openapiFetchModule.createPathBasedClient<paths>>;
  };
}
