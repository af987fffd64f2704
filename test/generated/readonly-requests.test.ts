/**
 * Request arrays accept readonly lists: `as const` tuples and the `*_VALUES` lists compile as
 * query parameters (the client only reads them), and are sent like any other array.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTOR_TYPE_VALUES,
  ConnectClient,
  POWER_GROUP_VALUES,
  stationsTile,
} from '../../generated/src/index.js';
import { typeCheck } from '../robustness/harness.js';
import { json, useTestServer } from '../runtime/http-server.js';

const FIXTURE = fileURLToPath(new URL('./consumer/readonly-arrays.ts', import.meta.url));

describe('readonly arrays in requests', () => {
  // One in-process TypeScript program over the package's sources: seconds, more on a busy machine.
  it(
    'type-check as query parameters under strict (an `as const` tuple, CONNECTOR_TYPE_VALUES, POWER_GROUP_VALUES)',
    { timeout: 120_000 },
    () => {
      expect(typeCheck([FIXTURE]).map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([]);
    },
  );

  describe('on the wire', () => {
    const server = useTestServer(json(200, { type: 'FeatureCollection', features: [] }));
    let client: ConnectClient;
    beforeAll(() => {
      client = new ConnectClient({
        token: 'tok_readonly_1',
        baseUrl: server.origin,
        maxRetries: 0,
        validateResponses: 'off',
      });
    });

    it('are sent one value a parameter, in order, like mutable arrays', async () => {
      await stationsTile(client, {
        x: [8800] as const,
        y: [5373] as const,
        z: 14,
        connector_types: CONNECTOR_TYPE_VALUES.slice(0, 2),
        power_groups: POWER_GROUP_VALUES,
      });
      expect(server.requests.map((r) => r.url)).toEqual([
        '/api/v1/stations/tile/?x=8800&y=5373&z=14&connector_types=CHADEMO&connector_types=DOMESTIC_A&power_groups=slow&power_groups=fast&power_groups=turbo',
      ]);
    });
  });
});
