/**
 * The config's `openapiTypes` options give the shapes openapi-typescript's options of the same
 * names give: readonly members and arrays (`immutable`), template-literal path keys
 * (`pathParamsAsTypes`), `SchemaPet`-style aliases (`rootTypes`). Each is compared with
 * openapi-typescript's output for the same document and options, and checked for the shape itself.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig } from '../../generator/cli/config/check.js';
import { useScratchDir } from '../support/scratch.js';
import { compareDocument, compileAgainst, diagnosticsOf, writeBoth } from './compare.js';
import ts from 'typescript';

const PETSTORE = 'node_modules/@readme/oas-examples/3.0/json/petstore.json';

/** Messages of compiling `lines` after imports of ours (`O`) and theirs (`T`) in `dir`. */
const compile = (dir: string, lines: readonly string[]) =>
  compileAgainst(dir, 'shape.ts', './theirs.js', lines);

describe('openapiTypes options', () => {
  const scratch = useScratchDir('openapi-types-options-');

  it('immutable and rootTypes: equal to openapi-typescript’s, readonly, with aliases', async () => {
    const dir = join(scratch(), 'immutable');
    await writeBoth(PETSTORE, dir, { immutable: true, rootTypes: true });
    const { differing, other } = await compareDocument(PETSTORE, dir);
    expect(other).toEqual([]);
    expect(differing).toEqual([]);
    expect(await readFile(join(dir, 'ours.ts'), 'utf8')).not.toContain('@ts-nocheck');
    expect(
      await compile(dir, [
        `expectTypeOf<O.components['schemas']['Pet']['photoUrls']>().toEqualTypeOf<readonly string[]>();`,
        `expectTypeOf<O.SchemaPet>().toEqualTypeOf<T.SchemaPet>();`,
        `expectTypeOf<O.RequestBodyUserArray>().toEqualTypeOf<T.RequestBodyUserArray>();`,
        // A readonly member is what the option is for: writing one must fail.
        `declare const pet: O.SchemaPet; // @ts-expect-error readonly\npet.name = 'x';`,
      ]),
    ).toEqual([]);
  }, 180_000);

  it('pathParamsAsTypes: template-literal keys, as openapi-typescript writes them', async () => {
    const dir = join(scratch(), 'path-params');
    await writeBoth(PETSTORE, dir, { pathParamsAsTypes: true });
    expect(
      await compile(dir, [
        `expectTypeOf<keyof O.paths>().toEqualTypeOf<keyof T.paths>();`,
        'expectTypeOf<keyof O.paths>().toEqualTypeOf<"/pet" | "/pet/findByStatus" | "/pet/findByTags" | `/pet/${number}` | `/pet/${number}/uploadImage` | "/store/inventory" | "/store/order" | `/store/order/${number}` | "/user" | "/user/createWithArray" | "/user/createWithList" | "/user/login" | "/user/logout" | `/user/${string}`>();',
        'expectTypeOf<O.paths[`/pet/42`]>().toEqualTypeOf<T.paths[`/pet/42`]>();',
        'expectTypeOf<O.paths[`/user/ada`]["get"]>().toEqualTypeOf<T.paths[`/user/ada`]["get"]>();',
      ]),
    ).toEqual([]);
    // The one shape left unchecked: `/user/login` beside `/user/${string}` is TS2411 there.
    const ours = await readFile(join(dir, 'ours.ts'), 'utf8');
    expect(ours).toContain('// @ts-nocheck');
    const without = join(dir, 'unchecked-removed.ts');
    await writeFile(without, ours.replace('// @ts-nocheck', ''));
    expect(diagnosticsOf([without]).map((d) => d.code)).toContain(2411);
  }, 180_000);

  it('defaults as openapi-typescript’s: a property with a default is required in a response', async () => {
    const dir = join(scratch(), 'defaults');
    await writeBoth(PETSTORE, dir, { defaultNonNullable: false });
    const { differing } = await compareDocument(PETSTORE, dir);
    expect(differing).toEqual([]);
    expect(
      await compile(dir, [
        `expectTypeOf<O.components['schemas']['Order']['complete']>().toEqualTypeOf<boolean | undefined>();`,
      ]),
    ).toEqual([]);
  }, 180_000);

  it('are checked in the config, each problem at its field', () => {
    expect(
      checkConfig({ openapiTypes: { immutable: 'yes', pathParamAsTypes: true } }).problems,
    ).toEqual([
      expect.objectContaining({
        pointer: '/openapiTypes/pathParamAsTypes',
        message: expect.stringContaining("did you mean 'pathParamsAsTypes'?"),
      }),
      expect.objectContaining({
        pointer: '/openapiTypes/immutable',
        message: 'openapiTypes.immutable must be true or false',
      }),
    ]);
    expect(checkConfig({ openapiTypes: [] }).problems).toEqual([
      expect.objectContaining({
        pointer: '/openapiTypes',
        message: 'openapiTypes must be an object',
      }),
    ]);
    expect(checkConfig({ openapiTypes: { immutable: true } }).problems).toEqual([]);
  });
});
