/**
 * The committed `paths` fixtures are what openapi-typescript 7.13 prints for the fixture
 * document today. Rendered into os.tmpdir() through openapi-typescript's Node API, never over
 * the committed files (refresh them with support/write-fixture-types.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FIXTURE_TYPES, fixturePath, renderFixtureTypes } from './support/fixture-types.js';

it.each(FIXTURE_TYPES)('$file is current with openapi-typescript', async ({ file, options }) => {
  const fresh = join(mkdtempSync(join(tmpdir(), 'openapi-fetch-fixture-')), file);
  writeFileSync(fresh, await renderFixtureTypes(options));
  expect(readFileSync(fixturePath(file), 'utf8')).toBe(readFileSync(fresh, 'utf8'));
});
