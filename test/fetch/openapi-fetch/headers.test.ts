/**
 * Headers: the client's, the request's and the typed header parameters are merged in that
 * order (later wins, names case-insensitive); `null` removes, `undefined` keeps, arrays repeat.
 */
import { describe, expect, it } from 'vitest';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import { json, onlyRequest, useTestServer } from './support/server.js';

describe.each(implementations)('$name: headers', ({ createClient, mergeHeaders }) => {
  const server = useTestServer(json(200, []));
  const client = (options: Parameters<typeof createClient>[0] = {}) =>
    createClient<paths>({ baseUrl: server.origin, ...options });
  const received = () => onlyRequest(server.requests).headers;

  it('sends the client’s headers with every request', async () => {
    await client({ headers: { 'x-app': 'fleet-map' } }).GET('/stations');
    expect(received()['x-app']).toBe('fleet-map');
  });

  it('a request’s headers override the client’s; undefined keeps it, null removes it', async () => {
    await client({
      headers: { 'x-empty': 'a', 'x-zero': 'b', 'x-kept': 'c', 'x-false': 'd', 'x-gone': 'e' },
    }).GET('/stations', {
      headers: {
        'x-empty': '',
        'x-zero': 0,
        'x-kept': undefined,
        'x-false': false,
        'x-gone': null,
      },
    });
    const h = received();
    expect([h['x-empty'], h['x-zero'], h['x-kept'], h['x-false']]).toEqual(['', '0', 'c', 'false']);
    expect('x-gone' in h).toBe(false);
  });

  it('names match whatever their case', async () => {
    await client({ headers: { 'X-Fleet': 'north' } }).GET('/stations', {
      headers: { 'x-fleet': 'south' },
    });
    expect(received()['x-fleet']).toBe('south');
  });

  it('numbers and booleans are sent as text', async () => {
    await client().GET('/stations', { headers: { 'x-count': 3, 'x-live': true } });
    expect([received()['x-count'], received()['x-live']]).toEqual(['3', 'true']);
  });

  it('an array sends every value, joined as one header line', async () => {
    await client().GET('/stations', { headers: { 'x-zone': ['a', 'b', 'c'] } });
    expect(received()['x-zone']).toBe('a, b, c');
  });

  it('Headers instances are accepted on the client and on the request', async () => {
    await client({ headers: new Headers({ 'x-app': 'fleet-map' }) }).GET('/stations', {
      headers: new Headers({ 'x-trace': 't-1' }),
    });
    expect([received()['x-app'], received()['x-trace']]).toEqual(['fleet-map', 't-1']);
  });

  it('typed header parameters are sent, and win over request headers', async () => {
    await client().POST('/stations/{stationId}/sessions', {
      params: { path: { stationId: 7 }, header: { 'x-idempotency-key': 'from-params' } },
      headers: { 'x-idempotency-key': 'from-headers' },
    });
    expect(received()['x-idempotency-key']).toBe('from-params');
  });

  it('a Cookie header is sent as given', async () => {
    await client().GET('/stations', {
      credentials: 'include',
      headers: { Cookie: 'session=1234' },
    });
    expect(received().cookie).toBe('session=1234');
  });

  it('mergeHeaders merges plain objects and Headers in order, skipping empty inputs', () => {
    const merged = mergeHeaders({ a: '1', b: '2' }, undefined, new Headers({ b: '3' }), {
      a: null,
      c: ['x', 'y'],
    });
    expect([...merged.entries()]).toEqual([
      ['b', '3'],
      ['c', 'x, y'],
    ]);
  });
});
