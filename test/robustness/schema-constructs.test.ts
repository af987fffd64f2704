/**
 * Schema constructs real documents reach for that the corpus may not hold yet: each fixture
 * under test/fixtures/schema-constructs is generated and its output type-checked under
 * strict, and the IR is checked where the construct has a meaning the types must keep.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ir, IrType } from '../../generator/ir/types.js';
import { generateText, scratchDir, typeCheck, writeOutput } from './harness.js';
import { rm, writeFile } from 'node:fs/promises';
import type { OutputFile } from '../../generator/print/print.js';

const FIXTURES = [
  'own-definitions.yaml',
  'nullable-refs-30.yaml',
  'nullable-refs-31.yaml',
  'recursion.yaml',
  'odd-objects.yaml',
  'pattern-properties.yaml',
] as const;

/**
 * Code a user writes against a fixture's `src/openapi-types.ts`, checked with its output: a
 * recursive member must be a real type (an `any` would accept the wrong values, and the
 * `@ts-expect-error` lines would then be errors themselves).
 */
const CONSUMERS: Partial<Record<(typeof FIXTURES)[number], string>> = {
  'recursion.yaml': [
    `import type { components, paths } from './openapi-types.js';`,
    `type Json = components['schemas']['Json'];`,
    `export const nested: Json = { list: [1, 'two', null, { deeper: [true, []] }] };`,
    `// @ts-expect-error a function is no JSON value, however deep`,
    `export const wrong: Json = { list: [{ deeper: [() => 1] }] };`,
    `export const matrix: components['schemas']['Nested'] = [[[[]], []]];`,
    `// @ts-expect-error only arrays nest in Nested`,
    `export const flat: components['schemas']['Nested'] = [[1]];`,
    `type Planted = paths['/trees']['post']['responses'][200]['content']['application/json'];`,
    `export const planted: Planted = [{ a: 'b' }];`,
    `// @ts-expect-error undefined is no JSON value`,
    `export const missing: Planted = [undefined];`,
    '',
  ].join('\n'),
};

interface Generated {
  readonly ir?: Ir;
  readonly files?: readonly OutputFile[];
  /** Refusals, or type errors of the output (`file:line TSnnnn message`). */
  readonly problems: string[];
}

const generated = new Map<string, Generated>();
let scratch: string;

beforeAll(async () => {
  scratch = await scratchDir('schema-constructs');
  const written: string[] = [];
  for (const name of FIXTURES) {
    const file = `test/fixtures/schema-constructs/${name}`;
    const outcome = await generateText(file, await readFile(file, 'utf8'));
    if (outcome.kind !== 'generated') {
      const refusals = outcome.diagnostics.map((d) => `refused ${d.code} ${d.pointer}`);
      generated.set(name, { problems: refusals });
      continue;
    }
    generated.set(name, { ir: outcome.ir, files: outcome.files, problems: [] });
    written.push(...(await writeOutput(join(scratch, name), outcome.files)));
    const consumer = CONSUMERS[name];
    if (consumer !== undefined) {
      const path = join(scratch, name, 'src', 'consumer.ts');
      await writeFile(path, consumer);
      written.push(path);
    }
  }
  // One program for every output: the standard library is parsed once.
  for (const e of typeCheck(written)) {
    const name = FIXTURES.find((n) => e.file.startsWith(join(scratch, n) + '/'));
    const problems = name ? generated.get(name)!.problems : [];
    problems.push(`${e.file.slice(scratch.length)}:${e.line} TS${e.code} ${e.message}`);
    if (!name) throw new Error(`type error outside the outputs: ${e.file}: ${e.message}`);
  }
}, 120_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function ir(name: string): Ir {
  const g = generated.get(name)!;
  if (!g.ir) throw new Error(`${name} was refused: ${g.problems.join('; ')}`);
  return g.ir;
}

function schema(name: string, sourceName: string): IrType {
  return ir(name).schemas.find((s) => s.sourceName === sourceName)!.type;
}

function propertyType(name: string, sourceName: string, property: string): IrType | undefined {
  const type = schema(name, sourceName);
  if (type.kind !== 'object') throw new Error(`${sourceName} is not an object`);
  return type.properties.find((p) => p.name === property)?.type;
}

const ref = (name: string): IrType => ({ kind: 'ref', name });
const NULL: IrType = { kind: 'null' };

describe('schema constructs give output that type-checks under strict', () => {
  it.each(FIXTURES)('%s', (name) => {
    expect(generated.get(name)!.problems).toEqual([]);
  });
});

describe("openapi-typescript's types of the constructs", () => {
  it('are type-checked: src/openapi-types.ts has no @ts-nocheck, and recursion gets aliases', () => {
    for (const name of FIXTURES) {
      const file = generated.get(name)!.files?.find((f) => f.path === 'src/openapi-types.ts');
      expect(file?.content, name).not.toContain('@ts-nocheck');
    }
    const recursion = generated.get('recursion.yaml')!.files!;
    const text = recursion.find((f) => f.path === 'src/openapi-types.ts')!.content;
    expect(text).toContain(
      'type Json = string | number | boolean | null | Json[] | { [key: string]: Json };',
    );
    expect(text).toContain('type Nested = Nested[][];');
  });
});

describe('what the constructs mean', () => {
  it("hoists recursive schemas from a schema's own definitions and from a path into named types", () => {
    const names = ir('own-definitions.yaml').schemas.map((s) => [s.sourceName, s.name]);
    expect(names).toEqual([
      ['Report', 'Report'],
      ['PushOption', 'PushOption'],
      ['/components/schemas/Report/definitions/reportComponent', 'ReportComponent'],
      ['/components/schemas/PushOption/definitions/pushOptionProperty', 'PushOptionProperty'],
      ['/paths/~1trees/post/requestBody/content/application~1json/schema', 'Trees'],
    ]);
    expect(propertyType('own-definitions.yaml', 'Report', 'top')).toEqual(ref('ReportComponent'));
    const component = '/components/schemas/Report/definitions/reportComponent';
    expect(propertyType('own-definitions.yaml', component, 'components')).toEqual({
      kind: 'array',
      items: ref('ReportComponent'),
    });
    // A definition that does not recur is still inlined where it is used.
    expect(propertyType('own-definitions.yaml', component, 'measures')).toMatchObject({
      kind: 'array',
      items: { kind: 'object' },
    });
  });

  it("keeps 3.0's `nullable` beside a `$ref`, and reads 3.1's `type: [X, 'null']` beside one the same way", () => {
    const orNull = { kind: 'union', members: [ref('Pet'), NULL] };
    expect(propertyType('nullable-refs-30.yaml', 'Owner', 'pet')).toEqual(orNull);
    expect(propertyType('nullable-refs-30.yaml', 'Owner', 'wrapped')).toEqual(orNull);
    expect(propertyType('nullable-refs-31.yaml', 'Thing', 'pet')).toEqual(orNull);
    expect(propertyType('nullable-refs-31.yaml', 'Thing', 'orNull')).toEqual(orNull);
  });

  it('reads a 3.1 tuple as an array of its positions, with or without items past them', () => {
    expect(propertyType('nullable-refs-31.yaml', 'Thing', 'pair')).toEqual({
      kind: 'array',
      items: { kind: 'union', members: [{ kind: 'string' }, { kind: 'number', integer: false }] },
    });
    // Without `items: false`, elements past the prefix may be anything.
    expect(propertyType('nullable-refs-31.yaml', 'Thing', 'point')).toEqual({
      kind: 'array',
      items: { kind: 'unknown' },
    });
  });

  it('hoists a recursive schema of 3.1 `$defs`, and inlines one that does not recur', () => {
    expect(propertyType('nullable-refs-31.yaml', 'Thing', 'node')).toEqual(ref('Node'));
    // Named by its `$anchor` (`$ref: '#leaf'`), to itself as well.
    expect(propertyType('nullable-refs-31.yaml', 'Thing', 'leaf')).toEqual(ref('Leaf'));
    expect(
      propertyType('nullable-refs-31.yaml', '/components/schemas/Thing/$defs/leaf', 'children'),
    ).toEqual({
      kind: 'array',
      items: ref('Leaf'),
    });
    expect(propertyType('nullable-refs-31.yaml', 'Thing', 'label')).toEqual({
      kind: 'string',
      minLength: 1,
    });
  });

  it('admits the values of patternProperties under keys an object does not declare', () => {
    const labels = schema('pattern-properties.yaml', 'Labels');
    expect(labels.kind === 'object' && labels.additional).toEqual({
      kind: 'union',
      members: [{ kind: 'string' }, { kind: 'number', integer: true }],
    });
    const only = schema('pattern-properties.yaml', 'OnlyPatterns');
    expect(only.kind === 'object' && only.additional).toEqual({ kind: 'boolean' });
  });

  it('keeps enums of strings, numbers and null, and gives colliding operationIds distinct names', () => {
    expect(schema('odd-objects.yaml', 'Mixed')).toEqual({
      kind: 'union',
      members: [{ kind: 'enum', values: ['a', 1, 'b', 2.5] }, NULL],
    });
    const names = ir('odd-objects.yaml').operations.map((o) => o.functionName);
    expect(new Set(names).size).toBe(4);
  });

  it('maps discriminator values to the schemas they name, two values to one schema too', () => {
    const pet = schema('odd-objects.yaml', 'Pet');
    expect(pet.kind === 'union' && pet.discriminator).toEqual({
      property: 'petType',
      mapping: [
        { value: 'cat', schema: 'Cat' },
        { value: 'dog', schema: 'Dog' },
        { value: 'hound', schema: 'Dog' },
      ],
    });
  });
});
