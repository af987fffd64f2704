/**
 * Consumer code the readonly-requests test type-checks under `strict`: request arrays take
 * readonly lists (TS4104 before they did). Never run; it only has to compile.
 */
import {
  CONNECTOR_TYPE_VALUES,
  ConnectorType,
  ConnectClient,
  POWER_GROUP_VALUES,
  stationsAround,
  stationsTile,
  type StationsAroundQuery,
} from '../../../generated/src/index.js';

const FAST_PLUGS = ['IEC_62196_T2_COMBO', 'CHADEMO'] as const;
const TILE = { x: [8800, 8801], y: [5373], z: 14 } as const;

export async function readonlyRequestArrays(client: ConnectClient): Promise<unknown[]> {
  const frozen: readonly string[] = Object.freeze(['Stadtwerk Energie']);
  const query: StationsAroundQuery = {
    latitude: 52.52,
    longitude: 13.405,
    connector_types: CONNECTOR_TYPE_VALUES,
  };
  return [
    await client.stations.around({
      latitude: 52.52,
      longitude: 13.405,
      connector_types: FAST_PLUGS,
      operators: frozen,
    }),
    await client.stations.around(query),
    await stationsAround(client, {
      latitude: 52.52,
      longitude: 13.405,
      connector_types: [ConnectorType.IEC_62196_T2] as const,
    }),
    await client.stations.tile({
      ...TILE,
      connector_types: CONNECTOR_TYPE_VALUES,
      power_groups: POWER_GROUP_VALUES,
    }),
    await stationsTile(client, {
      x: TILE.x,
      y: TILE.y,
      z: 14,
      power_groups: ['fast', 'turbo'] as const,
    }),
  ];
}
