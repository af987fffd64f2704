/**
 * A real HTTP server on 127.0.0.1 and a random port, for end-to-end runtime tests. Each
 * request is recorded (method, path with query, headers, raw body) and answered by the next
 * queued handler, or the default one. `waitForRequests(n)` resolves when the n-th request has
 * arrived, so tests synchronise on events, never on sleeps.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface ReceivedRequest {
  readonly method: string;
  /** Path and query as sent, for example `/api/v1/users/a%20b/?page=2`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
}

export type Handler = (request: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly requests: ReceivedRequest[];
  /** Queues handlers for the next requests, in order. */
  reply(...handlers: Handler[]): void;
  /** Answers requests once the queue is empty. */
  setDefault(handler: Handler): void;
  waitForRequests(count: number): Promise<ReceivedRequest>;
  close(): Promise<void>;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
}

export function raw(status: number, text: string, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };
}

/** Closes the socket without any response: the client sees a connection reset. */
export const reset: Handler = (_req, res) => {
  res.socket?.destroy();
};

/** Never answers; the request stays open until the client gives up or the server closes. */
export const hang: Handler = () => undefined;

export async function startServer(defaultHandler: Handler = json(200, {})): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  const queue: Handler[] = [];
  let fallback = defaultHandler;
  const waiters: { count: number; resolve: (r: ReceivedRequest) => void }[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const received: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        text: body.toString('utf8'),
      };
      requests.push(received);
      const handler = queue.shift() ?? fallback;
      void Promise.resolve(handler(received, res)).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      for (const w of waiters.filter((w) => w.count <= requests.length)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(received);
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    reply: (...handlers) => queue.push(...handlers),
    setDefault: (handler) => {
      fallback = handler;
    },
    waitForRequests: (count) =>
      count <= requests.length
        ? Promise.resolve(requests[count - 1]!)
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * One server for a whole test file: started before the first test, closed after the last,
 * and before each test emptied of recorded requests and reset to `defaultHandler`.
 */
export function useTestServer(defaultHandler: Handler = json(200, {})): TestServer {
  let current: TestServer | undefined;
  const live = (): TestServer => {
    if (!current) throw new Error('useTestServer: the server is only there while tests run');
    return current;
  };
  beforeAll(async () => {
    current = await startServer(defaultHandler);
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    live().requests.length = 0;
    live().setDefault(defaultHandler);
  });
  return {
    get origin() {
      return live().origin;
    },
    get requests() {
      return live().requests;
    },
    reply: (...handlers) => live().reply(...handlers),
    setDefault: (handler) => live().setDefault(handler),
    waitForRequests: (count) => live().waitForRequests(count),
    close: () => live().close(),
  };
}
