/**
 * The `paths` type the ported openapi-fetch tests type against is openapi-typescript 7's own
 * output for test/fixtures/fetch/charging-stations.yaml, committed next to the document so the
 * tests type-check without running the generator. `renderFixtureTypes` is the one recipe: the
 * freshness test renders it again and compares, and `write-fixture-types.ts` refreshes the file.
 */
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export const FIXTURE_DOCUMENT = fileURLToPath(
  new URL('../../../fixtures/fetch/charging-stations.yaml', import.meta.url),
);
export const FIXTURE_TYPES = fileURLToPath(
  new URL('../../../fixtures/fetch/charging-stations.d.ts', import.meta.url),
);

/** What `npx openapi-typescript charging-stations.yaml` prints, with the default options. */
export async function renderFixtureTypes(): Promise<string> {
  const ast = await openapiTS(new URL(`file://${FIXTURE_DOCUMENT}`));
  return COMMENT_HEADER + astToString(ast);
}
