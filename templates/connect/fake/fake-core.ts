/**
 * The fake Connect API without any carrier: routes each request through the contract (route,
 * token, query, body), runs the operation's handler on the in-memory state, and checks its
 * own answer with the spec's guard before giving it, so a bug in the fake shows up as a loud
 * 500 instead of as a test passing against a response the real service would never give.
 * Each request is a transaction (the fakes' library: transactions.ts): an answer the fake cannot give takes back
 * the change the request made, so one bad answer does not spoil every later one.
 *
 * Nothing here needs Node: the same core answers on a port (server.ts) and in process, as a
 * Fetch handler for a browser, a Worker or React Native (in-process.ts).
 */
import { describeFailure } from '../../runtime/core/guard.js';
import { authenticate, tokenTable, type FakeToken } from './auth.js';
import { readBody } from './body.js';
import type { ApiContract } from './contract.js';
import { CONTROL_ROUTES } from './control.js';
import { ControlRoutes } from '../../fake/controls.js';
import { ApiFailure, detailFailure, errorDetailFailure, noRoute } from './errors.js';
import type { HttpRequest, HttpResponse } from '../../fake/exchange.js';
import { handlerFor } from './handlers.js';
import { loosen, type ResponseMode } from './loosen.js';
import { readQuery } from './params.js';
import type { FakePaymentMethod, TestCard } from './payments-store.js';
import { Router, type RoutedOperation, type RouteMatch } from '../../fake/router.js';
import {
  createState,
  FakeClock,
  resetState,
  snapshotState,
  type FakeState,
  type TileListReading,
} from './state.js';
import { Transactions } from '../../fake/transactions.js';

/** Settings of the fake, wherever it runs; every one has a default. */
export interface FakeCoreOptions {
  /** Accepted bearer tokens; a plain string has every permission. Default: `DEFAULT_TOKEN` alone. */
  readonly tokens?: readonly (string | FakeToken)[];
  /** Seed of the station set and of every id the fake makes; default 1. */
  readonly seed?: number | string;
  /** The clock; default the system clock. `advanceTime` moves it further. */
  readonly now?: () => Date;
  /** How long charging start takes to answer, in milliseconds; default 0. */
  readonly chargingStartDelayMs?: number;
  /** Check every success body with the spec's guard and answer 500 when it fails; default true. */
  readonly checkResponses?: boolean;
  /**
   * `loosest`: every success body as loosely as the contract allows (optional members left
   * out, nullable ones null, unknown properties and enum values, plain strings where only a
   * string is promised), still checked against the spec. Default `faithful`.
   */
  readonly responses?: ResponseMode;
  /**
   * How `stations.tile` reads its `x` and `y` lists, which the contract leaves open: `grid`
   * (the default) asks for every x with every y, `pairs` for the i-th x with the i-th y.
   */
  readonly tileLists?: TileListReading;
  /** Largest request body accepted, in bytes; default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Called after each request, for logging. */
  readonly onRequest?: (entry: RequestLogEntry) => void;
}

/** One request the fake answered, as `onRequest` sees it. */
export interface RequestLogEntry {
  /** The request's HTTP method. */
  readonly method: string;
  /** Path and query. */
  readonly target: string;
  /** The status the fake answered with. */
  readonly status: number;
  /** The spec's operationId, when the request reached an operation. */
  readonly operationId?: string;
  /** How long the answer took, in milliseconds. */
  readonly milliseconds: number;
}

/**
 * What a test may do to the fake that the real API offers no operation for. Every token
 * belongs to the same integrating party, so they all see the same users and sessions.
 */
export interface FakeControls {
  /** The tokens the fake accepts. */
  readonly tokens: readonly string[];
  /** How many stations the seed made. */
  readonly stationCount: number;
  /** Stands in for the payment provider: attaches a card to the user of a setup intent's client secret (each secret works once). */
  confirmSetupIntent(clientSecret: string, card?: TestCard): FakePaymentMethod;
  /** Attaches a card to a user directly, as if a setup intent had been confirmed. */
  addPaymentMethod(userId: string, card?: TestCard): FakePaymentMethod;
  /** Moves the fake clock forward, so that running sessions last longer. */
  advanceTime(milliseconds: number): void;
  /**
   * Puts the fake back as its seed made it: no users, payment methods, sessions or invoices,
   * every EVSE as free or busy as at the start, the clock without what `advanceTime` added,
   * and ids drawn from the start again, so the next user gets the id the first one got.
   */
  reset(): void;
}

/** The fake's core: answers one request at a time, plus the controls every adapter hands on as they are. */
export interface FakeCore {
  /** Answers a request that has been read whole; never throws (a failure is a 500). */
  handle(request: HttpRequest): Promise<HttpResponse>;
  /** The largest request body the fake accepts, in bytes. */
  readonly maxBodyBytes: number;
  readonly controls: FakeControls;
}

/** What the fake learns of a request while answering it. */
interface Seen {
  operationId?: string;
  delayMs?: number;
}

export function createFakeCore(contract: ApiContract, options: FakeCoreOptions = {}): FakeCore {
  const seed = options.seed ?? 1;
  const tokens = tokenTable(options.tokens);
  let clock = new FakeClock(options.now);
  let state: FakeState = {
    ...createState(seed, clock, options.chargingStartDelayMs ?? 0),
    tileLists: options.tileLists ?? 'grid',
  };
  const restoreStations = state.stations.snapshot();
  let transactions = transactionsOf(state);
  let requests = 0;
  const router = new Router(contract.operations);
  const controls = new ControlRoutes(CONTROL_ROUTES);
  const checkResponses = options.checkResponses ?? true;
  const loosest = options.responses === 'loosest';

  /**
   * `seen.operationId` is set once the request is routed, for the log, also when it then
   * fails; `seen.delayMs` when the handler holds its answer back.
   */
  async function answer(request: HttpRequest, state: FakeState, seen: Seen): Promise<HttpResponse> {
    const { method, url } = request;
    if (controls.claims(url.pathname)) {
      const control = routed(controls.match(method, url.pathname), method);
      return control.operation.answer(request, { state, tokens });
    }
    const route = routed(router.match(method, url.pathname), method);
    const { operation } = route;
    seen.operationId = operation.id;
    const permissions = authenticate(request.headers['authorization'], tokens);
    const query = readQuery(operation.query, request.url.searchParams);
    const body =
      (await readBody(operation.body, request.headers['content-type'], request.body)) ?? {};
    const handler = handlerFor(operation.id);
    if (!handler) throw detailFailure(501, `The fake server does not implement ${operation.id}.`);
    const modelled = await handler({
      state,
      path: route.params,
      query,
      body,
      url: request.url,
      permissions,
      answerAfter: (ms) => (seen.delayMs = ms),
    });
    const result =
      loosest && operation.successShape
        ? loosen(modelled, operation.successShape, contract.shapes ?? {})
        : modelled;
    const failure = checkResponses ? operation.successCheck?.(result) : undefined;
    if (failure !== undefined) {
      throw errorDetailFailure(
        500,
        'unexpected_error',
        `The fake server's own ${operation.id} answer breaks the spec.`,
        describeFailure(failure),
      );
    }
    return { status: operation.successStatus, body: result };
  }

  async function handle(request: HttpRequest): Promise<HttpResponse> {
    const started = performance.now();
    // Quoted by the client's errors (`requestId`), as a real service's request id would be.
    const requestId = `req_${String(++requests).padStart(6, '0')}`;
    const seen: Seen = {};
    // The state and its queue as they are now: `reset()` is meant between tests, and a request
    // still under way then ends on the users and sessions it started with.
    const world = { state, transactions };
    let response: HttpResponse;
    try {
      response = await world.transactions.run(async () =>
        asJsonText(await answer(request, world.state, seen)),
      );
      // Outside the transaction, so that a slow answer holds no other request back.
      if (seen.delayMs) await new Promise((resolve) => setTimeout(resolve, seen.delayMs));
    } catch (error) {
      const failure =
        error instanceof ApiFailure
          ? error
          : errorDetailFailure(
              500,
              'unexpected_error',
              'The fake server failed.',
              error instanceof Error ? error.message : String(error),
            );
      response = { status: failure.status, body: failure.body, headers: failure.headers };
    }
    response = { ...response, headers: { ...response.headers, 'x-request-id': requestId } };
    options.onRequest?.({
      method: request.method,
      target: `${request.url.pathname}${request.url.search}`,
      status: response.status,
      ...(seen.operationId === undefined ? {} : { operationId: seen.operationId }),
      milliseconds: performance.now() - started,
    });
    return response;
  }

  return {
    handle,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    controls: {
      tokens: [...tokens.keys()],
      stationCount: state.stations.all.length,
      confirmSetupIntent: (clientSecret, card) =>
        state.payments.json(state.payments.confirmSetupIntent(clientSecret, card)),
      addPaymentMethod: (userId, card) =>
        state.payments.json(state.payments.add(state.users.get(userId).id, card)),
      advanceTime: (milliseconds) => clock.advance(milliseconds),
      reset: () => {
        clock = new FakeClock(options.now);
        state = resetState(state, seed, clock, restoreStations);
        transactions = transactionsOf(state);
        requests = 0;
      },
    },
  };
}

/** Requests on `state`, one at a time, each undone when it fails (transactions.ts). */
function transactionsOf(state: FakeState): Transactions {
  return new Transactions(() => snapshotState(state));
}

/**
 * The route a request found, or the failure that answers it: 404 (naming the path with its
 * trailing slash when only that is missing) or 405 with `Allow`. Preflights are answered at
 * the edge (cors.ts), so every path allows OPTIONS too, as Django REST Framework lists it.
 */
function routed<Operation extends RoutedOperation>(
  route: RouteMatch<Operation>,
  method: string,
): Extract<RouteMatch<Operation>, { kind: 'operation' }> {
  if (route.kind === 'not-found') throw noRoute(route.withSlash);
  if (route.kind === 'method-not-allowed')
    throw detailFailure(405, `Method "${method}" not allowed.`, {
      allow: [...route.allowed, 'OPTIONS'].join(', '),
    });
  return route;
}

/**
 * The answer as JSON text, written inside its transaction rather than by the HTTP layer after
 * it: an answer that cannot be written fails while its change can still be undone.
 */
function asJsonText(response: HttpResponse): HttpResponse {
  const { body, ...rest } = response;
  if (body === undefined) return response;
  try {
    return { ...rest, bodyText: JSON.stringify(body) };
  } catch (error) {
    throw errorDetailFailure(
      500,
      'unexpected_error',
      'The fake server cannot write its own answer as JSON.',
      error instanceof Error ? error.message : String(error),
    );
  }
}
