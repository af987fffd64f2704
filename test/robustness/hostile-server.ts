/**
 * A real HTTP server on 127.0.0.1 (port 0) that plays a hostile behaviour (hostile-behaviour.ts):
 * each request gets the reply its page and attempt call for, written to the socket byte by byte
 * as drawn, so that framing can lie, chunks can be tiny and a response can stall anywhere,
 * which `ServerResponse` would not allow. Every reply says `connection: close`, so no
 * connection outlives its response; a stalled one lives until `close()`.
 *
 * The decoy server stands for "another origin": redirects and off-origin `next` links point
 * there, and it records the Authorization header and URL of anything that arrives.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Behaviour, Reply } from './hostile-behaviour.js';
import { ENDLESS_PREFIX, encodedBody, reasonOf, type ReplyContext } from './hostile-bodies.js';

// The whole kit from one module: behaviours, their draw, and the server that plays them.
export * from './hostile-behaviour.js';
export { drawBehaviour, mulberry32 } from './hostile-draw.js';

/** The request header that tells the server which of the case's requests it answers. */
export const REQUEST_HEADER = 'x-hostile-request';

/** One request the server answered, and how. */
export interface Served {
  /** The client's index of the request (its REQUEST_HEADER), -1 without one. */
  readonly request: number;
  readonly page: number;
  /** Which attempt at this page, counting from 0. */
  readonly attempt: number;
  readonly reply: Reply;
}

export interface HostileServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly served: readonly Served[];
  close(): Promise<void>;
}

export interface DecoyServer {
  readonly origin: string;
  /** The Authorization header and URL of every request that reached the decoy. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/** An endless body stops here and stalls: far past any limit, short of hurting the test process. */
const ENDLESS_CAP_BYTES = 8 * 1024 * 1024;
/** Tiny chunks, this many at most; the rest of a large body goes out in one piece. */
const TINY_PIECES = 400;

const open = new Set<{ close(): Promise<void> }>();

/** Closes every server still open (for `afterAll`): stalled sockets included. */
export async function closeAllServers(): Promise<void> {
  await Promise.all([...open].map((server) => server.close()));
}

/** Listens on 127.0.0.1:0 and tracks sockets so that `close` ends stalled ones too. */
async function listen(
  onRequest: (req: IncomingMessage, socket: Socket, origin: string) => void,
): Promise<{ origin: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let origin = '';
  // Request heads up to 1 MiB: a `long` next link makes the request line that long.
  const server: Server = createServer({ maxHeaderSize: 1024 * 1024 }, (req) => {
    req.resume();
    req.on('end', () => onRequest(req, req.socket, origin));
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handle = {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        open.delete(handle);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  open.add(handle);
  return handle;
}

export async function startDecoyServer(): Promise<DecoyServer> {
  const requests: string[] = [];
  const server = await listen((req, socket) => {
    requests.push(`${req.headers.authorization ?? ''} ${req.url ?? ''}`);
    socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });
  return { ...server, requests };
}

export async function startHostileServer(
  behaviour: Behaviour,
  decoyOrigin: string,
): Promise<HostileServer> {
  const served: Served[] = [];
  const attempts = new Map<number, number>();
  const server = await listen((req, socket, origin) => {
    const query = new URL(req.url ?? '/', origin).searchParams;
    const page = behaviour.operation === 'list' ? Math.max(1, Number(query.get('page')) || 1) : 1;
    const attempt = attempts.get(page) ?? 0;
    attempts.set(page, attempt + 1);
    const plan = behaviour.plans[Math.min(page - 1, behaviour.plans.length - 1)]!;
    const reply = plan[Math.min(attempt, plan.length - 1)]!;
    const request = Number(req.headers[REQUEST_HEADER] ?? -1);
    served.push({ request, page, attempt, reply });
    const token = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const path = req.url ?? '/';
    const context = { origin, decoyOrigin, token, page, path, attempt, case: behaviour.case };
    play(socket, reply, context).catch(() => socket.destroy());
  });
  return { ...server, served };
}

/** Writes the reply as drawn; resolves when it is written or stalled for good. */
async function play(socket: Socket, reply: Reply, context: ReplyContext): Promise<void> {
  if (reply.delivery === 'stall-before') return;
  const endless = reply.body.kind === 'endless';
  const body = endless ? Buffer.from(ENDLESS_PREFIX) : encodedBody(reply, context);
  const head = Buffer.from(headBlock(reply, context, body.length));
  if (reply.delivery === 'stall-in-head') {
    // The status line and one header, then nothing.
    socket.write(head.subarray(0, head.indexOf('\r\n', head.indexOf('\r\n') + 2) + 2));
    return;
  }
  const chunked = reply.framing === 'chunked';
  const frame = (piece: Buffer): Buffer =>
    chunked && piece.length > 0
      ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
      : piece;
  const last = Buffer.from(chunked ? '0\r\n\r\n' : '');
  if (endless) {
    socket.write(Buffer.concat([head, frame(body)]));
    const piece = frame(Buffer.alloc(64 * 1024, 'a'));
    for (let sent = 0; sent < ENDLESS_CAP_BYTES && !socket.destroyed; sent += 64 * 1024)
      if (!socket.write(piece)) await drained(socket);
    return;
  }
  if (reply.delivery === 'one') {
    socket.end(Buffer.concat([head, frame(body), last]));
  } else if (reply.delivery === 'stall-mid') {
    socket.write(Buffer.concat([head, frame(body.subarray(0, Math.floor(body.length / 2)))]));
  } else {
    socket.write(head);
    let offset = 0;
    for (let i = 0; offset < body.length && !socket.destroyed; i++) {
      const size = i < TINY_PIECES ? 1 + ((i * 7 + context.case) % 64) : body.length;
      socket.write(frame(body.subarray(offset, offset + size)));
      offset += size;
      // Let the bytes go out as separate reads rather than one coalesced write.
      if (i % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
    }
    if (!socket.destroyed) socket.end(last);
  }
}

/** Resolves when the socket can take more, or is gone; leaves no listener behind. */
const drained = (socket: Socket): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });

function headBlock(reply: Reply, context: ReplyContext, length: number): string {
  const { status, body } = reply;
  const { token } = context;
  const lines = [`HTTP/1.1 ${status} ${reasonOf(status)}`];
  const type = {
    json: 'application/json',
    html: 'text/html; charset=utf-8',
    none: undefined,
    wrong: 'application/xml',
  }[reply.contentType];
  if (type) lines.push(`content-type: ${type}`);
  if (reply.encoding !== 'identity' || body.kind === 'bomb')
    lines.push(`content-encoding: ${encodingName(reply)}`);
  const framing = {
    length: `content-length: ${length}`,
    chunked: 'transfer-encoding: chunked',
    close: '',
    'lie-long': `content-length: ${body.kind === 'endless' ? 1e9 : length + 100}`,
    'lie-short': `content-length: ${Math.max(0, length - 5)}`,
  }[reply.framing];
  if (framing) lines.push(framing);
  lines.push(
    'connection: close',
    `x-request-id: req-${context.case}-${context.page}-${context.attempt}`,
  );
  lines.push(...retryAfterLines(reply));
  if (status >= 300 && status <= 399)
    lines.push(
      `location: ${context.decoyOrigin}/login${reply.echo === 'location' ? `?token=${token}` : ''}`,
    );
  if (reply.echo === 'header') lines.push(`x-debug-auth: seen ${token}`);
  if (reply.headers === 'many')
    for (let i = 0; i < 300; i++) lines.push(`x-filler-${i}: value-${i}`);
  if (reply.headers === 'overflow') lines.push(`x-padding: ${'a'.repeat(100_000)}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function encodingName(reply: Reply): string {
  if (reply.body.kind === 'bomb') return reply.encoding;
  return reply.encoding === 'unknown' ? 'x-custom' : reply.encoding.replace('-corrupt', '');
}

function retryAfterLines(reply: Reply): string[] {
  switch (reply.retryAfter) {
    case 'none':
      return [];
    case 'seconds-0':
      return ['retry-after: 0'];
    case 'seconds-1':
      return ['retry-after: 1'];
    case 'seconds-3':
      return ['retry-after: 3'];
    case 'fraction':
      return ['retry-after: 0.2'];
    case 'date-past':
      return ['retry-after: Sun, 06 Nov 1994 08:49:37 GMT'];
    case 'date-soon':
      return [`retry-after: ${new Date(Date.now() + 1500).toUTCString()}`];
    case 'garbage':
      return ['retry-after: soon, maybe'];
    case 'negative':
      return ['retry-after: -5'];
    case 'huge':
      return ['retry-after: 99999999999999999999999'];
    case 'ms-50':
      return ['retry-after-ms: 50'];
    case 'ms-huge':
      return ['retry-after-ms: 999999999999'];
    case 'both':
      return ['retry-after-ms: 80', 'retry-after: 120'];
  }
}
