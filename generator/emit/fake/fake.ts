/**
 * The package's fake of its API, for every package whose layer brings no fake of its own: the
 * generic fake's templates (templates/fake) copied into `src/fake/`, and an index that wires
 * them to this spec. The index holds the contract (`FAKE_CONTRACT`: per operation its route,
 * parameters, the forms entry's validators, the success status, the response view of its
 * schema as data and the guard of its body) and `createFakeApi`; the package's `./testing`
 * entry point is that index (`package.ts`).
 *
 * Nothing is described twice: parameters are the client descriptors' own wire descriptions
 * (`operation-model.ts`), requests are checked by the `./forms` validators, answers are made
 * from the same node data the forms are made of, in the response view (`emit/forms/nodes.ts`), and
 * checked by the guards of `guards.ts`, named as the operation descriptors name them.
 */
import {
  CodeBlockWriter,
  StructureKind,
  VariableDeclarationKind,
  type StatementStructures,
} from 'ts-morph';
import type { Ir, IrOperation } from '../../ir/types.js';
import { NameRegistry } from '../../ir/names.js';
import { operationKey, type Plan } from '../../plan/types.js';
import { clientClassName } from '../operations/client.js';
import { docs } from '../common/doc-comments.js';
import { enumValuesName } from '../types/enums.js';
import { FORM_PARTS } from '../../plan/types.js';
import { FormNodeBuilder, NodeCast, NodeCode, writeNode, type NodeValue } from '../forms/nodes.js';
import { mixedImport, moduleImport } from '../common/imports.js';
import { typescriptFile, type EmittedFile } from '../common/model.js';
import { operationModel, type ParameterModel } from '../operations/operation-model.js';
import { descriptorPath } from '../operations/path-template.js';
import { streamItem, successBody } from '../operations/operations.js';
import { emitRuntime, type TemplateFile } from '../templates/runtime.js';
import { schemaIndexOf, type SchemaIndex } from '../common/type-expr.js';

/** The folder under src/ the fake is copied to. */
export const FAKE_DIR = 'fake';
/** What the index exports: the factory and the contract. */
export const FAKE_FACTORY = 'createFakeApi';
const CONTRACT = 'FAKE_CONTRACT';

/** The fake's files under `dir` (`src/fake`); none without its templates. */
export function emitFake(
  ir: Ir,
  plan: Plan,
  templates: readonly TemplateFile[] | undefined,
  dir: string,
): EmittedFile[] {
  if (!templates || templates.length === 0) return [];
  return [...emitRuntime(templates, dir), emitFakeIndex(ir, plan, `${dir}/index.ts`)];
}

export function emitFakeIndex(ir: Ir, plan: Plan, path: string): EmittedFile {
  const index = schemaIndexOf(ir);
  const guards = new Set<string>();
  const validators = new Set<string>();
  for (const op of ir.operations) {
    const check = jsonSuccess(op) ? successBody(op, index)?.check : undefined;
    if (check) guards.add(check);
    const itemCheck = streamItem(op, index)?.check;
    if (itemCheck) guards.add(itemCheck);
    for (const name of Object.values(plan.forms.operations.get(operationKey(op)) ?? {}))
      validators.add(name);
  }
  // Node constants take no name the module imports or exports.
  const locals = new NameRegistry([
    'createFake',
    'FakeApi',
    'FakeApiOptions',
    'FakeContract',
    'FakeItem',
    'FakeOperation',
    'FakeStreamEvent',
    'SteppedClock',
    'StreamClock',
    'steppedClock',
    'ResponseMode',
    'SampleNode',
    CONTRACT,
    FAKE_FACTORY,
    ...guards,
    ...validators,
    ...ir.enums.map((e) => enumValuesName(e.name)),
  ]);
  const builder = new FormNodeBuilder(index, locals, {
    view: 'read',
    hints: true,
    nodeType: 'SampleNode',
  });
  const contract = {
    title: ir.info.title,
    basePath: serverPath(ir.servers[0]?.url),
    // Each written `as FakeOperation`: typed one by one, the compiler never makes one union of
    // every operation's object type first, which for GitHub's 1,223 is too complex (TS2590).
    operations: ir.operations.map(
      (op) => new NodeCast(operationValue(op, plan, builder, index), 'FakeOperation'),
    ),
  };
  const order = new Map(ir.schemas.map((s, i) => [s.name, i]));
  const named = [...builder.named].sort((a, b) => order.get(a[0])! - order.get(b[0])!);
  const client = clientClassName(ir);
  const statements: StatementStructures[] = [
    mixedImport('./generic/fake-api.js', ['createFake'], ['FakeApi', 'FakeApiOptions']),
    moduleImport('./generic/contract.js', ['FakeContract', 'FakeOperation'], true),
    // The contract's own nodes are typed through `FakeContract`; the named ones need the type.
    ...(named.length > 0 ? [moduleImport('./generic/sample-node.js', ['SampleNode'], true)] : []),
    ...(guards.size > 0 ? [moduleImport('../guards.js', guards)] : []),
    ...(validators.size > 0 ? [moduleImport('../forms.js', validators)] : []),
    ...(builder.enumLists.size > 0 ? [moduleImport('../enums.js', builder.enumLists)] : []),
    ...named.map(([, { constant, typeName, node }]): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: constant, type: 'SampleNode', initializer: render(node) }],
      docs: docs({
        description: `The response view of \`${typeName}\`, as data the fake answers from.`,
      }),
    })),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: CONTRACT, type: 'FakeContract', initializer: render(contract) }],
      docs: docs({
        description: `What the spec says of each operation of the ${ir.info.title}, as the fake routes, checks and answers it.`,
      }),
    },
    {
      kind: StructureKind.Function,
      name: FAKE_FACTORY,
      isExported: true,
      parameters: [{ name: 'options', type: 'FakeApiOptions', initializer: '{}' }],
      returnType: 'FakeApi',
      statements: `return createFake(${CONTRACT}, options);`,
      docs: docs({
        description: [
          `A fake of the ${ir.info.title} in this process, made from its spec: every request checked against the spec (400 naming the field), every answer made from the response schemas (the same for the same seed) and checked by the package's guards, and collections kept in memory (a \`POST\` to a collection makes an item that a \`GET\` of its path returns and a \`DELETE\` removes).`,
          "Give the client its `url` as `baseUrl` and its `fetch` as `fetch`; it needs no network and no Node module. `responses: 'loosest'` answers as loosely as the contract allows.",
        ].join('\n\n'),
        tags: [
          {
            tagName: 'example',
            text: `\nconst fake = ${FAKE_FACTORY}({ seed: 1 });\nconst client = new ${client}({ baseUrl: fake.url, fetch: fake.fetch, token: 'test-token' });`,
          },
        ],
      }),
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './generic/fake-api.js',
      isTypeOnly: true,
      namedExports: [
        'FakeApi',
        'FakeApiOptions',
        'FakeItem',
        'FakeStreamEvent',
        'ResponseMode',
        'SteppedClock',
        'StreamClock',
      ].map((name) => ({ name })),
    },
    {
      // The clock a test steps a streamed answer's events with.
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './generic/fake-api.js',
      namedExports: [{ name: 'steppedClock' }],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './generic/contract.js',
      isTypeOnly: true,
      namedExports: ['FakeContract', 'FakeOperation'].map((name) => ({ name })),
    },
  ];
  return typescriptFile(path, statements, { [CONTRACT]: Object.keys(contract) });
}

/** One operation of the contract (`FakeOperation` of templates/fake/contract.ts). */
function operationValue(
  op: IrOperation,
  plan: Plan,
  builder: FormNodeBuilder,
  index: SchemaIndex,
): NodeValue {
  const model = operationModel(op);
  const wires = (list: readonly ParameterModel[]) =>
    list.length > 0 ? list.map((p) => ({ ...p.wire })) : undefined;
  const parts = plan.forms.operations.get(operationKey(op)) ?? {};
  const checks = Object.fromEntries(
    FORM_PARTS.flatMap((part) => {
      const name = parts[part];
      // The forms' parts are the contract's `RequestPart`s, by the same names.
      return name === undefined ? [] : [[part, new NodeCode(name)]];
    }),
  );
  const json = jsonSuccess(op);
  const check = json ? successBody(op, index)?.check : undefined;
  const media = op.successMedia;
  return {
    id: model.id,
    method: model.method,
    path: model.path,
    pathForm: descriptorPath(op) !== op.path ? descriptorPath(op) : undefined,
    query: wires(model.parameters.query),
    headers: wires(model.parameters.header),
    cookies: wires(model.parameters.cookie),
    body: model.body
      ? {
          required: model.body.required,
          encodings: [...model.body.encodings],
          ...(op.body?.styledFields
            ? { styled: op.body.styledFields.map((field) => ({ ...field })) }
            : {}),
        }
      : undefined,
    checks: Object.keys(checks).length > 0 ? checks : undefined,
    success: {
      status: model.successStatuses[0] ?? 200,
      media: media?.kind,
      contentType: media ? responseType(media.accept) : undefined,
      node: op.successType && media?.kind !== 'binary' ? builder.node(op.successType) : undefined,
      check: check ? new NodeCode(check) : undefined,
      stream: streamValue(op, builder, index),
    },
    cursorList:
      op.pagination?.kind === 'cursor'
        ? {
            items: [...op.pagination.items],
            parameter: op.pagination.parameter,
            cursor: { from: op.pagination.cursor.from, path: [...op.pagination.cursor.path] },
            hasMore: op.pagination.hasMore ? [...op.pagination.hasMore] : undefined,
          }
        : undefined,
  };
}

/** The stream the answer is or may be (`FakeStream` of templates/fake/contract.ts). */
function streamValue(
  op: IrOperation,
  builder: FormNodeBuilder,
  index: SchemaIndex,
): NodeValue | undefined {
  const stream = op.successStream;
  if (!stream) return undefined;
  const check = streamItem(op, index)?.check;
  return {
    framing: stream.framing,
    contentType: responseType(stream.accept) ?? stream.accept,
    node: builder.node(stream.item),
    check: check ? new NodeCode(check) : undefined,
    flag: stream.flag,
  };
}

/** Whether the success body is JSON with a type: what the guards check. */
function jsonSuccess(op: IrOperation): boolean {
  return op.successMedia === undefined && op.successType !== undefined;
}

/** The media type a text or binary answer is sent with: the first the spec accepts, a wildcard made concrete. */
function responseType(accept: string): string | undefined {
  const first = accept.split(',')[0]!.trim();
  return first === '' || first.includes('*') ? undefined : first;
}

/**
 * The path of a server URL (`https://pets.example.test/v1` → `/v1`), without a trailing slash;
 * empty for none, and for a path with a variable in it, which has no one value.
 */
export function serverPath(url: string | undefined): string {
  if (url === undefined) return '';
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');
  if (path.includes('{') || !path.startsWith('/')) return '';
  return path.replace(/\/+$/, '');
}

function render(value: NodeValue): (w: CodeBlockWriter) => void {
  return (w) => writeNode(w, value);
}
