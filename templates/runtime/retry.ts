/**
 * When to send a request again, and after how long. Pure functions of their inputs (clock
 * and randomness are passed in), so the rules can be tested as a table and with properties.
 */

/** The first backoff step; each further retry doubles it, up to `maxRetryDelayMs`. */
export const BASE_RETRY_DELAY_MS = 500;

/**
 * The longest Retry-After the client waits for on its own. A server asking for more is
 * better answered by the caller (who gets `retryAfterMs` on the error) than by a call that
 * hangs for minutes.
 */
export const RETRY_AFTER_CAP_MS = 60_000;

export function isRetryableStatus(status: number): boolean {
  // 408: the server gave up waiting for the request, so it did not act on it.
  if (status === 408) return true;
  // 429: rate limited; the same request passes once the window has moved on.
  if (status === 429) return true;
  // 409 is not retried: a conflict reports the resource's state (already started, already
  // stopped), and repeating the request cannot change it.
  // 5xx: the server or a gateway in front of it failed; the next attempt may not.
  return status >= 500 && status <= 599;
}

/**
 * "Full jitter" backoff: uniform in [0, min(cap, 500 ms · 2^retry)). Spreading retries over
 * the whole window keeps many clients that failed together from returning together.
 * `retry` counts from 0 for the first retry.
 */
export function backoffDelay(retry: number, maxDelayMs: number, random: () => number): number {
  const ceiling = Math.min(maxDelayMs, BASE_RETRY_DELAY_MS * 2 ** Math.min(Math.max(0, retry), 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

const DELTA_SECONDS = /^\s*(\d+(?:\.\d+)?)\s*$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// The three HTTP-date forms RFC 9110 §5.6.7 tells recipients to accept.
const IMF_FIXDATE = /^[A-Za-z]{3}, (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC_850 = /^[A-Za-z]{6,9}, (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^[A-Za-z]{3} ([A-Za-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * Parses an HTTP-date by hand: `Date.parse` also accepts strings like `"1"` (the year 2001)
 * and reads asctime dates in local time, both wrong here.
 */
export function parseHttpDate(value: string): number | undefined {
  const text = value.trim();
  let m = IMF_FIXDATE.exec(text);
  if (m) return utc(m[3]!, m[2]!, m[1]!, m[4]!, m[5]!, m[6]!);
  m = RFC_850.exec(text);
  if (m) {
    const yy = Number(m[3]);
    return utc(String(yy < 70 ? 2000 + yy : 1900 + yy), m[2]!, m[1]!, m[4]!, m[5]!, m[6]!);
  }
  m = ASCTIME.exec(text);
  if (m) return utc(m[6]!, m[1]!, m[2]!.trim(), m[3]!, m[4]!, m[5]!);
  return undefined;
}

function utc(
  year: string,
  month: string,
  day: string,
  hour: string,
  minute: string,
  second: string,
): number | undefined {
  const mon = MONTHS.indexOf(month.toLowerCase());
  const [d, h, min, s] = [Number(day), Number(hour), Number(minute), Number(second)];
  if (mon < 0 || d < 1 || d > 31 || h > 23 || min > 59 || s > 60) return undefined;
  return Date.UTC(Number(year), mon, d, h, min, s);
}

/**
 * How long the server asked us to wait, in ms: `retry-after-ms` (sent by some gateways, more
 * precise) first, then `Retry-After` as delta-seconds or an HTTP-date. Undefined when absent
 * or unreadable; a date in the past means "now" (0).
 */
export function parseRetryAfter(headers: Headers, now: number): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && DELTA_SECONDS.test(ms)) return Math.ceil(Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = DELTA_SECONDS.exec(value);
  if (seconds) return Math.ceil(Number(seconds[1]) * 1000);
  const date = parseHttpDate(value);
  return date === undefined ? undefined : Math.max(0, date - now);
}

export interface RetryQuestion {
  /** The descriptor's `retrySafe`: whether repeating the request cannot repeat its effect. */
  readonly retrySafe: boolean;
  /** The attempt that just failed, counting from 1. */
  readonly attempt: number;
  readonly maxRetries: number;
  /** The response status, or undefined when no response arrived (connection error, timeout). */
  readonly status?: number | undefined;
  readonly headers?: Headers | undefined;
  readonly now: number;
  /** When the whole call must be over, if it has a deadline. */
  readonly deadlineAt?: number | undefined;
  readonly maxRetryDelayMs: number;
  readonly random: () => number;
  /** Why the failure cannot change on a retry (fetch refused the request itself), if so. */
  readonly final?: string | undefined;
}

export type RetryDecision =
  | { readonly retry: true; readonly delayMs: number; readonly source: 'retry-after' | 'backoff' }
  | { readonly retry: false; readonly reason: string; readonly retryAfterMs?: number };

export function decideRetry(q: RetryQuestion): RetryDecision {
  // Only the descriptor can say a request is safe to repeat; a POST that starts something
  // is not, and a second one after a lost response could start (and bill) it twice.
  if (!q.retrySafe) return { retry: false, reason: 'the operation is not retry-safe' };
  // fetch refusing the request (a bad port, say) refuses it again: waiting only delays the error.
  if (q.final !== undefined) return { retry: false, reason: q.final };
  if (q.status !== undefined && !isRetryableStatus(q.status))
    return { retry: false, reason: `status ${q.status} is final` };
  if (q.attempt > q.maxRetries)
    return { retry: false, reason: `no retries left (maxRetries ${q.maxRetries})` };

  const retryAfter = q.headers ? parseRetryAfter(q.headers, q.now) : undefined;
  if (retryAfter !== undefined && retryAfter > RETRY_AFTER_CAP_MS) {
    return {
      retry: false,
      reason: `the server asked to wait ${retryAfter} ms, more than the ${RETRY_AFTER_CAP_MS} ms the client waits on its own`,
      retryAfterMs: retryAfter,
    };
  }
  const delayMs = retryAfter ?? backoffDelay(q.attempt - 1, q.maxRetryDelayMs, q.random);
  // A retry that could only start after the deadline would fail anyway; fail now instead.
  if (q.deadlineAt !== undefined && q.now + delayMs >= q.deadlineAt) {
    return {
      retry: false,
      reason: 'waiting would pass the deadline',
      ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}),
    };
  }
  return { retry: true, delayMs, source: retryAfter !== undefined ? 'retry-after' : 'backoff' };
}
