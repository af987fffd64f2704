/**
 * An OpenAPI 3.2 document (shelter.yaml: a QUERY operation whose body is a shared media type, a
 * LINK operation under `additionalOperations` in a nested tag, a whole `in: querystring`
 * parameter) generated as a user gets it, type-checked, and called over real HTTP on
 * 127.0.0.1, then against the package's own fake, which must route QUERY and LINK.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import { importWritten, sentBy, writeGeneratedPackage } from '../support/generated-package.js';
import { useTestServer, type Handler, type ReceivedRequest } from '../runtime/http-server.js';

const SPEC = 'test/oas32/shelter.yaml';
const scratch = useScratchDir('oas32-');
const PETS = [{ id: '1', species: 'cat' }];
// A read answers pets; LINK answers nothing.
const answer: Handler = (request, res) => {
  const text = request.method === 'LINK' ? '' : JSON.stringify(PETS);
  res.writeHead(request.method === 'LINK' ? 204 : 200, {
    'content-length': Buffer.byteLength(text),
    ...(text ? { 'content-type': 'application/json' } : {}),
  });
  res.end(text);
};
const server = useTestServer(answer);

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createShelterCore(options: object): unknown };
interface Fake {
  readonly url: string;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

let pkg: Package;
let core: unknown;
let files: ReadonlyMap<string, string>;
let queries: Record<string, (...args: unknown[]) => { queryKey: readonly unknown[] }>;
let fake: Fake;

beforeAll(async () => {
  const written = await writeGeneratedPackage(SPEC, scratch());
  files = written.files;
  const typed = join(scratch(), 'src/typed-call.ts');
  await writeFile(
    typed,
    [
      "import { createShelterCore, petsListPets, petsPhotosLinkPhoto, petsSearchPets } from './index.js';",
      "const core = createShelterCore({ baseUrl: 'http://127.0.0.1:1' });",
      "void petsSearchPets(core, { species: 'cat' });",
      "void petsListPets(core, { species: 'cat', tag: ['a'] });",
      "void petsPhotosLinkPhoto(core, 'p', 'q');",
      '// @ts-expect-error the querystring object requires `species`',
      "void petsListPets(core, { tag: ['a'] });",
      '',
    ].join('\n'),
  );
  expect(strictProblems([...written.sources, typed])).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  core = pkg.createShelterCore({ baseUrl: server.origin, token: 't', maxRetries: 0 });
  queries = await importWritten(scratch(), 'src/query.ts');
  fake = (
    await importWritten<{ createFakeApi(o: object): Fake }>(scratch(), 'src/fake/index.ts')
  ).createFakeApi({});
}, 120_000);

const sent = (call: () => Promise<unknown>): Promise<ReceivedRequest> => sentBy(server, call);

describe('an OpenAPI 3.2 client on the wire', () => {
  it('sends QUERY with its body, a read the client may retry, and reads the answer', async () => {
    let result: unknown;
    const request = await sent(async () => {
      result = await pkg.petsSearchPets!(core, { species: 'cat' });
    });
    expect(request).toMatchObject({ method: 'QUERY', url: '/pets/search' });
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.text)).toEqual({ species: 'cat' });
    expect(result).toEqual(PETS);
    expect(files.get('src/operations/pets.ts')).toMatch(/method: 'QUERY',[^}]*retrySafe: true/);
  });

  it('sends a method of additionalOperations as written, under the tag parent', async () => {
    const request = await sent(() => pkg.petsPhotosLinkPhoto!(core, 'p 1', 'q'));
    expect(request).toMatchObject({ method: 'LINK', url: '/pets/p%201/photos/q', text: '' });
    expect(files.get('src/operations/pets.photos.ts')).toContain('retrySafe: false');
  });

  it('writes an in: querystring form object as the whole query', async () => {
    const request = await sent(() =>
      pkg.petsListPets!(core, { species: 'big cat', tag: ['a', 'b'] }),
    );
    expect(request).toMatchObject({ method: 'GET', url: '/pets?species=big+cat&tag=a&tag=b' });
  });

  it("names the environment after the server's 3.2 name", () => {
    expect(files.get('src/client.ts')).toContain(
      "environments: { live: 'https://api.example.com' }",
    );
  });

  it('keys a QUERY read by its body in the TanStack options', () => {
    const options = queries['petsSearchPetsQueryOptions']!(core, { species: 'cat' });
    expect(options.queryKey).toEqual(['shelter', 'pets', 'search', {}, { species: 'cat' }]);
    expect(queries['petsSearchPetsQueryKey']!({ species: 'dog' })).not.toEqual(options.queryKey);
  });
});

describe("the package's fake", () => {
  const onFake = () => pkg.createShelterCore({ baseUrl: fake.url, token: 't', fetch: fake.fetch });

  it('routes QUERY and LINK, and reads the querystring the client writes', async () => {
    const client = onFake();
    const found = await pkg.petsSearchPets!(client, { species: 'cat' });
    expect(Array.isArray(found)).toBe(true);
    await expect(pkg.petsPhotosLinkPhoto!(client, 'p', 'q')).resolves.toBeUndefined();
    await expect(pkg.petsListPets!(client, { species: 'cat', tag: ['a'] })).resolves.toEqual(
      expect.any(Array),
    );
  });

  it('checks the body of a QUERY as it checks any body, naming the wrong member', async () => {
    const client = pkg.createShelterCore({
      baseUrl: fake.url,
      token: 't',
      fetch: fake.fetch,
      validateRequests: false,
    });
    await expect(pkg.petsSearchPets!(client, { species: 1 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('body.species'),
    });
  });

  it('refuses a method the path does not have', async () => {
    const response = await fake.fetch(`${fake.url}/pets/search`, { method: 'LINK' });
    expect(response.status).toBe(405);
  });
});
