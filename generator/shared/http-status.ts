/**
 * The standard reason phrases of the 4xx statuses (RFC 9110 and the registrations it
 * points to), which name the error classes generated for statuses a spec declares beyond
 * the runtime's own: 402 Payment Required becomes `PaymentRequiredError`. They come from the
 * one table the fakes send as status text (templates/fake/reasons.ts, plain data the bundle
 * inlines), so a generated class and a fake's answer never name a status differently.
 */
import { REASON_PHRASES } from '../../templates/fake/reasons.js';

export const CLIENT_ERROR_REASONS: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(REASON_PHRASES).filter(
    ([status]) => Number(status) >= 400 && Number(status) < 500,
  ),
);

/** `Payment Required` → `PaymentRequiredError`. */
export function reasonClassName(status: number): string | undefined {
  const reason = CLIENT_ERROR_REASONS[status];
  return reason === undefined
    ? undefined
    : `${reason
        .split(/[^A-Za-z0-9]+/)
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join('')}Error`;
}
