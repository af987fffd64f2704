/**
 * Another API's document gets the same validators: the pet store's create body (its request
 * view, without the read-only `id`), its list query and headers and its path parameters, in a
 * `./forms` entry point of their own that type-checks under strict and behaves like ours.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import type { OutputFile } from '../../generator/print/print.js';
import { strictProblems } from '../support/type-check.js';

const scratch = await mkdtemp(join(tmpdir(), 'forms-petstore-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

let files: readonly OutputFile[];
let forms: Record<
  string,
  {
    '~standard': {
      vendor: string;
      validate(value: unknown): {
        value?: unknown;
        issues?: { message: string; path: unknown[] }[];
      };
    };
    fields: Record<string, { required: boolean; values?: unknown[] }>;
  }
>;

beforeAll(async () => {
  const result = await generate({ specPath: 'test/fixtures/other/petstore.yaml', command: 'test' });
  files = result.files!;
  for (const file of files) {
    const path = join(scratch, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
  }
  forms = await import(pathToFileURL(join(scratch, 'src/forms.ts')).href);
}, 60_000);

describe('the pet store', () => {
  it('has a validator for its body and each of its parameter sets', () => {
    expect(Object.keys(forms).sort()).toEqual([
      'PetRequestSchema',
      'PetsListPetsHeadersSchema',
      'PetsListPetsQuerySchema',
      'PetsShowPetByIdPathSchema',
      'keepingEmptyText',
    ]);
    expect(forms.PetRequestSchema!['~standard'].vendor).toBe('pet-store-client');
  });

  it('validates the request view of a pet: no read-only id, a nullable tag, an integer enum', () => {
    const pet = forms.PetRequestSchema!;
    expect(Object.keys(pet.fields)).toEqual(['name', 'tag', 'size', 'class']);
    expect(pet.fields['size']!.values).toEqual([1, 2, 3]);
    expect(pet['~standard'].validate({ name: 'Rex', tag: null, size: 2 }).issues).toBeUndefined();
    expect(
      pet['~standard']
        .validate({ id: 'read-only, ignored', size: 4, class: 1 })
        .issues?.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([
      ['name', 'required'],
      ['size', 'one of: 1, 2, 3'],
      ['class', 'must be text'],
    ]);
  });

  it('validates parameters by their wire names', () => {
    const query = forms.PetsListPetsQuerySchema!['~standard'];
    expect(query.validate({ limit: 101 }).issues?.map((i) => i.message)).toEqual(['at most 100']);
    const headers = forms.PetsListPetsHeadersSchema!['~standard'];
    expect(headers.validate({ 'X-Request-Id': 5 }).issues?.map((i) => i.path)).toEqual([
      ['X-Request-Id'],
    ]);
    const path = forms.PetsShowPetByIdPathSchema!['~standard'];
    expect(path.validate({}).issues?.map((i) => [i.path, i.message])).toEqual([
      [['petId'], 'required'],
    ]);
  });

  it('takes its parameter sets as a URL carries them, as text, and its body as JSON', () => {
    const query = forms.PetsListPetsQuerySchema!['~standard'];
    expect(query.validate({ limit: '20' })).toEqual({ value: { limit: 20 } });
    expect(query.validate({ limit: 20 })).toEqual({ value: { limit: 20 } });
    expect(
      ['101', 'ten', '2.5'].map((limit) => query.validate({ limit }).issues?.map((i) => i.message)),
    ).toEqual([['at most 100'], ['must be a whole number'], ['must be a whole number']]);
    // An empty field (`?limit=`, an untouched input) is not given, as a form means it.
    expect(query.validate({ limit: '' })).toEqual({ value: {} });
    // Text is kept where the parameter is text, even text that spells a number.
    const path = forms.PetsShowPetByIdPathSchema!['~standard'];
    expect(path.validate({ petId: '42' })).toEqual({ value: { petId: '42' } });
    const headers = forms.PetsListPetsHeadersSchema!['~standard'];
    expect(headers.validate({ 'X-Request-Id': '7' })).toEqual({ value: { 'X-Request-Id': '7' } });
    // The body's integer enum takes numbers only: JSON has them.
    const pet = forms.PetRequestSchema!['~standard'];
    expect(
      pet.validate({ name: 'Rex', size: '2' }).issues?.map((i) => [i.path, i.message]),
    ).toEqual([[['size'], 'one of: 1, 2, 3']]);
  });

  it('publishes them as ./forms, lists them in api.md, and type-checks under strict', async () => {
    const manifest = JSON.parse(files.find((f) => f.path === 'package.json')!.content) as {
      exports: Record<string, unknown>;
    };
    expect(Object.keys(manifest.exports)).toContain('./forms');
    const api = files.find((f) => f.path === 'api.md')!.content;
    expect(api).toContain("`import { PetRequestSchema } from 'pet-store-client/forms'`");
    expect(api).toContain(
      "The validators of parameters (path, query, headers, cookies) also take the values as a URL carries them, as text, and give them typed: `'2'` as `2` where a number is wanted",
    );
    expect(api).toContain(
      '### `PetsListPetsQuerySchema`\n\nValidates the query parameters of `client.pets.listPets()`.\n\n- `limit?` — a whole number, at most 100',
    );
    // The package index leaves the validators out: only the entry point reaches them.
    expect(files.find((f) => f.path === 'src/index.ts')!.content).not.toContain('forms');
    const sources = files.filter((f) => f.path.endsWith('.ts')).map((f) => join(scratch, f.path));
    expect(strictProblems(sources, { exactOptionalPropertyTypes: true })).toEqual([]);
  }, 60_000);
});
