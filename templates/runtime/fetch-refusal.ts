/**
 * Failures that no retry can mend. fetch refuses some requests outright (a "bad port" of the
 * Fetch standard, an unknown scheme) with the same `TypeError` it uses for network errors;
 * sending them again only adds the backoff waits before the same error.
 */

/**
 * The Fetch standard's bad ports (https://fetch.spec.whatwg.org/#port-blocking): browsers,
 * Node and Deno refuse to connect to them, so a server listening there is out of reach.
 */
const BAD_PORTS = new Set(
  '1 7 9 11 13 15 17 19 20 21 22 23 25 37 42 43 53 69 77 79 87 95 101 102 103 104 109 110 111 113 115 117 119 123 135 137 139 143 161 179 389 427 465 512 513 514 515 526 530 531 532 540 548 554 556 563 587 601 636 989 990 993 995 1719 1720 1723 2049 3659 4045 4190 5060 5061 6000 6566 6665 6666 6667 6668 6669 6679 6697 10080'.split(
    ' ',
  ),
);

/** Why fetch will refuse every request to `url` (its port is a bad port), or undefined. */
export function refusedPort(url: URL): string | undefined {
  return BAD_PORTS.has(url.port)
    ? `port ${url.port} is one fetch refuses to connect to (a "bad port" of the Fetch standard); use another port, such as 8080`
    : undefined;
}

/** What undici (Node's fetch) says when it refuses a request before any connection. */
const REFUSALS =
  /^(bad port|blocked|local URLs only|unknown scheme|invalid method|URL scheme must be a HTTP\(S\) scheme)$/i;

/**
 * Why a failed fetch cannot succeed on a retry, or undefined when it might (refused or reset
 * connections, DNS, TLS and timeouts stay retried). Browsers say only "Failed to fetch"; a
 * TypeError for a URL on a bad port is the refusal there.
 */
export function permanentFailure(cause: unknown, url: string): string | undefined {
  const port = refusedPort(new URL(url));
  if (port !== undefined && cause instanceof TypeError) return port;
  let current: unknown = cause;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === 'ERR_INVALID_URL')
      return 'fetch cannot parse the URL';
    if (REFUSALS.test(current.message)) return 'fetch refuses this request before sending it';
    current = current.cause;
  }
  return undefined;
}
