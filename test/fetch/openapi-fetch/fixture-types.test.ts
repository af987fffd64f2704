/**
 * The committed `paths` fixture is what openapi-typescript 7.13 prints for the fixture
 * document today. Rendered into os.tmpdir() through openapi-typescript's Node API, never over
 * the committed file (refresh it with support/write-fixture-types.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FIXTURE_TYPES, renderFixtureTypes } from './support/fixture-types.js';

it('the committed paths type is current with openapi-typescript for the fixture document', async () => {
  const fresh = join(
    mkdtempSync(join(tmpdir(), 'openapi-fetch-fixture-')),
    'charging-stations.d.ts',
  );
  writeFileSync(fresh, await renderFixtureTypes());
  expect(readFileSync(FIXTURE_TYPES, 'utf8')).toBe(readFileSync(fresh, 'utf8'));
});
