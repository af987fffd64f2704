/**
 * Draw one map tile's stations and clusters as text: the tile holding a point at a zoom,
 * fetched with `stations.tile`, each feature placed where it lies inside the tile. A digit
 * is a cluster of that many stations (`#` for ten or more), `o` a single station.
 *
 *   npx tsx examples/tile-clusters.ts [latitude] [longitude] [zoom]
 */
import { tileBounds, tileForPoint, type MapTileFeature } from '../generated/src/index.js';
import { connect, numberArgument } from './connect.js';

const latitude = numberArgument(0, 52.52);
const longitude = numberArgument(1, 13.405);
const zoom = numberArgument(2, 11);
const COLUMNS = 48;
const ROWS = 20;

/** Position inside the tile from 0 to 1, west to east and north to south (Web Mercator, as the tile grid is). */
function positionInTile(
  lat: number,
  lon: number,
  x: number,
  y: number,
  z: number,
): { across: number; down: number } {
  const n = 2 ** z;
  const phi = (lat * Math.PI) / 180;
  const mercatorY = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n;
  return { across: ((lon + 180) / 360) * n - x, down: mercatorY - y };
}

function symbol(feature: MapTileFeature): string {
  const count = feature.properties.count;
  if (feature.cluster_id === undefined || count === 1) return 'o';
  return count < 10 ? String(count) : '#';
}

const { client, close } = await connect();
try {
  const { x, y, z } = tileForPoint(latitude, longitude, zoom);
  const tile = await client.stations.tile({ x: [x], y: [y], z });
  const grid = Array.from({ length: ROWS }, () => Array.from({ length: COLUMNS }, () => '.'));
  for (const feature of tile.features) {
    // GeoJSON order: longitude first. The API sends both as decimal strings.
    const [lon, lat] = feature.geometry.coordinates.map(Number);
    if (lon === undefined || lat === undefined) continue;
    const { across, down } = positionInTile(lat, lon, x, y, z);
    const column = Math.min(COLUMNS - 1, Math.max(0, Math.floor(across * COLUMNS)));
    const row = Math.min(ROWS - 1, Math.max(0, Math.floor(down * ROWS)));
    grid[row]![column] = symbol(feature);
  }
  const bounds = tileBounds(x, y, z);
  const stations = tile.features.reduce((sum, f) => sum + f.properties.count, 0);
  const clusters = tile.features.filter((f) => f.cluster_id !== undefined);
  console.log(
    `tile ${z}/${x}/${y}: ${tile.features.length} features, ${clusters.length} clusters, ${stations} stations`,
  );
  console.log(
    `north ${bounds.north.toFixed(4)}, south ${bounds.south.toFixed(4)}, west ${bounds.west.toFixed(4)}, east ${bounds.east.toFixed(4)}`,
  );
  console.log(grid.map((row) => row.join('')).join('\n'));
  for (const cluster of clusters
    .sort((a, b) => b.properties.count - a.properties.count)
    .slice(0, 5)) {
    console.log(
      `cluster ${cluster.cluster_id}: ${cluster.properties.count} stations, splits at zoom ${cluster.properties.expansion_zoom ?? '?'}`,
    );
  }
} finally {
  await close();
}
