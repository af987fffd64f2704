/** Refreshes the committed `paths` fixture: `npx tsx test/fetch/openapi-fetch/support/write-fixture-types.ts`. */
import { writeFileSync } from 'node:fs';
import { FIXTURE_TYPES, renderFixtureTypes } from './fixture-types.js';

writeFileSync(FIXTURE_TYPES, await renderFixtureTypes());
