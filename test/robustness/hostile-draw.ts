/**
 * Hostile behaviours (hostile-behaviour.ts) drawn from a seed with a PRNG of our own, so that
 * case n of seed s is the same behaviour on every machine and in every run. The weights
 * favour what clients get wrong, and make sure that every kind of hostility shows up in the
 * default 150 cases (hostile-fuzz.test.ts checks that it does).
 */
import {
  ASPECTS,
  BOMB_BYTES,
  ENDING_LINKS,
  KIB,
  MIB,
  ONWARD_LINKS,
  PROTO_VARIANTS,
  WRONG_TYPES_VARIANTS,
  type Behaviour,
  type Body,
  type ClientPlan,
  type Echo,
  type Encoding,
  type ContentType,
  type NextLink,
  type Operation,
  type Plan,
  type Reply,
} from './hostile-behaviour.js';

/** A small, fast, well-mixed PRNG (mulberry32): same seed, same sequence, on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws from one PRNG: integers, picks, weighted picks and coin flips. */
export class Draw {
  constructor(private readonly random: () => number) {}
  /** An integer from `lo` to `hi`, both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.random() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(values: readonly T[]): T {
    return values[this.int(0, values.length - 1)]!;
  }
  weighted<T>(table: readonly (readonly [weight: number, value: T])[]): T {
    let r = this.random() * table.reduce((sum, [w]) => sum + w, 0);
    for (const [w, value] of table) if ((r -= w) < 0) return value;
    return table[table.length - 1]![1];
  }
}

const RETRY_AFTERS = ASPECTS.retryAfter.filter((value) => value !== 'none');
const SUCCESS = [200, 200, 200, 201, 202, 204, 205, 206, 299];
const REDIRECT = [301, 302, 303, 304, 307, 308];
const CLIENT_ERROR = [400, 401, 403, 404, 408, 409, 410, 422, 429, 451];
const SERVER_ERROR = [500, 502, 503, 503, 504, 599];

function drawStatus(d: Draw, operation: Operation, early: boolean): number {
  const success = operation === 'create' ? [201, 201, ...SUCCESS] : SUCCESS;
  // Early attempts lean towards what a client retries, so that retries get exercised.
  return d.pick(
    d.weighted<readonly number[]>([
      [early ? 10 : 42, success],
      [6, REDIRECT],
      [early ? 20 : 26, CLIENT_ERROR],
      [early ? 40 : 22, SERVER_ERROR],
      [early ? 25 : 0, [408, 429, 503]],
    ]),
  );
}

function drawBody(d: Draw, status: number, operation: Operation, client: ClientPlan): Body {
  const ok = status >= 200 && status <= 299;
  const kind = d.weighted<Body['kind']>(
    ok
      ? [
          [operation === 'list' ? 50 : 0, 'page'],
          [operation === 'list' ? 3 : 30, 'user'],
          [8, 'wrong-types'],
          [6, 'empty'],
          [8, 'truncated'],
          [6, 'html'],
          [7, 'deep'],
          [8, 'proto'],
          [5, 'large'],
          [6, 'bomb'],
          [4, 'endless'],
        ]
      : [
          [35, 'error'],
          [10, 'empty'],
          [12, 'html'],
          [6, 'truncated'],
          [10, 'deep'],
          [10, 'proto'],
          [4, 'large'],
          [5, 'bomb'],
          [3, 'endless'],
          [2, 'wrong-types'],
        ],
  );
  const limit = client.maxResponseBytes;
  switch (kind) {
    case 'wrong-types':
      return { kind, variant: d.int(0, WRONG_TYPES_VARIANTS - 1) };
    case 'truncated':
      return { kind, keepPercent: d.int(10, 90) };
    case 'deep':
      return { kind, depth: d.int(2000, 10000), open: d.pick(['[', '{']), wrapped: d.chance(0.6) };
    case 'proto':
      return { kind, variant: d.int(0, PROTO_VARIANTS - 1) };
    case 'large':
      // At least three times the limit, so that even half of it (a stall mid-body) is over.
      return { kind, bytes: limit * d.int(3, 5) };
    case 'bomb':
      return { kind, bytes: Math.max(d.pick(BOMB_BYTES), 4 * limit) };
    case 'page':
      return drawPage(d, d.pick([...ONWARD_LINKS, ...ENDING_LINKS]), d.int(0, 6));
    default:
      return { kind };
  }
}

function drawPage(d: Draw, next: NextLink, results: number): Body {
  return {
    kind: 'page',
    results,
    invalidItem: results > 0 && d.chance(0.15),
    next,
    count: d.weighted([
      [8, 'right'],
      [1, 'string'],
      [1, 'negative'],
    ]),
  };
}

/** Echoes that make sense for this reply; `header` always does. */
function echoesFor(status: number, body: Body): Echo[] {
  const echoes: Echo[] = ['header'];
  if (status >= 300 && status <= 399) echoes.push('location');
  if (body.kind === 'error' || body.kind === 'proto') echoes.push('detail', 'key');
  if (body.kind === 'html') echoes.push('html');
  if (body.kind === 'deep') echoes.push('deep');
  if (body.kind === 'page' && ONWARD_LINKS.includes(body.next)) echoes.push('next');
  return echoes;
}

const JSON_KINDS = new Set<Body['kind']>(['user', 'error', 'wrong-types', 'truncated', 'deep']);

export function drawReply(
  d: Draw,
  operation: Operation,
  client: ClientPlan,
  early: boolean,
): Reply {
  const status = drawStatus(d, operation, early);
  const body = drawBody(d, status, operation, client);
  const natural: ContentType =
    body.kind === 'html' ? 'html' : body.kind === 'empty' ? 'none' : 'json';
  const encoding: Encoding =
    body.kind === 'bomb'
      ? d.pick(['gzip', 'br'])
      : body.kind === 'endless' || body.kind === 'large'
        ? 'identity'
        : d.weighted([
            [70, 'identity'],
            [6, 'gzip'],
            [4, 'deflate'],
            [5, 'br'],
            [4, 'gzip-corrupt'],
            [3, 'deflate-corrupt'],
            [3, 'br-corrupt'],
            [5, 'unknown'],
          ]);
  // A bomb or a corrupt stream goes out whole (or not at all), so its size or its
  // corruption always reaches the client's decoder.
  const whole = body.kind === 'bomb' || encoding.endsWith('-corrupt');
  // Nor does it claim more length than it sends: the cut-off would race the decoder's error
  // or the client's limit, and the outcome would depend on timing. A bomb does not claim
  // less either: cut short, it may inflate to less than the limit.
  const noLongLie = whole || body.kind === 'large';
  const noShortLie = body.kind === 'bomb';
  const retryable = status === 408 || status === 429 || status === 503;
  return {
    status,
    body,
    echo: d.chance(0.35) ? d.pick(echoesFor(status, body)) : 'none',
    contentType:
      d.chance(0.8) || !JSON_KINDS.has(body.kind)
        ? natural
        : d.pick(['json', 'html', 'none', 'wrong']),
    encoding,
    framing:
      body.kind === 'endless'
        ? d.pick(['chunked', 'close', 'lie-long'])
        : d.weighted([
            [55, 'length'],
            [20, 'chunked'],
            [10, 'close'],
            [noLongLie ? 0 : 8, 'lie-long'],
            [noShortLie ? 0 : 7, 'lie-short'],
          ]),
    delivery: d.weighted([
      [55, 'one'],
      [20, 'tiny'],
      [whole ? 0 : 12, 'stall-mid'],
      [whole ? 0 : 5, 'stall-in-head'],
      [8, 'stall-before'],
    ]),
    headers: d.weighted([
      [85, 'plain'],
      [10, 'many'],
      [5, 'overflow'],
    ]),
    retryAfter: d.chance(retryable ? 0.6 : 0.1) ? d.pick(RETRY_AFTERS) : 'none',
  };
}

/** A page answered at once and in full: the pages around a list's one hostile call. */
function cleanPage(d: Draw, next: NextLink, results: number): Plan {
  const body = drawPage(d, next, results);
  return [
    {
      status: 200,
      body,
      echo: ONWARD_LINKS.includes(next) && d.chance(0.1) ? 'next' : 'none',
      contentType: 'json',
      encoding: d.chance(0.1) ? 'gzip' : 'identity',
      framing: d.chance(0.3) ? 'chunked' : 'length',
      delivery: 'one',
      headers: 'plain',
      retryAfter: 'none',
    },
  ];
}

/** One to three replies for the attempts of one call; a list's last page ends the walk. */
function hostilePlan(d: Draw, operation: Operation, client: ClientPlan, endsList: boolean): Plan {
  const count = d.weighted([
    [45, 1],
    [35, 2],
    [20, 3],
  ]);
  return Array.from({ length: count }, (_, i) => {
    const reply = drawReply(d, operation, client, i < count - 1);
    if (!endsList || reply.body.kind !== 'page' || !ONWARD_LINKS.includes(reply.body.next))
      return reply;
    // A hostile last page that repeated with an onward link would make every page hostile.
    return { ...reply, echo: 'none', body: { ...reply.body, next: d.pick(ENDING_LINKS) } };
  });
}

function drawClient(d: Draw): ClientPlan {
  return {
    token: d.chance(0.2) ? 'short' : 'marker',
    timeoutMs: d.int(300, 800),
    deadlineMs: d.pick([1500, 2000, 2500]),
    maxRetries: d.int(0, 3),
    maxRetryDelayMs: d.int(0, 100),
    validateResponses: d.chance(0.5) ? 'strict' : 'warn',
    logLevel: d.chance(0.5) ? 'debug' : 'warn',
    maxResponseBytes: d.pick([256 * KIB, MIB]),
  };
}

/**
 * Case `n` of the run seeded `seed`. A list gets at most one hostile call (a few clean pages
 * around it), so that a well-behaved client's whole walk fits in one deadline.
 */
export function drawBehaviour(seed: number, n: number): Behaviour {
  const d = new Draw(mulberry32(Math.imul(seed, 0x9e3779b1) ^ Math.imul(n + 1, 0x85ebca6b)));
  const operation = d.weighted<Operation>([
    [40, 'retrieve'],
    [40, 'list'],
    [20, 'create'],
  ]);
  const client = drawClient(d);
  if (operation !== 'list')
    return { case: n, seed, operation, client, plans: [hostilePlan(d, operation, client, false)] };
  // Most lists have one hostile call; the others are hostile only in their links, so that
  // the walk reaches them (an endless list, say) instead of failing before.
  const hostileCall = d.chance(0.7);
  const before = d.int(0, 2);
  const after = d.int(hostileCall ? 0 : 1, 2);
  const plans: Plan[] = [];
  for (let i = 0; i < before; i++) plans.push(cleanPage(d, d.pick(ONWARD_LINKS), d.int(1, 5)));
  plans.push(
    hostileCall
      ? hostilePlan(d, operation, client, after === 0)
      : cleanPage(d, d.pick(ONWARD_LINKS), d.int(1, 5)),
  );
  for (let i = 0; i < after; i++) {
    const last = i === after - 1;
    const next = last && d.chance(0.6) ? d.pick(ENDING_LINKS) : d.pick(ONWARD_LINKS);
    // A last page with an onward link repeats forever; empty, it is the endless empty list.
    plans.push(cleanPage(d, next, last && d.chance(0.4) ? 0 : d.int(1, 5)));
  }
  return { case: n, seed, operation, client, plans };
}
