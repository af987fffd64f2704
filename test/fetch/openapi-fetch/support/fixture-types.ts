/**
 * The `paths` types the ported openapi-fetch tests type against are openapi-typescript 7's own
 * output for test/fixtures/fetch/charging-stations.yaml, committed next to the document so the
 * tests type-check without running the generator: once with the default options, once with
 * `readWriteMarkers` (readOnly/writeOnly kept apart, which openapi-fetch honours). The
 * freshness test renders them again and compares; `write-fixture-types.ts` refreshes them.
 */
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPITSOptions } from 'openapi-typescript';

export const FIXTURE_DOCUMENT = fileURLToPath(
  new URL('../../../fixtures/fetch/charging-stations.yaml', import.meta.url),
);

export interface FixtureTypes {
  /** File name under test/fixtures/fetch/. */
  readonly file: string;
  readonly options: OpenAPITSOptions;
}

export const FIXTURE_TYPES: readonly FixtureTypes[] = [
  { file: 'charging-stations.d.ts', options: {} },
  { file: 'charging-stations.read-write.d.ts', options: { readWriteMarkers: true } },
];

export function fixturePath(file: string): string {
  return fileURLToPath(new URL(`../../../fixtures/fetch/${file}`, import.meta.url));
}

/** What `npx openapi-typescript charging-stations.yaml` prints with these options. */
export async function renderFixtureTypes(options: OpenAPITSOptions): Promise<string> {
  const ast = await openapiTS(new URL(`file://${FIXTURE_DOCUMENT}`), options);
  return COMMENT_HEADER + astToString(ast);
}
