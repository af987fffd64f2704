/**
 * The Connect layer's own error field: a 402's payment intent client secret, read from the
 * error's body (the runtime's `ApiError` no longer lifts it, so other clients never carry it).
 */
import { describe, expect, it } from 'vitest';
import { paymentIntentClientSecretOf } from '../../templates/connect/index.js';
import { ApiError } from '../../templates/runtime/index.js';

const context = { operationId: 'usersChargingStart', method: 'POST', url: 'https://x.test/' };
const errorWith = (body: unknown) => new ApiError({ context, status: 402, headers: {}, body });

describe('paymentIntentClientSecretOf', () => {
  it('reads body.error.payment_intent_client_secret of an API error, which printing still hides', () => {
    const error = errorWith({
      detail: 'Payment needs confirmation',
      error: { type: 'payment_error', payment_intent_client_secret: 'pi_123_secret_456' },
    });
    expect(paymentIntentClientSecretOf(error)).toBe('pi_123_secret_456');
    expect('paymentIntentClientSecret' in error).toBe(false);
    expect(JSON.stringify(error)).not.toContain('pi_123_secret_456');
    expect(error.message).not.toContain('pi_123_secret_456');
  });

  it('is undefined for a body without the field, a field that is not a string, and values that are not errors', () => {
    for (const body of [
      undefined,
      { detail: 'no' },
      { error: null },
      { error: 'payment_error' },
      { error: { payment_intent_client_secret: 42 } },
      { error: { payment_intent_client_secret: ['pi_1'] } },
    ])
      expect(paymentIntentClientSecretOf(errorWith(body)), JSON.stringify(body)).toBeUndefined();
    for (const value of [undefined, null, 'pi_1', 402, new Error('x')])
      expect(paymentIntentClientSecretOf(value)).toBeUndefined();
  });

  it('reads only what the body holds itself, never through a prototype', () => {
    const inherited = Object.create({ payment_intent_client_secret: 'pi_inherited' }) as object;
    expect(paymentIntentClientSecretOf(errorWith({ error: inherited }))).toBeUndefined();
    const body = JSON.parse('{"__proto__": {"error": {"payment_intent_client_secret": "pi_x"}}}');
    expect(paymentIntentClientSecretOf(errorWith(body))).toBeUndefined();
    expect(
      paymentIntentClientSecretOf({ body: { error: { payment_intent_client_secret: 'pi_2' } } }),
    ).toBe('pi_2');
  });
});
