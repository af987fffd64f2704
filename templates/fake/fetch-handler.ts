/**
 * A fake's HTTP edge without a server: a Fetch handler, `(request: Request) => Promise<Response>`,
 * for a page's fetch, a Service Worker (MSW), a Cloudflare Worker, Deno or Bun. Before the
 * fake's core sees a request it answers preflights (when given CORS rules), refuses bodies over
 * the size limit (413) and targets that are no URL (400); after, it writes the answer as JSON
 * with the CORS headers and the status's reason phrase (reasons.ts). The `node:http` adapter
 * (node/http.ts) hands its requests to the same `answer`, so a request gets the same answer
 * however it arrived. CORS is an option because it is the API's own: a layer's fake brings the
 * rules its service answers with.
 */
import { readBounded } from './bounded-body.js';
import { REASON_PHRASES } from './reasons.js';
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

/** How a fake answers browsers' cross-origin requests, as the service it stands for does. */
export interface CorsRules {
  /** Whether the request is a browser's preflight, answered before the core sees it. */
  isPreflight(method: string, headers: RequestHeaders): boolean;
  /** The CORS headers of an answer to a request with these headers. */
  headers(headers: RequestHeaders, preflight: boolean): Record<string, string>;
}

/** What the edge is set up with, whatever carries the requests. */
export interface EdgeOptions {
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes: number;
  /** CORS as the service answers it; without it, no preflight is answered and no header added. */
  readonly cors?: CorsRules;
}

/**
 * The answer to one request, errors included: a core that throws gets a 500 naming the
 * failure, so a bug in the fake shows up as a loud answer rather than a dropped request.
 */
export async function answer(
  arrival: Arrival,
  handle: ExchangeHandler,
  options: EdgeOptions,
): Promise<HttpResponse> {
  const { method, headers } = arrival;
  const { maxBodyBytes, cors: rules } = options;
  // Answered before authentication and routing, with an empty 200, as CORS middleware does.
  if (rules?.isPreflight(method, headers)) {
    arrival.discardBody();
    return { status: 200, headers: rules.headers(headers, true) };
  }
  const cors = rules?.headers(headers, false) ?? {};
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

/** `handle` as a Fetch handler: a `Request` in, a `Response` out, nothing of Node's. */
export function fetchHandler(
  handle: ExchangeHandler,
  options: EdgeOptions,
): (request: Request) => Promise<Response> {
  return async (request) =>
    toResponse(written(await answer(fetchArrival(request), handle, options)));
}

function fetchArrival(request: Request): Arrival {
  const headers: Record<string, string> = {};
  // Names come lower-cased, and repeated headers joined, as `HttpRequest` wants them.
  request.headers.forEach((value, name) => (headers[name] = value));
  return {
    method: request.method.toUpperCase(),
    target: request.url,
    headers,
    readBody: (limit) => readBounded(request, limit),
    discardBody: () => void request.body?.cancel().catch(() => undefined),
  };
}

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
