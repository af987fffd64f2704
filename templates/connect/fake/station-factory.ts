/**
 * Makes the fake's station set: a few thousand stations around the catalog's cities, the
 * same for the same seed. Positions are denser towards each centre, as real charging
 * networks are; operators, speeds, connectors, prices and EVSE statuses are drawn from the
 * catalog's weights.
 */
import {
  CITIES,
  EVSE_STATUS_WEIGHTS,
  LOCATION_KINDS,
  OPERATORS,
  SPEEDS,
  TAX_PERCENT,
  type City,
  type OperatorProfile,
} from './station-catalog.js';
import type { EvseModel, PowerGroupName, PriceGroupModel, StationModel } from './station-model.js';
import { SeededRandom } from '../../fake/random.js';

const KM_PER_DEGREE = 111.32;

export function generateStations(seed: number | string, now: Date): StationModel[] {
  const random = new SeededRandom(`stations:${seed}`);
  const operators = OPERATORS.map((o) => [o, o.weight] as const);
  const stations: StationModel[] = [];
  for (const city of CITIES) {
    for (let i = 0; i < city.stations; i++)
      stations.push(
        makeStation(random, city, random.weighted(operators), stations.length + 1, now),
      );
  }
  return stations;
}

function makeStation(
  random: SeededRandom,
  city: City,
  operator: OperatorProfile,
  serial: number,
  now: Date,
): StationModel {
  const [latitude, longitude] = position(random, city);
  const speed = random.weighted(operator.speeds);
  const [kind, amenities] = random.pick(LOCATION_KINDS);
  const street = random.pick(city.streets);
  const taxPercent = TAX_PERCENT[city.countryCode] ?? 19;
  const evseIdPrefix = `${city.countryCode}*${operator.id}*E${String(serial).padStart(6, '0')}`;
  const groups: PriceGroupModel[] = [];
  const evses: EvseModel[] = [];
  const addGroup = (groupSpeed: PowerGroupName, count: number) => {
    const profile = SPEEDS[groupSpeed];
    const powerKw = random.pick(profile.powers);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const evseId = `${evseIdPrefix}*${evses.length + 1}`;
      ids.push(evseId);
      evses.push({
        evseId,
        status: random.weighted(EVSE_STATUS_WEIGHTS),
        connector: random.pick(profile.connectors),
        powerKw,
      });
    }
    const [low, high] = profile.price;
    const blocking = groupSpeed !== 'slow' || random.chance(0.3);
    groups.push({
      type: profile.type,
      powerKw,
      evseIds: ids,
      kwhPrice: round(low + random.next() * (high - low)),
      blockingFeePerMinute: blocking ? 0.1 : null,
      graceMinutes: blocking ? (groupSpeed === 'slow' ? 240 : 45) : null,
      blockingCap: blocking ? 12 : null,
      sessionFee: operator.sessionFee,
      preAuthorization: profile.preAuthorization,
    });
  };
  addGroup(speed, random.int(...SPEEDS[speed].evses));
  // Many DC sites keep an AC point for cars without a fast-charging inlet.
  if (speed === 'fast' && random.chance(0.5)) addGroup('slow', 1);
  const withWifi = random.chance(0.2) && !amenities.includes('WIFI');
  return {
    id: random.uuid(),
    name: `${operator.name} ${kind} ${street}`,
    address: `${street} ${random.int(1, 180)}, ${postalCode(random, city)} ${city.name}`,
    locationName: `${kind} ${street}`,
    countryCode: city.countryCode,
    latitude,
    longitude,
    operator,
    speed,
    amenities: withWifi ? [...amenities, 'WIFI'] : amenities,
    twentyfourseven:
      !(kind === 'Parkhaus' || kind === 'Supermarkt' || kind === 'Museum') || random.chance(0.3),
    evses,
    priceGroups: groups,
    lastUpdated: new Date(now.getTime() - random.int(0, 7 * 24 * 60) * 60_000).toISOString(),
    taxPercent,
    currency: 'EUR',
    connectorTypes: new Set(evses.map((e) => e.connector)),
    price: Math.min(...groups.map((g) => g.kwhPrice)),
  };
}

/** A point up to the city's radius from its centre, denser near the centre. */
function position(random: SeededRandom, city: City): [number, number] {
  const distanceKm = city.radiusKm * random.next() ** 1.6;
  const bearing = random.next() * 2 * Math.PI;
  const latitude = city.latitude + (distanceKm * Math.cos(bearing)) / KM_PER_DEGREE;
  const longitude =
    city.longitude +
    (distanceKm * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((city.latitude * Math.PI) / 180));
  // Six decimals, as the wire format carries them, so distances computed here and by clients agree.
  return [Number(latitude.toFixed(6)), Number(longitude.toFixed(6))];
}

function postalCode(random: SeededRandom, city: City): string {
  switch (city.countryCode) {
    case 'AT':
      return `${city.postalPrefix}${String(random.int(1, 23)).padStart(2, '0')}0`;
    case 'NL':
      return `${city.postalPrefix}${random.int(11, 99)} ${random.pick(['AB', 'CD', 'EK', 'GX', 'LT'])}`;
    case 'FR':
      return `${city.postalPrefix}0${String(random.int(1, 20)).padStart(2, '0')}`;
    default:
      return `${city.postalPrefix}${String(random.int(100, 999))}`;
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
