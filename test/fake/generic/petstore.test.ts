/**
 * The fake made from the spec, for a pet store: the package is generated into a scratch
 * directory and driven with its own client over the fake's `fetch`, in strict response
 * validation. The fixture's pet store has no delete, so the document here adds one to
 * `/pets/{petId}`; everything else is the fixture as it is.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { parse, stringify } from 'yaml';
import { generate } from '../../../generator/pipeline.js';

const scratch = await mkdtemp(join(tmpdir(), 'fake-petstore-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

interface Pet {
  id: number;
  name: string;
  tag?: string | null;
  size?: number;
  class?: string;
}
type Core = object;
interface PetStore {
  createPetStoreCore(options: object): Core;
  PetStoreClient: new (options: object) => {
    pets: {
      createPet(body: object): Promise<Pet>;
      showPetById(petId: string): Promise<Pet>;
      listPets(query?: object): Promise<Pet[]>;
      deletePet(petId: string): Promise<void>;
    };
  };
  petsCreatePet(core: Core, body: object, options?: object): Promise<Pet>;
  petsListPets(core: Core): Promise<Pet[]>;
  checkPet(value: unknown): unknown;
  NotFoundError: new (...args: never[]) => Error;
  BadRequestError: new (...args: never[]) => Error & { body?: unknown };
  InvalidRequestError: new (...args: never[]) => Error & { argument?: string };
}
interface FakeApi {
  url: string;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  handle(request: Request): Promise<Response>;
  reset(): void;
  add(path: string, fields?: object): { id: string; item: unknown };
}
interface Testing {
  createFakeApi(options?: object): FakeApi;
}

let pets: PetStore;
let testing: Testing;
let manifest: {
  exports: Record<string, { import: { default: string } }>;
  devDependencies: object;
};

beforeAll(async () => {
  const spec = parse(await readFile('test/fixtures/other/petstore.yaml', 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  spec.paths['/pets/{petId}']!['delete'] = {
    operationId: 'deletePet',
    tags: ['pets'],
    parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
    responses: { '204': { description: 'Deleted.' }, '404': { description: 'No such pet.' } },
  };
  const specPath = join(scratch, 'petstore.yaml');
  await writeFile(specPath, stringify(spec));
  const result = await generate({ specPath, command: 'test' });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  for (const file of result.files!) {
    const path = join(scratch, 'pkg', file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
  }
  manifest = JSON.parse(await readFile(join(scratch, 'pkg/package.json'), 'utf8'));
  // The `./testing` entry point, as package.json maps it, from the sources.
  const entry = manifest.exports['./testing']!.import.default;
  const source = entry.replace(/^\.\/dist\/esm\//, 'src/').replace(/\.js$/, '.ts');
  pets = await import(pathToFileURL(join(scratch, 'pkg/src/index.ts')).href);
  testing = await import(pathToFileURL(join(scratch, 'pkg', source)).href);
}, 120_000);

function clientOf(fake: FakeApi, options: object = {}) {
  return new pets.PetStoreClient({
    baseUrl: fake.url,
    fetch: fake.fetch,
    token: 'test-token',
    validateResponses: 'strict',
    ...options,
  });
}

describe("the pet store's fake", () => {
  it("is the package's `./testing` entry point, and needs no Node types", () => {
    expect(manifest.exports['./testing']!.import.default).toBe('./dist/esm/fake/index.js');
    expect(manifest.devDependencies).not.toHaveProperty('@types/node');
  });

  it('creates, reads, lists and deletes a pet through the generated client', async () => {
    const fake = testing.createFakeApi({ seed: 1 });
    const client = clientOf(fake);
    expect(await client.pets.listPets()).toEqual([]);
    const rex = await client.pets.createPet({ name: 'Rex', tag: 'dog' });
    expect(rex).toMatchObject({ id: 1, name: 'Rex', tag: 'dog' });
    const tom = await client.pets.createPet({ name: 'Tom', tag: null, size: 2 });
    expect(tom).toMatchObject({ id: 2, name: 'Tom', tag: null, size: 2 });
    expect(await client.pets.showPetById('1')).toEqual(rex);
    expect(await client.pets.listPets({ limit: 10 })).toEqual([rex, tom]);
    await client.pets.deletePet('1');
    await expect(client.pets.showPetById('1')).rejects.toBeInstanceOf(pets.NotFoundError);
    await expect(client.pets.deletePet('1')).rejects.toBeInstanceOf(pets.NotFoundError);
    expect(await client.pets.listPets()).toEqual([tom]);
    // The next id is fresh, never one that was deleted.
    expect(await client.pets.createPet({ name: 'Kit' })).toMatchObject({ id: 3, name: 'Kit' });
  });

  it('works with the small-bundle core and standalone functions too', async () => {
    const fake = testing.createFakeApi();
    const core = pets.createPetStoreCore({ baseUrl: fake.url, fetch: fake.fetch, token: 't' });
    const created = await pets.petsCreatePet(core, { name: 'Rex' });
    expect(await pets.petsListPets(core)).toEqual([created]);
  });

  it('answers a bad body with a 400 naming each field and its problem', async () => {
    const fake = testing.createFakeApi();
    const response = await fake.fetch(`${fake.url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 5, size: 4 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      detail: 'Invalid request: body.name: must be text',
      field: 'body.name',
      problem: 'must be text',
      issues: [
        { field: 'body.name', problem: 'must be text' },
        { field: 'body.size', problem: 'one of: 1, 2, 3' },
      ],
    });
    // A required member left out, and a body that is not JSON.
    const missing = await fake.fetch(`${fake.url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"tag":"dog"}',
    });
    expect(await missing.json()).toMatchObject({ field: 'body.name', problem: 'required' });
    const broken = await fake.fetch(`${fake.url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ field: 'body' });
    // Nothing was stored.
    expect(await (await fake.fetch(`${fake.url}/pets`)).json()).toEqual([]);
  });

  it('gives the client a BadRequestError when its own checks are off, and InvalidRequestError when on', async () => {
    const fake = testing.createFakeApi();
    const unchecked = clientOf(fake, { validateRequests: false });
    const error = await unchecked.pets.createPet({ name: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(pets.BadRequestError);
    expect((error as { body: unknown }).body).toMatchObject({ field: 'body.name' });
    const checked = clientOf(fake);
    await expect(checked.pets.createPet({ name: 5 })).rejects.toBeInstanceOf(
      pets.InvalidRequestError,
    );
  });

  it('checks query and header parameters as text read back into their kinds', async () => {
    const fake = testing.createFakeApi();
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fake.fetch(`${fake.url}${path}`, { headers });
      return [response.status, await response.json()] as const;
    };
    expect(await get('/pets?limit=100')).toEqual([200, []]);
    expect(await get('/pets?limit=101')).toMatchObject([
      400,
      { field: 'query.limit', problem: 'at most 100' },
    ]);
    expect(await get('/pets?limit=two')).toMatchObject([
      400,
      { field: 'query.limit', problem: 'must be a whole number' },
    ]);
    expect(await get('/pets', { 'X-Request-Id': 'abc' })).toEqual([200, []]);
  });

  it('answers 404 for unknown paths, 405 with Allow for another method, 413 past the body limit', async () => {
    const fake = testing.createFakeApi({ maxBodyBytes: 64 });
    const unknown = await fake.fetch(`${fake.url}/owners`);
    expect(unknown.status).toBe(404);
    // Paths are matched as the spec writes them: `/pets/` is not `/pets`.
    expect((await fake.fetch(`${fake.url}/pets/`)).status).toBe(404);
    // Outside the base path (the first server's `/v1`) nothing is served.
    expect((await fake.fetch('https://fake.invalid/pets')).status).toBe(404);
    const put = await fake.fetch(`${fake.url}/pets`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    const large = await fake.fetch(`${fake.url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(100) }),
    });
    expect(large.status).toBe(413);
    const text = await fake.fetch(`${fake.url}/pets`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'Rex',
    });
    expect(text.status).toBe(415);
  });

  it('answers the same to the same requests for the same seed, and otherwise for another', async () => {
    const run = async (seed: number) => {
      const fake = testing.createFakeApi({ seed });
      const client = clientOf(fake);
      const created = await client.pets.createPet({ name: 'Rex' });
      fake.add('/pets', { name: 'Tom' });
      fake.add('/pets');
      return { created, list: await client.pets.listPets() };
    };
    const first = await run(1);
    expect(await run(1)).toEqual(first);
    const other = await run(2);
    expect(other).not.toEqual(first);
    // The members the body gave and the ids are the same; the made-up ones differ.
    expect(other.created).toMatchObject({ id: 1, name: 'Rex' });
    expect(other.list.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('in loosest mode leaves optional members out and nulls nullable ones, still valid', async () => {
    const fake = testing.createFakeApi({ responses: 'loosest', seed: 5 });
    const client = clientOf(fake);
    const rex = await client.pets.createPet({ name: 'Rex', tag: 'dog', size: 2 });
    expect(rex).toEqual({ id: 1, name: 'Rex' });
    fake.add('/pets');
    const list = await client.pets.listPets();
    expect(list).toEqual([
      { id: 1, name: 'Rex' },
      { id: 2, name: expect.any(String) },
    ]);
    for (const pet of list) expect(pets.checkPet(pet)).toBeUndefined();
    // The stored item keeps what was sent: only the answer is loosened.
    const faithful = testing.createFakeApi({ seed: 5 });
    faithful.add('/pets', { name: 'Rex', tag: 'dog' });
    expect(await clientOf(faithful).pets.showPetById('1')).toMatchObject({ tag: 'dog' });
  });

  it('adds items for a test, resets to empty, and refuses a path that is no collection', async () => {
    const fake = testing.createFakeApi();
    const { id, item } = fake.add('/pets', { name: 'Rex' });
    expect(id).toBe('1');
    expect(item).toMatchObject({ id: 1, name: 'Rex' });
    expect(pets.checkPet(item)).toBeUndefined();
    fake.reset();
    expect(await clientOf(fake).pets.listPets()).toEqual([]);
    expect(() => fake.add('/owners')).toThrow(
      '/owners is not a collection of this API (collections: /pets)',
    );
  });

  it('rejects a call aborted before it is answered, as fetch does', async () => {
    const fake = testing.createFakeApi();
    const controller = new AbortController();
    controller.abort();
    await expect(fake.fetch(`${fake.url}/pets`, { signal: controller.signal })).rejects.toThrow();
  });

  it('serves plain Fetch requests through handle, at any base URL it is given', async () => {
    const fake = testing.createFakeApi({ baseUrl: 'http://127.0.0.1:8787/api/pets-v1/' });
    expect(fake.url).toBe('http://127.0.0.1:8787/api/pets-v1');
    fake.add('/pets', { name: 'Rex' });
    const response = await fake.handle(new Request(`${fake.url}/pets/1`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ id: 1, name: 'Rex' });
  });
});

describe('the pet store in an app, as the Connect package is', () => {
  it("answers under the app's own path (`proxyPath`), mounted in MSW", async () => {
    const fake = testing.createFakeApi({ seed: 1, proxyPath: '/api/pet-store' });
    expect(fake.url).toBe('https://fake.invalid/api/pet-store');
    // The README's mount, with msw/node in place of the browser's worker: the client is made
    // as a page's is (no token, the app's path) and sends with the global fetch MSW intercepts.
    const server = setupServer(
      http.all('http://app.test/api/pet-store/*', ({ request }) => fake.handle(request)),
    );
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const client = new pets.PetStoreClient({
        auth: 'none',
        baseUrl: 'http://app.test/api/pet-store',
        validateResponses: 'strict',
      });
      const rex = await client.pets.createPet({ name: 'Rex' });
      expect(await client.pets.listPets()).toEqual([rex]);
      // The spec's own server path is not the fake's any more.
      const outside = await fake.handle(new Request('http://app.test/v1/pets'));
      expect(outside.status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('refuses a proxy path that is not a path', () => {
    expect(() => testing.createFakeApi({ proxyPath: 'api' })).toThrow(
      'proxyPath must start with /, got api',
    );
  });

  it("has form validators that read blank inputs as not given and start from the API's answer", async () => {
    const forms = await import(pathToFileURL(join(scratch, 'pkg/src/forms.ts')).href);
    const schema = forms.PetRequestSchema as {
      '~standard': { validate(value: unknown): { value?: unknown; issues?: unknown[] } };
      valuesFrom(answer: unknown): { values: unknown; refused: { path: unknown[] }[] };
    };
    expect(schema['~standard'].validate({ name: '', tag: '' }).issues).toMatchObject([
      { path: ['name'], message: 'required' },
    ]);
    expect(schema['~standard'].validate({ name: 'Rex', tag: '' })).toEqual({
      value: { name: 'Rex', tag: null },
    });
    const { values, refused } = schema.valuesFrom({ id: 1, name: 'Rex', tag: null, size: 4 });
    expect(values).toEqual({ name: 'Rex', tag: null });
    expect(refused.map((issue) => issue.path)).toEqual([['size']]);
  });
});
