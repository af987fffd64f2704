/**
 * What a hostile server does, as plain data: a status, a body shape, headers, an encoding,
 * framing and chunking for each attempt of each call. `hostile-draw.ts` draws one from a
 * seed, `hostile-server.ts` plays it over real HTTP, `hostile-fuzz.test.ts` runs the
 * generated client against it. Being data, a behaviour prints in a failure message and is
 * drawn again, identically, from its case number and seed.
 */

export type Operation = 'retrieve' | 'list' | 'create';

/** The client's settings for one case. */
export interface ClientPlan {
  readonly token: 'marker' | 'short';
  readonly timeoutMs: number;
  readonly deadlineMs: number;
  readonly maxRetries: number;
  readonly maxRetryDelayMs: number;
  readonly validateResponses: 'strict' | 'warn';
  readonly logLevel: 'debug' | 'warn';
  readonly maxResponseBytes: number;
}

/**
 * Every value each aspect of a reply can take: the types below are read off these lists, and
 * the fuzz checks that its default run draws each of them at least once.
 */
export const ASPECTS = {
  body: [
    'user',
    'error',
    'wrong-types',
    'empty',
    'truncated',
    'html',
    'deep',
    'proto',
    'large',
    'bomb',
    'endless',
    'page',
  ],
  /** Where the server echoes the bearer token it received. */
  echo: ['none', 'detail', 'key', 'html', 'deep', 'header', 'location', 'next'],
  contentType: ['json', 'html', 'none', 'wrong'],
  encoding: [
    'identity',
    'gzip',
    'deflate',
    'br',
    'gzip-corrupt',
    'deflate-corrupt',
    'br-corrupt',
    'unknown',
  ],
  /** How the body's end is marked: honestly, or with a content-length that lies. */
  framing: ['length', 'chunked', 'close', 'lie-long', 'lie-short'],
  /** How the bytes go out: at once, in many tiny pieces, or stalling somewhere for good. */
  delivery: ['one', 'tiny', 'stall-mid', 'stall-in-head', 'stall-before'],
  headers: ['plain', 'many', 'overflow'],
  retryAfter: [
    'none',
    'seconds-0',
    'seconds-1',
    'seconds-3',
    'fraction',
    'date-past',
    'date-soon',
    'garbage',
    'negative',
    'huge',
    'ms-50',
    'ms-huge',
    'both',
  ],
  /** Where a page's `next` link points. */
  next: [
    'null',
    'fresh',
    'relative',
    'long',
    'repeat-current',
    'repeat-first',
    'off-origin',
    'not-a-url',
    'empty',
    'number',
  ],
} as const;

export type Echo = (typeof ASPECTS.echo)[number];
export type ContentType = (typeof ASPECTS.contentType)[number];
export type Encoding = (typeof ASPECTS.encoding)[number];
export type Framing = (typeof ASPECTS.framing)[number];
export type Delivery = (typeof ASPECTS.delivery)[number];
export type HeaderSet = (typeof ASPECTS.headers)[number];
export type RetryAfter = (typeof ASPECTS.retryAfter)[number];
export type NextLink = (typeof ASPECTS.next)[number];

/**
 * Links the client should follow: from a repeating last page, they make the list endless.
 * `long` carries a 100 KB cursor, so that the URL of every later request is that long.
 */
export const ONWARD_LINKS: readonly NextLink[] = ['fresh', 'relative', 'fresh', 'long'];
/** Links that end a walk: the last page, or a link the client must refuse. */
export const ENDING_LINKS: readonly NextLink[] = ASPECTS.next.filter(
  (link) => !ONWARD_LINKS.includes(link),
);

export type Body =
  | { readonly kind: 'user' }
  | { readonly kind: 'error' }
  | { readonly kind: 'wrong-types'; readonly variant: number }
  | { readonly kind: 'empty' }
  | { readonly kind: 'truncated'; readonly keepPercent: number }
  | { readonly kind: 'html' }
  | {
      readonly kind: 'deep';
      readonly depth: number;
      readonly open: '[' | '{';
      readonly wrapped: boolean;
    }
  | { readonly kind: 'proto'; readonly variant: number }
  | { readonly kind: 'large'; readonly bytes: number }
  | { readonly kind: 'bomb'; readonly bytes: number }
  | { readonly kind: 'endless' }
  | {
      readonly kind: 'page';
      readonly results: number;
      readonly invalidItem: boolean;
      readonly next: NextLink;
      readonly count: 'right' | 'string' | 'negative';
    };

/** The body kinds as `ASPECTS` lists them. */
export type BodyKind = (typeof ASPECTS.body)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when `ASPECTS.body` and `Body` disagree on the kinds there are. */
export const BODY_KINDS_LISTED: Same<BodyKind, Body['kind']> = true;

export interface Reply {
  readonly status: number;
  readonly body: Body;
  readonly echo: Echo;
  readonly contentType: ContentType;
  readonly encoding: Encoding;
  readonly framing: Framing;
  readonly delivery: Delivery;
  readonly headers: HeaderSet;
  readonly retryAfter: RetryAfter;
}

/** What one call (one page of a list) gets: reply i answers attempt i, the last every later one. */
export type Plan = readonly Reply[];

export interface Behaviour {
  readonly case: number;
  readonly seed: number;
  readonly operation: Operation;
  readonly client: ClientPlan;
  /** Plan p answers page p + 1 of a list, the last one every later page; other operations use plan 0. */
  readonly plans: readonly Plan[];
}

export const KIB = 1024;
export const MIB = 1024 * KIB;
/** How far past `maxResponseBytes` a client may read: the chunk that crossed the limit. */
export const READ_SLACK_BYTES = 64 * KIB;

/** What a compression bomb inflates to: four to thirty-two times the client's limit. */
export const BOMB_BYTES = [4 * MIB, 8 * MIB] as const;

export const WRONG_TYPES_VARIANTS = 8;
export const PROTO_VARIANTS = 5;

/** A status no retry can change: a redirect the client does not follow, or a 4xx but 408 and 429. */
export const finalStatus = (status: number): boolean =>
  status >= 300 && status <= 499 && status !== 408 && status !== 429;

/** Whether the reply's status line and headers reach the client at all. */
const headersArrive = (reply: Reply): boolean =>
  reply.delivery !== 'stall-before' && reply.delivery !== 'stall-in-head';

/**
 * Why no retry of this reply can succeed, or undefined when one might: the header block,
 * a body over the client's limit, a corrupt encoding, a final status (3xx, 4xx but 408 and
 * 429; known once the headers are in, however the body goes), or a complete 2xx.
 */
export function finalReason(reply: Reply): string | undefined {
  if (!headersArrive(reply)) return undefined;
  if (reply.headers === 'overflow') return 'a header block too large for fetch';
  const { status, body } = reply;
  if (body.kind === 'large' || body.kind === 'bomb' || body.kind === 'endless')
    return `a ${body.kind} body over maxResponseBytes`;
  if (reply.encoding.endsWith('-corrupt')) return `a corrupt ${reply.encoding.slice(0, -8)} body`;
  if (finalStatus(status)) return `status ${status}`;
  const complete =
    (reply.delivery === 'one' || reply.delivery === 'tiny') && reply.framing !== 'lie-long';
  if (status >= 200 && status <= 299 && complete) return `a complete ${status}`;
  return undefined;
}

export function describeReply(reply: Reply): string {
  const { body } = reply;
  const shape =
    body.kind === 'page'
      ? `page(${body.results}${body.invalidItem ? ',bad-item' : ''},next:${body.next}${body.count === 'right' ? '' : `,count:${body.count}`})`
      : body.kind === 'deep'
        ? `deep(${body.open}×${body.depth}${body.wrapped ? ',wrapped' : ''})`
        : body.kind === 'large' || body.kind === 'bomb'
          ? `${body.kind}(${Math.round(body.bytes / KIB)} KiB)`
          : 'variant' in body
            ? `${body.kind}#${body.variant}`
            : body.kind === 'truncated'
              ? `truncated(${body.keepPercent}%)`
              : body.kind;
  const parts = [
    String(reply.status),
    shape,
    reply.echo === 'none' ? '' : `echo:${reply.echo}`,
    `type:${reply.contentType}`,
    reply.encoding === 'identity' ? '' : reply.encoding,
    reply.framing === 'length' ? '' : reply.framing,
    reply.delivery === 'one' ? '' : reply.delivery,
    reply.headers === 'plain' ? '' : `headers:${reply.headers}`,
    reply.retryAfter === 'none' ? '' : `retry-after:${reply.retryAfter}`,
  ];
  return parts.filter(Boolean).join(' ');
}

export function describeBehaviour(b: Behaviour): string {
  const c = b.client;
  const client = `${c.token} token, timeout ${c.timeoutMs}, deadline ${c.deadlineMs}, retries ${c.maxRetries}, ${c.validateResponses}, limit ${c.maxResponseBytes / KIB} KiB`;
  const plans = b.plans.map(
    (plan, i) =>
      `${b.operation === 'list' ? `p${i + 1}` : 'attempts'}: ${plan.map(describeReply).join(' | ')}`,
  );
  return `${b.operation} (${client}); ${plans.join('; ')}`;
}
