/**
 * A layer's fake in the package (`src/<lib>/fake/`, from templates/<lib>/fake/): its templates
 * copied as they are, on the fakes' library the package carries in `src/fake/`, plus three
 * generated modules that wire them to this spec. `fake.ts` holds the contract (routes,
 * parameters, the request guards and enum lists of the generated modules) and
 * `createFakeConnectApi`, the fake in process as a Fetch handler, free of Node (the
 * `./fake` entry point, for browsers, Workers and React Native); `index.ts` adds
 * `startFakeConnectApi`, the fake on a port (`./testing`, Node); `cli.ts` starts that
 * from the command line.
 *
 * The fake's handlers implement one API, so the folder is emitted only when a layer brings
 * the fake (its `layer.json`) and the spec has every operation the handlers implement, which
 * the fake lists in `operation-ids.ts`; any other spec gets none.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Ir } from '../../ir/types.js';
import { templateList } from '../templates/values.js';
import { docs } from '../common/doc-comments.js';
import { moduleImport } from '../common/imports.js';
import type { EmittedFile } from '../common/model.js';
import { fakeServerCommand } from '../package/package.js';
import { emitRuntime, type TemplateFile } from '../templates/runtime.js';
import { ContractBuilder, printContractValue } from './testing-contract.js';
import { schemaIndexOf } from '../common/type-expr.js';
import { typescriptFile } from '../common/model.js';

/** The fake's module listing the operations it implements, among its templates. */
export const FAKE_OPERATIONS_TEMPLATE = 'operation-ids.ts';

/**
 * The operations the fake implements, read as data from its own list (`FAKE_OPERATION_IDS`)
 * among the templates given: the generator imports none of the fake's code.
 */
export function fakeOperationIds(templates: readonly TemplateFile[]): readonly string[] {
  const template = templates.find((t) => t.name === FAKE_OPERATIONS_TEMPLATE);
  if (!template) throw new Error(`the fake server's templates have no ${FAKE_OPERATIONS_TEMPLATE}`);
  return templateList(template.content, template.name, 'FAKE_OPERATION_IDS');
}

/** Whether the spec has every operation the fake server (these templates) implements. */
export function fakeServerApplies(
  ir: Pick<Ir, 'operations'>,
  templates: readonly TemplateFile[],
): boolean {
  const ids = new Set(ir.operations.map((o) => o.operationId));
  return fakeOperationIds(templates).every((id) => ids.has(id));
}

/** The files of `dir` (`src/connect/fake`); none when the templates are not given or the spec is another API. */
export function emitTesting(
  ir: Ir,
  templates: readonly TemplateFile[] | undefined,
  dir: string,
): EmittedFile[] {
  if (!templates || templates.length === 0 || !fakeServerApplies(ir, templates)) return [];
  return [
    ...emitRuntime(templates, dir),
    emitFakeModule(ir, `${dir}/fake.ts`),
    emitTestingIndex(ir, `${dir}/index.ts`),
    emitTestingCli(`${dir}/cli.ts`, fakeServerCommand(ir.info.packageName)),
  ];
}

/** Types of the fake that both entry points export, by the template module that declares them. */
const SHARED_TYPES: readonly (readonly [string, readonly string[]])[] = [
  ['./fake-core.js', ['FakeControls', 'FakeCoreOptions', 'RequestLogEntry']],
  ['./payments-store.js', ['FakePaymentMethod', 'TestCard']],
  ['./contract.js', ['ApiContract', 'OperationContract']],
];

/** `<lib>/fake/fake.ts`: the contract and the fake in process, importing nothing of Node's. */
export function emitFakeModule(ir: Ir, path: string): EmittedFile {
  const builder = new ContractBuilder(schemaIndexOf(ir));
  const operations = ir.operations.map((op) => builder.operation(op));
  const value = { operations, shapes: Object.fromEntries(builder.shapes.named) };
  const contract = printContractValue(value);
  const { guards, enums, arrayOf } = builder.imports;
  // From the layer's fake folder (`src/connect/fake/`) up to src/.
  const root = '../'.repeat(path.split('/').length - 2);
  const statements: StatementStructures[] = [
    moduleImport('./contract.js', ['ApiContract'], true),
    ...(arrayOf ? [moduleImport('./contract.js', ['arrayOf'])] : []),
    moduleImport('./in-process.js', ['InProcessFakeConnectApi', 'InProcessFakeOptions'], true),
    moduleImport('./in-process.js', ['createInProcessFake']),
    ...(guards.size > 0 ? [moduleImport(`${root}guards.js`, guards)] : []),
    ...(enums.size > 0 ? [moduleImport(`${root}enums.js`, enums)] : []),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'API_CONTRACT', type: 'ApiContract', initializer: contract }],
      docs: docs({
        description: `What the spec says of each operation of the ${ir.info.title}, for the fake server's request checks and its checks of its own answers.`,
      }),
    },
    {
      kind: StructureKind.Function,
      name: 'createFakeConnectApi',
      isExported: true,
      parameters: [{ name: 'options', type: 'InProcessFakeOptions', initializer: '{}' }],
      returnType: 'InProcessFakeConnectApi',
      statements: 'return createInProcessFake(API_CONTRACT, options);',
      docs: docs({
        description: [
          `A stateful fake of the ${ir.info.title} in this process, without a server or a port: the same seeded stations, users, payment methods, charging sessions, debts and invoices as \`startFakeConnectApi\`, every request checked against the spec, and nothing of Node's, so it runs in browsers, Workers, Deno, Bun and React Native.`,
          "Pass its `fetch` as the client's `fetch` and its `url` as `baseUrl`, or mount its `handle` (a Fetch handler) in MSW or a Worker. A payment method is added the way the payment provider would: `confirmSetupIntent(secret)` with a setup intent's client secret, or `addPaymentMethod(userId)`; `reset()` puts everything back as the seed made it.",
        ].join('\n\n'),
        tags: [
          {
            tagName: 'example',
            text: "const fake = createFakeConnectApi({ seed: 1 });\nconst client = createConnectCore({ baseUrl: fake.url, token: fake.tokens[0], fetch: fake.fetch });\nconst user = await usersCreate(client, { email: 'driver@example.com' });",
          },
        ],
      }),
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './auth.js',
      namedExports: [
        { name: 'DEFAULT_TOKEN' },
        { name: 'FakePermission', isTypeOnly: true },
        { name: 'FakeToken', isTypeOnly: true },
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './in-process.js',
      namedExports: [
        { name: 'FAKE_API_URL' },
        { name: 'InProcessFakeConnectApi', isTypeOnly: true },
        { name: 'InProcessFakeOptions', isTypeOnly: true },
      ],
    },
    ...SHARED_TYPES.map(([moduleSpecifier, names]): StatementStructures => ({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier,
      isTypeOnly: true,
      namedExports: names.map((name) => ({ name })),
    })),
  ];
  return typescriptFile(path, statements, { API_CONTRACT: Object.keys(value) });
}

/** `<lib>/fake/index.ts`: the fake on a port (Node), and everything `fake.ts` beside it exports. */
export function emitTestingIndex(ir: Ir, path: string): EmittedFile {
  const statements: StatementStructures[] = [
    moduleImport('./fake.js', ['API_CONTRACT']),
    moduleImport('./server.js', ['FakeConnectApi', 'FakeConnectApiOptions'], true),
    moduleImport('./server.js', ['startFakeServer']),
    {
      kind: StructureKind.Function,
      name: 'startFakeConnectApi',
      isExported: true,
      parameters: [{ name: 'options', type: 'FakeConnectApiOptions', initializer: '{}' }],
      returnType: 'Promise<FakeConnectApi>',
      statements: 'return startFakeServer(API_CONTRACT, options);',
      docs: docs({
        description: [
          `Starts a stateful fake of the ${ir.info.title} on \`http://127.0.0.1:<port>\` (a free port unless \`port\` is given): seeded stations, users, payment methods, charging sessions, debts and invoices in memory, every request checked against the spec.`,
          "Pass its `url` as the client's `baseUrl` and one of its `tokens` as `token`; `close()` it when done. A payment method is added the way the payment provider would: `confirmSetupIntent(secret)` with a setup intent's client secret, or `addPaymentMethod(userId)`.",
        ].join('\n\n'),
        tags: [
          {
            tagName: 'example',
            text: 'const api = await startFakeConnectApi();\nconst client = new ConnectClient({ baseUrl: api.url, token: api.tokens[0] });\n// …\nawait api.close();',
          },
        ],
      }),
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './fake.js',
      namedExports: [
        { name: 'API_CONTRACT' },
        { name: 'createFakeConnectApi' },
        { name: 'DEFAULT_TOKEN' },
        { name: 'FAKE_API_URL' },
        ...['FakePermission', 'FakeToken', 'InProcessFakeConnectApi', 'InProcessFakeOptions'].map(
          (name) => ({ name, isTypeOnly: true }),
        ),
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './server.js',
      isTypeOnly: true,
      namedExports: ['FakeConnectApi', 'FakeConnectApiOptions'].map((name) => ({ name })),
    },
    ...SHARED_TYPES.map(([moduleSpecifier, names]): StatementStructures => ({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier,
      isTypeOnly: true,
      namedExports: names.map((name) => ({ name })),
    })),
  ];
  return typescriptFile(path, statements);
}

/** `bin`: the package's command for the fake (`connect-api-fake`), named by `--help` unless the user typed another. */
export function emitTestingCli(path: string, bin: string): EmittedFile {
  return typescriptFile(path, [
    // Run as the package's `bin`: the shebang lets npm's link execute the built file directly.
    '#!/usr/bin/env node',
    moduleImport('./cli-main.js', ['runCli']),
    moduleImport('./index.js', ['startFakeConnectApi']),
    '// Starts the fake server on a port (8080 unless `--port` says otherwise); `--help` lists the options.',
    `void runCli(startFakeConnectApi, { bin: ${JSON.stringify(bin)} });`,
  ]);
}
