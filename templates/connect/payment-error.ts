/**
 * The one error field the Connect API sends that other APIs do not: the client secret of a
 * payment intent, in a 402 whose payment the end user must confirm with the payment provider.
 * The runtime's `ApiError` lifts only what every API's errors have (`detail`, `error.type`,
 * `error.details`), so this field stays in `error.body` and the Connect layer reads it there.
 */

/**
 * `value[key]` when `value` is an object that holds `key` itself: a body's keys are data
 * the server sent, so nothing is read through a prototype (as the runtime reads `detail`).
 */
const ownMember = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

/**
 * `error.body.error.payment_intent_client_secret`: what the end user confirms the payment
 * with in the payment provider's SDK when `users.charging.start` answers 402. Undefined for
 * any other error or value, and when the field is missing or not a string. Printing the
 * error still hides it (`secret` keys are redacted).
 *
 * @example
 * try {
 *   await client.users.charging.start(userId, { evse_id, payment_method_id });
 * } catch (error) {
 *   const secret = error instanceof PaymentRequiredError ? paymentIntentClientSecretOf(error) : undefined;
 *   if (secret === undefined) throw error;
 *   // confirm the payment with the payment provider's SDK, then start again
 * }
 */
export function paymentIntentClientSecretOf(error: unknown): string | undefined {
  const secret = ownMember(
    ownMember(ownMember(error, 'body'), 'error'),
    'payment_intent_client_secret',
  );
  return typeof secret === 'string' ? secret : undefined;
}
