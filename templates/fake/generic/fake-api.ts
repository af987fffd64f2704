/**
 * A fake of the whole API, made from the spec alone: `createFake(contract, options)` gives a
 * `fetch` to hand the client, and `handle(request)` for anything that serves Fetch requests
 * (a worker, a service worker, an HTTP adapter). It needs no Node module: requests and
 * answers are the platform's `Request` and `Response`.
 *
 * Each request is routed by method and path template under the fake's base path, checked
 * against the spec (400 naming every field at fault, 404 for an unknown path, 405 for another
 * method, 413 past the body limit, 415 for an undeclared media type), and answered from the
 * collections' state (`state.ts`) or made up from the success response's schema, the same for
 * the same request and seed. Every answer passes the package's guard before it is sent.
 * A cursor list is answered page by page from its stored items (`pages.ts`), and a streamed
 * answer as a stream of its media type, each event waiting on the `streams.clock` (`streams.ts`).
 *
 * It is built on the fakes' library, one level up, as a layer's own fake is: the router, the
 * seeded random, bounded body reading, transactions (a request whose answer fails with the
 * fake's 500 leaves no stored item behind) and the in-process `fetch` that honours `signal`.
 */
import type { FakeContract } from './contract.js';
import { respond, type ResponseMode } from './answers.js';
import { problem } from './problems.js';
import { inProcessFetch } from '../in-process.js';
import { SeededRandom } from '../random.js';
import { readRequest } from './request.js';
import { Router } from '../router.js';
import { Transactions } from '../transactions.js';
import { sample } from './sample.js';
import { CollectionState, type FakeItem } from './state.js';
import type { StreamClock } from './clock.js';
import { DEFAULT_STREAM_EVENTS, streamAsked, streamResponse } from './streams.js';

export type { FakeItem } from './state.js';
export type { ResponseMode } from './answers.js';
export type { FakeStreamEvent, SteppedClock, StreamClock } from './clock.js';
export { steppedClock } from './clock.js';

export interface FakeApiOptions {
  /** Made-up answers and ids depend on it alone: the same seed, the same answers. Default 1. */
  readonly seed?: number | string;
  /**
   * `faithful` (the default) answers with every member the samples and state have;
   * `loosest` leaves optional members out and makes nullable ones null, as the contract allows.
   */
  readonly responses?: ResponseMode;
  /**
   * Where the fake answers: the client's `baseUrl`. Its path is where the API's paths start.
   * Default `https://fake.invalid` and the path of the spec's first server: a host that never
   * resolves, so a client given `url` without `fetch` fails at once instead of reaching a server.
   */
  readonly baseUrl?: string;
  /**
   * The app's own path the fake stands behind, as its backend would in proxy mode
   * (`'/api/petstore'`, where the client is made with `auth: 'none', baseUrl: '/api/petstore'`):
   * the fake's paths start there instead of at the spec's server path, and `url` ends with it.
   * MSW mounts it as `http.all('/api/petstore/*', ({ request }) => fake.handle(request))`.
   * Credentials are not checked, so there is no token to add.
   */
  readonly proxyPath?: string;
  /** The largest request body read, in bytes; a larger one is 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** How streamed answers (events, JSON Lines, JSON texts) are made up (`streams.ts`). */
  readonly streams?: {
    /** How many items each stream has. Default 3. */
    readonly events?: number;
    /**
     * What each item waits on before it is sent: `steppedClock()` for a test that releases
     * them one at a time. Default none: they go at once.
     */
    readonly clock?: StreamClock;
  };
}

/** A fake made by `createFakeApi`. Its functions need no `this`: `const { fetch } = fake` works. */
export interface FakeApi {
  /** The base URL to give the client as `baseUrl`, without a trailing slash. */
  readonly url: string;
  /** A `fetch` that answers from the fake, for the client's `fetch` option; it honours `signal`. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Answers one request: for anything that serves Fetch requests (a worker, an HTTP adapter). */
  readonly handle: (request: Request) => Promise<Response>;
  /** Empties every collection, as the fake was when made. */
  readonly reset: () => void;
  /**
   * Adds an item to a collection (`'/pets'`, `'/owners/1/pets'`) as a `POST` would, without
   * the request checks, for a test's starting state: `fields` over a sample of the item's
   * schema, with a fresh id. Throws for a path that is no collection.
   */
  readonly add: (collectionPath: string, fields?: Readonly<Record<string, unknown>>) => FakeItem;
}

export function createFake(contract: FakeContract, options: FakeApiOptions = {}): FakeApi {
  const seed = options.seed ?? 1;
  const mode = options.responses ?? 'faithful';
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const base = new URL(options.baseUrl ?? `https://fake.invalid${contract.basePath}`);
  const basePath = (
    options.proxyPath === undefined ? base.pathname : mountPath(options.proxyPath)
  ).replace(/\/+$/, '');
  const url = `${base.origin}${basePath}`;
  const randomFor = (key: string) => new SeededRandom(`${seed}|${key}`);
  const router = new Router(contract.operations);
  const state = new CollectionState(contract.operations, randomFor);
  const transactions = new Transactions(() => state.snapshot());
  const streams = {
    events: Math.max(0, Math.floor(options.streams?.events ?? DEFAULT_STREAM_EVENTS)),
    clock: options.streams?.clock,
    mode,
  };

  async function handle(request: Request): Promise<Response> {
    try {
      const target = new URL(request.url);
      const method = request.method.toUpperCase();
      const inside = target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
      const path = target.pathname.slice(basePath.length) || '/';
      const match = inside ? router.match(method, path) : { kind: 'not-found' as const };
      if (match.kind === 'not-found') {
        // The router's hint: only the trailing slash the spec writes is missing.
        const meant =
          'withSlash' in match ? ` Its paths end with a slash: ${target.pathname}/` : '';
        return problem(404, {
          detail: `No operation of the ${contract.title} at ${method} ${target.pathname}.${meant}`,
        });
      }
      if (match.kind === 'method-not-allowed')
        return problem(
          405,
          { detail: `${method} is not allowed at ${target.pathname}.` },
          { allow: match.allowed.join(', ') },
        );
      const { operation } = match;
      const read = await readRequest(operation, match.params, request, target, maxBodyBytes);
      if ('refusal' in read) return read.refusal;
      const stream = streamAsked(operation, read.input.body, request);
      if (stream !== undefined)
        return streamResponse(operation, stream, request, streams, (number) =>
          randomFor(`${method} ${path}${target.search}#event#${number}`),
        );
      // The fake's own failure (500: an answer its guard refuses) takes back what the request stored.
      return await transactions.run(
        async () => {
          const answer = state.answer(operation, read.input) ?? {
            status: operation.success.status,
            body:
              operation.success.node &&
              sample(operation.success.node, randomFor(`${method} ${path}${target.search}`)),
          };
          return answer instanceof Response ? answer : respond(operation, answer, mode, method);
        },
        (response) => response.status === 500,
      );
    } catch (error) {
      return problem(500, {
        detail: `The fake failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  return {
    url,
    fetch: inProcessFetch(handle),
    handle,
    reset: () => state.reset(),
    add: (collectionPath, fields) => state.add(collectionPath, fields),
  };
}

/** The proxy path as given, without a trailing slash; one that does not start with `/` is refused. */
function mountPath(path: string): string {
  if (!path.startsWith('/')) throw new TypeError(`proxyPath must start with /, got ${path}`);
  return path;
}
