/**
 * The map page: draws the stations of the tiles in view with `createTileLoader`, from the
 * package's ESM build. State for tests sits on <body>: `data-state` (`loading` / `idle`),
 * `data-zoom`, `data-views` (views completed) and `data-features` (features drawn).
 */
import {
  createConnectCore,
  createTileLoader,
  stationsDetails,
  stationsTile,
  viewportAround,
} from '/pkg/index.js';

const TILE = 256;
const STATUS_COLOURS = { free: '#2a9d3c', busy: '#e08a00', error: '#c62828', unknown: '#777777' };
const CLUSTER_COLOUR = '#1f5fbf';
const canvas = document.getElementById('map');
const context = canvas.getContext('2d');
const body = document.body;

const token = await (await fetch('/token')).text();
const client = createConnectCore({ baseUrl: location.origin, token });
const loader = createTileLoader((query, options) => stationsTile(client, query, options));

/** The view: its centre in world pixels at `zoom`. */
let zoom = 12;
let centre = toPixel(52.52, 13.405, zoom);
/** Features by tile (`z/x/y`) of the tiles in view. */
let byTile = new Map();
let views = 0;
/** Features as drawn, with their screen positions, for clicks and tests. */
let drawn = [];

function toPixel(latitude, longitude, z) {
  const world = TILE * 2 ** z;
  const phi = (latitude * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * world;
  return { x: ((longitude + 180) / 360) * world, y };
}

function toLatLon(x, y, z) {
  const world = TILE * 2 ** z;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
  return { latitude, longitude: (x / world) * 360 - 180 };
}

function draw() {
  context.fillStyle = '#f4f1ea';
  context.fillRect(0, 0, canvas.width, canvas.height);
  drawn = [];
  const left = centre.x - canvas.width / 2;
  const top = centre.y - canvas.height / 2;
  for (const features of byTile.values()) {
    for (const feature of features) {
      const [lon, lat] = feature.geometry.coordinates.map(Number);
      const p = toPixel(lat, lon, zoom);
      const x = p.x - left;
      const y = p.y - top;
      const count = feature.properties.count;
      const cluster = feature.cluster_id !== undefined && count > 1;
      const radius = cluster ? 9 + 3 * Math.log2(count) : 6;
      context.beginPath();
      context.arc(x, y, radius, 0, 2 * Math.PI);
      context.fillStyle = cluster
        ? CLUSTER_COLOUR
        : (STATUS_COLOURS[feature.properties.status] ?? STATUS_COLOURS.unknown);
      context.fill();
      if (cluster) {
        context.fillStyle = '#ffffff';
        context.font = 'bold 11px system-ui, sans-serif';
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        context.fillText(String(count), x, y);
      }
      drawn.push({ x, y, radius, feature });
    }
  }
  body.dataset.features = String(drawn.length);
}

/** Asks the loader for the tiles in view; a newer view cancels this one's loop. */
async function show() {
  const centreLatLon = toLatLon(centre.x, centre.y, zoom);
  const view = loader.load(
    viewportAround({ ...centreLatLon, zoom, width: canvas.width, height: canvas.height }),
  );
  const wanted = new Set(view.tiles.map((t) => `${t.z}/${t.x}/${t.y}`));
  // Keep what is still in view, so the map does not flash empty while tiles come in.
  byTile = new Map([...byTile].filter(([key]) => wanted.has(key)));
  body.dataset.state = 'loading';
  body.dataset.zoom = String(zoom);
  draw();
  let failed = 0;
  for await (const tile of view) {
    if (tile.error) failed++;
    else byTile.set(`${tile.z}/${tile.x}/${tile.y}`, tile.features);
    draw();
  }
  if (view.status !== 'complete') return;
  views++;
  const s = loader.stats;
  document.getElementById('status').textContent =
    `zoom ${zoom}: ${drawn.length} features in ${view.tiles.length} tiles` +
    (failed ? `, ${failed} failed` : '') +
    ` — ${s.requests} requests so far, ${s.cacheHits} tiles from the cache`;
  body.dataset.views = String(views);
  body.dataset.state = 'idle';
}

function run(task) {
  task().catch((error) => {
    document.getElementById('error').textContent = String(error);
    body.dataset.state = 'failed';
  });
}

async function showDetails(feature) {
  const details = document.getElementById('details');
  details.textContent = 'Loading station…';
  const station = await stationsDetails(client, { id: feature.station_id, type: 'station_id' });
  details.dataset.stationId = station.id ?? '';
  details.textContent =
    `${station.name}, ${station.address} — ${station.operator.name}, ` +
    `${station.evses.length} charge points: ${station.evses.map((e) => e.status).join(', ')}`;
}

let drag;
canvas.addEventListener('pointerdown', (event) => {
  drag = { x: event.clientX, y: event.clientY, centre, moved: false };
  canvas.setPointerCapture(event.pointerId);
});
canvas.addEventListener('pointermove', (event) => {
  if (!drag) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
  centre = { x: drag.centre.x - dx, y: drag.centre.y - dy };
  draw();
});
canvas.addEventListener('pointerup', (event) => {
  const ended = drag;
  drag = undefined;
  if (!ended) return;
  // A drag asks for tiles when it ends; a click opens the station under the pointer.
  if (ended.moved) return run(show);
  const rect = canvas.getBoundingClientRect();
  const x = event.clientX - rect.left;
  const y = event.clientY - rect.top;
  const hit = drawn.find((d) => (d.x - x) ** 2 + (d.y - y) ** 2 <= d.radius ** 2);
  if (hit?.feature.station_id !== undefined) run(() => showDetails(hit.feature));
  else if (hit?.feature.properties.expansion_zoom !== undefined) {
    zoomTo(hit.feature.properties.expansion_zoom, x, y);
  }
});
canvas.addEventListener(
  'wheel',
  (event) => {
    event.preventDefault();
    const rect = canvas.getBoundingClientRect();
    zoomTo(zoom + (event.deltaY < 0 ? 1 : -1), event.clientX - rect.left, event.clientY - rect.top);
  },
  { passive: false },
);

/** Zooms keeping the point under (x, y) on the canvas in place. */
function zoomTo(next, x, y) {
  const z = Math.min(18, Math.max(3, next));
  if (z === zoom) return;
  const factor = 2 ** (z - zoom);
  const px = centre.x - canvas.width / 2 + x;
  const py = centre.y - canvas.height / 2 + y;
  centre = { x: px * factor - x + canvas.width / 2, y: py * factor - y + canvas.height / 2 };
  zoom = z;
  byTile = new Map();
  run(show);
}

window.mapDemo = {
  features: () => drawn.map(({ x, y, radius, feature }) => ({ x, y, radius, feature })),
};
run(show);
