/// <reference types="node" />
/**
 * The HTTP layer: a `node:http` server that reads each request whole (up to a size limit),
 * hands it to one async function, and writes the JSON answer with CORS headers, so that a
 * page in a browser can call the fake too. Preflight requests are answered here, before any
 * authentication, as browsers send them without credentials.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpRequest {
  readonly method: string;
  /** Absolute, with the host the client addressed, so links in answers lead back here. */
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  readonly body: Uint8Array;
}

export interface HttpResponse {
  readonly status: number;
  /** Written as JSON; absent for an empty response. */
  readonly body?: unknown;
  /** The body already written as JSON text; wins over `body`. */
  readonly bodyText?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Listening {
  /** `http://host:port`, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface ListenOptions {
  readonly port: number;
  readonly host: string;
  readonly maxBodyBytes: number;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'content-length, content-type, retry-after, www-authenticate',
};

export async function listen(
  handle: (request: HttpRequest) => Promise<HttpResponse>,
  options: ListenOptions,
): Promise<Listening> {
  const server = createServer((req, res) => {
    void serve(req, res, handle, options).catch((error: unknown) => {
      if (!res.headersSent)
        write(res, {
          status: 500,
          body: {
            detail: `The fake server failed: ${error instanceof Error ? error.message : String(error)}`,
          },
        });
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
  handle: (request: HttpRequest) => Promise<HttpResponse>,
  options: ListenOptions,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
    write(res, { status: 204, headers: preflightHeaders(req.headers) });
    req.resume();
    return;
  }
  const body = await readBody(req, options.maxBodyBytes);
  if (body === undefined) {
    write(res, {
      status: 413,
      body: { detail: `Request body larger than ${options.maxBodyBytes} bytes.` },
      headers: { connection: 'close' },
    });
    return;
  }
  const host = req.headers.host ?? `${options.host}:${options.port}`;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${host}`);
  } catch {
    write(res, { status: 400, body: { detail: 'Malformed request target.' } });
    return;
  }
  write(res, await handle({ method, url, headers: req.headers, body }));
}

function preflightHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return {
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    // `*` does not cover Authorization, so the requested headers are echoed.
    'access-control-allow-headers': String(
      headers['access-control-request-headers'] ?? 'authorization, content-type',
    ),
    'access-control-max-age': '600',
    vary: 'origin, access-control-request-headers',
  };
}

/** The whole body, or undefined when it is larger than the limit. */
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
  const text =
    response.bodyText ?? (response.body === undefined ? undefined : JSON.stringify(response.body));
  const headers: Record<string, string | number> = { ...CORS_HEADERS, ...response.headers };
  if (text !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(text);
  } else if (response.status !== 204 && response.status !== 304) {
    headers['content-length'] = 0;
  }
  res.writeHead(response.status, headers);
  res.end(text);
}
