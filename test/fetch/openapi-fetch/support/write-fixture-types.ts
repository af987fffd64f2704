/** Refreshes the committed `paths` fixtures: `npx tsx test/fetch/openapi-fetch/support/write-fixture-types.ts`. */
import { writeFileSync } from 'node:fs';
import { FIXTURE_TYPES, fixturePath, renderFixtureTypes } from './fixture-types.js';

for (const { file, options } of FIXTURE_TYPES) {
  writeFileSync(fixturePath(file), await renderFixtureTypes(options));
}
