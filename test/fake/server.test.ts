/** The server core with hand-made contracts: what it does when the contract and the fake disagree. */
import { describe, expect, it } from 'vitest';
import { fail } from '../../templates/runtime/core/guard.js';
import type { ApiContract } from '../../templates/connect/fake/contract.js';
import { arrayOf } from '../../templates/connect/fake/contract.js';
import { startFakeServer } from '../../templates/connect/fake/server.js';

const CONTRACT: ApiContract = {
  operations: [
    // An operation the spec might add later: checked, then answered 501.
    {
      id: 'stationsReviews',
      method: 'GET',
      path: '/api/v1/stations/reviews/',
      query: [{ name: 'limit', required: true, schema: { kind: 'integer' } }],
      successStatus: 200,
    },
    // A guard the fake's answer cannot pass, as when spec and fake drift apart.
    {
      id: 'stationsPartners',
      method: 'GET',
      path: '/api/v1/stations/partners/',
      query: [],
      successStatus: 200,
      successCheck: arrayOf((value) =>
        typeof value === 'string' ? undefined : fail('string', value),
      ),
    },
  ],
};

async function call(url: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}${path}`, { headers: { authorization: 'Bearer t' } });
  return { status: response.status, body: await response.json() };
}

describe('startFakeServer', () => {
  it('checks requests of operations it does not implement, then answers 501', async () => {
    const api = await startFakeServer(CONTRACT, { tokens: ['t'] });
    try {
      expect((await call(api.url, '/api/v1/stations/reviews/')).status).toBe(400);
      expect(await call(api.url, '/api/v1/stations/reviews/?limit=3')).toEqual({
        status: 501,
        body: { detail: 'The fake server does not implement stationsReviews.' },
      });
    } finally {
      await api.close();
    }
  });

  it('answers 500 unexpected_error when its own answer fails the spec guard', async () => {
    const api = await startFakeServer(CONTRACT, { tokens: ['t'] });
    const unchecked = await startFakeServer(CONTRACT, { tokens: ['t'], checkResponses: false });
    try {
      const { status, body } = await call(api.url, '/api/v1/stations/partners/');
      expect(status).toBe(500);
      expect(body).toEqual({
        detail: "The fake server's own stationsPartners answer breaks the spec.",
        error: { type: 'unexpected_error', details: '$[0]: expected string, got object' },
      });
      expect((await call(unchecked.url, '/api/v1/stations/partners/')).status).toBe(200);
    } finally {
      await Promise.all([api.close(), unchecked.close()]);
    }
  });

  it('offers test helpers on the handle', async () => {
    const api = await startFakeServer(CONTRACT, { tokens: ['t'] });
    try {
      expect(() => api.addPaymentMethod('nobody')).toThrow(/No User/);
      expect(() => api.confirmSetupIntent('seti_unknown')).toThrow(/setup intent/);
      expect(() => api.advanceTime(-1)).toThrow(RangeError);
      expect(api.stationCount).toBeGreaterThan(3000);
    } finally {
      await api.close();
    }
  });
});
