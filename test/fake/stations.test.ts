import { describe, expect, it } from 'vitest';
import { checkMapTile, checkStation } from '../../generated/src/guards.js';
import { describeFailure } from '../../generated/src/runtime/core/guard.js';
import { tileForPoint } from '../../templates/connect/tiles.js';
import {
  CLUSTER_MAX_ZOOM,
  expansionZoom,
  tileFeatures,
} from '../../templates/connect/fake/map-tiles.js';
import { SeededRandom } from '../../templates/fake/random.js';
import { CITIES, OPERATORS } from '../../templates/connect/fake/station-catalog.js';
import { generateStations } from '../../templates/connect/fake/station-factory.js';
import { stationJson, stationStatus } from '../../templates/connect/fake/station-model.js';
import {
  distanceMeters,
  matchesFilter,
  stationsAround,
} from '../../templates/connect/fake/station-search.js';

const NOW = new Date('2026-03-01T08:00:00Z');
const stations = generateStations(1, NOW);

describe('SeededRandom', () => {
  it('gives the same sequence for the same seed', () => {
    const a = new SeededRandom('x');
    const b = new SeededRandom('x');
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(
      Array.from({ length: 5 }, () => b.next()),
    );
    expect(new SeededRandom(1).uuid()).not.toBe(new SeededRandom(2).uuid());
  });

  it('makes UUID-shaped ids and stays in range', () => {
    const random = new SeededRandom(3);
    for (let i = 0; i < 200; i++) {
      expect(random.uuid()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      const n = random.int(2, 4);
      expect(n >= 2 && n <= 4 && Number.isInteger(n)).toBe(true);
    }
    expect(random.sample([1, 2, 3], 5).sort()).toEqual([1, 2, 3]);
  });
});

describe('the station set', () => {
  it('is a few thousand stations around the cities, the same for the same seed', () => {
    expect(stations).toHaveLength(CITIES.reduce((sum, c) => sum + c.stations, 0));
    expect(stations.length).toBeGreaterThan(3000);
    expect(generateStations(1, NOW).map((s) => s.id)).toEqual(stations.map((s) => s.id));
    expect(generateStations(2, NOW)[0]!.id).not.toBe(stations[0]!.id);
    for (const city of CITIES) {
      const near = stations.filter(
        (s) =>
          distanceMeters(city.latitude, city.longitude, s.latitude, s.longitude) <=
          (city.radiusKm + 0.1) * 1000,
      );
      expect(near.length).toBeGreaterThanOrEqual(city.stations);
    }
  });

  it('passes the generated Station guard, every one of them', () => {
    const failures = stations
      .map((s) => checkStation(stationJson(s, NOW)))
      .filter((f) => f !== undefined);
    expect(failures.map((f) => describeFailure(f!))).toEqual([]);
  });

  it('has unique EVSE ids, each in exactly one price group', () => {
    const evseIds = stations.flatMap((s) => s.evses.map((e) => e.evseId));
    expect(new Set(evseIds).size).toBe(evseIds.length);
    for (const station of stations) {
      expect(station.priceGroups.flatMap((g) => g.evseIds).sort()).toEqual(
        station.evses.map((e) => e.evseId).sort(),
      );
      expect(station.price).toBe(Math.min(...station.priceGroups.map((g) => g.kwhPrice)));
    }
  });

  it('uses every operator, speed and status', () => {
    expect(new Set(stations.map((s) => s.operator.name))).toEqual(
      new Set(OPERATORS.map((o) => o.name)),
    );
    expect(new Set(stations.map((s) => s.speed))).toEqual(new Set(['slow', 'fast', 'turbo']));
    expect(new Set(stations.map((s) => stationStatus(s.evses)))).toEqual(
      new Set(['free', 'busy', 'error', 'unknown']),
    );
  });
});

describe('search', () => {
  it('measures great-circle distances', () => {
    // Berlin to Hamburg centre to centre: about 255 km.
    expect(distanceMeters(52.520008, 13.404954, 53.551086, 9.993682) / 1000).toBeCloseTo(255.2, 0);
    expect(distanceMeters(0, 0, 0, 1)).toBeCloseTo(111_195, -1);
  });

  it('finds exactly the stations within the radius, nearest first', () => {
    const found = stationsAround(stations, 48.137154, 11.576124, 1500, {});
    const brute = stations.filter(
      (s) => distanceMeters(48.137154, 11.576124, s.latitude, s.longitude) <= 1500,
    );
    expect(new Set(found)).toEqual(new Set(brute));
    const distances = found.map((s) =>
      distanceMeters(48.137154, 11.576124, s.latitude, s.longitude),
    );
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('filters by connector, availability, partner, operator, power group and price', () => {
    const station = stations[0]!;
    expect(matchesFilter(station, {})).toBe(true);
    expect(matchesFilter(station, { connectorTypes: [...station.connectorTypes] })).toBe(true);
    expect(matchesFilter(station, { connectorTypes: ['TESLA_R'] })).toBe(false);
    expect(matchesFilter(station, { operators: [station.operator.name] })).toBe(true);
    expect(matchesFilter(station, { operators: ['Nobody'] })).toBe(false);
    expect(matchesFilter(station, { powerGroups: [station.speed] })).toBe(true);
    expect(matchesFilter(station, { maxPrice: station.price - 0.01 })).toBe(false);
    expect(matchesFilter(station, { onlyPartners: true })).toBe(station.operator.partner);
  });
});

describe('map tiles', () => {
  it('keeps every station once at every zoom, and passes the MapTile guard', () => {
    const city = CITIES[0]!;
    for (const z of [5, 9, 12, 15]) {
      const { x, y } = tileForPoint(city.latitude, city.longitude, z);
      const features = tileFeatures(stations, [x - 1, x, x + 1], [y - 1, y, y + 1], z);
      expect(checkMapTile({ type: 'FeatureCollection', features })).toBeUndefined();
      const counted = features.reduce(
        (sum, f) => sum + (f['properties'] as { count: number }).count,
        0,
      );
      const inTiles = stations.filter((s) => {
        const t = tileForPoint(s.latitude, s.longitude, z);
        return Math.abs(t.x - x) <= 1 && Math.abs(t.y - y) <= 1;
      });
      expect(counted).toBe(inTiles.length);
    }
  });

  it('splits each cluster at its expansion zoom and not before', () => {
    const city = CITIES[1]!;
    const z = 10;
    const { x, y } = tileForPoint(city.latitude, city.longitude, z);
    const clusters = tileFeatures(stations, [x], [y], z).filter(
      (f) => f['cluster_id'] !== undefined,
    );
    expect(clusters.length).toBeGreaterThan(3);
    const cell = (s: { latitude: number; longitude: number }, zoom: number) => {
      const tile = tileForPoint(s.latitude, s.longitude, zoom);
      return `${tile.x}/${tile.y}`;
    };
    for (const cluster of clusters) {
      // cluster_id is `z/cellX/cellY`, the cell of an 8 × 8 grid per tile (zoom z + 3).
      const members = stations.filter((s) => `${z}/${cell(s, z + 3)}` === cluster['cluster_id']);
      const { count, expansion_zoom: split } = cluster['properties'] as {
        count: number;
        expansion_zoom: number;
      };
      expect(members).toHaveLength(count);
      expect(expansionZoom(members, z)).toBe(split);
      expect(split).toBeGreaterThan(z);
      expect(split).toBeLessThanOrEqual(CLUSTER_MAX_ZOOM);
      if (split < CLUSTER_MAX_ZOOM)
        expect(new Set(members.map((m) => cell(m, split + 3))).size).toBeGreaterThan(1);
      expect(new Set(members.map((m) => cell(m, split + 2))).size).toBe(1);
    }
  });
});
