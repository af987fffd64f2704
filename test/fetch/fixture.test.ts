/**
 * The `paths` type the fetch tests compile against is openapi-typescript 7.13's output for
 * `fixtures/pets.yaml`, committed so that the type tests are checked by `npm run typecheck`;
 * this test makes it again and fails when the two differ.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { expect, it } from 'vitest';

const FIXTURES = join(import.meta.dirname, 'fixtures');

it('fixtures/pets-paths.ts is what openapi-typescript makes of fixtures/pets.yaml', async () => {
  const ast = await openapiTS(pathToFileURL(join(FIXTURES, 'pets.yaml')));
  const committed = await readFile(join(FIXTURES, 'pets-paths.ts'), 'utf8');
  expect(committed).toBe(COMMENT_HEADER + astToString(ast));
});
