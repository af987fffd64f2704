/**
 * Type checks that must hold in projects without `strictNullChecks` too (checked that way by
 * without-strict-null-checks.test.ts, and strictly by `npm run typecheck`): requirements on
 * parameters do not lean on `undefined` being a separate type. Never run, only compiled.
 */
import type { ClientTypes } from './implementations.js';

type Client = ClientTypes['openapi-fetch 0.17.0']['client'];

export async function requirementsHold(client: Client): Promise<unknown[]> {
  return [
    // @ts-expect-error no options at all
    await client.GET('/stations/{stationId}'),
    // @ts-expect-error no params
    await client.GET('/stations/{stationId}', {}),
    // @ts-expect-error no path
    await client.GET('/stations/{stationId}', { params: {} }),
    // @ts-expect-error stationId missing
    await client.GET('/stations/{stationId}', { params: { path: {} } }),
    // @ts-expect-error stationId is a number
    await client.GET('/stations/{stationId}', { params: { path: { stationId: '7' } } }),
    // @ts-expect-error /stations has no path parameters
    await client.GET('/stations', { params: { path: { stationId: 7 } } }),
    // @ts-expect-error body is required
    await client.POST('/stations', {}),
    await client.GET('/stations/{stationId}', { params: { path: { stationId: 7 } } }),
    await client.GET('/stations'),
  ];
}
