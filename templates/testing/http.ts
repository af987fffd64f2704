/// <reference types="node" />
/**
 * The HTTP layer: a `node:http` server that reads each request whole (up to a size limit),
 * hands it to one async function, and writes the JSON answer with CORS headers, so that a
 * page in a browser can call the fake too. Preflight requests are answered here, before any
 * authentication, as browsers send them without credentials.
 *
 * CORS is answered as django-cors-headers answers it with its defaults and every origin
 * allowed (`CORS_ALLOW_ALL_ORIGINS`), since the API runs on Django: a preflight allows a
 * fixed list of request headers whatever the browser asks for, so a client that sends a
 * header outside that list (a custom `x-…-client`, say) is blocked by a browser here as it
 * would be by the API, and a browser test catches it.
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

/** django-cors-headers' `CORS_ALLOW_HEADERS` default: the request headers a preflight allows. */
export const CORS_ALLOW_HEADERS: readonly string[] = [
  'accept',
  'authorization',
  'content-type',
  'user-agent',
  'x-csrftoken',
  'x-requested-with',
];

/** django-cors-headers' `CORS_ALLOW_METHODS` default. */
export const CORS_ALLOW_METHODS: readonly string[] = [
  'DELETE',
  'GET',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
];

/**
 * The CORS headers of an answer, as django-cors-headers writes them: `Vary: origin` always;
 * the rest only for a request that names its origin. No `Access-Control-Expose-Headers`, its
 * default: a page reads only the headers every response shows (`Content-Type`, …), not
 * `Retry-After`. A preflight also gets the allowed headers, the methods and how long a
 * browser may keep the answer (`CORS_PREFLIGHT_MAX_AGE`, a day).
 */
function corsHeaders(headers: IncomingHttpHeaders, preflight: boolean): Record<string, string> {
  if (headers.origin === undefined) return { vary: 'origin' };
  return {
    vary: 'origin',
    'access-control-allow-origin': '*',
    ...(preflight && {
      'access-control-allow-headers': CORS_ALLOW_HEADERS.join(', '),
      'access-control-allow-methods': CORS_ALLOW_METHODS.join(', '),
      'access-control-max-age': '86400',
    }),
  };
}

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
          headers: corsHeaders(req.headers, false),
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
  // Answered before authentication and routing, with an empty 200, as django-cors-headers does.
  if (method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
    write(res, { status: 200, headers: corsHeaders(req.headers, true) });
    req.resume();
    return;
  }
  const cors = corsHeaders(req.headers, false);
  const body = await readBody(req, options.maxBodyBytes);
  if (body === undefined) {
    write(res, {
      status: 413,
      body: { detail: `Request body larger than ${options.maxBodyBytes} bytes.` },
      headers: { ...cors, connection: 'close' },
    });
    return;
  }
  const host = req.headers.host ?? `${options.host}:${options.port}`;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${host}`);
  } catch {
    write(res, { status: 400, body: { detail: 'Malformed request target.' }, headers: cors });
    return;
  }
  const response = await handle({ method, url, headers: req.headers, body });
  write(res, { ...response, headers: { ...cors, ...response.headers } });
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
  const headers: Record<string, string | number> = { ...response.headers };
  if (text !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(text);
  } else if (response.status !== 204 && response.status !== 304) {
    headers['content-length'] = 0;
  }
  res.writeHead(response.status, headers);
  res.end(text);
}
