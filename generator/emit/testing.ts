/**
 * The package's `testing/` directory: the fake server's templates copied as they are, plus
 * two generated modules that wire them to this spec. `testing/index.ts` holds the contract
 * (routes, parameters, the request guards and enum lists of the generated modules) and
 * `startFakeConnectApi`; `testing/cli.ts` starts it from the command line.
 *
 * The fake's handlers implement the Connect API, so the directory is emitted only for a
 * spec that has every operation they implement; any other spec gets no `testing/`.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { FAKE_OPERATION_IDS } from '../../templates/testing/operation-ids.js';
import type { Ir } from '../ir/types.js';
import { docs } from './docs.js';
import { moduleImport } from './imports.js';
import type { EmittedFile } from './model.js';
import { fakeServerCommand } from './package.js';
import { emitRuntime, type TemplateFile } from './runtime.js';
import { ContractBuilder, printContractValue } from './testing-contract.js';
import { SchemaIndex } from './type-expr.js';
import { typescriptFile } from './model.js';

/** Whether the spec has every operation the fake server implements. */
export function fakeServerApplies(ir: Pick<Ir, 'operations'>): boolean {
  const ids = new Set(ir.operations.map((o) => o.operationId));
  return FAKE_OPERATION_IDS.every((id) => ids.has(id));
}

/** The files of `dir` (`src/testing`); none when the templates are not given or the spec is another API. */
export function emitTesting(
  ir: Ir,
  templates: readonly TemplateFile[] | undefined,
  dir: string,
): EmittedFile[] {
  if (!templates || templates.length === 0 || !fakeServerApplies(ir)) return [];
  return [
    ...emitRuntime(templates, dir),
    emitTestingIndex(ir, `${dir}/index.ts`),
    emitTestingCli(`${dir}/cli.ts`, fakeServerCommand(ir.info.packageName)),
  ];
}

export function emitTestingIndex(ir: Ir, path: string): EmittedFile {
  const builder = new ContractBuilder(new SchemaIndex(ir));
  const operations = ir.operations.map((op) => builder.operation(op));
  const contract = printContractValue({
    operations,
    shapes: Object.fromEntries(builder.shapes.named),
  });
  const { guards, enums, arrayOf } = builder.imports;
  const statements: StatementStructures[] = [
    moduleImport('./contract.js', ['ApiContract'], true),
    ...(arrayOf ? [moduleImport('./contract.js', ['arrayOf'])] : []),
    moduleImport('./server.js', ['FakeConnectApi', 'FakeConnectApiOptions'], true),
    moduleImport('./server.js', ['startFakeServer']),
    ...(guards.size > 0 ? [moduleImport('../guards.js', guards)] : []),
    ...(enums.size > 0 ? [moduleImport('../enums.js', enums)] : []),
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
      moduleSpecifier: './auth.js',
      namedExports: [
        { name: 'DEFAULT_TOKEN' },
        { name: 'FakePermission', isTypeOnly: true },
        { name: 'FakeToken', isTypeOnly: true },
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './server.js',
      isTypeOnly: true,
      namedExports: ['FakeConnectApi', 'FakeConnectApiOptions', 'RequestLogEntry'].map((name) => ({
        name,
      })),
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './payments-store.js',
      isTypeOnly: true,
      namedExports: ['FakePaymentMethod', 'TestCard'].map((name) => ({ name })),
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './contract.js',
      isTypeOnly: true,
      namedExports: ['ApiContract', 'OperationContract'].map((name) => ({ name })),
    },
  ];
  return { kind: 'typescript', path, structure: { kind: StructureKind.SourceFile, statements } };
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
