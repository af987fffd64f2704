/**
 * Where a `$ref` of a split spec is followed (issue 35): in any position OpenAPI does not
 * define it is a JSON Reference and its target is inlined, a text file (`.md`, `.txt`) as its
 * text (DigitalOcean keeps its tags' descriptions so), while example values and extensions
 * stay data; and an `x-` key in a map of names (a response header `x-request-id`, a property
 * `x-foo`, a component) is a name whose `$ref` is followed like any other.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, type Diagnostic } from '../../generator/shared/diagnostics.js';
import { buildIr } from '../../generator/ir/build.js';
import { generate, validateSpec } from '../../generator/pipeline.js';
import { loadSpec } from '../../generator/load/split/load-spec.js';
import { useScratchDir } from '../support/scratch.js';
import { strictProblems } from '../support/type-check.js';
import { named, writeTree } from './tree.js';

const scratch = useScratchDir('connect-codegen-positions-');
let count = 0;

async function fresh(files: Record<string, string>): Promise<string> {
  const dir = join(scratch(), `case-${(count += 1)}`);
  await writeTree(dir, files);
  return dir;
}

const printed = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map(formatDiagnostic).join('\n');

const INFO = "openapi: 3.0.3\ninfo:\n  title: Droplets\n  version: '1'\n";

/** A DigitalOcean-like spec: descriptions in Markdown files, `x-` names holding refs to files. */
const SPEC = {
  'openapi.yaml': `${INFO}  description: {$ref: 'resources/intro.txt'}
tags:
  - name: Droplets
    description:
      $ref: 'resources/droplets.md'
    externalDocs: {$ref: 'resources/docs.yaml'}
x-logo: {$ref: 'resources/not-read-as-a-ref.yaml'}
paths:
  /droplets:
    get:
      operationId: listDroplets
      tags: [Droplets]
      parameters:
        - $ref: 'shared/parameters.yaml#/x-page'
      responses:
        '200':
          $ref: 'shared/responses.yaml#/droplets'
        default:
          $ref: 'shared/problem.yaml'
        x-internal: {$ref: 'resources/not-read-as-a-ref.yaml'}
components:
  parameters:
    x-trace:
      $ref: 'shared/parameters.yaml#/x-trace'
`,
  'resources/intro.txt': 'The Droplets API.\r\n\r\nCalls are *metered*: see below.\r\n',
  'resources/droplets.md': '# Droplets\n\nA Droplet is a virtual machine: `$ref` and all.\n',
  'resources/docs.yaml':
    'url: https://docs.example.com/droplets\ndescription: {$ref: ./droplets.md}\n',
  'resources/not-read-as-a-ref.yaml': 'kept: as written\n',
  'shared/parameters.yaml': `x-page:
  name: page
  in: query
  schema: {type: integer}
x-trace:
  name: x-trace
  in: header
  schema: {type: string}
`,
  'shared/responses.yaml': `droplets:
  description: ok
  headers:
    x-request-id:
      $ref: 'headers.yaml#/x-request-id'
  links:
    x-next:
      $ref: 'links.yaml#/next'
  content:
    application/json:
      schema:
        type: object
        properties:
          x-size:
            $ref: 'schemas.yaml#/Size'
          sample:
            type: string
            example: {$ref: 'an-example-not-a-ref.yaml'}
      examples:
        x-small:
          $ref: 'examples.yaml#/small'
`,
  'shared/problem.yaml': 'description: a problem\n',
  'shared/headers.yaml': 'x-request-id:\n  description: id\n  schema: {type: string}\n',
  'shared/links.yaml':
    'next:\n  operationId: listDroplets\n  parameters: {page: {$ref: not-a-ref}}\n',
  'shared/schemas.yaml': 'Size: {type: string, enum: [small, large]}\n',
  'shared/examples.yaml': 'small:\n  value: {x-size: small}\n',
};

describe('a $ref where OpenAPI defines none', () => {
  it('inlines a text file as its text and a YAML file as its value, and leaves data alone', async () => {
    const dir = await fresh(SPEC);
    const { document, diagnostics } = await loadSpec(named(dir, 'openapi.yaml'));
    expect(printed(diagnostics)).toBe('');
    const value = document!.value as any;
    // Line ends as the text means them; the text is the file's, whole.
    expect(value.info.description).toBe('The Droplets API.\n\nCalls are *metered*: see below.\n');
    expect(value.tags).toEqual([
      {
        name: 'Droplets',
        description: '# Droplets\n\nA Droplet is a virtual machine: `$ref` and all.\n',
        externalDocs: {
          url: 'https://docs.example.com/droplets',
          description: '# Droplets\n\nA Droplet is a virtual machine: `$ref` and all.\n',
        },
      },
    ]);
    // Extensions and example values are data: a `$ref` there is kept as written.
    expect(value['x-logo']).toEqual({ $ref: 'resources/not-read-as-a-ref.yaml' });
    const get = value.paths['/droplets'].get;
    expect(get.responses['x-internal']).toEqual({ $ref: 'resources/not-read-as-a-ref.yaml' });
    // `default` among the statuses names a response, not a default value: its ref is followed.
    expect(get.responses.default).toEqual({ $ref: '#/components/responses/problem' });
    const schema = value.components.responses.droplets.content['application/json'].schema;
    expect(schema.properties.sample.example).toEqual({ $ref: 'an-example-not-a-ref.yaml' });
    expect(value.components.links.next.parameters).toEqual({ page: { $ref: 'not-a-ref' } });
    // A description is located in the text file it came from.
    expect(document!.locate('/tags/0/description')).toEqual({
      file: named(dir, 'resources/droplets.md'),
      pointer: '',
      line: 1,
      column: 1,
    });
    expect(document!.files).toContain(named(dir, 'resources/droplets.md'));
  });

  it('refuses a text file but as a description or a summary, and a fragment into one, at the $ref', async () => {
    const dir = await fresh({
      'openapi.yaml': `${INFO}tags:
  - name: A
    description: {$ref: 'text.md#/part'}
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: 'text.md'}
      parameters:
        - {name: a, in: query, style: {$ref: 'text.md'}, schema: {type: string}}
`,
      'text.md': 'type: string\n',
    });
    const { document, diagnostics } = await loadSpec(named(dir, 'openapi.yaml'));
    expect(document).toBeUndefined();
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      `${named(dir, 'openapi.yaml')}:7:19 error [unresolved-ref] #/tags/0/description/$ref: $ref 'text.md#/part' points into ${named(dir, 'text.md')}, a text file, which has no parts to point to\n    hint: refer to the whole file, without a #fragment`,
      `${named(dir, 'openapi.yaml')}:16:24 error [unsupported-ref] #/paths/~1a/get/responses/200/content/application~1json/schema/$ref: $ref 'text.md' names a text file, which stands only for a description or a summary, not for a schema\n    hint: refer to a .yaml or .json file here; a .md or .txt file fits a description`,
      // A member checked against a list would quote the file's text in its message.
      `${named(dir, 'openapi.yaml')}:18:40 error [unsupported-ref] #/paths/~1a/get/parameters/0/style/$ref: $ref 'text.md' names a text file, which stands only for a description or a summary, not for 'style'\n    hint: refer to a .yaml or .json file here; a .md or .txt file fits a description`,
    ]);
  });

  it('reads a text file under the same rules as any other, and never quotes it', async () => {
    const secret = 'c2VjcmV0LXRva2VuLTQyLXNlY3JldA';
    const dir = await fresh({
      'api/openapi.yaml': `${INFO}tags:
  - name: A
    description: {$ref: '../elsewhere/notes.md'}
  - name: B
    description: {$ref: 'large.md'}
paths: {}
`,
      'elsewhere/notes.md': `${secret}\n`,
      'api/large.md': `${secret}\n`.repeat(100),
    });
    const { document, diagnostics } = await loadSpec(named(dir, 'api/openapi.yaml'), {
      limits: { maxFileBytes: 1000, maxTotalBytes: 10_000 },
    });
    expect(document).toBeUndefined();
    expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['ref-outside-root', '/tags/0/description/$ref'],
      ['file-too-large', '/tags/1/description/$ref'],
    ]);
    expect(printed(diagnostics)).not.toContain(secret);
  });
});

describe('x- keys that are names', () => {
  it('follows the refs a response header, a property, a link, an example and a component named x-… hold', async () => {
    const dir = await fresh(SPEC);
    const path = named(dir, 'openapi.yaml');
    const { document, diagnostics } = await loadSpec(path);
    expect(printed(diagnostics)).toBe('');
    const components = (document!.value as any).components;
    const response = components.responses.droplets;
    expect(response.headers['x-request-id']).toEqual({
      $ref: '#/components/headers/x-request-id',
    });
    expect(components.headers['x-request-id']).toEqual({
      description: 'id',
      schema: { type: 'string' },
    });
    expect(response.links['x-next']).toEqual({ $ref: '#/components/links/next' });
    const media = response.content['application/json'];
    expect(media.schema.properties['x-size']).toEqual({ $ref: '#/components/schemas/Size' });
    expect(media.examples['x-small']).toEqual({ $ref: '#/components/examples/small' });
    expect(components.parameters['x-trace']).toEqual({
      name: 'x-trace',
      in: 'header',
      schema: { type: 'string' },
    });
    expect((document!.value as any).paths['/droplets'].get.parameters).toEqual([
      { $ref: '#/components/parameters/x-page' },
    ]);
    // Valid, and read whole: no ref is left to another file.
    // (What validate says of the document as a client reads it: the link is left out.)
    const validated = await validateSpec(path);
    expect(validated.map((d) => `${d.severity} ${d.code} ${d.pointer}`)).toEqual([
      'warning link-left-out /droplets/links/x-next',
    ]);
    expect(buildIr(document!).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('generates a package that type-checks under strict', async () => {
    const dir = await fresh(SPEC);
    const result = await generate({ specPath: named(dir, 'openapi.yaml'), command: 'test' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const out = join(dir, 'out');
    const sources: string[] = [];
    for (const file of result.files!) {
      const at = join(out, file.path);
      await mkdir(dirname(at), { recursive: true });
      await writeFile(at, file.content);
      if (at.endsWith('.ts')) sources.push(at);
    }
    expect(strictProblems(sources, { exactOptionalPropertyTypes: true })).toEqual([]);
    const types = await readFile(join(out, 'src/client.ts'), 'utf8');
    expect(types).toContain("'x-size'?: OpenEnum<Size>");
  });
});
