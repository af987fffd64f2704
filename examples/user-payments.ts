/**
 * The user and payment flow of a charging app: create a user, store billing details, add a
 * card through a setup intent, charge at a free EVSE, stop, rate the session and read the
 * invoices. Against the fake server the card is confirmed by the fake (standing in for the
 * payment provider) and, in process, its clock is moved on so the session costs something.
 *
 *   npx tsx examples/user-payments.ts
 */
import { AccountType, ConflictError, EvseStatus } from '../generated/src/index.js';
import { connect } from './connect.js';

const { client, confirmSetupIntent, advanceClock, close } = await connect();
try {
  const user = await client.users.create({
    email: 'driver@example.com',
    custom_properties: { external_id: `crm-${Date.now()}` },
  });
  console.log(`user ${user.id} created`);
  await client.users.billingDetails.update(user.id, {
    line1: 'Torstraße 1',
    postal_code: '10119',
    city: 'Berlin',
    country: 'DE',
    account_type: AccountType.personal,
  });

  // The app hands this secret to the payment provider's SDK, where the user enters a card.
  const { setup_intent_client_secret: secret } =
    await client.users.paymentMethods.createSetupIntent(user.id);
  if (!(await confirmSetupIntent(secret))) {
    console.log(
      'confirm the setup intent with your payment provider, then run the rest of the flow',
    );
    process.exit(0);
  }
  const [card] = (await client.users.paymentMethods.list(user.id)).results;
  if (!card) throw new Error('the confirmed card did not appear');
  await client.users.paymentMethods.setDefault(user.id, card.id);
  console.log(`card ${card.card.brand} •••• ${card.card.last4} is the default`);

  const station = (
    await client.stations.around({
      latitude: 52.52,
      longitude: 13.405,
      distance: 500,
      only_available: true,
    })
  ).results[0];
  const evse = station?.evses.find((e) => e.status === EvseStatus.AVAILABLE);
  if (!station || !evse) throw new Error('no free EVSE near the centre');
  const session = await client.users.charging.start(user.id, {
    evse_id: evse.evse_id,
    payment_method_id: card.id,
  });
  console.log(`charging at ${station.name} (${evse.evse_id}), session ${session.id}`);

  try {
    // Starting is never retried by the client; a second start is the caller's decision, and the API refuses it.
    await client.users.charging.start(user.id, {
      evse_id: evse.evse_id,
      payment_method_id: card.id,
    });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    console.log(`second start refused: ${error.errorType}`);
  }

  advanceClock(25 * 60_000);
  await client.users.charging.stop(user.id, session.id);
  await client.users.chargingSessions.rate(user.id, session.id, { rates: 5 });
  const done = await client.users.chargingSessions.retrieve(user.id, session.id);
  console.log(
    `stopped after ${done.duration ?? '?'} s, ${done.consumed_energy ?? '?'} kWh, rated ${done.rates ?? '-'}`,
  );

  const invoices = await client.users.invoices.list(user.id);
  for (const invoice of invoices.results)
    console.log(`invoice ${invoice.date.slice(0, 10)}: ${invoice.total} ${invoice.currency}`);
  const debts = await client.users.debts.list(user.id);
  console.log(`${invoices.count} invoice(s), ${debts.count} open debt(s)`);
} finally {
  await close();
}
