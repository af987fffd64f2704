/**
 * `$id` in an OpenAPI 3.1 schema, as JSON Schema reads it (issue 35): a `$ref` under it that
 * names a schema of the spec by that `$id` is read so; one whose JSON Schema reading names
 * nothing the spec holds is read against its file, with a located warning; one whose reading
 * names another file is refused, with the `$ref` that both readings agree on. Real files.
 */
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../generator/shared/diagnostics.js';
import { buildIr } from '../../generator/ir/build.js';
import { loadSpec } from '../../generator/load/split/load-spec.js';
import { validateDocument } from '../../generator/validate/index.js';
import { useScratchDir } from '../support/scratch.js';
import { named, writeTree } from './tree.js';

const scratch = useScratchDir('connect-codegen-ids-');
let count = 0;

async function load(files: Record<string, string>, root = 'openapi.yaml') {
  const dir = `${scratch()}/case-${(count += 1)}`;
  await writeTree(dir, files);
  return { dir, ...(await loadSpec(named(dir, root))) };
}

const spec = (version: string, schemas: string) => `openapi: ${version}
info: {title: Ids, version: '1'}
paths:
  /pets:
    get:
      operationId: getPet
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pet'}
components:
  schemas:
${schemas}`;

const PET = `    Tag: {type: string}
    Pet:
      $id: https://example.com/schemas/pet
      type: object
      properties:
        tag: {$ref: '#/components/schemas/Tag'}
        owner: {$ref: '#/$defs/Owner'}
        $id: {type: string}
      example: {$id: not-an-id, owner: {$ref: '#/$defs/Nowhere'}}
      $defs:
        Owner: {type: integer}
`;

describe('$id in a 3.1 schema', () => {
  it('reads a $ref naming a schema by its $id so, and warns where JSON Schema would need a fetch', async () => {
    const { dir, document, diagnostics } = await load({ 'openapi.yaml': spec('3.1.0', PET) });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      `${named(dir, 'openapi.yaml')}:20:15 warning [ref-under-id] #/components/schemas/Pet/properties/tag/$ref: $ref '#/components/schemas/Tag' is read against the file it is written in, not against the $id 'https://example.com/schemas/pet' above it, where JSON Schema would resolve it (to https://example.com/schemas/pet#/components/schemas/Tag, which nothing in the spec holds)\n    hint: Redocly and openapi-typescript read it the same way; drop the $id for JSON Schema to read it so too`,
    ]);
    const pet = (document!.value as any).components.schemas.Pet;
    expect(pet.properties.owner).toEqual({ $ref: '#/components/schemas/Pet/$defs/Owner' });
    expect(pet.properties.tag).toEqual({ $ref: '#/components/schemas/Tag' });
    // A property named $id, and example data, are no $id.
    expect(pet.example).toEqual({ $id: 'not-an-id', owner: { $ref: '#/$defs/Nowhere' } });
    expect(validateDocument(document!).filter((d) => d.severity === 'error')).toEqual([]);
    expect(buildIr(document!).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // Located where it was written: the value read is a copy, the rest as parsed.
    expect(document!.locate('/components/schemas/Pet/properties/owner/$ref')).toEqual({
      line: 21,
      column: 17,
    });
    // In 3.0 a schema has no $id: nothing is read against it.
    const old = await load({
      'openapi.yaml': spec('3.0.3', PET.replace("owner: {$ref: '#/$defs/Owner'}", 'owner: {}')),
    });
    expect(old.diagnostics).toEqual([]);
  });

  it('reads the same across files: a schema file with an $id, its $refs read against it', async () => {
    const { dir, document, diagnostics } = await load({
      'openapi.yaml': spec('3.1.0', '    Pet: {$ref: ./schemas/pet.yaml}\n'),
      'schemas/pet.yaml': `$id: https://example.com/schemas/pet
type: object
properties:
  owner: {$ref: '#/$defs/Owner'}
  tag: {$ref: './tag.yaml'}
$defs:
  Owner: {type: integer}
`,
      'schemas/tag.yaml': 'type: string\n',
    });
    expect(diagnostics.map((d) => [d.severity, d.code, d.file, d.pointer])).toEqual([
      ['warning', 'ref-under-id', named(dir, 'schemas/pet.yaml'), '/properties/tag/$ref'],
    ]);
    const schemas = (document!.value as any).components.schemas;
    expect(schemas.Pet.properties).toEqual({
      owner: { $ref: '#/components/schemas/Owner' },
      tag: { $ref: '#/components/schemas/tag' },
    });
    expect(schemas.Owner).toEqual({ type: 'integer' });
  });

  it('refuses a $ref a relative $id sends to another file, giving the $ref both readings agree on', async () => {
    const { dir, document, diagnostics } = await load({
      'openapi.yaml': spec(
        '3.1.0',
        "    Pet:\n      $id: models/pet.yaml\n      properties:\n        tag: {$ref: 'tag.yaml'}\n",
      ),
      'tag.yaml': 'type: string\n',
      'models/tag.yaml': 'type: integer\n',
    });
    expect(document).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'unsupported-ref',
        file: named(dir, 'openapi.yaml'),
        pointer: '/components/schemas/Pet/properties/tag/$ref',
        line: 18,
        hint: "write the $ref as a path from the file it is in, './models/tag.yaml#', for both readings to agree",
      }),
    ]);
  });
});
