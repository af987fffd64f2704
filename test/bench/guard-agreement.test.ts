/**
 * The guard benchmark compares validators that must agree on what a station page is; when
 * the spec changes what responses may hold, the hand-written checker and the spoilers must
 * follow, or `npm run bench` stops at its first section. This keeps them in step in CI.
 */
import { describe, expect, it } from 'vitest';
import { checkPaginatedStationList, formatGuardPath } from '../../generated/src/index.js';
import { handCheckStationPage } from '../../bench/guards/hand.js';
import { SPOILERS, spoiled, stationPage } from '../../bench/lib/station-page.js';

describe('the guard benchmark', () => {
  const page = stationPage();

  it('has a page both the generated guard and the hand-written checker accept', () => {
    expect(checkPaginatedStationList(page)).toBeUndefined();
    expect(handCheckStationPage(page)).toBe(true);
  });

  it.each(SPOILERS.map((s) => [`${s.what} at ${s.path}`, s] as const))(
    'has both reject %s',
    (_, spoiler) => {
      const value = spoiled(page, spoiler);
      const failure = checkPaginatedStationList(value);
      expect(failure && formatGuardPath(failure)).toBe(spoiler.path);
      expect(handCheckStationPage(value)).toBe(false);
    },
  );
});
