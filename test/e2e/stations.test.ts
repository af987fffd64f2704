/** The station operations of the generated client against the fake server, over HTTP. */
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  tileBounds,
  tileForPoint,
  type MapTile,
  type Station,
} from '../../generated/src/index.js';
import { startFakeConnectApi } from '../../generated/src/connect/fake/index.js';
import { apiError, BERLIN, useFakeApi } from './harness.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const fake = useFakeApi({
  tokens: ['full-token', { token: 'no-data-token', permissions: [] }],
  now: () => NOW,
});

/** Haversine on the mean Earth radius, written again here so the test does not trust the fake's. */
function meters(a: { latitude: number; longitude: number }, station: Station): number {
  const rad = Math.PI / 180;
  const lat = Number(station.coordinates.latitude);
  const lon = Number(station.coordinates.longitude);
  const h =
    Math.sin(((lat - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(lat * rad) *
      Math.sin(((lon - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

const total = (tile: MapTile) => tile.features.reduce((sum, f) => sum + f.properties.count, 0);

describe('stations.dataFiles', () => {
  it('links to files on the server itself, which serve the station set', async () => {
    const files = await fake.client.stations.dataFiles();
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file.link.startsWith(`${fake.api.url}/`)).toBe(true);
      expect(Number.isNaN(Date.parse(file.last_updated))).toBe(false);
    }
    const all = (await (await fetch(files[0]!.link)).json()) as unknown[];
    expect(all).toHaveLength(fake.api.stationCount);
  });

  it('answers 403 to a token without the data-files permission', async () => {
    const error = await apiError(fake.clientWith({ token: 'no-data-token' }).stations.dataFiles());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.detail).toMatch(/permission/);
    // The same token may use everything else.
    await expect(
      fake.clientWith({ token: 'no-data-token' }).stations.partners(),
    ).resolves.toHaveLength(5);
  });
});

describe('stations.around', () => {
  it('finds stations within the radius (default 100 m), nearest first', async () => {
    const near = await fake.client.stations.around(BERLIN);
    for (const station of near.results) expect(meters(BERLIN, station)).toBeLessThanOrEqual(100.5);
    const page = await fake.client.stations.around({ ...BERLIN, distance: 2000 });
    expect(page.count).toBeGreaterThan(page.results.length);
    const distances = page.results.map((s) => meters(BERLIN, s));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(2000.5);
    expect(page.next).toBe(
      `${fake.api.url}/api/v1/stations/around/?latitude=52.520008&longitude=13.404954&distance=2000&page=2`,
    );
    expect(page.previous).toBeNull();
  });

  it('walks every page with for await, each item once', async () => {
    const query = { ...BERLIN, distance: 3000, page_size: 7 };
    const first = await fake.client.stations.around(query);
    const ids: string[] = [];
    for await (const station of fake.client.stations.around(query)) ids.push(station.id!);
    expect(ids).toHaveLength(first.count);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.count).toBeGreaterThan(5 * 7);
    const second = await first.nextPage();
    expect(second.previous).toBe(
      `${fake.api.url}/api/v1/stations/around/?latitude=52.520008&longitude=13.404954&distance=3000&page_size=7`,
    );
    expect(second.results.map((s) => s.id)).toEqual(ids.slice(7, 14));
  });

  it('applies every filter', async () => {
    const base = { ...BERLIN, distance: 5000, page_size: 100 };
    const all = await fake.client.stations.around(base);
    const available = await fake.client.stations.around({ ...base, only_available: true });
    expect(available.count).toBeLessThan(all.count);
    for (const s of available.results)
      expect(s.evses.some((e) => e.status === 'AVAILABLE') && s.status === 'free').toBe(true);
    const partners = await fake.client.stations.around({ ...base, only_partners: true });
    expect(partners.count).toBeGreaterThan(0);
    for (const s of partners.results) expect(s.is_partner).toBe(true);
    const named = await fake.client.stations.around({
      ...base,
      operators: ['Voltaris', 'Blitzlader'],
    });
    expect(new Set(named.results.map((s) => s.operator.name))).toEqual(
      new Set(['Voltaris', 'Blitzlader']),
    );
    // CHAdeMO plugs exist only at the fast (50–75 kW DC) stations of the fake's catalogue.
    const chademo = await fake.client.stations.around({ ...base, connector_types: ['CHADEMO'] });
    expect(chademo.count).toBeGreaterThan(0);
    for (const s of chademo.results) expect(s.speed).toBe('fast');
    const none = await fake.client.stations.around({ ...base, operators: ['Nobody'] });
    expect(none).toMatchObject({ count: 0, results: [], next: null });
  });

  it('answers 404 past the last page and 400 naming a bad parameter', async () => {
    expect(await apiError(fake.client.stations.around({ ...BERLIN, page: 99 }))).toBeInstanceOf(
      NotFoundError,
    );
    const latitude = await apiError(
      fake.client.stations.around({ latitude: 123, longitude: 13 }, { validateRequests: false }),
    );
    expect(latitude).toBeInstanceOf(BadRequestError);
    expect(latitude.errorType).toBe('validation_error');
    expect(latitude.errorDetails).toMatch(/^latitude: /);
    const connector = await apiError(
      fake.client.stations.around(
        { ...BERLIN, connector_types: ['USB_C' as never] },
        { validateRequests: false },
      ),
    );
    expect(connector.errorDetails).toMatch(/^connector_types\[0\]: expected one of "CHADEMO"/);
    const pageSize = await apiError(
      fake.client.stations.around({ ...BERLIN, page_size: 0 }, { validateRequests: false }),
    );
    expect(pageSize.errorDetails).toBe('page_size: must be at least 1, got 0');
    // The message says it once: `detail` is general, `error.details` names the field.
    expect(pageSize.message).toMatch(
      /^400 Bad Request \(validation_error\): Invalid input\. — page_size: must be at least 1, got 0 \[stationsAround GET http:/,
    );
    expect(pageSize.message.split('must be at least').length).toBe(2);
  });

  it('gives the same stations for the same seed, other ones for another seed', async () => {
    const again = await startFakeConnectApi({ tokens: ['t'], now: () => NOW });
    const other = await startFakeConnectApi({ tokens: ['t'], now: () => NOW, seed: 'another' });
    try {
      const ids = async (url: string) => {
        const response = await fetch(
          `${url}/api/v1/stations/around/?latitude=52.52&longitude=13.405&distance=1500`,
          { headers: { authorization: 'Bearer t' } },
        );
        return ((await response.json()) as { results: Station[] }).results.map((s) => s.id);
      };
      const mine = (
        await fake.client.stations.around({ latitude: 52.52, longitude: 13.405, distance: 1500 })
      ).results.map((s) => s.id);
      expect(await ids(again.url)).toEqual(mine);
      expect(await ids(other.url)).not.toEqual(mine);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });
});

describe('stations.tile', () => {
  const { x, y } = tileForPoint(BERLIN.latitude, BERLIN.longitude, 11);

  it('clusters per zoom, counting every station once at every zoom', async () => {
    const tile = await fake.client.stations.tile({ x: [x], y: [y], z: 11 });
    const clusters = tile.features.filter((f) => f.cluster_id !== undefined);
    expect(clusters.length).toBeGreaterThan(0);
    for (const c of clusters) {
      expect(c.properties.count).toBeGreaterThan(1);
      expect(c.properties.expansion_zoom).toBeGreaterThan(11);
    }
    const children = await fake.client.stations.tile({
      x: [2 * x, 2 * x + 1],
      y: [2 * y, 2 * y + 1],
      z: 12,
    });
    expect(total(children)).toBe(total(tile));
    expect(children.features.length).toBeGreaterThan(tile.features.length);
    const bounds = tileBounds(x, y, 11);
    for (const f of tile.features) {
      const [lon, lat] = f.geometry.coordinates.map(Number) as [number, number];
      expect(
        lon >= bounds.west && lon <= bounds.east && lat >= bounds.south && lat <= bounds.north,
      ).toBe(true);
    }
  });

  it('shows single stations with their price from zoom 16 on', async () => {
    const point = tileForPoint(BERLIN.latitude, BERLIN.longitude, 16);
    const tile = await fake.client.stations.tile({
      x: [point.x - 1, point.x, point.x + 1],
      y: [point.y - 1, point.y, point.y + 1],
      z: 16,
    });
    expect(tile.features.length).toBeGreaterThan(0);
    for (const f of tile.features) {
      expect(f).toMatchObject({
        type: 'Feature',
        properties: { count: 1 },
        price_properties: { type: 'charging_price', currency: 'EUR' },
      });
      expect(f.station_id).toBeTypeOf('string');
    }
    const station = await fake.client.stations.details({
      id: tile.features[0]!.station_id!,
      type: 'station_id',
    });
    expect(station.coordinates.longitude).toBe(tile.features[0]!.geometry.coordinates[0]);
  });

  it('leaves out stations above the price ceiling and outside the power groups', async () => {
    const all = await fake.client.stations.tile({ x: [x], y: [y], z: 11 });
    const cheap = await fake.client.stations.tile({ x: [x], y: [y], z: 11, max_price: 0.45 });
    expect(total(cheap)).toBeGreaterThan(0);
    expect(total(cheap)).toBeLessThan(total(all));
    for (const f of cheap.features)
      expect(Number(f.price_properties!.price)).toBeLessThanOrEqual(0.45);
    const point = tileForPoint(BERLIN.latitude, BERLIN.longitude, 13);
    const turbo = await fake.client.stations.tile({
      x: [point.x],
      y: [point.y],
      z: 13,
      power_groups: ['turbo'],
    });
    const singles = turbo.features.filter((f) => f.station_id !== undefined);
    for (const f of singles) expect(f.properties.speed).toBe('turbo');
  });

  it('answers 400 naming a tile outside the grid', async () => {
    const error = await apiError(fake.client.stations.tile({ x: [4], y: [0], z: 2 }));
    expect(error.errorType).toBe('validation_error');
    expect(error.errorDetails).toBe('x[0]: must be from 0 to 3, got 4');
    expect(
      (await apiError(fake.client.stations.tile({ x: [0], y: [0], z: 99 }))).errorDetails,
    ).toMatch(/^z: must be from 0 to 30/);
  });
});

describe('stations.partners and stations.details', () => {
  it('lists the partner operators, whose names the operators filter takes', async () => {
    const partners = await fake.client.stations.partners();
    expect(partners.map((p) => p.name)).toEqual([
      'Voltaris',
      'AmpereNet',
      'Blitzlader',
      'EuroCharge',
      'Highway Power',
    ]);
    expect(partners.some((p) => p.logo_url === null)).toBe(true);
  });

  it('finds a station by its id or by one of its EVSE ids', async () => {
    const [station] = (await fake.client.stations.around({ ...BERLIN, distance: 1000 })).results;
    expect(await fake.client.stations.details({ id: station!.id!, type: 'station_id' })).toEqual(
      station,
    );
    const byEvse = await fake.client.stations.details({
      id: station!.evses.at(-1)!.evse_id,
      type: 'evse_id',
    });
    expect(byEvse.id).toBe(station!.id);
    expect(
      await apiError(fake.client.stations.details({ id: station!.id!, type: 'evse_id' })),
    ).toBeInstanceOf(NotFoundError);
    const type = await apiError(
      fake.client.stations.details({ id: 'x', type: 'name' as never }, { validateRequests: false }),
    );
    expect(type.errorDetails).toBe('type: expected one of "evse_id", "station_id", got "name"');
  });
});
