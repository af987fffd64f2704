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

/**
 * 408: the server gave up waiting for the request, so it did not act on it. 429: rate
 * limited; the same request passes once the window has moved on. 5xx: the server or a
 * gateway in front of it failed; the next attempt may not. 409 is not retried: a conflict
 * reports the resource's state (already started, already stopped), and repeating the
 * request cannot change it.
 */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || (status >= 500 && status <= 599);

/**
 * "Full jitter" backoff: uniform in [0, min(cap, 500 ms · 2^retry)). Spreading retries over
 * the whole window keeps many clients that failed together from returning together.
 * `retry` counts from 0 for the first retry; a random source outside [0, 1] is clamped.
 */
export const backoffDelay = (retry: number, maxDelayMs: number, random: () => number): number =>
  Math.floor(
    Math.min(Math.max(random(), 0), 1) *
      Math.min(maxDelayMs, BASE_RETRY_DELAY_MS * 2 ** Math.min(Math.max(0, retry), 30)),
  );

const DELTA_SECONDS = /^\s*(\d+(?:\.\d+)?)\s*$/;

/**
 * The three HTTP-date forms RFC 9110 §5.6.7 tells recipients to accept, as one pattern:
 * IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT` (groups 1-3), RFC 850
 * `Sunday, 06-Nov-94 08:49:37 GMT` (4-6) and asctime `Sun Nov  6 08:49:37 1994` (7, 8 and
 * the year in 12); the time is 9-11. Only asctime ends in a year instead of `GMT`.
 */
const HTTP_DATE =
  /^(?:[A-Za-z]{3}, (\d\d) ([A-Za-z]{3}) (\d{4})|[A-Za-z]{6,9}, (\d\d)-([A-Za-z]{3})-(\d\d)|[A-Za-z]{3} ([A-Za-z]{3}) ([ \d]\d)) (\d\d):(\d\d):(\d\d) (?:GMT|(\d{4}))$/;

const MONTHS = 'janfebmaraprmayjunjulaugsepoctnovdec';

/**
 * Parses an HTTP-date by hand: `Date.parse` also accepts strings like `"1"` (the year 2001)
 * and reads asctime dates in local time, both wrong here.
 */
export function parseHttpDate(value: string): number | undefined {
  const m = HTTP_DATE.exec(value.trim());
  if (!m) return undefined;
  // Each form's day, month and year (groups as HTTP_DATE numbers them), then the shared time.
  const [, imfD, imfM, imfY, rfcD, rfcM, rfcY, ascM, ascD, h, min, s, ascY] = m as unknown as (
    string | undefined
  )[];
  // The year closes the asctime form and only it.
  if (!ascM !== !ascY) return undefined;
  const month = MONTHS.indexOf((imfM ?? rfcM ?? ascM)!.toLowerCase());
  const day = +(imfD ?? rfcD ?? ascD)!;
  // RFC 850's two-digit year: 70-99 are the 1900s, the rest this century.
  const year = +(imfY ?? ascY ?? +rfcY! + (+rfcY! < 70 ? 2000 : 1900));
  return month % 3 || !(day >= 1 && day <= 31 && +h! < 24 && +min! < 60 && +s! <= 60)
    ? undefined
    : Date.UTC(year, month / 3, day, +h!, +min!, +s!);
}

/**
 * How long the server asked us to wait, in ms: `retry-after-ms` (sent by some gateways, more
 * precise) first, then `Retry-After` as delta-seconds or an HTTP-date. Undefined when absent
 * or unreadable; a date in the past means "now" (0).
 */
export function parseRetryAfter(headers: Headers, now: number): number | undefined {
  // An absent header is read as '', which neither form accepts.
  const ms = headers.get('retry-after-ms') ?? '';
  if (DELTA_SECONDS.test(ms)) return Math.ceil(+ms);
  const value = headers.get('retry-after') ?? '';
  if (DELTA_SECONDS.test(value)) return Math.ceil(+value * 1000);
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
  | { readonly retry: false; readonly reason: string; readonly retryAfterMs?: number | undefined };

export function decideRetry(q: RetryQuestion): RetryDecision {
  const no = (reason: string, retryAfterMs?: number): RetryDecision => ({
    retry: false,
    reason,
    retryAfterMs,
  });
  // Only the descriptor can say a request is safe to repeat; a POST that starts something
  // is not, and a second one after a lost response could start (and bill) it twice.
  if (!q.retrySafe) return no('the operation is not retry-safe');
  // fetch refusing the request (a bad port, say) refuses it again: waiting only delays the error.
  if (q.final !== undefined) return no(q.final);
  if (q.status !== undefined && !isRetryableStatus(q.status))
    return no(`status ${q.status} is final`);
  if (q.attempt > q.maxRetries) return no(`no retries left (maxRetries ${q.maxRetries})`);

  const after = q.headers && parseRetryAfter(q.headers, q.now);
  if (after! > RETRY_AFTER_CAP_MS)
    return no(
      `Retry-After asked for ${after} ms, over the client's ${RETRY_AFTER_CAP_MS} ms cap`,
      after,
    );
  const delayMs = after ?? backoffDelay(q.attempt - 1, q.maxRetryDelayMs, q.random);
  // A retry that could only start after the deadline would fail anyway; fail now instead.
  if (q.now + delayMs >= q.deadlineAt!) return no('waiting would pass the deadline', after);
  return { retry: true, delayMs, source: after === undefined ? 'backoff' : 'retry-after' };
}
