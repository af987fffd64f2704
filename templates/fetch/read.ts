/**
 * Reading a response into `{ data, error, response }`, as openapi-fetch reads it, but never
 * more than `maxResponseBytes` of a body: a server that streams without end would otherwise
 * fill the memory of the app that called it.
 */
import { readBytes } from '../runtime/internal/read-bytes.js';
import type { MergedOptions } from './types.js';

/**
 * The package client's default limit (`DEFAULT_MAX_RESPONSE_BYTES` in core/options.ts, 16 MiB),
 * spelled out: importing that module would bring the client's options and hooks into the type
 * check of every `/fetch` user, who may compile without `strictNullChecks`, and moving the
 * constant costs the package client's bundle. test/fetch/response-size.test.ts holds the two equal.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * A response body passed `maxResponseBytes` (counted after decompression, as fetch hands the
 * bytes over), so the client stopped reading it and closed the stream. The message names the
 * limit and the status, not the URL: it may carry a secret.
 */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  constructor(
    readonly status: number,
    readonly maxResponseBytes: number,
  ) {
    super(`The ${status} response's body passed maxResponseBytes (${maxResponseBytes})`);
  }
}

/**
 * `maxResponseBytes` as given to `createClient` or a call (`where`), refused unless it is a
 * number of bytes (`Infinity` included): a `NaN` or a string would otherwise lift the bound.
 */
export function byteLimit(value: unknown, where: string): number {
  if (typeof value !== 'number' || !(value >= 0))
    throw new TypeError(
      `${where}: maxResponseBytes must be a number of bytes (0 or more, or Infinity), not ${typeof value === 'number' ? value : typeof value}`,
    );
  return value;
}

/** The whole body, or a `ResponseTooLargeError` once it passes `limit` bytes. */
async function bytesOf(response: Response, limit: number, signal: AbortSignal) {
  const bytes = await readBytes(response, limit, {}, signal);
  if (!bytes) throw new ResponseTooLargeError(response.status, limit);
  return bytes;
}

/**
 * `{ data, error, response }` from a response. No body to read (204, HEAD, an empty
 * Content-Length) gives undefined data or error. A success is read as `parseAs` says; JSON
 * may be empty, which gives undefined. An error body is JSON when it parses, else its text.
 * A stream is handed over unread, so it is not counted.
 */
export async function read(
  response: Response,
  request: Request,
  parseAs: MergedOptions['parseAs'],
  limit: number,
) {
  if (
    response.status === 204 ||
    request.method === 'HEAD' ||
    (response.headers.get('Content-Length') === '0' &&
      !response.headers.get('Transfer-Encoding')?.includes('chunked'))
  )
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  if (response.ok && parseAs === 'stream') return { data: response.body, response };
  // The bytes read, bounded, in a Response of their own: fetch's own readers then parse them.
  const body = new Response(await bytesOf(response, limit, request.signal), {
    headers: response.headers,
  });
  // A stream was handed over above (a narrowing lost without strictNullChecks, hence the cast).
  if (response.ok && parseAs !== 'json')
    return { data: await body[parseAs as 'text' | 'blob' | 'arrayBuffer'](), response };
  const text = await body.text();
  if (response.ok) return { data: text ? JSON.parse(text) : undefined, response };
  let error: unknown = text;
  try {
    error = JSON.parse(text);
  } catch {
    // Not JSON: the text is the error.
  }
  return { error, response };
}
