/**
 * Depth and length, through the command line: a spec chained over hundreds of files, or
 * split one schema per file, generates; a document nested past the limit (in one file, YAML
 * or JSON, in a referenced file, in a Swagger 2.0 document, or only once a split spec's path
 * items are inlined) is refused with a located `too-deep` error naming the limit, never an
 * internal error or a stack overflow; and a document exactly at the limit generates.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { MAX_DEPTH } from '../../generator/load/depth.js';
import { generate } from '../../generator/pipeline.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';
import { named } from '../split/tree.js';

const scratch = useScratchDir('connect-codegen-depth-');
let count = 0;

/** Writes `files` (path → text) under a fresh folder; returns the folder. */
async function lay(files: Readonly<Record<string, string>>): Promise<string> {
  const dir = join(scratch(), `case-${(count += 1)}`);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, 'spec', path)), { recursive: true });
    await writeFile(join(dir, 'spec', path), text);
  }
  return dir;
}

/** `generate` on `root` (under the folder's `spec/`), into the folder's `out/`. */
async function generateIn(dir: string, root: string) {
  const io = capture();
  const code = await main(
    ['generate', '--spec', named(dir, `spec/${root}`), '--out', named(dir, 'out')],
    io,
  );
  return { code, output: [...io.stdout, ...io.stderr].join('\n') };
}

const OPENAPI = "openapi: 3.0.3\ninfo: {title: Depth, version: '1'}\n";

/** A path whose one response is `schema` (YAML flow text). */
function pathTo(schema: string): string {
  return `paths:
  /x:
    get:
      operationId: getX
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: ${schema}
`;
}

/** `[open, close]` wrapped `n` times around `{type: string}`, as JSON. */
function chainText(n: number, [open, close]: readonly [string, string]): string {
  return `${open.repeat(n)}{"type":"string"}${close.repeat(n)}`;
}

const SHAPES = {
  properties: ['{"type":"object","properties":{"a":', '}}'],
  items: ['{"type":"array","items":', '}'],
  additionalProperties: ['{"type":"object","additionalProperties":', '}'],
  allOf: ['{"allOf":[', ']}'],
  oneOf: ['{"oneOf":[{"type":"integer"},', ']}'],
  not: ['{"not":', '}'],
} as const satisfies Record<string, readonly [string, string]>;

/** Levels each wrapping adds. */
/** A Swagger 2.0 document whose one response is `additionalProperties` wrapped `n` times. */
function swaggerChain(n: number): string {
  return JSON.stringify({
    swagger: '2.0',
    info: { title: 'Depth', version: '1' },
    paths: {
      '/x': {
        get: {
          operationId: 'getX',
          produces: ['application/json'],
          responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/D' } } },
        },
      },
    },
    definitions: { D: '@D@' },
  }).replace('"@D@"', chainText(n, SHAPES.additionalProperties));
}

const STEP: Record<keyof typeof SHAPES, number> = {
  properties: 2,
  items: 1,
  additionalProperties: 1,
  allOf: 2,
  oneOf: 2,
  not: 1,
};

/** A one-file OpenAPI document (JSON) whose schema `D` sits at level 4 and nests to `levels`. */
function deepJson(levels: number, shape: keyof typeof SHAPES = 'additionalProperties'): string {
  const n = (levels - 4) / STEP[shape];
  expect(Number.isInteger(n)).toBe(true);
  const document = {
    openapi: '3.0.3',
    info: { title: 'Depth', version: '1' },
    paths: {
      '/x': {
        get: {
          operationId: 'getX',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/D' } } },
            },
          },
        },
      },
    },
    components: { schemas: { D: '@D@' } },
  };
  return JSON.stringify(document).replace('"@D@"', chainText(n, SHAPES[shape]));
}

/** The diagnostic lines of a refusal: located (`file:line:column`), coded `too-deep`, at `pointer`. */
function expectTooDeep(
  output: string,
  file: string,
  where: { line?: number; column?: number; pointer?: string } = {},
): void {
  expect(output).not.toMatch(/internal error|call stack|^\s+at /m);
  const line = output.split('\n').find((l) => l.includes('[too-deep]'));
  expect(line, output.slice(0, 2000)).toBeDefined();
  const match = /^(.+?):(\d+):(\d+) error \[too-deep\] #(\S*): (.+)$/.exec(line!);
  expect(match, line).not.toBeNull();
  const [, at, l, c, pointer, message] = match!;
  expect(at).toBe(file);
  expect(Number(l)).toBeGreaterThan(0);
  expect(Number(c)).toBeGreaterThan(0);
  if (where.line !== undefined) expect(Number(l)).toBe(where.line);
  if (where.column !== undefined) expect(Number(c)).toBe(where.column);
  if (where.pointer !== undefined) expect(pointer).toBe(where.pointer);
  expect(message).toContain(`deeper than ${MAX_DEPTH} levels`);
}

/** `/components/schemas/D` and then `token` until the pointer has `levels - 1` tokens. */
function pointerDown(prefix: readonly string[], token: string, levels: number): string {
  const tokens = [...prefix];
  while (tokens.length < levels - 1) tokens.push(token);
  return `/${tokens.join('/')}`;
}

describe('a spec split over many files', () => {
  it('generates from a chain of 500 files, each a schema whose property refers to the next', async () => {
    const files: Record<string, string> = {
      'openapi.yaml': `${OPENAPI}${pathTo("{$ref: './f0.yaml'}")}`,
    };
    for (let i = 0; i < 500; i += 1)
      files[`f${i}.yaml`] =
        i < 499
          ? `type: object\nproperties:\n  next: {$ref: './f${i + 1}.yaml'}\n`
          : 'type: string\n';
    const dir = await lay(files);
    const ran = await generateIn(dir, 'openapi.yaml');
    expect(ran.output).not.toMatch(/internal error/);
    expect(ran.code, ran.output).toBe(0);
    // Every file of the chain is a type of its own, named after it; the last is a string.
    const types = await readFile(join(dir, 'out/src/types.ts'), 'utf8');
    expect(types).toContain('export interface F0 {');
    expect(types).toContain('export interface F498 {');
    expect(types).toMatch(/next\?: F499;/);
  }, 60_000);

  it('generates from 1,000 interlinked schemas one per file what the same graph gives in one file', async () => {
    const n = 1000;
    const links = (i: number) => [(i * 7 + 1) % n, (i * 13 + 5) % n, (i + 1) % n];
    // The root lists every schema by its file, as split specs do, so both keep one order.
    const listed = Array.from({ length: n }, (_, i) => `    S${i}: {$ref: './S${i}.yaml'}\n`);
    const split: Record<string, string> = {
      'openapi.yaml': `${OPENAPI}${pathTo("{$ref: './S0.yaml'}")}components:\n  schemas:\n${listed.join('')}`,
    };
    let single = `${OPENAPI}${pathTo("{$ref: '#/components/schemas/S0'}")}components:\n  schemas:\n`;
    for (let i = 0; i < n; i += 1) {
      const props = links(i).map((j, k) => `p${k}: {$ref: './S${j}.yaml'}`);
      split[`S${i}.yaml`] =
        `type: object\nproperties:\n  id: {type: string}\n  ${props.join('\n  ')}\n`;
      const local = links(i).map((j, k) => `p${k}: {$ref: '#/components/schemas/S${j}'}`);
      single += `    S${i}:\n      type: object\n      properties:\n        id: {type: string}\n        ${local.join('\n        ')}\n`;
    }
    const dir = await lay({ ...split, 'single.yaml': single });
    const ran = await generateIn(dir, 'openapi.yaml');
    expect(ran.output).not.toMatch(/internal error/);
    expect(ran.code, ran.output).toBe(0);

    // The split spec's names come from its files (S0 … S999), as the single file's do.
    const fromSingle = await generate({
      specPath: named(dir, 'spec/single.yaml'),
      command: 'npm run generate',
    });
    const fromSplit = await generate({
      specPath: named(dir, 'spec/openapi.yaml'),
      command: 'npm run generate',
    });
    const contents = (result: typeof fromSplit, spec: string) =>
      Object.fromEntries(
        (result.files ?? []).map((f) => [f.path, f.content.split(spec).join('<spec>')]),
      );
    expect(Object.keys(contents(fromSingle, 'x')).length).toBeGreaterThan(10);
    expect(contents(fromSplit, named(dir, 'spec/openapi.yaml'))).toEqual(
      contents(fromSingle, named(dir, 'spec/single.yaml')),
    );
  }, 120_000);
});

describe(`nesting past ${MAX_DEPTH} levels`, () => {
  it('in one JSON file is refused at the first node past the limit, with its pointer', async () => {
    const dir = await lay({ 'openapi.json': deepJson(1_000) });
    const ran = await generateIn(dir, 'openapi.json');
    expect(ran.code).toBe(1);
    expectTooDeep(ran.output, named(dir, 'spec/openapi.json'), {
      line: 1,
      pointer: pointerDown(['components', 'schemas', 'D'], 'additionalProperties', MAX_DEPTH + 1),
    });
  });

  it('in one JSON file 100,000 levels deep, arrays or objects', async () => {
    const head = '{"openapi":"3.0.3","info":{"title":"D","version":"1"},"paths":{},"x-deep":';
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ]) {
      const dir = await lay({
        'openapi.json': `${head}${open!.repeat(100_000)}1${close!.repeat(100_000)}}`,
      });
      const ran = await generateIn(dir, 'openapi.json');
      expect(ran.code).toBe(1);
      // The x-deep value is level 2: its 128th level down is the first past the limit.
      expectTooDeep(ran.output, named(dir, 'spec/openapi.json'), {
        line: 1,
        column: head.length + 1 + (MAX_DEPTH - 1) * open!.length,
      });
    }
  });

  it('in one YAML file, flow or block, 100,000 levels deep: refused before the parser', async () => {
    const head = `${OPENAPI}paths: {}\n`;
    let block = `${head}x-deep:\n`;
    for (let i = 1; i <= 3_000; i += 1) block += `${' '.repeat(i)}a:\n`;
    const cases: [string, { line: number; column: number }][] = [
      [
        `${head}x-deep: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`,
        { line: 4, column: 9 + 127 },
      ],
      [
        `${head}x-deep: ${'{a: '.repeat(100_000)}1${'}'.repeat(100_000)}\n`,
        { line: 4, column: 9 + 127 * 4 },
      ],
      [`${block}${' '.repeat(3_001)}1\n`, { line: 4 + 128, column: 129 }],
      [`${head}x-deep:\n${'- '.repeat(100_000)}1\n`, { line: 5, column: 1 + 127 * 2 }],
    ];
    for (const [text, where] of cases) {
      const dir = await lay({ 'openapi.yaml': text });
      const ran = await generateIn(dir, 'openapi.yaml');
      expect(ran.code).toBe(1);
      expectTooDeep(ran.output, named(dir, 'spec/openapi.yaml'), where);
    }
  });

  it('in one YAML file deeper than the limit but not the parser: refused with the pointer', async () => {
    let text = `${OPENAPI}paths: {}\nx-deep:\n`;
    for (let i = 1; i <= 200; i += 1) text += `${' '.repeat(i)}a:\n`;
    const dir = await lay({ 'openapi.yaml': `${text}${' '.repeat(201)}1\n` });
    const ran = await generateIn(dir, 'openapi.yaml');
    expect(ran.code).toBe(1);
    // x-deep's value is level 2; the mapping at level 129 is the value of the 127th `a`.
    expectTooDeep(ran.output, named(dir, 'spec/openapi.yaml'), {
      line: 4 + 127,
      pointer: pointerDown(['x-deep'], 'a', MAX_DEPTH + 1),
    });
  });

  it('in a referenced file: located in that file', async () => {
    const deep = chainText(1_000, SHAPES.properties);
    const dir = await lay({
      'openapi.yaml': `${OPENAPI}${pathTo("{$ref: './schemas/deep.json'}")}`,
      'schemas/deep.json': deep,
    });
    const ran = await generateIn(dir, 'openapi.yaml');
    expect(ran.code).toBe(1);
    expectTooDeep(ran.output, named(dir, 'spec/schemas/deep.json'), {
      line: 1,
      // The file's root is level 1: 64 times `properties/a` names the 129th.
      pointer: '/properties/a'.repeat((MAX_DEPTH - 1 + 1) / 2),
    });
  });

  it('in a Swagger 2.0 document, 3,000 levels deep', async () => {
    const document = swaggerChain(3_000);
    const dir = await lay({ 'swagger.json': document });
    const ran = await generateIn(dir, 'swagger.json');
    expect(ran.code).toBe(1);
    expectTooDeep(ran.output, named(dir, 'spec/swagger.json'), {
      pointer: pointerDown(['definitions', 'D'], 'additionalProperties', MAX_DEPTH + 1),
    });
  });

  it('only once path items from several files are inlined: located in the file that went past it', async () => {
    // Each file is shallow; inlined into one another (path item → callback → path item …)
    // their depths add up.
    const files: Record<string, string> = {
      'openapi.yaml': `${OPENAPI}paths:\n  /x:\n    $ref: './p0.yaml'\n`,
    };
    const callback = (i: number) =>
      i < 39
        ? `\n  callbacks:\n    cb${i}:\n      '{$request.body#/url}':\n        $ref: './p${i + 1}.yaml'`
        : '';
    for (let i = 0; i < 40; i += 1)
      files[`p${i}.yaml`] =
        `post:\n  operationId: op${i}\n  responses:\n    '200':\n      description: ok${callback(i)}\n`;
    const dir = await lay(files);
    const ran = await generateIn(dir, 'openapi.yaml');
    expect(ran.code).toBe(1);
    // /paths/~1x (p0) is level 3 and each file adds 4 (post, callbacks, cbN, the expression):
    // p31 is level 127, its operation 128, and the operation's responses the first past.
    expectTooDeep(ran.output, named(dir, 'spec/p31.yaml'), { line: 3, pointer: '/post/responses' });
  });
});

describe(`a document exactly ${MAX_DEPTH} levels deep`, () => {
  for (const shape of Object.keys(SHAPES) as (keyof typeof SHAPES)[]) {
    it(`generates with ${shape} nested to the limit, in one file or referenced`, async () => {
      const dir = await lay({
        'openapi.json': deepJson(MAX_DEPTH, shape),
        'ref.yaml': `${OPENAPI}${pathTo("{$ref: './d.json'}")}`,
        // Hoisted to /components/schemas/d, at level 4 as D is in the one file.
        'd.json': chainText((MAX_DEPTH - 4) / STEP[shape], SHAPES[shape]),
      });
      for (const root of ['openapi.json', 'ref.yaml']) {
        const ran = await generateIn(dir, root);
        expect(ran.output).not.toMatch(/internal error|too-deep/);
        expect(ran.code, ran.output).toBe(0);
      }
    }, 60_000);
  }

  it('generates as Swagger 2.0, and one level more is refused', async () => {
    const swagger = swaggerChain;
    // definitions/D is level 3.
    const dir = await lay({
      'at.json': swagger(MAX_DEPTH - 3),
      'past.json': swagger(MAX_DEPTH - 2),
    });
    const at = await generateIn(dir, 'at.json');
    expect(at.output).not.toMatch(/internal error|too-deep/);
    expect(at.code, at.output).toBe(0);
    const past = await generateIn(dir, 'past.json');
    expect(past.code).toBe(1);
    expectTooDeep(past.output, named(dir, 'spec/past.json'), { line: 1 });
  }, 60_000);

  it('one level more in one file is refused', async () => {
    const dir = await lay({ 'openapi.json': deepJson(MAX_DEPTH + 1) });
    const ran = await generateIn(dir, 'openapi.json');
    expect(ran.code).toBe(1);
    expectTooDeep(ran.output, named(dir, 'spec/openapi.json'), {
      pointer: pointerDown(['components', 'schemas', 'D'], 'additionalProperties', MAX_DEPTH + 1),
    });
  });
});

describe('schemas that refer to one another at length', () => {
  /** `n` schemas, each with `fields` properties referring to the next; a body and a response of the first. */
  function graph(n: number, fields: number): string {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < n; i += 1) {
      const properties = Object.fromEntries(
        Array.from({ length: fields }, (_, k) => [
          `p${k}`,
          { $ref: `#/components/schemas/S${i + 1}` },
        ]),
      );
      schemas[`S${i}`] = i + 1 < n ? { type: 'object', properties } : { type: 'string' };
    }
    const body = {
      content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
    };
    return JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Graph', version: '1' },
      paths: {
        '/a': {
          post: {
            operationId: 'postA',
            requestBody: body,
            responses: { '200': { description: 'ok', ...body } },
          },
        },
      },
      components: { schemas },
    });
  }

  // The second run compares the surface with the first's, expanding every value into its fields.
  it.each([
    ['a chain of 2,000 schemas', 2_000, 1],
    ['30 schemas each sharing five copies of the next (5^30 paths)', 30, 5],
  ])('%s generates, and generates again', async (_, n, fields) => {
    const dir = await lay({ 'api.json': graph(n, fields) });
    for (const run of [1, 2]) {
      const { code, output } = await generateIn(dir, 'api.json');
      expect(output, `run ${run}`).not.toMatch(/internal error|call stack/);
      expect(code, `run ${run}: ${output}`).toBe(0);
    }
    // api.md lists a body's fields under its form validator, within its own bounds.
    const api = await readFile(join(dir, 'out', 'api.md'), 'utf8');
    expect(api.split('\n').length).toBeLessThan(10_000);
  });
});
