/**
 * The scripted map session of the tile benchmark: 50 views of a 1024 × 768 map over Berlin,
 * the way a user looks around a city: pans of a fifth of the screen, zooms in and out, and
 * trips back to places seen before. `runSession` plays it with the loader or the naive way
 * (one `stations.tile` call per tile per view, all at once), each view awaited in full.
 */
import {
  createTileLoader,
  stationsTile,
  viewportAround,
  type ClientCore,
  type TileViewport,
} from '../../generated/src/index.js';
import { coverViewport } from '../../generated/src/connect/tile-cover.js';

const WIDTH = 1024;
const HEIGHT = 768;
const TILE = 256;

/** E, W, N, S: a pan of 200 pixels; + and −: one zoom level in or out around the centre. */
const SCRIPT = 'EEESSWWWNN+EESSWWNN-WWSSEE+SWN-NNEEEWW+EEWW-SSEWN';

function pixelOf(latitude: number, longitude: number, zoom: number): { x: number; y: number } {
  const world = TILE * 2 ** zoom;
  const phi = (latitude * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * world;
  return { x: ((longitude + 180) / 360) * world, y };
}

function lonLatOf(x: number, y: number, zoom: number): { latitude: number; longitude: number } {
  const world = TILE * 2 ** zoom;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
  return { latitude, longitude: (x / world) * 360 - 180 };
}

/** The 50 views of the session, in order. */
export function sessionViews(): TileViewport[] {
  let zoom = 12;
  let centre = pixelOf(52.52, 13.405, zoom);
  const views: TileViewport[] = [];
  const add = () =>
    views.push(
      viewportAround({ ...lonLatOf(centre.x, centre.y, zoom), zoom, width: WIDTH, height: HEIGHT }),
    );
  add();
  for (const move of SCRIPT) {
    if (move === '+' || move === '-') {
      const factor = move === '+' ? 2 : 0.5;
      zoom += move === '+' ? 1 : -1;
      centre = { x: centre.x * factor, y: centre.y * factor };
    } else {
      const step = 200;
      centre = {
        x: centre.x + (move === 'E' ? step : move === 'W' ? -step : 0),
        y: centre.y + (move === 'S' ? step : move === 'N' ? -step : 0),
      };
    }
    add();
  }
  return views;
}

/** What one view cost: requests, bytes of answers, and milliseconds until all its tiles were in. */
export interface ViewCost {
  requests: number;
  bytes: number;
  ms: number;
}

/** Counts requests and response bytes of the fetch a client is given. */
export interface Meter {
  requests: number;
  bytes: number;
}

export function meteredFetch(meter: Meter): typeof globalThis.fetch {
  return async (input, init) => {
    meter.requests++;
    const response = await globalThis.fetch(input, init);
    meter.bytes += Number(response.headers.get('content-length') ?? 0);
    return response;
  };
}

export type Strategy = 'loader' | 'naive';

/** Plays the session once, from a cold start, view by view. */
export async function runSession(
  strategy: Strategy,
  client: ClientCore,
  meter: Meter,
  views: readonly TileViewport[] = sessionViews(),
): Promise<ViewCost[]> {
  const loader = createTileLoader((query, options) => stationsTile(client, query, options));
  const costs: ViewCost[] = [];
  for (const viewport of views) {
    const [requests, bytes] = [meter.requests, meter.bytes];
    const started = performance.now();
    if (strategy === 'loader') {
      for await (const tile of loader.load(viewport)) {
        if (tile.error !== undefined) throw tile.error;
      }
    } else {
      await Promise.all(
        coverViewport(viewport, 256).tiles.map(({ x, y, z }) =>
          stationsTile(client, { x: [x], y: [y], z }),
        ),
      );
    }
    costs.push({
      requests: meter.requests - requests,
      bytes: meter.bytes - bytes,
      ms: performance.now() - started,
    });
  }
  return costs;
}
