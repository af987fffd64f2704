/**
 * OpenAPI 3.2 read: validated against the official 3.2 schema (errors located by it), and
 * what the generator does not honour yet warned of where it is written, never dropped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../generator/validate/index.js';
import { generate } from '../../generator/pipeline.js';
import { parseSource } from '../../generator/load/load.js';
import { brief, documentOf, irFromText } from '../support/documents.js';
import { useScratchDir } from '../support/scratch.js';

const info = { title: 'T', version: '1' };
const ok = { '200': { description: 'ok' } };
const scratch = useScratchDir('oas32-read-');

describe('validating OpenAPI 3.2', () => {
  it('accepts the 3.2 document of the wire tests', () => {
    const file = 'test/oas32/shelter.yaml';
    expect(validateDocument(parseSource(file, readFileSync(file, 'utf8')).document!)).toEqual([]);
  });

  it.each([
    {
      doc: { paths: { '/a': { additionalOperations: { GET: { responses: ok } } } } },
      want: {
        code: 'schema',
        pointer: '/paths/~1a/additionalOperations/GET',
        message:
          "name 'GET' in 'additionalOperations' must not be 'GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE' or 'QUERY'",
      },
    },
    {
      doc: { $self: 'https://x.example/a.yaml#frag', paths: {} },
      want: {
        code: 'schema',
        pointer: '/$self',
        message: "'$self' must match the pattern /^[^#]*$/ (got 'https://x.example/a.yaml#frag')",
      },
    },
    {
      doc: { paths: { '/a': { querry: { responses: ok } } } },
      want: {
        code: 'schema',
        pointer: '/paths/~1a/querry',
        message: "unexpected property 'querry' in path item (typo?)",
      },
    },
    {
      doc: {
        paths: {
          '/a': {
            parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }],
            get: {
              responses: ok,
              parameters: [
                {
                  name: 'q',
                  in: 'querystring',
                  // XML is still no whole query string the client writes (JSON and text are).
                  content: { 'application/xml': { schema: { type: 'object' } } },
                },
              ],
            },
          },
        },
      },
      want: {
        code: 'querystring-mixed',
        pointer: '/paths/~1a/parameters',
        message:
          "GET /a has the query parameter 'page' beside the querystring parameter 'q', which is the whole query string",
      },
    },
  ])('refuses, located, $want.pointer', ({ doc, want }) => {
    const found = validateDocument(documentOf({ openapi: '3.2.0', info, ...doc })).map(brief);
    expect(found).toEqual([expect.objectContaining(want)]);
  });
});

describe('what the client does not honour yet', () => {
  it('is warned of where it is written', () => {
    const doc = {
      openapi: '3.2.0',
      info,
      tags: [{ name: 'a', parent: 'nowhere', kind: 'nav' }],
      paths: {
        '/a': {
          additionalOperations: {
            CONNECT: { operationId: 'tunnel', responses: ok },
            PURGE: { operationId: 'purge', tags: ['a'], responses: ok },
          },
          get: {
            operationId: 'getA',
            parameters: [
              {
                name: 'q',
                in: 'querystring',
                // XML is still no whole query string the client writes (JSON and text are).
                content: { 'application/xml': { schema: { type: 'object' } } },
              },
              { name: 'session', in: 'cookie', style: 'cookie', schema: { type: 'string' } },
            ],
            responses: ok,
          },
          post: {
            operationId: 'postA',
            requestBody: {
              content: {
                'multipart/mixed': {
                  schema: { type: 'array', items: { type: 'string' } },
                  itemEncoding: { contentType: 'text/plain' },
                },
              },
            },
            responses: ok,
          },
        },
      },
      components: {
        schemas: {
          Cat: { type: 'object', properties: { kind: { type: 'string' } } },
          Pet: {
            oneOf: [{ $ref: '#/components/schemas/Cat' }],
            discriminator: { propertyName: 'kind', defaultMapping: '#/components/schemas/Cat' },
          },
        },
      },
    };
    const built = irFromText('spec.json', JSON.stringify(doc));
    expect('warnings' in built).toBe(true);
    if (!('warnings' in built)) return;
    expect(built.warnings.map((w) => [w.code, w.pointer])).toEqual([
      ['tag-parent', '/tags/0/parent'],
      ['unsendable-method', '/paths/~1a/additionalOperations/CONNECT'],
      ['parameter-left-out', '/paths/~1a/get/parameters/0/content/application~1xml'],
      ['form-encoding', '/paths/~1a/post/requestBody/content/multipart~1mixed/itemEncoding'],
      ['discriminator-default', '/components/schemas/Pet/discriminator/defaultMapping'],
    ]);
    // PURGE is generated, in document order, under its tag though the parent is unknown;
    // CONNECT is not.
    expect(built.ir.operations.map((o) => [o.method, o.resourcePath.join('.')])).toEqual([
      ['PURGE', 'a'],
      ['GET', 'a'],
      ['POST', 'a'],
    ]);
  });

  it("leaves out a path key's query beside a whole JSON query string, with a warning", () => {
    const search = {
      operationId: 'search',
      parameters: [
        {
          name: 'filter',
          in: 'querystring',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      ],
      responses: ok,
    };
    const doc = { openapi: '3.2.0', info, paths: { '/s?beta=true': { get: search } } };
    const built = irFromText('spec.json', JSON.stringify(doc));
    expect('warnings' in built).toBe(true);
    if (!('warnings' in built)) return;
    expect(built.warnings.map((w) => [w.code, w.pointer])).toEqual([
      ['parameter-left-out', '/paths/~1s?beta=true/get'],
    ]);
    expect(built.ir.operations[0]!.fixedQuery).toBeUndefined();
    // Beside ordinary query parameters the key's query is still sent.
    const plain = {
      ...search,
      parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
    };
    const other = irFromText(
      'spec.json',
      JSON.stringify({ ...doc, paths: { '/s?beta=true': { get: plain } } }),
    );
    expect('ir' in other && other.ir.operations[0]!.fixedQuery).toBe('beta=true');
  });

  it("warns of $self in a document split over files, whose refs resolve against each file's path", async () => {
    const dir = scratch();
    await mkdir(join(dir, 'parts'), { recursive: true });
    await writeFile(
      join(dir, 'parts/pet.json'),
      JSON.stringify({ type: 'object', properties: { id: { type: 'string' } } }),
    );
    const root = {
      openapi: '3.2.0',
      $self: 'https://api.example.com/openapi/root.json',
      info,
      paths: {
        '/pet': {
          get: {
            operationId: 'getPet',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: 'parts/pet.json' } } },
              },
            },
          },
        },
      },
    };
    await writeFile(join(dir, 'root.json'), JSON.stringify(root));
    const result = await generate({ specPath: join(dir, 'root.json'), command: 'test' });
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.pointer])).toEqual([
      ['warning', 'self-not-read', '/$self'],
    ]);
    expect(result.files).toBeDefined();
  });

  it("hoists what a split document's QUERY and additionalOperations refer to, as for any method", async () => {
    const dir = scratch();
    await mkdir(join(dir, 'split/parts'), { recursive: true });
    await writeFile(
      join(dir, 'split/parts/pet.json'),
      JSON.stringify({ type: 'object', properties: { id: { type: 'string' } } }),
    );
    const body = { content: { 'application/json': { schema: { $ref: 'parts/pet.json' } } } };
    const root = {
      openapi: '3.2.0',
      info,
      paths: {
        '/pets': {
          query: { operationId: 'searchPets', requestBody: body, responses: ok },
          additionalOperations: {
            LINK: { operationId: 'linkPet', requestBody: body, responses: ok },
          },
        },
      },
    };
    await writeFile(join(dir, 'split/root.json'), JSON.stringify(root));
    const result = await generate({ specPath: join(dir, 'split/root.json'), command: 'test' });
    expect(result.diagnostics).toEqual([]);
    const types = result.files!.find((f) => f.path === 'src/types.ts')!.content;
    expect(types).toMatch(/export (interface|type) Pet\b/);
  });
});
