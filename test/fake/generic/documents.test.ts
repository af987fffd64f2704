/**
 * Every package gets a fake: for documents of several styles (3.1 documents with collections
 * and examples, the frameworks' styles, a spread of response schemas, 80 reads of large
 * nested schemas), every GET
 * operation answers its generated fake with a 2xx whose body the package's own guard accepts,
 * in both response modes, the same for the same seed; and every package, its fake included,
 * type-checks under strict (exact optional types too) without Node's types.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ir } from '../../../generator/ir/types.js';
import { generate } from '../../../generator/pipeline.js';
import { strictProblems } from '../../support/type-check.js';
import { callEveryGet, type FakeApi, type Guards } from './every-get.js';

const DOCUMENTS = [
  'node_modules/@scalar/galaxy/dist/latest.yaml',
  'node_modules/@readme/oas-examples/3.1/json/train-travel.json',
  'node_modules/@readme/oas-examples/3.0/json/response-schemas.json',
  'node_modules/@readme/oas-examples/3.0/json/star-trek.json',
  'test/fixtures/corpus/fastapi.json',
  'test/fixtures/corpus/drf-spectacular.yaml',
  'test/fixtures/corpus/springdoc.yaml',
  'test/fixtures/corpus/nestjs.json',
];

const scratch = await mkdtemp(join(tmpdir(), 'fake-documents-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

interface Generated {
  readonly ir: Ir;
  readonly dir: string;
  readonly sources: readonly string[];
}

const packages = new Map<string, Generated>();

beforeAll(async () => {
  for (const [i, spec] of [...DOCUMENTS, 'test/fixtures/other/petstore.yaml'].entries()) {
    const result = await generate({ specPath: spec, command: 'test' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const dir = join(scratch, String(i));
    const sources: string[] = [];
    for (const file of result.files!) {
      const path = join(dir, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.content);
      if (path.endsWith('.ts')) sources.push(path);
    }
    packages.set(spec, { ir: result.ir!, dir, sources });
  }
}, 300_000);

async function fakeOf(spec: string, options: object) {
  const { dir } = packages.get(spec)!;
  const testing = (await import(pathToFileURL(join(dir, 'src/fake/index.ts')).href)) as {
    createFakeApi(options: object): FakeApi;
  };
  const guards = (await import(pathToFileURL(join(dir, 'src/guards.ts')).href)) as Guards;
  return { fake: testing.createFakeApi(options), guards };
}

describe.each(DOCUMENTS)('the fake of %s', (spec) => {
  it.each(['faithful', 'loosest'])(
    'answers every GET operation with a body its guard accepts (%s)',
    async (responses) => {
      const { ir } = packages.get(spec)!;
      const { fake, guards } = await fakeOf(spec, { seed: 7, responses });
      const outcomes = await callEveryGet(ir, fake, guards, 7);
      expect(outcomes.length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.problem !== undefined)).toEqual([]);
    },
  );

  it('answers the same for the same seed', async () => {
    const { ir } = packages.get(spec)!;
    const answers = async (seed: number) => {
      const { fake, guards } = await fakeOf(spec, { seed });
      return (await callEveryGet(ir, fake, guards, 7)).map((o) => o.body);
    };
    expect(await answers(11)).toEqual(await answers(11));
  });
});

// Galaxy gives an example for nearly every member, and an example always wins; these do not.
it.each(DOCUMENTS.slice(1))('answers otherwise for another seed: %s', async (spec) => {
  const { ir } = packages.get(spec)!;
  const answers = async (seed: number) => {
    const { fake, guards } = await fakeOf(spec, { seed });
    return (await callEveryGet(ir, fake, guards, 7)).map((o) => o.body);
  };
  expect(await answers(1)).not.toEqual(await answers(2));
});

it('every package, its fake included, type-checks under strict without Node types', () => {
  const sources = [...packages.values()].flatMap((p) => p.sources);
  expect(sources.filter((s) => s.includes('/src/fake/index.ts'))).toHaveLength(packages.size);
  expect(strictProblems(sources, { exactOptionalPropertyTypes: true })).toEqual([]);
}, 300_000);
