// A small consumer calling every operation once, for the type-check benchmark. The same
// calls are written for openapi-fetch and hey-api in bench/against/*-consumer.ts.
import { ConnectClient } from '../../generated/src/index.js';

export async function everyOperation(client: ConnectClient, userId: string): Promise<string[]> {
  const out: string[] = [];
  out.push(...(await client.stations.dataFiles()).map((f) => f.link));
  out.push(
    ...(
      await client.stations.around({ latitude: 52.52, longitude: 13.405, distance: 2000 })
    ).results.map((s) => s.name),
  );
  out.push(String((await client.stations.tile({ x: [8800], y: [5373], z: 14 })).features.length));
  out.push(...(await client.stations.partners()).map((p) => p.name));
  out.push((await client.stations.details({ id: 'DE*CNX*E00001*1', type: 'evse_id' })).address);
  out.push(
    (
      await client.users.create({
        email: 'driver@example.com',
        custom_properties: { external_id: 'crm-42' },
      })
    ).id,
  );
  out.push(...(await client.users.list({ search: 'crm-42' })).results.map((u) => u.id));
  out.push((await client.users.retrieve(userId)).id);
  out.push((await client.users.update(userId, { locale: 'de' })).id);
  await client.users.delete(userId);
  out.push((await client.users.billingDetails.retrieve(userId)).line1);
  out.push(
    (await client.users.billingDetails.update(userId, { line1: 'Main St 1', postal_code: '10115' }))
      .postal_code,
  );
  out.push(
    (await client.users.paymentMethods.createSetupIntent(userId, { pm_type: 'card' }))
      .setup_intent_client_secret,
  );
  out.push(...(await client.users.paymentMethods.list(userId)).results.map((m) => m.id));
  await client.users.paymentMethods.setDefault(userId, 'pm_1');
  await client.users.paymentMethods.delete(userId, 'pm_1');
  const session = await client.users.charging.start(userId, {
    evse_id: 'DE*CNX*E00001*1',
    payment_method_id: 'pm_1',
  });
  await client.users.charging.stop(userId, session.id);
  out.push(...(await client.users.chargingSessions.list(userId)).results.map((s) => s.id));
  out.push((await client.users.chargingSessions.retrieve(userId, session.id)).id);
  out.push((await client.users.chargingSessions.rate(userId, session.id, { rates: 5 })).id);
  out.push(...(await client.users.debts.list(userId)).results.map((d) => d.session_id));
  out.push(...(await client.users.invoices.list(userId)).results.map((i) => i.link));
  return out;
}
