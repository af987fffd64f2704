/**
 * What every case of the hostile-server fuzz must keep, one function per promise of the
 * package README, each turning a case's observation (hostile-case.ts) into the problems it
 * shows: none when the client behaved. Texts never hold the token itself (`<token>`).
 */
import { inspect } from 'node:util';
import { checkUser, describeFailure, SdkError } from '../../generated/src/index.js';
import {
  PAGE_ALLOWANCE_MS,
  RUNAWAY_REQUESTS,
  watchdogMs,
  type Observation,
} from './hostile-case.js';
import {
  describeReply,
  finalReason,
  finalStatus,
  READ_SLACK_BYTES,
  type Served,
} from './hostile-server.js';

/** How far past its deadline a call may settle: timer granularity and a busy event loop. */
export const SETTLE_SLACK_MS = 500;
/** The longest an error may print. */
export const PRINT_LIMIT = 64 * 1024;

const OPERATION_IDS = { retrieve: 'usersRetrieve', list: 'usersList', create: 'usersCreate' };
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The four ways an error gets printed; each renders, or says what it threw. */
function renderings(error: unknown): [string, string | { threw: string }][] {
  const attempt = (render: () => string | undefined): string | { threw: string } => {
    try {
      return String(render());
    } catch (e) {
      return { threw: e instanceof Error ? `${e.name}: ${e.message.slice(0, 100)}` : String(e) };
    }
  };
  return [
    ['error.message', attempt(() => (error as Error).message)],
    ['String(error)', attempt(() => String(error))],
    ['util.inspect(error)', attempt(() => inspect(error, { depth: Infinity }))],
    ['JSON.stringify(error)', attempt(() => JSON.stringify(error))],
  ];
}

const printedError = (o: Observation): ReturnType<typeof renderings> =>
  o.outcome.kind === 'rejected' ? renderings(o.outcome.error) : [];

/**
 * Why `value` is not what the call may resolve with: data that fails its guard, unless
 * `warn` mode reported it, and `undefined` only from a 204, a 205 or an empty body, reported
 * the same way.
 */
function dataProblem(o: Observation, value: unknown): string | undefined {
  const failure = checkUser(value);
  if (failure === undefined) return undefined;
  const mode = o.behaviour.client.validateResponses;
  const reply = o.served.at(-1)?.reply;
  const status = reply?.status;
  const id = OPERATION_IDS[o.behaviour.operation];
  const warned = o.logLines.some((line) => line.startsWith('warn ') && line.includes(id));
  // A success status the operation does not declare, without a body: reported, then nothing.
  const bodiless = status === 204 || status === 205 || reply?.body.kind === 'empty';
  if (mode === 'warn' && warned && (value !== undefined || bodiless)) return undefined;
  const why = mode === 'warn' ? 'in warn mode without a warning' : 'in strict mode';
  return value === undefined
    ? `resolved with undefined after a ${status} ${why}`
    : `resolved with data that fails checkUser (${describeFailure(failure)}) ${why}`;
}

/** The attempts at each page (the one call of a retrieve or create is page 1). */
function attemptsByPage(o: Observation): Map<number, Served[]> {
  const pages = new Map<number, Served[]>();
  for (const s of o.served) pages.set(s.page, [...(pages.get(s.page) ?? []), s]);
  return pages;
}

export const INVARIANTS = {
  'settles within its deadline': (o: Observation): string[] => {
    const { client } = o.behaviour;
    const pages = attemptsByPage(o).size;
    const budget = client.deadlineMs + SETTLE_SLACK_MS + Math.max(0, pages - 1) * PAGE_ALLOWANCE_MS;
    if (o.outcome.kind === 'hang')
      return [
        `still pending ${watchdogMs(o.behaviour)} ms in (after the abort: ${o.outcome.after}; ${o.served.length} requests)`,
      ];
    if (o.runaway)
      return [`sent over ${RUNAWAY_REQUESTS} requests (${o.items.length} items) without ending`];
    if (o.elapsedMs > budget)
      return [
        `settled after ${Math.round(o.elapsedMs)} ms, deadlineMs ${client.deadlineMs}, ${pages} page(s)`,
      ];
    return [];
  },

  'resolves with checked data or rejects with an SdkError': (o: Observation): string[] => {
    const { outcome } = o;
    const values =
      o.behaviour.operation === 'list'
        ? o.items
        : outcome.kind === 'resolved'
          ? [outcome.value]
          : [];
    const problems = values.flatMap((value) => dataProblem(o, value) ?? []);
    if (outcome.kind === 'rejected' && !(outcome.error instanceof SdkError)) {
      const e = outcome.error as Error | undefined;
      problems.push(`rejected with ${e?.name ?? typeof e}: ${String(e?.message).slice(0, 160)}`);
    }
    return problems;
  },

  'retries only what can succeed': (o: Observation): string[] => {
    const { operation, client } = o.behaviour;
    const problems: string[] = [];
    if (operation === 'create' && o.served.length > 1)
      problems.push(`usersCreate (not retry-safe) was sent ${o.served.length} times`);
    for (const [page, attempts] of attemptsByPage(o)) {
      const where = operation === 'list' ? `page ${page}` : 'the call';
      if (attempts.length > client.maxRetries + 1)
        problems.push(
          `${where} was sent ${attempts.length} times, maxRetries ${client.maxRetries}`,
        );
      for (const s of attempts.slice(0, -1)) {
        const reason = finalReason(s.reply);
        // The status is known with the headers; the rest only once the body is read, which
        // a timeout may cut short on a busy machine, and then a retry is fair.
        const cut = o.sent[s.request]?.cutByAbort === true && !finalStatus(s.reply.status);
        if (reason && !cut)
          problems.push(`${where} was sent again after ${reason} (${describeReply(s.reply)})`);
      }
    }
    return problems;
  },

  'reads a bounded number of bytes': (o: Observation): string[] => {
    const limit = o.behaviour.client.maxResponseBytes;
    const most = Math.max(0, ...o.sent.map((sent) => sent.bytes));
    return most > limit + READ_SLACK_BYTES
      ? [`read ${most} bytes of one body, maxResponseBytes ${limit}`]
      : [];
  },

  'never shows the token': (o: Observation): string[] => {
    const problems = printedError(o).flatMap(([how, text]) =>
      typeof text === 'string' && text.includes(o.token) ? [`the token is in ${how}`] : [],
    );
    const logged = o.logLines.filter((line) => line.includes(o.token));
    if (logged.length > 0)
      problems.push(
        `the token is in ${logged.length} logged line(s), the first: ${logged[0]!.replace(/\s+/g, ' ').slice(0, 200)}`,
      );
    return problems;
  },

  'keeps the token on its origin': (o: Observation): string[] =>
    o.tokenLeftOrigin ? ['the decoy (another origin) got the token'] : [],

  'prints its error': (o: Observation): string[] =>
    printedError(o).flatMap(([how, text]) =>
      typeof text !== 'string'
        ? [`${how} threw ${text.threw}`]
        : text.length > PRINT_LIMIT
          ? [`${how} is ${text.length} characters long`]
          : [],
    ),

  'keeps __proto__ as data': (o: Observation): string[] => {
    const problems: string[] = [];
    const added = Object.getOwnPropertyNames(Object.prototype).filter(
      (key) => !PROTOTYPE_KEYS.has(key),
    );
    if (added.length > 0) problems.push(`Object.prototype gained ${added.join(', ')}`);
    if (o.outcome.kind === 'rejected') {
      // hostile-bodies.ts puts these only under a body's `__proto__` key.
      const { detail, errorType } = o.outcome.error as { detail?: unknown; errorType?: unknown };
      if (errorType === 'polluted' || String(detail).includes('from the prototype'))
        problems.push('the error took detail or errorType from a __proto__ member');
    }
    return problems;
  },
} satisfies Record<string, (o: Observation) => string[]>;

export type Invariant = keyof typeof INVARIANTS;

/** Every problem the observation shows, by invariant, the token replaced by `<token>`. */
export function violationsOf(o: Observation): { invariant: Invariant; detail: string }[] {
  return (Object.keys(INVARIANTS) as Invariant[]).flatMap((invariant) =>
    INVARIANTS[invariant](o).map((detail) => ({
      invariant,
      detail: detail.split(o.token).join('<token>'),
    })),
  );
}
