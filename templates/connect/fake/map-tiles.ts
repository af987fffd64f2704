/**
 * Map tiles of stations, clustered per zoom. Within a tile, stations that share a cell of
 * an 8 × 8 grid become one cluster feature, placed at their mean position; its
 * `expansion_zoom` is the first zoom at which they no longer share a cell. From
 * `CLUSTER_MAX_ZOOM` on every station is a feature of its own.
 */
import { tileForPoint } from '../tiles.js';
import { coordinate, money, stationStatus, type StationModel } from './station-model.js';

export const CLUSTER_MAX_ZOOM = 16;
/** log2 of the grid's cells per tile side. */
const GRID_BITS = 3;

/** The grid cell of a station at `zoom`: its tile there, as `x/y`. */
const cell = (station: StationModel, zoom: number): string => {
  const { x, y } = tileForPoint(station.latitude, station.longitude, zoom);
  return `${x}/${y}`;
};

/**
 * The features of the tiles `xs` × `ys` at zoom `z`, for stations that already passed the
 * filters. Tiles are the slippy-map grid's: at zoom z, x and y run from 0 to 2^z − 1.
 */
export function tileFeatures(
  stations: readonly StationModel[],
  xs: readonly number[],
  ys: readonly number[],
  z: number,
): Record<string, unknown>[] {
  return tileListFeatures(
    stations,
    xs.flatMap((x) => ys.map((y) => ({ x, y }))),
    z,
  );
}

/** The features of the tiles listed one by one (the `pairs` reading of the lists). */
export function tileListFeatures(
  stations: readonly StationModel[],
  tiles: readonly { readonly x: number; readonly y: number }[],
  z: number,
): Record<string, unknown>[] {
  const wanted = new Set(tiles.map(({ x, y }) => `${x}/${y}`));
  const groups = new Map<string, StationModel[]>();
  for (const station of stations) {
    if (!wanted.has(cell(station, z))) continue;
    const key = z >= CLUSTER_MAX_ZOOM ? station.id : cell(station, z + GRID_BITS);
    const group = groups.get(key);
    if (group) group.push(station);
    else groups.set(key, [station]);
  }
  return [...groups].map(([key, members]) =>
    members.length === 1 ? stationFeature(members[0]!) : clusterFeature(key, members, z),
  );
}

function stationFeature(station: StationModel): Record<string, unknown> {
  return {
    type: 'Feature',
    geometry: {
      type: 'Point',
      coordinates: [coordinate(station.longitude), coordinate(station.latitude)],
    },
    properties: {
      count: 1,
      speed: station.speed,
      status: stationStatus(station.evses),
      operator_id: station.operator.id,
    },
    station_id: station.id,
    custom_properties: { is_partner: station.operator.partner },
    price_properties: {
      price: money(station.price),
      type: 'charging_price',
      currency: station.currency,
    },
  };
}

function clusterFeature(
  key: string,
  members: readonly StationModel[],
  z: number,
): Record<string, unknown> {
  const latitude = members.reduce((sum, m) => sum + m.latitude, 0) / members.length;
  const longitude = members.reduce((sum, m) => sum + m.longitude, 0) / members.length;
  const cheapest = members.reduce((best, m) => (m.price < best.price ? m : best));
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [coordinate(longitude), coordinate(latitude)] },
    properties: { count: members.length, expansion_zoom: expansionZoom(members, z) },
    cluster_id: `${z}/${key}`,
    custom_properties: { is_partner: members.some((m) => m.operator.partner) },
    price_properties: {
      price: money(cheapest.price),
      type: 'charging_price',
      currency: cheapest.currency,
    },
  };
}

/** The first zoom above `z` at which the members fall into different cells (or stop clustering). */
export function expansionZoom(members: readonly StationModel[], z: number): number {
  for (let zoom = z + 1; zoom < CLUSTER_MAX_ZOOM; zoom++) {
    const first = cell(members[0]!, zoom + GRID_BITS);
    if (members.some((m) => cell(m, zoom + GRID_BITS) !== first)) return zoom;
  }
  return CLUSTER_MAX_ZOOM;
}
