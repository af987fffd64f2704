/**
 * The bytes of a hostile reply's body (hostile-behaviour.ts): a valid User, an error body,
 * HTML, JSON truncated or nested thousands deep, `__proto__` keys, a page with its `next`
 * link, a body padded past the limit, a compression bomb, each echoing the bearer token where
 * the behaviour says, then encoded (or corrupted) as drawn.
 */
import { STATUS_CODES } from 'node:http';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import {
  BOMB_BYTES,
  PROTO_VARIANTS,
  WRONG_TYPES_VARIANTS,
  type Body,
  type NextLink,
  type Reply,
} from './hostile-behaviour.js';

/** Where the server is, the token it was sent, and which page it answers. */
export interface ReplyContext {
  readonly origin: string;
  readonly decoyOrigin: string;
  readonly token: string;
  readonly page: number;
  /** The path and query the request asked for. */
  readonly path: string;
  readonly attempt: number;
  readonly case: number;
}

export const ENDLESS_PREFIX = '{"id":"u-endless","padding":"';

export const reasonOf = (status: number): string => STATUS_CODES[status] ?? 'Unusual';

/** The body as it goes on the wire: text, then the encoding (a bomb comes compressed). */
export function encodedBody(reply: Reply, context: ReplyContext): Buffer {
  const { body } = reply;
  if (body.kind === 'bomb') return bomb(body.bytes, reply.encoding === 'br' ? 'br' : 'gzip');
  const raw = Buffer.from(bodyText(reply, context));
  switch (reply.encoding) {
    case 'gzip':
      return gzipSync(raw);
    case 'deflate':
      return deflateSync(raw);
    case 'br':
      return brotli(raw);
    // A valid start (the gzip header, the zlib header), then bytes no decoder accepts.
    case 'gzip-corrupt':
      return Buffer.concat([gzipSync(raw).subarray(0, 10), Buffer.alloc(64, 0xff)]);
    case 'deflate-corrupt':
      return Buffer.concat([Buffer.from([0x78, 0x9c]), Buffer.alloc(64, 0xee)]);
    case 'br-corrupt':
      return Buffer.from('this is not brotli at all, only bytes 0123456789abcdef');
    default:
      return raw;
  }
}

/** Brotli at quality 5: the default, 11, takes a quarter second over a bomb's megabytes. */
const brotli = (bytes: Buffer): Buffer =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });

const bombs = new Map<string, Buffer>();

/**
 * Compresses every bomb once, before the cases start: done inside the first request that
 * needs one, it held up the event loop, and the cases running beside it, for tens of ms.
 */
export function prepareBombs(): void {
  for (const bytes of BOMB_BYTES)
    for (const encoding of ['gzip', 'br'] as const) bomb(bytes, encoding);
}

/** A valid User padded to `bytes`, compressed: a few KB on the wire (gzip), or a few bytes (br). */
function bomb(bytes: number, encoding: 'gzip' | 'br'): Buffer {
  const key = `${encoding}:${bytes}`;
  let compressed = bombs.get(key);
  if (!compressed) {
    const head = '{"id":"u-bomb","padding":"';
    const text = Buffer.alloc(bytes, 'a');
    text.write(head);
    text.write('"}', bytes - 2);
    compressed = encoding === 'br' ? brotli(text) : gzipSync(text);
    bombs.set(key, compressed);
  }
  return compressed;
}

function bodyText(reply: Reply, context: ReplyContext): string {
  const { status, body, echo } = reply;
  const { token: t, case: n } = context;
  const user = `{"id":"u-${n}","email":"driver@example.com","locale":"de","custom_properties":{"external_id":"case-${n}"}}`;
  const detail = echo === 'detail' ? `Token ${t} is not valid` : 'The request failed';
  const key = echo === 'key' ? `,"${t}":true` : '';
  const error = `{"detail":"${detail}","error":{"type":"validation_error","details":"email"}${key}}`;
  switch (body.kind) {
    case 'user':
      return user;
    case 'error':
      return error;
    case 'empty':
      return '';
    case 'truncated': {
      const whole = status >= 200 && status <= 299 ? user : error;
      return whole.slice(0, Math.floor((whole.length * body.keepPercent) / 100));
    }
    case 'html':
      return `<!DOCTYPE html><html><head><title>${status} ${reasonOf(status)}</title></head><body><h1>${reasonOf(status)}</h1><p>${echo === 'html' ? `Your token ${t} has expired.` : 'nginx'}</p></body></html>`;
    case 'wrong-types':
      return WRONG_TYPES[body.variant % WRONG_TYPES_VARIANTS]!;
    case 'proto':
      return protoBody(body.variant, n, detail, key);
    case 'deep': {
      const leaf = echo === 'deep' ? `"${t}"` : '0';
      const nest =
        body.open === '['
          ? `${'['.repeat(body.depth)}${leaf}${']'.repeat(body.depth)}`
          : `${'{"a":'.repeat(body.depth)}${leaf}${'}'.repeat(body.depth)}`;
      if (!body.wrapped) return nest;
      return status >= 200 && status <= 299
        ? `{"id":"u-${n}","nested":${nest}}`
        : `{"detail":"nested","nested":${nest}}`;
    }
    case 'large':
      return `{"id":"u-${n}","email":null,"padding":"${'x'.repeat(body.bytes)}"}`;
    case 'page':
      return pageText(body, reply, context);
    case 'bomb':
    case 'endless':
      throw new Error(`${body.kind} bodies are written elsewhere`);
  }
}

const WRONG_TYPES = [
  '{"id":42}',
  '{"id":null,"email":7}',
  '[]',
  '"user"',
  'null',
  '{"email":"driver@example.com"}',
  '{"id":"u","custom_properties":"x"}',
  'true',
];

/**
 * `__proto__` as JSON.parse makes it: an own property, which a careless copy turns into a
 * prototype. What sits under it says `from the prototype` or `polluted`, so that a client
 * that reads it as the body's own shows it.
 */
function protoBody(variant: number, n: number, detail: string, key: string): string {
  return [
    `{"id":"u-${n}","__proto__":{"id":7,"detail":"from the prototype","error":{"type":"polluted"}}${key}}`,
    `{"__proto__":{"id":"u-${n}","email":"proto@example.com"}${key}}`,
    `{"detail":"${detail}","__proto__":null,"constructor":{"prototype":{"polluted":true}}${key}}`,
    `{"detail":"${detail}","__proto__":{"toString":"x","valueOf":1,"toJSON":"y","detail":"from the prototype"}${key}}`,
    `{"id":"u-${n}","__proto__":[1,2,3],"error":{"__proto__":{"type":"polluted"}}${key}}`,
  ][variant % PROTO_VARIANTS]!;
}

function pageText(
  body: Extract<Body, { kind: 'page' }>,
  reply: Reply,
  context: ReplyContext,
): string {
  const { page, case: n } = context;
  const items = Array.from({ length: body.results }, (_, i) =>
    body.invalidItem && i === 0 ? `{"id":${i}}` : `{"id":"u-${n}-p${page}-${i}","email":null}`,
  );
  const count = { right: String(body.results * 10), string: '"12"', negative: '-1' }[body.count];
  return `{"count":${count},"next":${nextLink(body.next, reply, context)},"previous":null,"results":[${items.join(',')}]}`;
}

function nextLink(next: NextLink, reply: Reply, context: ReplyContext): string {
  const { origin, decoyOrigin, page, token } = context;
  const echo = reply.echo === 'next' ? `&session=${token}` : '';
  const list = '/api/v1/users/';
  switch (next) {
    case 'null':
      return 'null';
    case 'fresh':
      return JSON.stringify(`${origin}${list}?page=${page + 1}${echo}`);
    case 'long':
      return JSON.stringify(
        `${origin}${list}?page=${page + 1}&cursor=${'c'.repeat(100_000)}${echo}`,
      );
    case 'relative':
      return JSON.stringify(`${list}?page=${page + 1}${echo}`);
    case 'repeat-current':
      return JSON.stringify(`${origin}${context.path}`);
    case 'repeat-first':
      return JSON.stringify(`${origin}${list}`);
    case 'off-origin':
      return JSON.stringify(`${decoyOrigin}${list}?page=${page + 1}`);
    case 'not-a-url':
      return '"http://[::1"';
    case 'empty':
      return '""';
    case 'number':
      return '42';
  }
}
