/**
 * `npm run demo`: starts the package's fake Connect API on a free port and uses the client
 * the way an app would: stations near a point, the clusters of a map tile, then a user who
 * stores billing details, adds a card and charges for a while. Exits when done.
 *
 * In an app, import from 'connect-api-client' and 'connect-api-client/testing'.
 */
import { ConnectClient, EvseStatus, tileForPoint, type Station } from '../generated/src/index.js';
import { startFakeConnectApi } from '../generated/src/connect/fake/index.js';

const ALEXANDERPLATZ = { latitude: 52.521918, longitude: 13.413215 };
const ZOOM = 12;

const api = await startFakeConnectApi({ seed: 1 });
const client = new ConnectClient({
  baseUrl: api.url,
  token: api.tokens[0],
  validateResponses: 'strict',
});

function describeStation(station: Station): string {
  const price = station.price_groups[0]?.prices.kwh_price?.['ALL']?.[0]?.user_facing_price ?? '?';
  const free = station.evses.filter((e) => e.status === EvseStatus.AVAILABLE).length;
  return `${station.name} · ${station.speed ?? '?'} · ${free}/${station.evses.length} free · ${price} ${station.price_groups[0]?.currency ?? ''}/kWh`;
}

function metersTo(station: Station): number {
  const rad = Math.PI / 180;
  const lat = Number(station.coordinates.latitude);
  const lon = Number(station.coordinates.longitude);
  const h =
    Math.sin(((lat - ALEXANDERPLATZ.latitude) * rad) / 2) ** 2 +
    Math.cos(lat * rad) *
      Math.cos(ALEXANDERPLATZ.latitude * rad) *
      Math.sin(((lon - ALEXANDERPLATZ.longitude) * rad) / 2) ** 2;
  return Math.round(2 * 6_371_008.8 * Math.asin(Math.sqrt(h)));
}

try {
  console.log(`Fake Connect API on ${api.url} with ${api.stationCount} stations\n`);

  const near = await client.stations.around({ ...ALEXANDERPLATZ, distance: 1000, page_size: 5 });
  console.log(`Stations within 1 km of Alexanderplatz: ${near.count}; the nearest five:`);
  for (const station of near.results)
    console.log(`  ${String(metersTo(station)).padStart(4)} m  ${describeStation(station)}`);

  const { x, y } = tileForPoint(ALEXANDERPLATZ.latitude, ALEXANDERPLATZ.longitude, ZOOM);
  const tile = await client.stations.tile({ x: [x], y: [y], z: ZOOM, only_available: true });
  const clusters = tile.features.filter((f) => f.cluster_id !== undefined);
  const stations = tile.features.reduce((sum, f) => sum + f.properties.count, 0);
  console.log(
    `\nMap tile ${ZOOM}/${x}/${y} (available stations only): ${stations} stations in ${tile.features.length} features, ${clusters.length} of them clusters`,
  );
  for (const cluster of [...clusters]
    .sort((a, b) => b.properties.count - a.properties.count)
    .slice(0, 3)) {
    const [lon, lat] = cluster.geometry.coordinates;
    console.log(
      `  ${String(cluster.properties.count).padStart(3)} stations around ${lat}, ${lon}, from ${cluster.price_properties?.price ?? '?'} EUR/kWh; they split at zoom ${cluster.properties.expansion_zoom}`,
    );
  }

  const user = await client.users.create({
    email: 'driver@example.com',
    custom_properties: { external_id: 'demo-1' },
  });
  console.log(`\nUser ${user.id} created (${user.email})`);
  const billing = await client.users.billingDetails.update(user.id, {
    line1: 'Torstraße 1',
    postal_code: '10119',
    city: 'Berlin',
    account_type: 'personal',
  });
  console.log(`Billing details: ${billing.line1}, ${billing.postal_code} ${billing.city}`);

  // The app hands the secret to the payment provider's SDK; the fake plays the provider here.
  const { setup_intent_client_secret: secret } =
    await client.users.paymentMethods.createSetupIntent(user.id);
  api.confirmSetupIntent(secret, { brand: 'visa', last4: '4242', cardholder_name: 'Demo Driver' });
  const [card] = (await client.users.paymentMethods.list(user.id)).results;
  console.log(
    `Card ${card!.card.brand} •••• ${card!.card.last4} added through a setup intent (default: ${card!.default})`,
  );

  const station = near.results.find((s) => s.evses.some((e) => e.status === EvseStatus.AVAILABLE))!;
  const evse = station.evses.find((e) => e.status === EvseStatus.AVAILABLE)!;
  const session = await client.users.charging.start(user.id, {
    evse_id: evse.evse_id,
    payment_method_id: card!.id,
  });
  console.log(`\nCharging at ${station.name}, EVSE ${evse.evse_id} (session ${session.id})`);

  api.advanceTime(40 * 60_000);
  const running = await client.users.chargingSessions.retrieve(user.id, session.id);
  console.log(
    `  40 minutes later: ${running.consumed_energy} kWh so far, ${running.session_cost.invoice_summary} ${running.session_cost.currency}`,
  );

  await client.users.charging.stop(user.id, session.id);
  const done = await client.users.chargingSessions.rate(user.id, session.id, { rates: 5 });
  console.log(
    `  stopped: ${done.duration} s, ${done.consumed_energy} kWh, ${done.session_cost.invoice_summary} ${done.session_cost.currency} (VAT ${done.session_cost.invoice_vat}), rated ${done.rates}/5`,
  );

  const invoices = await client.users.invoices.list(user.id);
  const debts = await client.users.debts.list(user.id);
  for (const invoice of invoices.results)
    console.log(
      `  invoice of ${invoice.date.slice(0, 10)}: ${invoice.total} ${invoice.currency} → ${invoice.link}`,
    );
  console.log(`  ${invoices.count} invoice(s), ${debts.count} unpaid debt(s)`);
} finally {
  await api.close();
}
