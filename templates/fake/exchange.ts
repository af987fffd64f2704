/**
 * One request and its answer as the fake sees them, whatever carried the request: a
 * `node:http` server (http.ts) or a Fetch `Request` handed over in the same process
 * (fetch-handler.ts). Plain data without any runtime's types, so that the fake's core runs in
 * a browser, a Worker or React Native as well as in Node.
 */

/**
 * Request headers by lower-cased name; a header sent twice is one value joined with `, `, as
 * `Headers.get` gives it.
 */
export type RequestHeaders = Readonly<Record<string, string | undefined>>;

export interface HttpRequest {
  /** Upper-case. */
  readonly method: string;
  /** Absolute, with the host the client addressed, so links in answers lead back here. */
  readonly url: URL;
  readonly headers: RequestHeaders;
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

/** An answer as it goes on the wire: the body as text, with the headers that describe it. */
export interface WrittenResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Absent for an empty body. */
  readonly text?: string;
}

/** The answer with its JSON written out, and `Content-Type` and `Content-Length` to match. */
export function written(response: HttpResponse): WrittenResponse {
  const text =
    response.bodyText ?? (response.body === undefined ? undefined : JSON.stringify(response.body));
  const headers: Record<string, string> = { ...response.headers };
  if (text !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(new TextEncoder().encode(text).byteLength);
  } else if (response.status !== 204 && response.status !== 304) {
    headers['content-length'] = '0';
  }
  return { status: response.status, headers, ...(text === undefined ? {} : { text }) };
}
