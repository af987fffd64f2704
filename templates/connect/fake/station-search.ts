/**
 * Station queries: the filters `stations.around` and `stations.tile` share, the
 * great-circle search around a point, and lookups by station or EVSE id.
 */
import type { EvseModel, StationModel } from './station-model.js';
import { isAvailable } from './station-model.js';

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in meters (haversine, on the mean Earth radius). */
export function distanceMeters(
  latitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
): number {
  const rad = Math.PI / 180;
  const dLat = (latitude2 - latitude1) * rad;
  const dLon = (longitude2 - longitude1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(latitude1 * rad) * Math.cos(latitude2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface StationFilter {
  readonly connectorTypes?: readonly string[];
  readonly onlyAvailable?: boolean;
  readonly onlyPartners?: boolean;
  readonly operators?: readonly string[];
  readonly powerGroups?: readonly string[];
  readonly maxPrice?: number;
}

export function matchesFilter(station: StationModel, filter: StationFilter): boolean {
  if (
    filter.connectorTypes &&
    filter.connectorTypes.length > 0 &&
    !filter.connectorTypes.some((t) => station.connectorTypes.has(t))
  )
    return false;
  if (filter.onlyAvailable && !isAvailable(station)) return false;
  if (filter.onlyPartners && !station.operator.partner) return false;
  if (
    filter.operators &&
    filter.operators.length > 0 &&
    !filter.operators.includes(station.operator.name)
  )
    return false;
  if (
    filter.powerGroups &&
    filter.powerGroups.length > 0 &&
    !filter.powerGroups.includes(station.speed)
  )
    return false;
  if (filter.maxPrice !== undefined && station.price > filter.maxPrice) return false;
  return true;
}

/** Stations within `radius` meters of the point, nearest first (ties by id, for stable pages). */
export function stationsAround(
  stations: readonly StationModel[],
  latitude: number,
  longitude: number,
  radius: number,
  filter: StationFilter,
): StationModel[] {
  // A cheap bounding box first: most of the few thousand stations are in other cities.
  const latSpan = radius / 111_000 + 0.001;
  const lonSpan = latSpan / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const found: { station: StationModel; distance: number }[] = [];
  for (const station of stations) {
    if (Math.abs(station.latitude - latitude) > latSpan) continue;
    if (Math.abs(station.longitude - longitude) > lonSpan && Math.abs(latitude) < 89) continue;
    const distance = distanceMeters(latitude, longitude, station.latitude, station.longitude);
    if (distance <= radius && matchesFilter(station, filter)) found.push({ station, distance });
  }
  found.sort((a, b) => a.distance - b.distance || (a.station.id < b.station.id ? -1 : 1));
  return found.map((f) => f.station);
}

export class StationIndex {
  readonly #byId = new Map<string, StationModel>();
  readonly #byEvseId = new Map<string, StationModel>();
  readonly #evses: EvseModel[] = [];

  constructor(readonly all: readonly StationModel[]) {
    for (const station of all) {
      this.#byId.set(station.id, station);
      for (const evse of station.evses) {
        this.#byEvseId.set(evse.evseId, station);
        this.#evses.push(evse);
      }
    }
  }

  byId(id: string): StationModel | undefined {
    return this.#byId.get(id);
  }

  byEvseId(evseId: string): StationModel | undefined {
    return this.#byEvseId.get(evseId);
  }

  /** What puts every EVSE's status back as it is now: the one thing about a station that changes. */
  snapshot(): () => void {
    const statuses = this.#evses.map((evse) => evse.status);
    return () => statuses.forEach((status, i) => (this.#evses[i]!.status = status));
  }
}
