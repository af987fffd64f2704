/** The station operations: data files, around, tile, partners and details. */
import { MAX_TILE_ZOOM } from '../tiles.js';
import { requirePermission } from './auth.js';
import { notFound, validationFailure } from './errors.js';
import type { Handler, HandlerContext } from './handler.js';
import { tileFeatures, tileListFeatures } from './map-tiles.js';
import type { FakeOperationId } from './operation-ids.js';
import { paginate } from './pagination.js';
import {
  queryFlag,
  queryNumber,
  queryNumbers,
  queryText,
  queryTexts,
  type QueryValues,
} from './params.js';
import { OPERATORS } from './station-catalog.js';
import { stationJson } from './station-model.js';
import { matchesFilter, stationsAround, type StationFilter } from './station-search.js';

/** Radius limit of `stations.around`, in meters. */
export const MAX_DISTANCE_M = 100_000;
/** Most tiles one `stations.tile` request may ask for (x values × y values). */
export const MAX_TILES = 64;

/** Where the fake serves the station data files it links to. */
export const DATA_FILES = {
  all: '/_fake/files/stations.json',
  partners: '/_fake/files/partner-stations.json',
} as const;

function filterOf(query: QueryValues): StationFilter {
  return {
    connectorTypes: queryTexts(query, 'connector_types'),
    onlyAvailable: queryFlag(query, 'only_available'),
    onlyPartners: queryFlag(query, 'only_partners'),
    operators: queryTexts(query, 'operators'),
    powerGroups: queryTexts(query, 'power_groups'),
    maxPrice: queryNumber(query, 'max_price'),
  };
}

function requireRange(name: string, value: number, min: number, max: number): number {
  if (!(value >= min && value <= max))
    throw validationFailure(name, `must be from ${min} to ${max}, got ${value}`);
  return value;
}

function around({ state, query, url }: HandlerContext): unknown {
  const latitude = requireRange('latitude', queryNumber(query, 'latitude') ?? NaN, -90, 90);
  const longitude = requireRange('longitude', queryNumber(query, 'longitude') ?? NaN, -180, 180);
  const distance = requireRange(
    'distance',
    queryNumber(query, 'distance') ?? 100,
    0,
    MAX_DISTANCE_M,
  );
  const found = stationsAround(state.stations.all, latitude, longitude, distance, filterOf(query));
  const page = paginate(found, query, url);
  const now = state.clock.now();
  return { ...page, results: page.results.map((s) => stationJson(s, now)) };
}

function tile({ state, query }: HandlerContext): unknown {
  const z = requireRange('z', queryNumber(query, 'z') ?? NaN, 0, MAX_TILE_ZOOM);
  const side = 2 ** z - 1;
  const xs = queryNumbers(query, 'x');
  const ys = queryNumbers(query, 'y');
  if (xs.length === 0) throw validationFailure('x', 'this query parameter is required');
  if (ys.length === 0) throw validationFailure('y', 'this query parameter is required');
  xs.forEach((x, i) => requireRange(`x[${i}]`, x, 0, side));
  ys.forEach((y, i) => requireRange(`y[${i}]`, y, 0, side));
  const filter = filterOf(query);
  const stations = state.stations.all.filter((s) => matchesFilter(s, filter));
  if (state.tileLists === 'pairs') {
    // The other reading of the contract: the i-th x with the i-th y.
    if (xs.length !== ys.length)
      throw validationFailure('y', `as many y values as x values (${xs.length}), got ${ys.length}`);
    if (xs.length > MAX_TILES)
      throw validationFailure('x', `at most ${MAX_TILES} tiles (x, y pairs) per request`);
    const tiles = xs.map((x, i) => ({ x, y: ys[i]! }));
    return { type: 'FeatureCollection', features: tileListFeatures(stations, tiles, z) };
  }
  if (xs.length * ys.length > MAX_TILES)
    throw validationFailure('x', `at most ${MAX_TILES} tiles (x values × y values) per request`);
  return { type: 'FeatureCollection', features: tileFeatures(stations, xs, ys, z) };
}

function details({ state, query }: HandlerContext): unknown {
  const id = queryText(query, 'id') ?? '';
  const station =
    queryText(query, 'type') === 'evse_id' ? state.stations.byEvseId(id) : state.stations.byId(id);
  if (!station) throw notFound('No station matches the given query.');
  return stationJson(station, state.clock.now());
}

function dataFiles({ state, url, permissions }: HandlerContext): unknown {
  requirePermission(permissions, 'data-files');
  // Files are written hourly; their time is the hour the server started in.
  const written = new Date(state.startedAt);
  written.setUTCMinutes(0, 0, 0);
  return Object.values(DATA_FILES).map((path) => ({
    link: `${url.origin}${path}`,
    last_updated: written.toISOString(),
  }));
}

function partners(): unknown {
  return OPERATORS.filter((o) => o.partner).map((o) => ({ name: o.name, logo_url: o.logoUrl }));
}

export const stationHandlers = {
  stationsDataFiles: dataFiles,
  stationsAround: around,
  stationsTile: tile,
  stationsPartners: partners,
  stationsDetails: details,
} satisfies Partial<Record<FakeOperationId, Handler>>;
