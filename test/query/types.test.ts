/**
 * The query options as TanStack Query's real types see them: `types/consumer.ts` (data and
 * error inferred per operation, `is` narrowed, keys, infinite pages, mutation variables) and a
 * pet-store consumer compile; and the package itself compiles without TanStack, which it never
 * imports, with skipLibCheck off as a strict consumer's project has it.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { problems } from './support/compile.js';

const scratch = await mkdtemp(join(tmpdir(), 'query-types-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('TanStack Query over the generated options', () => {
  it('infers data and error per operation, and refuses what an operation does not declare', () => {
    const { messages } = problems([resolve('test/query/types/consumer.ts')]);
    expect(messages).toEqual([]);
  });

  it('needs no TanStack to compile the package', () => {
    const { messages, files } = problems(
      [resolve('generated/src/index.ts'), resolve('generated/src/query.ts')],
      true,
    );
    expect(messages).toEqual([]);
    expect(files.filter((f) => f.includes('@tanstack'))).toEqual([]);
    expect(files.some((f) => f.endsWith('src/query.ts'))).toBe(true);
  });

  it('types the pet store the same way', async () => {
    const result = await generate({
      specPath: 'test/fixtures/other/petstore.yaml',
      command: 'test',
    });
    const out = join(scratch, 'pets');
    for (const file of result.files!) {
      const path = join(out, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.content);
    }
    // The consumer resolves TanStack from the repo's node_modules, as an app's would.
    await symlink(resolve('node_modules'), join(out, 'node_modules'), 'dir');
    const consumer = join(out, 'consumer.ts');
    await writeFile(
      consumer,
      [
        "import { useMutation, useQuery } from '@tanstack/react-query';",
        "import { expectTypeOf } from 'vitest';",
        "import { createPetStoreCore, type Pet } from './src/index.js';",
        'import {',
        '  petsCreatePetMutationOptions, petsShowPetByIdQueryKey, petsShowPetByIdQueryOptions,',
        '  type PetsCreatePetVariables, type PetsShowPetByIdError,',
        "} from './src/query.js';",
        'const core = createPetStoreCore();',
        "const pet = useQuery(petsShowPetByIdQueryOptions(core, 'p1'));",
        'expectTypeOf(pet.data).toEqualTypeOf<Pet | undefined>();',
        'expectTypeOf(pet.error).toEqualTypeOf<PetsShowPetByIdError | null>();',
        "expectTypeOf(petsShowPetByIdQueryKey('p1')).toEqualTypeOf<readonly ['pet-store', 'pets', string, {}]>();",
        // A document that lists no error types leaves `is` open, as `ApiError.is` is there.
        "pet.error?.is?.('anything');",
        'const create = useMutation(petsCreatePetMutationOptions(core));',
        'expectTypeOf(create.variables).toEqualTypeOf<PetsCreatePetVariables | undefined>();',
        'expectTypeOf(create.data).toEqualTypeOf<Pet | undefined>();',
        '',
      ].join('\n'),
    );
    expect(problems([consumer]).messages).toEqual([]);
  });
});
