/**
 * A spec split over files: what the loader makes of it (one document with local refs, names
 * from the files, a source map) for each way teams split theirs.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../generator/ir/build.js';
import { loadSource } from '../../generator/load/load.js';
import { loadSpec } from '../../generator/load/split/load-spec.js';
import { validateSpec } from '../../generator/pipeline.js';
import { formatDiagnostic } from '../../generator/shared/diagnostics.js';
import { useScratchDir } from '../support/scratch.js';
import { named, writeTree } from './tree.js';

const scratch = useScratchDir('connect-codegen-split-');
let count = 0;

/**
 * Writes `files` into a fresh folder and loads `root` from it. The folder is a root `$ref`s
 * may reach (`refRoots`): the specs here keep common files beside the spec's own folder.
 */
async function load(files: Record<string, string>, root = 'api/openapi.yaml') {
  const dir = `${scratch()}/case-${(count += 1)}`;
  await writeTree(dir, files);
  const path = named(dir, root);
  return { dir, path, ...(await loadSpec(path, { refRoots: [dir] })) };
}

const INFO = "openapi: 3.1.0\ninfo: {title: Split, version: '1'}\n";

const MIXED = {
  'api/openapi.yaml': `${INFO}paths:
  /stations:
    $ref: ./paths/stations.yaml
  /stations/{id}:
    get:
      $ref: ./paths/operations/get-station.json
components:
  schemas:
    Station:
      $ref: ./schemas/Station.yaml
    Local:
      type: string
    Alias:
      $ref: '#/components/schemas/Local'
`,
  'api/paths/stations.yaml': `get:
  operationId: listStations
  parameters:
    - $ref: ../../common/parameters.yaml#/Page
  responses:
    '200':
      description: ok
      content:
        application/json:
          schema:
            type: array
            items: {$ref: ../schemas/Station.yaml}
    '404':
      $ref: ../../common/responses.json#/NotFound
`,
  'api/paths/operations/get-station.json': JSON.stringify(
    {
      operationId: 'getStation',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'ok',
          content: { 'application/json': { schema: { $ref: '../../schemas/Station.yaml' } } },
        },
      },
    },
    null,
    2,
  ),
  'api/schemas/Station.yaml': `type: object
properties:
  id: {type: string}
  session: {$ref: ./charging-session.yaml}
  operator: {$ref: '#/$defs/Operator'}
  local: {$ref: '../openapi.yaml#/components/schemas/Local'}
$defs:
  Operator: {type: string}
`,
  'api/schemas/charging-session.yaml': 'type: object\nproperties:\n  kwh: {type: number}\n',
  'common/parameters.yaml': 'Page: {name: page, in: query, schema: {type: integer}}\n',
  'common/responses.json': '{ "NotFound": { "description": "not found" } }\n',
};

describe('loading a split spec', () => {
  it('bundles YAML and JSON files from any folder into one document with local refs', async () => {
    const { dir, document, diagnostics } = await load(MIXED);
    expect(diagnostics).toEqual([]);
    const value = document!.value as any;
    const list = value.paths['/stations'].get;
    expect(list.parameters).toEqual([{ $ref: '#/components/parameters/Page' }]);
    expect(list.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(list.responses['200'].content['application/json'].schema.items).toEqual({
      $ref: '#/components/schemas/Station',
    });
    // An operation as a ref is inlined; its refs are relative to its own file, two folders down.
    const get = value.paths['/stations/{id}'].get;
    expect(get.operationId).toBe('getStation');
    expect(get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Station',
    });
    expect(Object.keys(value.components.schemas)).toEqual([
      'Station',
      'Local',
      'Alias',
      'charging-session',
      'Operator',
    ]);
    expect(value.components.schemas.Alias).toEqual({ $ref: '#/components/schemas/Local' });
    expect(value.components.schemas.Station.properties).toEqual({
      id: { type: 'string' },
      session: { $ref: '#/components/schemas/charging-session' },
      operator: { $ref: '#/components/schemas/Operator' },
      local: { $ref: '#/components/schemas/Local' },
    });
    expect(value.components.parameters).toEqual({
      Page: { name: 'page', in: 'query', schema: { type: 'integer' } },
    });
    expect(value.components.responses).toEqual({ NotFound: { description: 'not found' } });
    expect(document!.files).toEqual(
      Object.keys(MIXED)
        .map((f) => named(dir, f))
        .sort(),
    );
    const built = buildIr(document!);
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('locates every node in the file it came from', async () => {
    const { dir, document } = await load(MIXED);
    expect(document!.locate('/components/schemas/Station/properties/session')).toEqual({
      file: named(dir, 'api/schemas/Station.yaml'),
      pointer: '/properties/session',
      line: 4,
      column: 3,
    });
    expect(document!.locate('/paths/~1stations~1{id}/get/parameters/0')).toMatchObject({
      file: named(dir, 'api/paths/operations/get-station.json'),
      pointer: '/parameters/0',
    });
    expect(document!.locate('/components/parameters/Page/in')).toEqual({
      file: named(dir, 'common/parameters.yaml'),
      pointer: '/Page/in',
      line: 1,
      column: 20,
    });
    expect(document!.locate('/components/schemas/Local')).toEqual({ line: 13, column: 5 });
  });

  it('takes the single-file path when no ref names another file', async () => {
    const { path, document } = await load({
      'api/openapi.yaml': `${INFO}paths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n    B: {$ref: 'https://example.com/b.json'}\n`,
    });
    const single = await loadSource(path);
    expect(document!.value).toEqual(single.document!.value);
    expect(document!.files).toEqual([path]);
    expect(document!.locate('/components/schemas/B')).toEqual(
      single.document!.locate('/components/schemas/B'),
    );
  });
});

describe('names of hoisted components', () => {
  const clash = (first: string, second: string) => ({
    'api/openapi.yaml': `${INFO}paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: ${first}}
        '201':
          description: ok
          content:
            application/json:
              schema: {$ref: ${second}}
        '202':
          description: ok
          content:
            application/json:
              schema: {$ref: ./lib.yaml#/components/schemas/Meter}
components:
  schemas:
    Station: {type: object}
`,
    'api/common/Station.yaml': 'type: string\n',
    'api/other/Station.yaml': 'type: integer\n',
    'api/lib.yaml': 'components:\n  schemas:\n    Meter: {type: number}\n',
  });

  it('keeps the root component its name and qualifies each other target by its folder', async () => {
    const { document } = await load(clash('./common/Station.yaml', './other/Station.yaml'));
    const value = document!.value as any;
    expect(value.components.schemas).toEqual({
      Station: { type: 'object' },
      'common-Station': { type: 'string' },
      'other-Station': { type: 'integer' },
      Meter: { type: 'number' },
    });
    const responses = value.paths['/a'].get.responses;
    expect(responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/common-Station',
    });
  });

  it('chooses the same names whichever target is met first', async () => {
    const { document } = await load(clash('./other/Station.yaml', './common/Station.yaml'));
    const schemas = (document!.value as any).components.schemas;
    expect(schemas['common-Station']).toEqual({ type: 'string' });
    expect(schemas['other-Station']).toEqual({ type: 'integer' });
  });

  it('hoists a target referred to from several files once', async () => {
    const { document } = await load(MIXED);
    const schemas = Object.keys((document!.value as any).components.schemas);
    expect(schemas.filter((name) => name.includes('Station'))).toEqual(['Station']);
  });
});

describe('discriminator mappings', () => {
  it('hoists a mapping value naming another file, and leaves names and local refs alone', async () => {
    const { document, diagnostics } = await load({
      'api/openapi.yaml': `${INFO}paths: {}
components:
  schemas:
    Pet:
      oneOf: [{$ref: ./pets/Dog.yaml}, {$ref: '#/components/schemas/Cat'}]
      discriminator:
        propertyName: kind
        mapping: {dog: ./pets/Dog.yaml, cat: '#/components/schemas/Cat', bird: Bird}
    Cat: {type: object}
    Bird: {type: object}
`,
      'api/pets/Dog.yaml': 'type: object\nproperties:\n  kind: {type: string}\n',
    });
    expect(diagnostics).toEqual([]);
    const pet = (document!.value as any).components.schemas.Pet;
    expect(pet.oneOf[0]).toEqual({ $ref: '#/components/schemas/Dog' });
    expect(pet.discriminator.mapping).toEqual({
      dog: '#/components/schemas/Dog',
      cat: '#/components/schemas/Cat',
      bird: 'Bird',
    });
  });
});

describe('cycles through files', () => {
  it('bundles schemas that refer to each other across files, and builds the IR', async () => {
    const { document, diagnostics } = await load({
      'api/openapi.yaml': `${INFO}paths:
  /nodes:
    get:
      operationId: listNodes
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: ./schemas/Node.yaml}
`,
      'api/schemas/Node.yaml':
        'type: object\nproperties:\n  next: {$ref: ./Node.yaml}\n  tree: {$ref: ./Tree.yaml}\n',
      'api/schemas/Tree.yaml': 'type: object\nproperties:\n  root: {$ref: ./Node.yaml}\n',
    });
    expect(diagnostics).toEqual([]);
    const schemas = (document!.value as any).components.schemas;
    expect(schemas.Node.properties.next).toEqual({ $ref: '#/components/schemas/Node' });
    expect(schemas.Tree.properties.root).toEqual({ $ref: '#/components/schemas/Node' });
    const built = buildIr(document!);
    expect(built.ir).toBeDefined();
  });

  it('reports a path item that contains itself, at its ref', async () => {
    const { dir, diagnostics } = await load({
      'api/openapi.yaml': `${INFO}paths:\n  /a:\n    $ref: ./a.yaml\n`,
      'api/a.yaml': 'get:\n  $ref: ./a.yaml\n',
    });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      `${named(dir, 'api/a.yaml')}:2:3 error [ref-cycle] #/get/$ref: $ref './a.yaml' leads back to itself through other files\n    hint: a path item or operation cannot contain itself; only schemas and other components may refer to themselves`,
    ]);
  });
});

describe('diagnostics in the file where the problem is', () => {
  const spec = (schema: string, extra: Record<string, string> = {}) => ({
    'api/openapi.yaml': `${INFO}paths:
  /a:
    get:
      operationId: getA
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: ${schema}
`,
    ...extra,
  });

  it('names the schema file, line and column of a bad type', async () => {
    const dir = `${scratch()}/bad-type`;
    await writeTree(
      dir,
      spec('./schemas/Station.yaml', {
        'api/schemas/Station.yaml': 'type: object\nproperties:\n  power:\n    type: strnig\n',
      }),
    );
    // validate reads the document for a client too, which is where a schema type is judged.
    const diagnostics = await validateSpec(named(dir, 'api/openapi.yaml'));
    const lines = diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    expect(lines).toEqual([
      `${named(dir, 'api/schemas/Station.yaml')}:4:5 error [unsupported-schema] #/properties/power/type: unknown schema type 'strnig'`,
    ]);
  });

  it('names the referring file, line and column for a missing file', async () => {
    const { dir, document, diagnostics } = await load(spec('./schemas/Missing.yaml'));
    // Handed on with the ref as written, so the validator can report the rest in the same run.
    expect(document?.value).toMatchObject({ paths: { '/a': {} } });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      `${named(dir, 'api/openapi.yaml')}:13:17 error [unresolved-ref] #/paths/~1a/get/responses/200/content/application~1json/schema/$ref: $ref './schemas/Missing.yaml' names ${named(dir, 'api/schemas/Missing.yaml')}, which cannot be read: no such file\n    hint: check the path: it is relative to the file the $ref is written in`,
    ]);
  });

  it('names the referring file for a fragment the target file lacks', async () => {
    const { dir, diagnostics } = await load(
      spec('./schemas.yaml#/Statoin', { 'api/schemas.yaml': 'Station: {type: string}\n' }),
    );
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      `${named(dir, 'api/openapi.yaml')}:13:17 error [unresolved-ref] #/paths/~1a/get/responses/200/content/application~1json/schema/$ref: $ref './schemas.yaml#/Statoin' does not resolve: ${named(dir, 'api/schemas.yaml')} has no '#/Statoin'`,
    ]);
  });

  it('reads `file.yaml#/` as the whole file, as Redocly and json-schema-ref-parser do', async () => {
    const { document, diagnostics } = await load(
      spec('./schemas/Station.yaml#/', { 'api/schemas/Station.yaml': 'type: string\n' }),
    );
    expect(diagnostics).toEqual([]);
    expect(document?.value).toMatchObject({
      components: { schemas: { Station: { type: 'string' } } },
    });
  });

  it('names the referenced file for a syntax error in it', async () => {
    const { dir, document, diagnostics } = await load(
      spec('./schemas/Station.json', {
        'api/schemas/Station.json': '{\n  "type": "object",\n}x\n',
      }),
    );
    expect(document).toBeUndefined();
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) {
      expect(d.file).toBe(named(dir, 'api/schemas/Station.json'));
      expect(d.line).toBeGreaterThan(0);
    }
  });

  it('refuses a URL ref, located in the file that holds it', async () => {
    const dir = `${scratch()}/url`;
    await writeTree(
      dir,
      spec('./schemas/Station.yaml', {
        'api/schemas/Station.yaml':
          'type: object\nproperties:\n  operator:\n    $ref: https://example.com/operator.yaml\n',
      }),
    );
    const diagnostics = await validateSpec(named(dir, 'api/openapi.yaml'));
    expect(diagnostics.map(formatDiagnostic)).toContain(
      `${named(dir, 'api/schemas/Station.yaml')}:4:5 error [unsupported-ref] #/properties/operator/$ref: $ref 'https://example.com/operator.yaml' points to a URL, which the generator does not fetch\n    hint: download the file next to the spec and refer to it by a relative path, such as ./schemas/Name.yaml`,
    );
  });
});
