/**
 * Our structure printer (`generator/print/structures/`) gives ts-morph's text byte for byte: on
 * whole packages, on the corners of ts-morph's printers (comments the writer closes, strings it
 * does not indent, commas it places), and its writer on the same calls as CodeBlockWriter's.
 * What it does not know it leaves to ts-morph, and the print stage's output is the same.
 */
import {
  CodeBlockWriter,
  IndentationText,
  Project,
  QuoteKind,
  StructureKind,
  VariableDeclarationKind,
  type SourceFileStructure,
} from 'ts-morph';
import { afterEach, describe, expect, it } from 'vitest';
import { emitVersionFree } from '../../generator/emit/index.js';
import { typescriptFile } from '../../generator/emit/common/model.js';
import { buildIr } from '../../generator/ir/build.js';
import { planIr } from '../../generator/plan/index.js';
import {
  FAKE_TEMPLATE_DIR,
  loadTemplates,
  layerFakeTemplateDir,
  loadFakeTemplates,
  loadFetchTemplates,
} from '../../generator/pipeline.js';
import { printFiles, printWithSourceFile, structurePrinter } from '../../generator/print/print.js';
import { printStructure } from '../../generator/print/structures/index.js';
import { QuickWriter, WRITER_OPTIONS } from '../../generator/print/structures/writer.js';
import { loadDocument } from '../../generator/load/swagger/load.js';

/** The project `printFiles` prints with: two spaces, single quotes. */
function printProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Single,
    },
  });
}

const project = printProject();
const byTsMorph = structurePrinter(project)!;

function sourceFile(statements: SourceFileStructure['statements']): SourceFileStructure {
  return { kind: StructureKind.SourceFile, statements };
}

/** Every TypeScript module a document's package has, as emitted (Swagger 2.0 converted). */
async function emittedModules(spec: string) {
  const { ir, plan } = planIr(buildIr((await loadDocument(spec)).document!).ir!);
  const { files } = emitVersionFree({
    ir,
    plan,
    templates: await loadTemplates(),
    layerFakeTemplates: await loadTemplates(layerFakeTemplateDir('connect')),
    fakeTemplates: await loadFakeTemplates(),
    fetchTemplates: await loadFetchTemplates(),
    libTemplates: [],
    layer: undefined,
    header: 'HEADER',
  });
  return files.flatMap((file) => (file.kind === 'typescript' ? [file] : []));
}

describe('our structure printer on whole packages', () => {
  for (const spec of [
    'spec/connect-api.yaml',
    'node_modules/@readme/oas-examples/2.0/json/petstore.json',
  ])
    it(`prints every module of ${spec} as ts-morph does, none left to ts-morph`, async () => {
      const modules = await emittedModules(spec);
      expect(modules.length).toBeGreaterThan(10);
      for (const file of modules)
        expect(printStructure(file.structure), file.path).toBe(byTsMorph(file.structure));
    }, 120_000);
});

type Statements = Extract<NonNullable<SourceFileStructure['statements']>, unknown[]>;

/** Structures at the corners of ts-morph's printers, each printed by both. */
const corners: Record<string, Statements> = {
  'a `/*` in a description, closed by the writer before the first tag': [
    {
      kind: StructureKind.Function,
      name: 'upload',
      isExported: true,
      docs: [
        {
          description: 'Accepts image/* and text/plain.',
          tags: [
            { tagName: 'param', text: 'body - the file' },
            { tagName: 'returns', text: 'nothing' },
          ],
        },
      ],
      parameters: [{ name: 'body', type: 'Blob' }],
      statements: 'return;',
    },
  ],
  'JSDoc: strings, multi-line, empty tags, `\\r\\n`, a leading new line': [
    {
      kind: StructureKind.TypeAlias,
      name: 'A',
      type: 'string',
      docs: ['single line', 'two\r\nlines', { description: '\nstarts on a new line' }],
    },
    {
      kind: StructureKind.Interface,
      name: 'B',
      docs: [
        {
          description: 'Has tags.',
          tags: [
            { tagName: 'deprecated' },
            { tagName: 'example', text: '\nb({ a: 1 });\n// done' },
          ],
        },
      ],
      properties: [
        { name: 'x', type: 'number', docs: [{ description: 'See http://example.com/x.' }] },
      ],
    },
  ],
  'template literals and strings across lines are not indented': [
    {
      kind: StructureKind.Module,
      name: 'outer',
      statements: [
        {
          kind: StructureKind.Function,
          name: 'f',
          statements: [
            'const a = `line one\nline two ${"x"}\n  three`;',
            "const b = 'it\\'s';\nif (a) {\n  return /[\"'`]/.test(b);\n}",
            "// a comment with a quote '\nreturn a;",
          ],
        },
      ],
    },
  ],
  'writer functions, hanging types and initializers': [
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      docs: ['The values.'],
      declarations: [
        {
          name: 'VALUES',
          type: '{\n  a: number;\n}',
          initializer: (w) => {
            w.write('{');
            w.indent(() => w.writeLine('a: 1,').writeLine("b: 'two',"));
            w.write('} as const');
          },
        },
      ],
    },
    {
      kind: StructureKind.Function,
      name: 'g',
      parameters: [
        { name: 'a', type: 'string' },
        { name: 'b', hasQuestionToken: true },
        { name: 'c', type: '{\n  d: 1;\n}', initializer: '{ d: 1 }' },
      ],
      returnType: 'Promise<\n  void\n>',
      statements: [(w) => w.writeLine('await 1;'), 'return;'],
    },
    {
      kind: StructureKind.TypeAlias,
      name: 'T',
      typeParameters: [{ name: 'K', constraint: 'string' }, 'V'],
      type: 'Record<K, V>',
    },
  ],
  'classes: properties, static blocks, constructors, methods': [
    {
      kind: StructureKind.Class,
      name: 'Api',
      isExported: true,
      extends: 'Base',
      docs: [{ description: 'The API.' }],
      properties: [{ name: 'meta', isReadonly: true, type: 'Meta', docs: ['Meta.'] }],
      staticBlocks: [{ statements: 'init();' }],
      ctors: [
        {
          parameters: [{ name: 'core', type: 'Core', scope: 'private' as never, isReadonly: true }],
          statements: [],
        },
      ],
      methods: [
        {
          name: 'a',
          parameters: [{ name: 'x', type: 'number' }],
          returnType: 'number',
          statements: 'return x;',
        },
        {
          name: 'b',
          statements: 'return;',
          docs: [{ description: 'B.', tags: [{ tagName: 'throws', text: '{Error} never' }] }],
        },
      ],
    },
  ],
  'interfaces, imports, exports, declared modules': [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './a.js',
      namedImports: [{ name: 'A' }, { name: 'B', isTypeOnly: true }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "./it's.js",
      namedImports: ['C'],
    },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './side-effect.js' },
    {
      kind: StructureKind.Interface,
      name: 'Map',
      isExported: true,
      indexSignatures: [{ keyName: 'k', keyType: 'string', returnType: 'number' }],
      properties: [{ name: 'size', isReadonly: true, hasQuestionToken: true, type: 'number' }],
    },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './b.js' },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: './c.js',
      namedExports: [{ name: 'D' }, { name: 'E', isTypeOnly: true }],
    },
    { kind: StructureKind.ExportDeclaration, namedExports: [] },
    {
      kind: StructureKind.Module,
      name: "'pkg'",
      hasDeclareKeyword: true,
      statements: [
        { kind: StructureKind.Interface, name: 'Augmented', properties: [] },
        { kind: StructureKind.Function, name: 'h', returnType: 'void' },
      ],
    },
    'export default 1;',
  ],
};

describe('our structure printer at the corners of ts-morph’s printers', () => {
  for (const [name, statements] of Object.entries(corners))
    it(name, () => {
      const structure = sourceFile(statements);
      const ours = printStructure(structure);
      expect(ours).toBeDefined();
      expect(ours).toBe(byTsMorph(structure));
      expect(ours).toBe(printWithSourceFile(project, 'corner.ts', structure));
    });
});

describe('what our structure printer leaves to ts-morph', () => {
  const unknown: Record<string, SourceFileStructure> = {
    'an enum': sourceFile([{ kind: StructureKind.Enum, name: 'E', members: [{ name: 'A' }] }]),
    'a decorator': sourceFile([
      { kind: StructureKind.Class, name: 'C', decorators: [{ name: 'sealed' }] },
    ]),
    overloads: sourceFile([
      {
        kind: StructureKind.Function,
        name: 'f',
        overloads: [{ parameters: [{ name: 'a', type: 'string' }] }],
        statements: 'return;',
      },
    ]),
    'a comma before a trailing comment': sourceFile([
      {
        kind: StructureKind.Function,
        name: 'f',
        parameters: [
          { name: 'a', type: 'string /* first */' },
          { name: 'b', type: 'string' },
        ],
      },
    ]),
  };
  for (const [name, structure] of Object.entries(unknown))
    it(`${name}: printed by ts-morph, through the print stage too`, async () => {
      expect(printStructure(structure)).toBeUndefined();
      const [printed] = await printFiles(
        [typescriptFile('src/x.ts', structure.statements!)],
        'H',
        undefined,
        { file: -1, package: -1 },
      );
      expect(printed!.content).toBe(`// H\n\n${byTsMorph(structure)}`);
    });
});

describe('CONNECT_CODEGEN_STRUCTURE_PRINTER', () => {
  const saved = process.env.CONNECT_CODEGEN_STRUCTURE_PRINTER;
  afterEach(() => {
    if (saved === undefined) delete process.env.CONNECT_CODEGEN_STRUCTURE_PRINTER;
    else process.env.CONNECT_CODEGEN_STRUCTURE_PRINTER = saved;
  });

  it('=ts-morph prints with ts-morph, to the same bytes', async () => {
    const files = (await emittedModules('spec/connect-api.yaml')).slice(0, 6);
    const unformatted = { file: -1, package: -1 };
    const ours = await printFiles(files, 'H', undefined, unformatted);
    process.env.CONNECT_CODEGEN_STRUCTURE_PRINTER = 'ts-morph';
    expect(await printFiles(files, 'H', undefined, unformatted)).toEqual(ours);
  }, 60_000);
});

describe('QuickWriter', () => {
  /** Writes that move CodeBlockWriter's state machine: strings, templates, comments, regular expressions. */
  const snippets = [
    'const a = "x";',
    "const b = 'it\\'s\nnot closed",
    'const c = `multi\nline ${d + `inner\n${e}`}\nend`;',
    '/* open\n comment */ x;',
    '// line comment with \' and "\nnext;',
    'const r = /a\\/b["\']/g;\nif (r) {',
    'x = 1 / 2; y = `/${z}/`;\r\nwindows line',
    'const t = /{`/.test(s);\nif (t) {\nreturn /{/;\n}',
    '',
    '\n\n',
    '}',
  ];

  it('writes what CodeBlockWriter writes, call for call', () => {
    const quick = new QuickWriter();
    const plain = new CodeBlockWriter(WRITER_OPTIONS);
    const both = (call: (w: CodeBlockWriter) => void) => {
      call(quick);
      call(plain);
    };
    for (const [i, snippet] of snippets.entries()) {
      both((w) => w.write(snippet));
      both((w) => w.indent(() => w.writeLine(snippet)));
      both((w) => w.hangingIndent(() => w.write(`= ${snippet}`)));
      both((w) => w.block(() => w.write(snippet).newLineIfLastNot().quote(snippet)));
      both((w) => w.closeComment().blankLineIfLastNot());
      if (i % 2 === 0) both((w) => w.unsafeInsert(w.getLength() - 1, ','));
      expect(quick.getLastChar()).toBe(plain.getLastChar());
      expect(quick.isInString()).toBe(plain.isInString());
      expect(quick.isInComment()).toBe(plain.isInComment());
    }
    expect(quick.toString()).toBe(plain.toString());
  });
});
