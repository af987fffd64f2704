/**
 * The generator's side of the fake made from the spec (`emit/fake.ts`): which packages get it
 * and where (every package whose layer brings no fake of its own, as `src/fake/` behind the
 * `./testing` entry point, without Node's types), what its index refers to (the package's
 * guards, forms validators and enum lists, never copies), the response view of the schemas it
 * answers from, and what the README and api.md say of it.
 */
import { describe, expect, it } from 'vitest';
import { CodeBlockWriter } from 'ts-morph';
import { emitFake, serverPath } from '../../generator/emit/fake/fake.js';
import { FormNodeBuilder, writeNode } from '../../generator/emit/forms/nodes.js';
import type { EmittedFile } from '../../generator/emit/common/model.js';
import { packageEntries } from '../../generator/emit/package/package.js';
import { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import { NameRegistry } from '../../generator/ir/names.js';
import { loadFakeTemplates } from '../../generator/pipeline.js';
import { emittedPackage, importsOf, sourceOf } from '../support/emitted.js';
import { irOf, nullable, object, prop, ref, schema, str } from '../support/ir-values.js';

const text = (files: readonly EmittedFile[], path: string) => {
  const file = files.find((f) => f.path === path);
  return file?.kind === 'text' ? file.content : '';
};

describe('which packages get the fake made from the spec', () => {
  it('the pet store: src/fake/ behind ./testing, built without Node types', async () => {
    const files = await emittedPackage('test/fixtures/other/petstore.yaml');
    const paths = files.map((f) => f.path);
    // The fakes' library and the generic fake made from the spec; not the node:http adapter.
    const templates = (await loadFakeTemplates()).filter((t) => !t.name.startsWith('node/'));
    expect(paths.filter((p) => p.startsWith('src/fake/'))).toEqual([
      ...templates.map((t) => `src/fake/${t.name}`).sort(),
      'src/fake/index.ts',
    ]);
    expect(paths.filter((p) => p.startsWith('src/connect/fake/'))).toEqual([]);
    expect(packageEntries(paths)).toContainEqual({ subpath: './testing', module: 'fake/index' });
    const manifest = JSON.parse(text(files, 'package.json') || '{}');
    const tsconfig = JSON.parse(text(files, 'tsconfig.json').replace(/^\/\/.*\n/, ''));
    expect(tsconfig.compilerOptions.types).toEqual([]);
    expect(manifest.exports['./testing'].import.default).toBe('./dist/esm/fake/index.js');
    expect(manifest.devDependencies).not.toHaveProperty('@types/node');
    expect(manifest.bin).toBeUndefined();
  });

  it("the Connect package keeps its own fake server, on the fakes' library, and gets none besides", async () => {
    const files = await emittedPackage('spec/connect-api.yaml');
    const paths = files.map((f) => f.path);
    const library = (await loadFakeTemplates()).filter((t) => !t.name.startsWith('generic/'));
    expect(paths.filter((p) => p.startsWith('src/fake/'))).toEqual(
      library.map((t) => `src/fake/${t.name}`).sort(),
    );
    expect(packageEntries(paths)).toContainEqual({
      subpath: './testing',
      module: 'connect/fake/index',
    });
    expect(text(files, 'api.md')).not.toContain('createFakeApi');
    expect(text(files, 'README.md')).not.toContain('createFakeApi');
  });

  it('none without its templates', async () => {
    const files = await emittedPackage('test/fixtures/other/petstore.yaml');
    const index = files.find((f) => f.path === 'src/fake/index.ts')!;
    expect(index).toBeDefined();
    expect(emitFake({} as never, {} as never, [], 'src/fake')).toEqual([]);
    expect(emitFake({} as never, {} as never, undefined, 'src/fake')).toEqual([]);
  });
});

describe("the fake's index", () => {
  it('refers to the guards, the forms validators and the node constants by name', async () => {
    const files = await emittedPackage('test/fixtures/other/petstore.yaml');
    const index = sourceOf(files.find((f) => f.path === 'src/fake/index.ts'));
    expect(importsOf(index)).toEqual({
      './generic/fake-api.js': ['type FakeApi', 'type FakeApiOptions', 'createFake'],
      './generic/contract.js': ['type FakeContract', 'type FakeOperation'],
      './generic/sample-node.js': ['type SampleNode'],
      '../guards.js': ['checkPet', 'checkPetsListPetsResponse'],
      '../forms.js': [
        'PetRequestSchema',
        'PetsListPetsHeadersSchema',
        'PetsListPetsQuerySchema',
        'PetsShowPetByIdPathSchema',
      ],
    });
    const node = index.getVariableDeclarationOrThrow('PetNode');
    expect(node.getTypeNodeOrThrow().getText()).toBe('SampleNode');
    const contract = index
      .getVariableDeclarationOrThrow('FAKE_CONTRACT')
      .getInitializerOrThrow()
      .getText();
    expect(contract).toContain('basePath: "/v1"');
    expect(contract).toContain('checks: { body: PetRequestSchema }');
    expect(contract).toContain('check: checkPet');
    // Each operation typed on its own: a thousand of them never make one union (TS2590).
    expect(contract.match(/ as FakeOperation\b/g)).toHaveLength(3);
    expect(index.getFunctionOrThrow('createFakeApi').isExported()).toBe(true);
  });

  it('answers from the response view: read-only members kept, write-only ones out, examples and defaults as hints', () => {
    const thing = schema(
      'Thing',
      object([
        prop('id', str, { readOnly: true }),
        prop('secret', str, { writeOnly: true, required: false }),
        prop('name', str, { example: 'Rex', required: false }),
        prop('tag', nullable(str), { default: null, required: false }),
        prop('owner', ref('Owner'), { required: false }),
      ]),
      { views: 'split', requestName: 'ThingRequest', example: { id: 'a', name: 'b' } },
    );
    const owner = schema('Owner', object([prop('nick', str)]));
    const index = new SchemaIndex(irOf([thing, owner]));
    const build = (options: ConstructorParameters<typeof FormNodeBuilder>[2]) => {
      const builder = new FormNodeBuilder(index, new NameRegistry(), options);
      builder.namedConstant('Thing');
      return [...builder.named.values()].map(({ constant, node }) => {
        const w = new CodeBlockWriter({ useSingleQuote: true });
        writeNode(w, node);
        return `${constant} = ${w.toString()}`;
      });
    };
    expect(build({ view: 'read', hints: true, nodeType: 'SampleNode' })).toEqual([
      'ThingNode = { type: "object", properties: { id: { type: "string" }, name: { type: "string", example: "Rex" }, tag: { type: "string", nullable: true, default: null }, owner: { type: "ref", ref: () => OwnerNode } }, required: ["id"], example: { id: "a", name: "b" } }',
      'OwnerNode = { type: "object", properties: { nick: { type: "string" } }, required: ["nick"] }',
    ]);
    // The forms' request view, as before: no read-only member, the write-only one, no hints.
    expect(build({})[0]).toBe(
      'ThingRequestNode = { type: "object", properties: { secret: { type: "string" }, name: { type: "string" }, tag: { type: "string", nullable: true }, owner: { type: "ref", ref: () => OwnerNode } } }',
    );
  });

  it.each([
    ['https://pets.example.test/v1', '/v1'],
    ['https://pets.example.test/v1/', '/v1'],
    ['https://{region}.pets.example.test/api/v2', '/api/v2'],
    ['https://api.example.test', ''],
    ['/relative/base', '/relative/base'],
    ['https://api.example.test/{version}', ''],
    [undefined, ''],
  ])('answers under the path of the first server: %s → %j', (url, path) => {
    expect(serverPath(url)).toBe(path);
  });
});

describe('what the docs say of it', () => {
  it("the pet store's README shows the fake with one of its own calls, and its rules", async () => {
    const files = await emittedPackage('test/fixtures/other/petstore.yaml');
    const readme = text(files, 'README.md');
    expect(readme).toContain('## Testing against the fake');
    expect(readme).toContain("import { createFakeApi } from 'pet-store-client/testing';");
    expect(readme).toContain(
      "const client = new PetStoreClient({ baseUrl: fake.url, fetch: fake.fetch, token: 'test-token' });\nconst result = await client.pets.listPets();",
    );
    expect(readme).toContain("**`responses: 'loosest'`**");
    expect(readme).toContain('**State.**');
  });

  it("api.md lists the factory, its options and the fake's members, from the template's declarations", async () => {
    const files = await emittedPackage('test/fixtures/other/petstore.yaml');
    const api = text(files, 'api.md');
    const section = api.slice(api.indexOf('# Testing'), api.indexOf('# Types'));
    expect(section).toContain('createFakeApi(options?: FakeApiOptions): FakeApi');
    for (const member of [
      'seed?: number | string',
      'responses?: ResponseMode',
      'baseUrl?: string',
      'maxBodyBytes?: number',
    ])
      expect(section).toContain(`\`${member}\``);
    for (const member of ['url: string', 'fetch:', 'handle:', 'reset:', 'add:'])
      expect(section).toContain(`- \`${member}`);
  });
});
