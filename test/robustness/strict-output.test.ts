/**
 * "Nothing broken": documents that once gave output which did not compile, or an internal
 * error. Each is generated and type-checked under strict (and the CommonJS build's module
 * settings, where a file without imports or exports is not a module).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateText, writeOutput } from './harness.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('strict-output-');

const BASE: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};
const ESM = {
  ...BASE,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
};
const CJS = {
  ...BASE,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
};

async function problems(name: string, text: string): Promise<string[]> {
  const outcome = await generateText(name, text);
  if (outcome.kind !== 'generated')
    return outcome.diagnostics.map((d) => `refused ${d.code} ${d.pointer}: ${d.message}`);
  const dir = join(scratch(), name.replace(/[^A-Za-z0-9]+/g, '-'));
  const written = await writeOutput(dir, outcome.files);
  const index = written.filter((f) => f.endsWith('/src/index.ts'));
  return [ESM, CJS].flatMap((options) =>
    ts
      .getPreEmitDiagnostics(ts.createProgram({ rootNames: index, options }))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  );
}

async function fixture(name: string): Promise<string[]> {
  const file = `test/fixtures/constructs/${name}`;
  return problems(file, await readFile(file, 'utf8'));
}

describe('generated output type-checks', () => {
  it('for a document without component schemas (no empty, script-like types module)', async () => {
    const outcome = await generateText(
      'x',
      await readFile('test/fixtures/constructs/no-schemas.yaml', 'utf8'),
    );
    expect(outcome.kind === 'generated' && outcome.files.map((f) => f.path)).not.toContain(
      'src/types.ts',
    );
    expect(await fixture('no-schemas.yaml')).toEqual([]);
  }, 60_000);

  it('when schemas take the names of the client, a resource class or a guard', async () => {
    expect(await fixture('name-collisions.yaml')).toEqual([]);
  }, 60_000);

  // Each text goes into every place spec text reaches a comment: titles, summaries,
  // descriptions, parameter and property docs, defaults, enum values, property names.
  const NASTY = [
    '*/',
    '/*',
    '/**/',
    '*/ */',
    '**/',
    '@param x',
    '@deprecated */',
    '\u2028 \u2029',
    'a\r\nb\rc',
    '`',
    '```',
    '\\',
    '${x}',
    '\'"',
    '{@link X',
    '<!-- -->',
  ];
  it('for nasty spec text in every comment (one operation and schema per text)', async () => {
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    NASTY.forEach((s, i) => {
      paths[`/things${i}/{id}`] = {
        post: {
          operationId: `makeThing${i}`,
          summary: s,
          description: s,
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: s,
              schema: { type: 'string', title: s },
            },
            { name: 'q', in: 'query', description: s, schema: { type: 'string', default: s } },
          ],
          requestBody: {
            description: s,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  description: s,
                  properties: {
                    [s]: { type: 'string', description: s },
                    e: { type: 'string', enum: [s, 'z'] },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: s,
              content: {
                'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } },
              },
            },
          },
        },
      };
      schemas[`Thing${i}`] = {
        type: 'object',
        title: s,
        description: s,
        properties: {
          k: { type: 'string', description: s, enum: [s, 'other'] },
          n: { $ref: `#/components/schemas/Kind${i}` },
        },
      };
      schemas[`Kind${i}`] = { type: 'string', enum: [s, 'b'], description: s };
    });
    const doc = {
      openapi: '3.1.0',
      info: { title: `T ${NASTY.join(' ')}`, version: '1', description: NASTY.join('\n') },
      paths,
      components: { schemas },
    };
    expect(await problems('nasty.json', JSON.stringify(doc))).toEqual([]);
  }, 120_000);
});
