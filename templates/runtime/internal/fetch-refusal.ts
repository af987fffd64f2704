/**
 * Failures that no retry can mend. fetch refuses some requests outright (a "bad port" of the
 * Fetch standard, an unknown scheme) with the same `TypeError` it uses for network errors,
 * and it fails the same way on answers it cannot take (headers too large, a response that
 * is not HTTP, a body its content-encoding does not decode); sending them again only adds
 * the backoff waits before the same error.
 */

/**
 * The Fetch standard's bad ports (https://fetch.spec.whatwg.org/#port-blocking): browsers,
 * Node and Deno refuse to connect to them, so a server listening there is out of reach.
 * Written in base 36 to keep the bundle small (`1x` is 69, `7s0` is 10080); the test of this
 * module holds the list in decimal.
 */
const BAD_PORTS =
  ' 1 7 9 b d f h j k l m n p 11 16 17 1h 1x 25 27 2f 2n 2t 2u 2v 2w 31 32 33 35 37 39 3b 3f 3r 3t 3v 3z 4h 4z at bv cx e8 e9 ea eb em eq er es f0 f8 fe fg fn gb gp ho rh ri rl rn 1br 1bs 1bv 1kx 2tn 34d 38e 3wk 3wl 4mo 52e 555 556 557 558 559 55j 561 7s0 ';

/** Why fetch will refuse every request to `url` (its port is a bad port), or undefined. */
export function refusedPort(url: URL): string | undefined {
  // A URL's port is '' for the scheme's default or a number without leading zeros.
  return url.port !== '' && BAD_PORTS.includes(` ${Number(url.port).toString(36)} `)
    ? `port ${url.port} is a "bad port" fetch refuses to connect to; use another, such as 8080`
    : undefined;
}

/** What undici (Node's fetch) says when it refuses a request before any connection. */
const REFUSALS =
  /^(bad port|blocked|local URLs only|unknown scheme|invalid method|URL scheme must be a HTTP\(S\) scheme)$/i;

/**
 * undici's codes (Node's fetch) for answers a server sends the same way each time: headers
 * too large (`UND_ERR_HEADERS_OVERFLOW`), a response that is not HTTP (llhttp's `HPE_…`), a
 * body its content-encoding does not decode (zlib's `Z_…`, brotli's `ERR__ERROR_…`). A reset
 * or refused connection, DNS, TLS and timeouts are not among them: they may pass.
 */
const UNTAKEABLE = /^(UND_ERR_HEADERS_OVERFLOW|HPE_|Z_|ERR__ERROR_)/;

/**
 * Why a failed fetch cannot succeed on a retry, or undefined when it might (refused or reset
 * connections, DNS, TLS and timeouts stay retried). Browsers say only "Failed to fetch"; a
 * TypeError for a URL on a bad port is the refusal there.
 */
export function permanentFailure(cause: unknown, url: string): string | undefined {
  // Only a TypeError can be fetch's refusal: the URL is parsed for no other failure.
  const port = cause instanceof TypeError ? refusedPort(new URL(url)) : undefined;
  if (port !== undefined) return port;
  let current: unknown = cause;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ERR_INVALID_URL') return 'fetch cannot parse the URL';
    // The cause's own description, in the message before this, names the code.
    if (UNTAKEABLE.test(code as string)) return 'fetch cannot take this response';
    if (REFUSALS.test(current.message)) return 'fetch refuses this request before sending it';
    current = current.cause;
  }
  return undefined;
}
