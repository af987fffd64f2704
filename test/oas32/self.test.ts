/**
 * OpenAPI 3.2's `$self` as the document's base URI (self.yaml): a `$ref` whose URI resolves to
 * `$self`, absolute or relative to it, names the document itself, though no file of that name
 * sits beside it; the generated client calls the operation those refs describe over real HTTP.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { localizeSelfRefs } from '../../generator/load/split/self-refs.js';
import { useScratchDir } from '../support/scratch.js';
import { importWritten, sentBy, writeGeneratedPackage } from '../support/generated-package.js';
import { json, useTestServer } from '../runtime/http-server.js';

const scratch = useScratchDir('oas32-self-');
const server = useTestServer(json(200, { id: '7', tag: 'calm' }));

type Package = {
  createSelfieCore(options: object): unknown;
  petsGetPet(core: unknown, id: string): Promise<unknown>;
};
let pkg: Package;
let files: ReadonlyMap<string, string>;

beforeAll(async () => {
  const written = await writeGeneratedPackage('test/oas32/self.yaml', scratch());
  files = written.files;
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
}, 120_000);

describe('$self as the base URI', () => {
  it('reads refs to the document through $self as its own, and calls the operation they describe', async () => {
    expect(files.get('src/types.ts')).toMatch(/interface Pet \{\s+id: string;[^]*?tag\?: Tag;/);
    const core = pkg.createSelfieCore({ baseUrl: server.origin, token: 't', maxRetries: 0 });
    let result: unknown;
    const request = await sentBy(server, async () => {
      result = await pkg.petsGetPet(core, 'a b');
    });
    expect(request.url).toBe('/pets/a%20b');
    expect(result).toEqual({ id: '7', tag: 'calm' });
  });

  it('leaves refs to other documents, older documents and subschemas with an $id as they are', () => {
    const document = {
      openapi: '3.2.0',
      $self: 'https://x.example/api/openapi.yaml',
      a: { $ref: 'https://x.example/api/openapi.yaml#/b' },
      b: { $ref: 'https://x.example/other.yaml#/b' },
      c: { $id: 'https://y.example/s.json', $ref: 'openapi.yaml#/b' },
      d: { $ref: './openapi.yaml' },
    };
    expect(localizeSelfRefs(document, '/specs/root.yaml')).toBe(2);
    expect([document.a.$ref, document.b.$ref, document.c.$ref, document.d.$ref]).toEqual([
      '#/b',
      'https://x.example/other.yaml#/b',
      'openapi.yaml#/b',
      '#',
    ]);
    const older = { openapi: '3.1.0', $self: 'https://x.example/a.yaml', a: { $ref: 'a.yaml#/x' } };
    expect(localizeSelfRefs(older, '/specs/root.yaml')).toBe(0);
  });

  it('resolves a relative $self against the file it is in', () => {
    const document = {
      openapi: '3.2.0',
      $self: 'v1/openapi.yaml',
      a: { $ref: '/specs/v1/openapi.yaml#/a' },
      b: { $ref: '/specs/openapi.yaml#/a' },
    };
    expect(localizeSelfRefs(document, '/specs/root.yaml')).toBe(1);
    expect([document.a.$ref, document.b.$ref]).toEqual(['#/a', '/specs/openapi.yaml#/a']);
  });
});
