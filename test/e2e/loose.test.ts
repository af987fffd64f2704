/**
 * The flows of an app against the fake in both of its answer modes, in strict validation:
 * `faithful` (as its model says) and `loosest` (optional members left out, nullable ones
 * null, unknown properties and enum values, plain strings where only a string is promised).
 * The flows rely only on what the contract promises, so they pass in both; a guard that
 * refused a response the contract allows would make every call of the loose run throw.
 */
import { describe, expect, it } from 'vitest';
import {
  FailedDependencyError,
  isEvseStatus,
  tileForPoint,
  type Station,
} from '../../generated/src/index.js';
import { apiError, BERLIN, useFakeApi } from './harness.js';

describe.each(['faithful', 'loosest'] as const)('the flows of an app, %s answers', (responses) => {
  const fake = useFakeApi({ seed: 7, responses });
  const loose = responses === 'loosest';

  it('finds stations, pages through them, reads tiles, partners, data files and details', async () => {
    const { client } = fake;
    const page = await client.stations.around({ ...BERLIN, distance: 2000, page_size: 5 });
    expect(page.results).toHaveLength(5);
    expect(page.count).toBeGreaterThan(5);
    // Loose answers say there is no next page (`next` is nullable): the iteration stops at the first.
    const seen: string[] = [];
    for await (const station of client.stations.around({ ...BERLIN, distance: 2000, page_size: 5 }))
      seen.push(station.evses[0]!.evse_id);
    expect(seen.length).toBe(loose ? 5 : page.count);
    const station = page.results[0]!;
    // Unknown properties and enum values arrive as they are, and the types allow for them.
    expect(Object.hasOwn(station, 'x_added_later')).toBe(loose);
    expect(isEvseStatus(station.evses[0]!.status)).toBe(!loose);
    expect(station.id === null).toBe(loose);

    const byEvse = await client.stations.details({
      id: station.evses[0]!.evse_id,
      type: 'evse_id',
    });
    expect(byEvse.evses.map((e) => e.evse_id)).toEqual(station.evses.map((e) => e.evse_id));
    expect(byEvse.price_groups.every((g) => typeof g.power === 'number')).toBe(true);

    const { x, y } = tileForPoint(BERLIN.latitude, BERLIN.longitude, 16);
    const tile = await client.stations.tile({ x: [x - 1, x, x + 1], y: [y - 1, y, y + 1], z: 16 });
    expect(tile.features.length).toBeGreaterThan(0);
    for (const feature of tile.features) expect(feature.geometry.coordinates).toHaveLength(2);
    expect((await client.stations.partners()).length).toBe(5);
    expect((await client.stations.dataFiles()).length).toBe(2);
  });

  it('user → billing → card → start → stop → sessions → rate → debts → invoices → delete', async () => {
    const { client, api } = fake;
    const user = await client.users.create({
      email: 'loose@example.com',
      locale: 'de',
      custom_properties: { external_id: `loose-${responses}` },
    });
    expect((await client.users.retrieve(user.id)).id).toBe(user.id);
    await client.users.update(user.id, { locale: 'en' });
    expect(
      (await client.users.list({ search: `loose-${responses}` })).results.map((u) => u.id),
    ).toEqual([user.id]);
    await client.users.billingDetails.update(user.id, {
      line1: 'Invalidenstraße 1',
      postal_code: '10115',
    });
    expect((await client.users.billingDetails.retrieve(user.id)).postal_code).toBe('10115');

    const { setup_intent_client_secret: secret } =
      await client.users.paymentMethods.createSetupIntent(user.id);
    const card = api.confirmSetupIntent(secret);
    const methods = await client.users.paymentMethods.list(user.id);
    expect(methods.results.map((m) => m.id)).toEqual([card.id]);
    await client.users.paymentMethods.setDefault(user.id, card.id);

    // Statuses may be values this client does not know: try the EVSEs of available stations in turn.
    const around = await client.stations.around({
      ...BERLIN,
      distance: 3000,
      only_available: true,
      page_size: 20,
    });
    const session = await startAnywhere(around.results, (evseId) =>
      client.users.charging.start(user.id, { evse_id: evseId, payment_method_id: card.id }),
    );
    expect(session.is_active).toBe(true);

    api.advanceTime(20 * 60_000);
    expect((await client.users.chargingSessions.retrieve(user.id, session.id)).is_active).toBe(
      true,
    );
    await client.users.charging.stop(user.id, session.id);
    const stopped = await client.users.chargingSessions.retrieve(user.id, session.id);
    expect(stopped.is_active).toBe(false);
    expect(stopped.end_time === null).toBe(loose);
    expect((await client.users.chargingSessions.list(user.id)).results.map((s) => s.id)).toEqual([
      session.id,
    ]);
    const rated = await client.users.chargingSessions.rate(user.id, session.id, { rates: 4 });
    // `rates` is optional in a session: the loose answer leaves it out.
    expect(rated.rates).toBe(loose ? undefined : 4);

    expect((await client.users.debts.list(user.id)).count).toBe(0);
    const invoices = await client.users.invoices.list(user.id);
    // `charging_session_id` is optional: the loose answer leaves it out.
    expect(invoices.results.map((i) => i.charging_session_id)).toEqual([
      loose ? undefined : session.id,
    ]);
    expect(invoices.results[0]!.total).toBeTypeOf('string');

    await client.users.delete(user.id);
    expect((await apiError(client.users.retrieve(user.id))).status).toBe(404);
  });
});

/** Starts charging at the first EVSE that is free (424 means busy: the next one is tried). */
async function startAnywhere<T>(
  stations: readonly Station[],
  start: (evseId: string) => Promise<T>,
): Promise<T> {
  for (const station of stations) {
    for (const evse of station.evses) {
      try {
        return await start(evse.evse_id);
      } catch (error) {
        if (!(error instanceof FailedDependencyError)) throw error;
      }
    }
  }
  throw new Error('no free EVSE around Berlin');
}
