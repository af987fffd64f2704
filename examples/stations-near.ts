/**
 * Find charging stations near a point: every page of `stations.around`, nearest first, with
 * how many charge points are free right now.
 *
 *   npx tsx examples/stations-near.ts [latitude] [longitude] [distance in m]
 */
import { EvseStatus, isEvseStatus, type Station } from '../generated/src/index.js';
import { connect, numberArgument } from './connect.js';

const latitude = numberArgument(0, 52.52);
const longitude = numberArgument(1, 13.405);
const distance = numberArgument(2, 1000);

/** Great-circle distance in metres; the API returns coordinates as decimal strings. */
function metresBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}

function freeEvses(station: Station): number {
  // Statuses are open: a value added to the API later is neither free nor an error here.
  return station.evses.filter(
    (evse) => isEvseStatus(evse.status) && evse.status === EvseStatus.AVAILABLE,
  ).length;
}

const { client, close } = await connect();
try {
  const found: { station: Station; metres: number }[] = [];
  // Iterating the call walks every page; the client follows `next` for us.
  for await (const station of client.stations.around({
    latitude,
    longitude,
    distance,
    page_size: 50,
  })) {
    const metres = metresBetween(
      latitude,
      longitude,
      Number(station.coordinates.latitude),
      Number(station.coordinates.longitude),
    );
    found.push({ station, metres });
  }
  found.sort((a, b) => a.metres - b.metres);
  console.log(`${found.length} stations within ${distance} m of ${latitude}, ${longitude}`);
  for (const { station, metres } of found.slice(0, 10)) {
    const power = Math.max(0, ...station.price_groups.map((group) => group.power));
    console.log(
      `${String(Math.round(metres)).padStart(5)} m  ${station.name} (${station.operator.name}), ${freeEvses(station)}/${station.evses.length} free, up to ${power} kW`,
    );
  }
} finally {
  await close();
}
