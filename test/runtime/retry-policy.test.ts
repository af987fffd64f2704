/** The retry rule as a table, and properties of backoff and Retry-After parsing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  decideRetry,
  isRetryableStatus,
  parseHttpDate,
  parseRetryAfter,
  RETRY_AFTER_CAP_MS,
  type RetryQuestion,
} from '../../templates/runtime/core/retry.js';

const headers = (init: Record<string, string>) => new Headers(init);
const ask = (q: Partial<RetryQuestion>) =>
  decideRetry({
    retrySafe: true,
    attempt: 1,
    maxRetries: 2,
    now: 0,
    maxRetryDelayMs: 8000,
    random: () => 0.5,
    ...q,
  });

describe('decideRetry', () => {
  it.each([
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [599, true],
    [400, false],
    [401, false],
    [404, false],
    [409, false],
    [423, false],
    [424, false],
    [600, false],
  ])('status %i retryable: %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
    expect(ask({ status }).retry).toBe(expected);
  });

  it('never retries an operation that is not retry-safe, whatever happened', () => {
    for (const status of [undefined, 408, 429, 500, 503])
      expect(ask({ retrySafe: false, ...(status ? { status } : {}) })).toMatchObject({
        retry: false,
        reason: 'the operation is not retry-safe',
      });
  });

  it('retries transport failures until the retries are used up', () => {
    expect(ask({ attempt: 1 }).retry).toBe(true);
    expect(ask({ attempt: 2 }).retry).toBe(true);
    expect(ask({ attempt: 3 })).toMatchObject({
      retry: false,
      reason: expect.stringContaining('no retries left'),
    });
    expect(ask({ maxRetries: 0 }).retry).toBe(false);
  });

  it('uses Retry-After up to the cap, and gives up (reporting it) beyond', () => {
    expect(ask({ status: 429, headers: headers({ 'retry-after': '60' }) })).toEqual({
      retry: true,
      delayMs: 60_000,
      source: 'retry-after',
    });
    expect(ask({ status: 429, headers: headers({ 'retry-after': '61' }) })).toMatchObject({
      retry: false,
      retryAfterMs: 61_000,
    });
  });

  it('does not start a wait that would pass the deadline', () => {
    expect(
      ask({ status: 503, headers: headers({ 'retry-after': '2' }), now: 1000, deadlineAt: 3000 }),
    ).toMatchObject({ retry: false, reason: 'waiting would pass the deadline' });
    expect(
      ask({ status: 503, headers: headers({ 'retry-after': '2' }), now: 1000, deadlineAt: 3001 })
        .retry,
    ).toBe(true);
  });
});

describe('backoffDelay', () => {
  it('stays within [0, min(cap, 500·2^n)) and is an integer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, cap, r) => {
          const delay = backoffDelay(retry, cap, () => r);
          const ceiling = Math.min(cap, 500 * 2 ** retry);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(ceiling);
          if (ceiling > 0) expect(delay).toBeLessThan(ceiling);
        },
      ),
    );
  });

  it('grows with the retry number for the same random draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, r) => {
          expect(backoffDelay(retry + 1, 1e9, () => r)).toBeGreaterThanOrEqual(
            backoffDelay(retry, 1e9, () => r),
          );
        },
      ),
    );
  });

  it('survives a broken random source', () => {
    expect(backoffDelay(0, 8000, () => 7)).toBeLessThanOrEqual(500);
    expect(backoffDelay(0, 8000, () => -1)).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (seconds) => {
        expect(parseRetryAfter(headers({ 'retry-after': String(seconds) }), 0)).toBe(
          seconds * 1000,
        );
      }),
    );
    expect(parseRetryAfter(headers({ 'retry-after': ' 1.5 ' }), 0)).toBe(1500);
  });

  it('reads an HTTP-date relative to now, a past date meaning now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 253_402_300_799 }),
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
        (seconds, offset) => {
          const date = seconds * 1000;
          const now = date + offset;
          expect(
            parseRetryAfter(headers({ 'retry-after': new Date(date).toUTCString() }), now),
          ).toBe(Math.max(0, date - now));
        },
      ),
    );
  });

  it('reads the obsolete date forms RFC 9110 requires recipients to accept', () => {
    const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(expected);
  });

  it('pairs each date form with its own ending: GMT for the two modern ones, the year for asctime', () => {
    for (const value of [
      'Sun, 06 Nov 1994 08:49:37 1994',
      'Sunday, 06-Nov-94 08:49:37 1994',
      'Sun Nov  6 08:49:37 GMT',
      'Sun, 06 Nox 1994 08:49:37 GMT',
      'Sun, 06 Anf 1994 08:49:37 GMT',
      'Sun, 32 Nov 1994 08:49:37 GMT',
      'Sun, 06 Nov 1994 24:00:00 GMT',
    ])
      expect(parseHttpDate(value)).toBeUndefined();
    expect(parseHttpDate('Sat, 06-Nov-04 08:49:37 GMT'.replace('Sat', 'Saturday'))).toBe(
      Date.UTC(2004, 10, 6, 8, 49, 37),
    );
  });

  it('prefers retry-after-ms', () => {
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '10' }), 0)).toBe(250);
  });

  it('returns undefined or a finite, non-negative delay for any header text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary-ascii' }),
        fc.string({ unit: 'binary-ascii' }),
        (a, b) => {
          let h: Headers;
          try {
            h = headers({ 'retry-after': a, 'retry-after-ms': b });
          } catch {
            return; // not a valid header value at all
          }
          const ms = parseRetryAfter(h, Date.now());
          if (ms !== undefined) {
            expect(Number.isFinite(ms)).toBe(true);
            expect(ms).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('rejects what Date.parse would wrongly accept', () => {
    for (const value of [
      '1 day',
      '2001-01-01',
      'Tomorrow',
      'Sun, 06 Nov 1994 08:49:37',
      '-5',
      '5s',
    ])
      expect(parseRetryAfter(headers({ 'retry-after': value }), 0)).toBeUndefined();
  });

  it('has a 60 s cap', () => {
    expect(RETRY_AFTER_CAP_MS).toBe(60_000);
  });
});
