/** How hoisted components are named: from the fragment or the file, qualified only on a clash. */
import { describe, expect, it } from 'vitest';
import { nameTargets, type HoistTarget } from '../../generator/load/split/names.js';

const target = (file: string, pointer = ''): HoistTarget => ({
  key: `schemas ${file}#${pointer}`,
  kind: 'schemas',
  file,
  pointer,
});

function names(targets: HoistTarget[], taken: string[] = [], claimed = new Map<string, string>()) {
  const chosen = nameTargets(targets, claimed, () => new Set(taken), '/api');
  return targets.map((t) => chosen.get(t.key));
}

describe('nameTargets', () => {
  it.each([
    ['the fragment’s last token', target('/api/schemas.yaml', '/Station'), 'Station'],
    ['past components/schemas', target('/common/lib.yaml', '/components/schemas/Meter'), 'Meter'],
    [
      'the file name without extension',
      target('/api/schemas/charging-session.yaml'),
      'charging-session',
    ],
    [
      'characters a component name cannot hold as -',
      target('/api/a b/Tariff (v2).json'),
      'Tariff-v2',
    ],
  ])('takes %s', (_, given, want) => {
    expect(names([given])).toEqual([want]);
  });

  it('qualifies every target that wants one name, by what sets each apart', () => {
    const a = target('/api/common/Station.yaml');
    const b = target('/api/other/Station.yaml');
    const c = target('/api/lib.yaml', '/defs/Station');
    expect(names([a, b, c])).toEqual(['common-Station', 'other-Station', 'defs-Station']);
    expect(names([c, b, a])).toEqual(['defs-Station', 'other-Station', 'common-Station']);
  });

  it('qualifies a target whose name the root uses, and numbers it when nothing else is left', () => {
    expect(names([target('/api/Station.yaml')], ['Station'])).toEqual(['Station-2']);
    expect(names([target('/api/v2/Station.yaml')], ['Station'])).toEqual(['v2-Station']);
  });

  it('gives a claimed target the name of the root component that refers to it', () => {
    const station = target('/api/schemas/station.yaml');
    expect(names([station], ['Station'], new Map([[station.key, 'Station']]))).toEqual(['Station']);
  });
});
