/**
 * The part of an openapi-fetch client the query hooks call. The types of the document's
 * `paths` (which paths have a method, the init a call takes, the `{ data, error, response }`
 * it resolves to) are the package's `./fetch` entry's: the hooks are emitted only beside it.
 */
import type { MediaType } from '../fetch/helpers.js';

/** A client method as the hooks call it: `GET(path, init)` and the like. */
export type CallableMethod = (
  url: never,
  ...init: never[]
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The part of an openapi-fetch client the hooks call: one function per HTTP method. Typed
 * loosely on purpose: TypeScript can only read `Paths` back out of a client type through the
 * very declaration that made it (openapi-fetch's own `Client`, or ours in `./fetch`), never
 * through a look-alike, so a client from elsewhere names its paths when the hooks are made,
 * `createClient<paths>(fetchClient)`, and the hooks check every call against them.
 */
export interface FetchClient<Paths extends {}, Media extends MediaType = MediaType> {
  GET: CallableMethod;
  PUT: CallableMethod;
  POST: CallableMethod;
  DELETE: CallableMethod;
  OPTIONS: CallableMethod;
  HEAD: CallableMethod;
  PATCH: CallableMethod;
  TRACE: CallableMethod;
  /** Never present: names `Paths` and `Media`, so that a client type declaring them passes them on. */
  readonly '~types'?: { readonly paths: Paths; readonly media: Media };
}
