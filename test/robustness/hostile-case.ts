/**
 * One case of the hostile-server fuzz: a fresh client with the case's settings, one call of
 * the generated client against a server playing the case's behaviour, and what was seen:
 * how the call settled and when, what the server served, how many bytes the client pulled
 * from each response body, and every line the client logged. hostile-invariants.ts judges it.
 */
import { inspect } from 'node:util';
import {
  createConnectCore,
  usersCreate,
  usersList,
  usersRetrieve,
  type ClientCore,
  type ClientOptions,
  type FetchLike,
  type Logger,
} from '../../generated/src/index.js';
import { prepareBombs } from './hostile-bodies.js';
import {
  REQUEST_HEADER,
  startHostileServer,
  type Behaviour,
  type DecoyServer,
  type Served,
} from './hostile-server.js';

/** A list walk stops after this many items: enough to cross several pages. */
export const ITEM_CAP = 30;
/** A case that sends more requests than this is stopped: a list that never ends, say. */
export const RUNAWAY_REQUESTS = 200;
/** After the deadline, this long before a call counts as hung and is aborted. */
export const WATCHDOG_SLACK_MS = 1500;
/**
 * What each page after the first may add to a list walk: every page is a call with its own
 * deadline, and while the one hostile call may take all of its own, a page of a clean
 * server (whose URL may be 100 KB long) still takes some milliseconds.
 */
export const PAGE_ALLOWANCE_MS = 50;

/** When a case counts as hung: the deadline, the slack, and the pages a walk may fetch. */
export const watchdogMs = (behaviour: Behaviour): number =>
  behaviour.client.deadlineMs +
  WATCHDOG_SLACK_MS +
  (behaviour.operation === 'list' ? ITEM_CAP * PAGE_ALLOWANCE_MS : 0);
/** After the abort, this long for the call to give up before the case moves on without it. */
const ABORT_GRACE_MS = 2000;

type Settled =
  | { readonly kind: 'resolved'; readonly value: unknown }
  | { readonly kind: 'rejected'; readonly error: unknown };

/** How the call ended; a hang says what the call did once aborted, if anything. */
export type Outcome =
  Settled | { readonly kind: 'hang'; readonly after: Settled['kind'] | 'nothing' };

export interface Observation {
  readonly behaviour: Behaviour;
  readonly token: string;
  readonly outcome: Outcome;
  readonly elapsedMs: number;
  /** Set when the case passed RUNAWAY_REQUESTS and was aborted. */
  readonly runaway: boolean;
  /** Items a list walk yielded before it ended. */
  readonly items: readonly unknown[];
  readonly served: readonly Served[];
  /** Every request the client sent, in order (`Served.request` indexes it). */
  readonly sent: readonly Sent[];
  /** Each logger call as one line: level, message and details. */
  readonly logLines: readonly string[];
  /** The token reached the decoy: another origin. */
  readonly tokenLeftOrigin: boolean;
}

/**
 * Pays the one-time costs before the first case, so that they do not eat into its timeout:
 * Node loads undici on the first `fetch`, and the bombs are compressed once.
 */
export async function warmUp(decoy: DecoyServer): Promise<void> {
  prepareBombs();
  const response = await globalThis.fetch(`${decoy.origin}/warm-up`);
  await response.arrayBuffer();
}

/** A long marker no output may contain, or a 5-character token, unique to the case either way. */
export function tokenFor(behaviour: Behaviour): string {
  const n = behaviour.case;
  return behaviour.client.token === 'short'
    ? `Qz${(n % 46656).toString(36).padStart(3, '0')}`
    : `tok_HOSTILE_${behaviour.seed}_${n}_9f8e7d6c5b4a`;
}

/** What the client did with one request it sent, as the instrumented fetch saw it. */
export interface Sent {
  /** Bytes the client read from the response body. */
  bytes: number;
  /** The request's signal fired before the exchange was over: a timeout (or the caller) cut it. */
  cutByAbort: boolean;
}

/**
 * The global fetch, instrumented: each request carries its index (REQUEST_HEADER), and each
 * response body is re-wrapped in a stream that counts the bytes the client reads. It pulls
 * one chunk per read and reads nothing ahead, so the count is what the client asked for,
 * not what undici buffered.
 */
function instrumentedFetch(sent: Sent[], onRequest: () => void): FetchLike {
  return async (input, init) => {
    onRequest();
    const record: Sent = { bytes: 0, cutByAbort: false };
    const index = sent.push(record) - 1;
    let over = false;
    const end = (): void => void (over = true);
    init.signal?.addEventListener('abort', () => void (record.cutByAbort ||= !over), ONCE);
    const headers = new Headers(init.headers);
    headers.set(REQUEST_HEADER, String(index));
    let response: Response;
    try {
      response = await globalThis.fetch(input, { ...init, headers });
    } catch (error) {
      end();
      throw error;
    }
    const source = response.body;
    if (source === null) {
      end();
      return response;
    }
    const reader = source.getReader();
    const counted = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (error) {
            end();
            throw error;
          }
          if (chunk.done) {
            end();
            controller.close();
          } else {
            record.bytes += chunk.value.byteLength;
            controller.enqueue(chunk.value);
          }
        },
        cancel: (reason) => {
          end();
          return reader.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    );
    const { status, statusText } = response;
    return new Response(counted, { status, statusText, headers: response.headers });
  };
}

const ONCE = { once: true } as const;

function collectingLogger(lines: string[]): Logger {
  const line =
    (level: string) =>
    (message: string, ...details: unknown[]): void => {
      let text: string;
      try {
        text = [message, ...details.map((d) => inspect(d, { depth: Infinity }))].join(' ');
      } catch (error) {
        text = `${message} [details could not be printed: ${String(error)}]`;
      }
      lines.push(`${level} ${text}`);
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

/** The case's call: one retrieve or create, or a list walked with `for await` up to ITEM_CAP. */
async function perform(
  core: ClientCore,
  behaviour: Behaviour,
  signal: AbortSignal,
  items: unknown[],
): Promise<unknown> {
  const n = behaviour.case;
  switch (behaviour.operation) {
    case 'retrieve':
      return await usersRetrieve(core, `u-${n}`, { signal });
    case 'create':
      return await usersCreate(
        core,
        { email: 'driver@example.com', custom_properties: { external_id: `case-${n}` } },
        { signal },
      );
    case 'list':
      for await (const item of usersList(core, {}, { signal })) {
        items.push(item);
        if (items.length >= ITEM_CAP) break;
      }
      return items;
  }
}

/** Resolves with `value` after `ms`; `cancel` clears the timer. */
function timer<T>(ms: number, value: T): { promise: Promise<T>; cancel(): void } {
  let handle: NodeJS.Timeout | undefined;
  const promise = new Promise<T>((resolve) => {
    handle = setTimeout(resolve, ms, value);
  });
  return { promise, cancel: () => clearTimeout(handle) };
}

export async function runCase(behaviour: Behaviour, decoy: DecoyServer): Promise<Observation> {
  const { client: plan } = behaviour;
  const token = tokenFor(behaviour);
  const server = await startHostileServer(behaviour, decoy.origin);
  const sent: Sent[] = [];
  const logLines: string[] = [];
  const items: unknown[] = [];
  const controller = new AbortController();
  let requests = 0;
  let runaway = false;
  const fetch = instrumentedFetch(sent, () => {
    if (++requests <= RUNAWAY_REQUESTS) return;
    runaway = true;
    controller.abort(new Error('the case sent too many requests'));
  });
  try {
    // `maxResponseBytes` is the runtime's limit on decoded response bytes; cast so that
    // this file compiles whether or not the runtime knows the option yet.
    const options = {
      token,
      baseUrl: server.origin,
      timeoutMs: plan.timeoutMs,
      deadlineMs: plan.deadlineMs,
      maxRetries: plan.maxRetries,
      maxRetryDelayMs: plan.maxRetryDelayMs,
      validateResponses: plan.validateResponses,
      maxResponseBytes: plan.maxResponseBytes,
      logger: collectingLogger(logLines),
      logLevel: plan.logLevel,
      fetch,
    } as ClientOptions;
    const started = performance.now();
    // An async function, so that a client that refuses its options rejects like a call.
    const call = async (): Promise<unknown> =>
      perform(createConnectCore(options), behaviour, controller.signal, items);
    const settled: Promise<Settled> = call().then(
      (value) => ({ kind: 'resolved', value }),
      (error: unknown) => ({ kind: 'rejected', error }),
    );
    const watchdog = timer(watchdogMs(behaviour), 'hang' as const);
    const first = await Promise.race([settled, watchdog.promise]);
    const elapsedMs = performance.now() - started;
    watchdog.cancel();
    let outcome: Outcome = first === 'hang' ? { kind: 'hang', after: 'nothing' } : first;
    if (first === 'hang') {
      controller.abort(new Error('the watchdog stopped the case'));
      const grace = timer(ABORT_GRACE_MS, undefined);
      const late = await Promise.race([settled, grace.promise]);
      grace.cancel();
      outcome = { kind: 'hang', after: late?.kind ?? 'nothing' };
    }
    return {
      behaviour,
      token,
      outcome,
      elapsedMs,
      runaway,
      items,
      served: server.served,
      sent,
      logLines,
      tokenLeftOrigin: decoy.requests.some((request) => request.includes(token)),
    };
  } finally {
    controller.abort();
    await server.close();
  }
}
