import type { ConnectClient } from '../../generated/src/index.js';

/**
 * Adds a card: the API makes a setup intent, and the payment provider attaches the card to it.
 * A real app hands the intent's client secret to the provider's UI (Stripe Elements), where the
 * user types the card.
 */
export async function addCard(client: ConnectClient, userId: string): Promise<void> {
  const intent = await client.users.paymentMethods.createSetupIntent(userId);
  await confirmCardSetup(intent.setup_intent_client_secret);
}

/**
 * The payment provider's part of adding a card. A real app hands the setup intent's client
 * secret to the provider's own SDK (Stripe's `confirmCardSetup`), where the user types the
 * card; against the fake, the fake's confirm route plays the provider, reached through the
 * app's backend like the API.
 */
export async function confirmCardSetup(clientSecret: string): Promise<void> {
  const answer = await fetch('/api/connect/_fake/setup-intents/confirm/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_secret: clientSecret }),
  });
  if (!answer.ok) throw new Error(`the card was not confirmed (${answer.status})`);
}
