import { describe, expect, it } from 'vitest';
import { sessionCost } from '../../templates/connect/fake/session-cost.js';
import type { EvseModel, PriceGroupModel } from '../../templates/connect/fake/station-model.js';

const evse: EvseModel = {
  evseId: 'DE*X*E1*1',
  status: 'AVAILABLE',
  connector: 'IEC_62196_T2_COMBO',
  powerKw: 50,
};
const group: PriceGroupModel = {
  type: 'DC',
  powerKw: 50,
  evseIds: [evse.evseId],
  kwhPrice: 0.5,
  blockingFeePerMinute: 0.1,
  graceMinutes: 30,
  blockingCap: 12,
  sessionFee: 1,
  preAuthorization: 50,
};
const start = new Date('2026-01-01T10:00:00Z');
const after = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('sessionCost', () => {
  it('charges energy at 70 % of the EVSE power, plus the session fee', () => {
    // 35 kW for an hour: 35 kWh at 0.50.
    const cost = sessionCost(evse, group, 19, 'EUR', start, after(60));
    expect(cost).toMatchObject({
      durationSeconds: 3600,
      energyKwh: 35,
      blockingCost: 0,
      sessionFee: 1,
      total: 18.5,
      currency: 'EUR',
    });
    expect(cost.vat).toBeCloseTo(18.5 - 18.5 / 1.19, 10);
  });

  it('stops at a full battery and then charges blocking after the grace period, up to the cap', () => {
    // Full after 75 / 35 h ≈ 128.6 min; blocking from ≈ 158.6 min.
    expect(sessionCost(evse, group, 19, 'EUR', start, after(150))).toMatchObject({
      energyKwh: 75,
      blockingCost: 0,
    });
    expect(sessionCost(evse, group, 19, 'EUR', start, after(200)).blockingCost).toBeCloseTo(
      (200 - (75 / 35) * 60 - 30) * 0.1,
      6,
    );
    expect(sessionCost(evse, group, 19, 'EUR', start, after(1000)).blockingCost).toBe(12);
  });

  it('costs nothing but the fee for a session stopped at once', () => {
    expect(
      sessionCost(evse, { ...group, sessionFee: null }, 19, 'EUR', start, start),
    ).toMatchObject({ energyKwh: 0, total: 0 });
  });
});
