/**
 * Swagger 2.0 documents as the pipeline loads them: converted to OpenAPI 3.0 (with our own
 * steps where the upgrader falls short), and every diagnostic located in the original file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { sortDiagnostics, type Diagnostic } from '../../generator/shared/diagnostics.js';
import { loadDocument, loadUpgrader, parseDocument } from '../../generator/load/swagger/load.js';
import { validateDocument } from '../../generator/validate/index.js';
import { buildIr } from '../../generator/ir/build.js';
import { briefOf } from '../support/documents.js';
import { generate, validateSpec } from '../../generator/pipeline.js';
import { specToIr } from '../../generator/release/diff/source.js';

const PETSTORE = 'node_modules/@readme/oas-examples/2.0/yaml/petstore.yaml';
const BODIES = 'test/fixtures/swagger/bodies.yaml';
const BROKEN = 'test/fixtures/swagger/broken.yaml';

const where = briefOf(['code', 'severity', 'pointer', 'line', 'column']);

/** What the CLI reports for a file: load and conversion problems, validation, then the IR builder's. */
async function check(file: string): Promise<Diagnostic[]> {
  const { document, diagnostics } = await loadDocument(file);
  if (!document) return diagnostics;
  const problems = validateDocument(document);
  const built = problems.some((d) => d.severity === 'error') ? [] : buildIr(document).diagnostics;
  return sortDiagnostics([...diagnostics, ...problems, ...built]);
}

async function converted(file: string): Promise<Record<string, any>> {
  const { document } = await loadDocument(file);
  return document!.value as Record<string, any>;
}

/** The line of the first line of `file` matching `pattern`, 1-based. */
function lineOf(file: string, pattern: RegExp): number {
  return (
    readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((l) => pattern.test(l)) + 1
  );
}

describe('the pet store (Swagger 2.0, YAML)', () => {
  it('converts to OpenAPI 3.0 that validates without a diagnostic', async () => {
    expect(await check(PETSTORE)).toEqual([]);
    const doc = await converted(PETSTORE);
    expect(doc.openapi).toBe('3.0.4');
    expect(doc.swagger).toBeUndefined();
    expect(doc.servers).toEqual([{ url: 'http://petstore.swagger.io/v2' }]);
    expect(Object.keys(doc.components.schemas)).toEqual([
      'Order',
      'Category',
      'User',
      'Tag',
      'Pet',
      'ApiResponse',
    ]);
    expect(doc.components.securitySchemes.api_key).toEqual({
      type: 'apiKey',
      name: 'api_key',
      in: 'header',
    });
    expect(doc.components.securitySchemes.petstore_auth.flows.implicit.authorizationUrl).toBe(
      'http://petstore.swagger.io/oauth/dialog',
    );
  });

  it('makes body parameters a request body in each type the operation consumes', async () => {
    const addPet = (await converted(PETSTORE)).paths['/pet'].post;
    expect(addPet.parameters).toBeUndefined();
    expect(addPet.requestBody).toEqual({
      description: 'Pet object that needs to be added to the store',
      required: true,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/Pet' } },
        'application/xml': { schema: { $ref: '#/components/schemas/Pet' } },
      },
    });
  });

  it('makes form parameters a form schema, a file a binary string', async () => {
    const upload = (await converted(PETSTORE)).paths['/pet/{petId}/uploadImage'].post;
    expect(upload.requestBody.content).toEqual({
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            additionalMetadata: {
              type: 'string',
              description: 'Additional data to pass to server',
            },
            file: { type: 'string', format: 'binary', description: 'file to upload' },
          },
        },
      },
    });
  });

  it('writes a multi query list as an exploded form parameter', async () => {
    const find = (await converted(PETSTORE)).paths['/pet/findByStatus'].get;
    expect(find.parameters[0]).toMatchObject({
      name: 'status',
      in: 'query',
      style: 'form',
      explode: true,
      schema: { type: 'array', items: { type: 'string', default: 'available' } },
    });
  });
});

describe('bodies, forms, files and list formats', () => {
  it('warns, in the original file, where a list format does not carry over', async () => {
    expect((await check(BODIES)).map(where)).toEqual([
      // The path item's body parameter reaches its GET too, which HTTP gives no body.
      {
        code: 'body-not-sent',
        severity: 'warning',
        pointer: '/parameters/NewNote',
        line: lineOf(BODIES, /NewNote:/),
        column: 3,
      },
      {
        code: 'swagger-collection-format',
        severity: 'warning',
        pointer: '/paths/~1notes/get/parameters/1/collectionFormat',
        line: lineOf(BODIES, /collectionFormat: tsv/),
        column: 11,
      },
      {
        code: 'swagger-collection-format',
        severity: 'warning',
        pointer: '/paths/~1notes~1{id}~1text/get/parameters/0/collectionFormat',
        line: lineOf(BODIES, /collectionFormat: pipes/),
        column: 11,
      },
      {
        code: 'swagger-collection-format',
        severity: 'warning',
        pointer: '/paths/~1uploads/post/parameters/2/type',
        line: lineOf(BODIES, /name: labels/) + 2,
        column: 11,
      },
    ]);
  });

  it('reads tsv (no OpenAPI 3 style) as csv, as its warning says', async () => {
    const tags = (await converted(BODIES)).paths['/notes'].get.parameters[1];
    expect(tags).toMatchObject({ name: 'tags', style: 'form', explode: false });
  });

  it("gives every operation the path item's body, named by $ref", async () => {
    const notes = (await converted(BODIES)).paths['/notes'];
    const body = {
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
    };
    expect(notes.get.requestBody).toEqual(body);
    expect(notes.post.requestBody).toEqual(body);
    expect(notes.parameters).toEqual([]);
    // A path item's extension is kept, not taken for an operation.
    expect(notes['x-owner']).toBeNull();
  });

  it("answers in the operation's own produces, not the document's", async () => {
    const text = (await converted(BODIES)).paths['/notes/{id}/text'].get;
    expect(Object.keys(text.responses['200'].content)).toEqual(['text/plain']);
  });

  it('keeps a form list of files, enums and defaults, and no empty required list', async () => {
    const upload = (await converted(BODIES)).paths['/uploads'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema).toEqual({
      type: 'object',
      properties: {
        files: { type: 'array', items: { type: 'string', format: 'binary' } },
        kind: { type: 'string', enum: ['image', 'text'], default: 'text' },
        labels: { type: 'array', items: { type: 'string' } },
      },
      required: ['files'],
    });
  });

  it('upgrades a discriminator name and x-nullable', async () => {
    const note = (await converted(BODIES)).components.schemas.Note;
    expect(note.discriminator).toEqual({ propertyName: 'kind' });
    expect(note.properties.body).toMatchObject({ type: 'string', nullable: true });
  });
});

describe('diagnostics of a converted document', () => {
  it('name the line, column and pointer of the Swagger 2.0 file', async () => {
    const found = await check(BROKEN);
    expect(found.map(where)).toEqual([
      {
        code: 'schema',
        severity: 'error',
        pointer: '/paths/~1things/get/parameters/0/type',
        line: lineOf(BROKEN, /type: integr/),
        column: 11,
      },
      {
        code: 'unresolved-ref',
        severity: 'error',
        pointer: '/paths/~1things/get/responses/200/schema/$ref',
        line: lineOf(BROKEN, /Missing/),
        column: 13,
      },
      {
        code: 'schema',
        severity: 'error',
        pointer: '/paths/~1things/post/parameters/0/schema/properties/size/type',
        line: lineOf(BROKEN, /bigint/),
        column: 17,
      },
      {
        code: 'unresolved-ref',
        severity: 'error',
        pointer: '/definitions/Thing/properties/owner/$ref',
        line: lineOf(BROKEN, /Nobody/),
        column: 9,
      },
    ]);
    expect(found.every((d) => d.file === BROKEN)).toBe(true);
  });

  it('are located in a JSON original too', async () => {
    const value = {
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/No' } } },
          },
        },
      },
    };
    const text = JSON.stringify(value, null, 2);
    const { document } = await parseDocument('spec.json', text);
    const [problem] = validateDocument(document!);
    expect(problem).toMatchObject({
      file: 'spec.json',
      pointer: '/paths/~1a/get/responses/200/schema/$ref',
      line: text.split('\n').findIndex((l) => l.includes('#/definitions/No')) + 1,
    });
  });

  it('refuse, located, a version that is neither Swagger 2.0 nor OpenAPI 3.0 or 3.1', async () => {
    const text = stringify({ info: { title: 'T', version: '1' }, swagger: '1.2', paths: {} });
    const { document, diagnostics } = await parseDocument('old.yaml', text);
    expect(diagnostics).toEqual([]);
    expect(validateDocument(document!).map(where)).toEqual([
      { code: 'unsupported-version', severity: 'error', pointer: '/swagger', line: 4, column: 1 },
    ]);
  });

  it('say the document could not be converted when the upgrader gives up', async () => {
    // A parameter without `in` is invalid 2.0, and the upgrader throws on it.
    const text = stringify({
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { parameters: [{ name: 'q' }], responses: {} } } },
    });
    const { document, diagnostics } = await parseDocument('bad.yaml', text);
    expect(document).toBeUndefined();
    expect(diagnostics.map(where)).toEqual([
      { code: 'swagger-conversion', severity: 'error', pointer: '/swagger', line: 1, column: 1 },
    ]);
  });
});

describe('the commands', () => {
  it('generate converts and reports the conversion warnings beside the files', async () => {
    const result = await generate({ specPath: BODIES, command: 'test' });
    expect(result.files?.some((f) => f.path === 'src/types.ts')).toBe(true);
    expect(result.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'swagger-collection-format'],
      ['warning', 'swagger-collection-format'],
      ['warning', 'swagger-collection-format'],
      ['warning', 'body-not-sent'],
    ]);
  });

  it('validate reports in the original file', async () => {
    const found = await validateSpec(BROKEN);
    expect(found.map((d) => `${d.file}:${d.line}`)).toContain(
      `${BROKEN}:${lineOf(BROKEN, /Missing/)}`,
    );
  });

  it('diff reads a Swagger 2.0 side when given the upgrader, and refuses it without', async () => {
    const spec = { label: PETSTORE, text: readFileSync(PETSTORE, 'utf8') };
    expect(specToIr(spec, undefined, await loadUpgrader()).ir?.operations.length).toBe(20);
    expect(specToIr(spec).diagnostics.map((d) => d.code)).toEqual(['unsupported-version']);
  });
});
