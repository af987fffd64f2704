/**
 * The fake's HTTP edge without a server: a Fetch handler, `(request: Request) => Promise<Response>`,
 * for a page's fetch, a Service Worker (MSW), a Cloudflare Worker, Deno or Bun. Before the
 * fake's core sees a request it answers preflights, refuses bodies over the size limit (413)
 * and targets that are no URL (400); after, it writes the answer as JSON with the CORS headers
 * (cors.ts). The `node:http` adapter (http.ts) hands its requests to the same `answer`, so a
 * request gets the same answer however it arrived.
 */
import { corsHeaders, isPreflight } from './cors.js';
import {
  written,
  type HttpRequest,
  type HttpResponse,
  type RequestHeaders,
  type WrittenResponse,
} from './exchange.js';

/** What answers a request once it is read: the fake's core. */
export type ExchangeHandler = (request: HttpRequest) => Promise<HttpResponse>;

/** A request as it arrives, before its body is read: what a carrier (Fetch, `node:http`) hands in. */
export interface Arrival {
  /** Upper-case. */
  readonly method: string;
  /** An absolute URL, or a request target (`/api/v1/users/?page=2`) resolved against `base`. */
  readonly target: string;
  readonly base?: string;
  readonly headers: RequestHeaders;
  /** The whole body, or undefined when it is larger than `limit` bytes. */
  readBody(limit: number): Promise<Uint8Array | undefined>;
  /** Lets the body go unread: a preflight's is not wanted. */
  discardBody(): void;
}

/**
 * The answer to one request, errors included: a core that throws gets a 500 naming the
 * failure, so a bug in the fake shows up as a loud answer rather than a dropped request.
 */
export async function answer(
  arrival: Arrival,
  handle: ExchangeHandler,
  maxBodyBytes: number,
): Promise<HttpResponse> {
  const { method, headers } = arrival;
  // Answered before authentication and routing, with an empty 200, as django-cors-headers does.
  if (isPreflight(method, headers)) {
    arrival.discardBody();
    return { status: 200, headers: corsHeaders(headers, true) };
  }
  const cors = corsHeaders(headers, false);
  try {
    const body = await arrival.readBody(maxBodyBytes);
    if (body === undefined)
      return {
        status: 413,
        body: { detail: `Request body larger than ${maxBodyBytes} bytes.` },
        headers: cors,
      };
    let url: URL;
    try {
      url = new URL(arrival.target, arrival.base);
    } catch {
      return { status: 400, body: { detail: 'Malformed request target.' }, headers: cors };
    }
    const response = await handle({ method, url, headers, body });
    return { ...response, headers: { ...cors, ...response.headers } };
  } catch (error) {
    return {
      status: 500,
      body: {
        detail: `The fake server failed: ${error instanceof Error ? error.message : String(error)}`,
      },
      headers: cors,
    };
  }
}

export interface FetchHandlerOptions {
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes: number;
}

/** `handle` as a Fetch handler: a `Request` in, a `Response` out, nothing of Node's. */
export function fetchHandler(
  handle: ExchangeHandler,
  options: FetchHandlerOptions,
): (request: Request) => Promise<Response> {
  return async (request) =>
    toResponse(written(await answer(fetchArrival(request), handle, options.maxBodyBytes)));
}

function fetchArrival(request: Request): Arrival {
  const headers: Record<string, string> = {};
  // Names come lower-cased, and repeated headers joined, as `HttpRequest` wants them.
  request.headers.forEach((value, name) => (headers[name] = value));
  return {
    method: request.method.toUpperCase(),
    target: request.url,
    headers,
    readBody: (limit) => readRequestBody(request, limit),
    discardBody: () => void request.body?.cancel().catch(() => undefined),
  };
}

/**
 * The body up to `limit` bytes, read as a stream so that an endless one is cut off there. A
 * `Request` without streams (whatwg-fetch's, React Native's `fetch`) has no `body` property
 * at all, and is read as text: what its `init.body` was, a JSON string or a form.
 */
async function readRequestBody(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const stream = request.body as ReadableStream<Uint8Array> | null | undefined;
  if (stream === null) return new Uint8Array(0);
  if (stream === undefined) {
    const bytes = new TextEncoder().encode(await request.text());
    return bytes.byteLength > limit ? undefined : bytes;
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * The reason phrases `node:http` sends with the statuses the fake answers, so that a
 * `Response` from `handle` reads as one from the fake on a port (errors quote it).
 */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  424: 'Failed Dependency',
  500: 'Internal Server Error',
  501: 'Not Implemented',
};

/** Statuses whose `Response` may not have a body, not even an empty one. */
const NULL_BODY_STATUSES: readonly number[] = [101, 103, 204, 205, 304];

/**
 * The written answer as a `Response`. The body goes in as bytes, an empty one too, not as text
 * or null: whatwg-fetch's `Response` (React Native's `fetch`) reads text or nothing back as an
 * `ArrayBuffer`, which the client asks for, only where it has a `FileReader`, and bytes
 * everywhere. A platform `Response` (one with a body stream) refuses any body on a 204, so
 * that gets none.
 */
export function toResponse(response: WrittenResponse): Response {
  const { status, headers, text } = response;
  const platform = 'body' in Response.prototype;
  const body =
    platform && NULL_BODY_STATUSES.includes(status) ? null : new TextEncoder().encode(text ?? '');
  return new Response(body, { status, statusText: REASON_PHRASES[status] ?? '', headers });
}
