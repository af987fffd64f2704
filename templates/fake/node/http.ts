/// <reference types="node" />
/**
 * A fake on a port: a `node:http` server that hands each request to the same `answer` as
 * the Fetch handler (fetch-handler.ts: preflights, CORS, the body limit, JSON) and writes what
 * it gives, with the same reason phrases (reasons.ts) rather than Node's own. The only module
 * of the fakes' library that needs Node, in a folder of its own so that a package whose fake
 * runs without Node does not carry it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { written, type HttpResponse, type RequestHeaders } from '../exchange.js';
import { answer, type Arrival, type EdgeOptions, type ExchangeHandler } from '../fetch-handler.js';
import { REASON_PHRASES } from '../reasons.js';

export interface Listening {
  /** `http://host:port`, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface ListenOptions extends EdgeOptions {
  readonly port: number;
  readonly host: string;
}

export async function listen(handle: ExchangeHandler, options: ListenOptions): Promise<Listening> {
  const server = createServer((req, res) => {
    void serve(req, res, handle, options).catch(() => {
      // Only writing can fail here (`answer` turns every other failure into a 500).
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (fetch keeps them) would hold close() open.
        server.closeAllConnections();
      }),
  };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  handle: ExchangeHandler,
  options: ListenOptions,
): Promise<void> {
  let tooLarge = false;
  const arrival: Arrival = {
    method: (req.method ?? 'GET').toUpperCase(),
    target: req.url ?? '/',
    base: `http://${req.headers.host ?? `${options.host}:${options.port}`}`,
    headers: requestHeaders(req),
    readBody: async (limit) => {
      const body = await readBody(req, limit);
      tooLarge = body === undefined;
      return body;
    },
    discardBody: () => void req.resume(),
  };
  const response = await answer(arrival, handle, options);
  // The client may send more on this connection after a body it was told is too large.
  write(
    res,
    tooLarge ? { ...response, headers: { ...response.headers, connection: 'close' } } : response,
  );
}

/** Node's headers as `HttpRequest` has them: one text a name (only `set-cookie` comes as a list). */
function requestHeaders(req: IncomingMessage): RequestHeaders {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

/**
 * The whole body, or undefined when it is larger than the limit. It is read to its end either
 * way, so that the 413 reaches a client still sending rather than a reset connection.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? undefined : new Uint8Array(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

function write(res: ServerResponse, response: HttpResponse): void {
  const { status, headers, text } = written(response);
  const reason = REASON_PHRASES[status];
  if (reason === undefined) res.writeHead(status, headers);
  else res.writeHead(status, reason, headers);
  res.end(text);
}
