/**
 * Maps (`additionalProperties`) in the generated guards: exactly the own enumerable keys are
 * checked, in order, and a valid map costs no key array. The work is counted, not timed
 * (timings vary, counts do not); timing is `npm run bench`'s job.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPriceMember, checkStation } from '../../generated/src/guards.js';
import { formatGuardPath } from '../../generated/src/runtime/core/guard.js';
import * as samples from './samples.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function priceItem(): Record<string, unknown> {
  const station = samples.station() as any;
  return structuredClone(station.price_groups[0].prices.kwh_price.default[0]);
}

describe('map guards', () => {
  it('checks a station with price maps without listing its keys into an array', () => {
    const station = samples.station();
    const keys = vi.spyOn(Object, 'keys');
    const entries = vi.spyOn(Object, 'entries');
    expect(checkStation(station)).toBeUndefined();
    expect(checkPriceMember({ default: [priceItem()], night: [priceItem()] })).toBeUndefined();
    expect(keys).not.toHaveBeenCalled();
    expect(entries).not.toHaveBeenCalled();
  });

  it('reports the first own key that fails, in key order', () => {
    const failure = checkPriceMember({ default: [priceItem()], night: 'cheap', late: 3 });
    expect(failure && formatGuardPath(failure)).toBe('$.night');
    expect(failure?.expected).toBe('array');
    expect(failure?.found).toBe('string');
  });

  it('ignores enumerable members of the prototype and checks own keys named like them', () => {
    const inherited = Object.create({ stray: 'not an array' }) as Record<string, unknown>;
    inherited.default = [priceItem()];
    expect(checkPriceMember(inherited)).toBeUndefined();

    const parsed = JSON.parse('{"default": [], "__proto__": 5}') as unknown;
    const failure = checkPriceMember(parsed);
    expect(failure && formatGuardPath(failure)).toBe('$.__proto__');
    expect(failure?.found).toBe('integer');
  });

  it('checks every item under every key', () => {
    const broken = priceItem();
    broken.tax = '19';
    const failure = checkPriceMember({ default: [priceItem()], night: [priceItem(), broken] });
    expect(failure && formatGuardPath(failure)).toBe('$.night[1].tax');
    expect(failure?.expected).toBe('number');
  });
});
