/**
 * The `client` module: one class per resource, each method forwarding to its standalone
 * function, and the client class that hangs the resources off itself
 * (`client.users.billingDetails.update(...)`).
 */
import { BINARY_BODY_TYPE, EVENT_STREAM_TYPE, rawBodyKind } from '../../ir/body-media.js';
import {
  Scope,
  StructureKind,
  VariableDeclarationKind,
  type ClassDeclarationStructure,
  type StatementStructures,
  type WriterFunction,
} from 'ts-morph';
import type { Ir, IrOperation, IrResource } from '../../ir/types.js';
import { clientClassName as classNameOfClient } from '../../ir/names.js';
import { operationSymbolsOf } from '../../plan/index.js';
import { resourceKey, type Plan } from '../../plan/types.js';
import { docs } from '../common/doc-comments.js';
import { mixedImport, moduleImport } from '../common/imports.js';
import type { EmittedFile } from '../common/model.js';
import { noteOperationTypes, operationSignature, type OperationNames } from './operations.js';
import { SchemaIndex, schemaIndexOf } from '../common/type-expr.js';
import { TypeUsage } from '../types/type-usage.js';
import { API_VERSION, PACKAGE_VERSION, VERSION_MODULE } from '../package/version-module.js';
import { generatedErrorStatuses, STATUS_ERROR_CLASSES, STATUS_ERRORS_MODULE } from './errors.js';
import { typescriptFile } from '../common/model.js';

export const CLIENT_META = 'CLIENT_META';
/** The exported name of the token's environment variable, when the spec names one (`info.x-sdk-token-env`). */
export const TOKEN_ENV_VAR = 'TOKEN_ENV_VAR';

/**
 * `Connect API` → `ConnectClient`: the rule the plan names the client class by. The plan
 * claims it before any other name, so no other name can take it and the rule alone gives it.
 */
export function clientClassName(ir: Pick<Ir, 'info'>): string {
  return classNameOfClient(ir.info.title);
}

/** Resource class names, as the plan settled them. */
type ClassNames = ReadonlyMap<string, string>;

function resourceClassName(resource: Pick<IrResource, 'path'>, classes: ClassNames): string {
  const name = classes.get(resourceKey(resource.path));
  if (name === undefined)
    throw new Error(`the plan names no resource '${resourceKey(resource.path)}'`);
  return name;
}

function allResources(resource: IrResource): IrResource[] {
  return [resource, ...resource.children.flatMap(allResources)];
}

export function emitClient(ir: Ir, plan: Plan, path: string): EmittedFile {
  const names = operationSymbolsOf(ir, plan);
  const index = schemaIndexOf(ir);
  const usage = new TypeUsage(index);
  const resources = allResources(ir.resources).filter((r) => r.path.length > 0);
  const operationImports: StatementStructures[] = [];
  for (const resource of resources.filter((r) => r.operations.length > 0)) {
    resource.operations.forEach((op) => noteOperationTypes(op, usage));
    const extraTypes = resource.operations.flatMap((op) => {
      const n = names.get(op)!;
      return [n.query, n.headers, n.cookies, n.body].filter((x): x is string => x !== undefined);
    });
    const specifier = `./${plan.operationModules.get(resourceKey(resource.path))!.replace(/\.ts$/, '.js')}`;
    operationImports.push(
      mixedImport(
        specifier,
        resource.operations.map((op) => op.functionName),
        extraTypes,
      ),
    );
  }
  const runtime = ['ApiPromise', 'PagePromise', 'RequestOptions', 'ClientOptions', 'ClientMeta'];
  if (ir.operations.some((op) => rawBodyKind(op) === 'binary')) runtime.push(BINARY_BODY_TYPE);
  if (ir.operations.some((op) => op.pagination?.kind === 'cursor'))
    runtime.push('CursorPagePromise');
  if (ir.operations.some((op) => op.successStream)) runtime.push(EVENT_STREAM_TYPE);
  const classNames = plan.resources;
  const classes = resources.map((r) => resourceClass(r, names, index, classNames));
  const statusErrors =
    generatedErrorStatuses(ir).length > 0
      ? [moduleImport(`./${STATUS_ERRORS_MODULE.replace(/\.ts$/, '.js')}`, [STATUS_ERROR_CLASSES])]
      : [];
  const meta = metaFields(ir);
  return typescriptFile(
    path,
    [
      mixedImport('./runtime/index.js', ['ClientCore'], runtime),
      mixedImport(
        `./${VERSION_MODULE.replace(/\.ts$/, '.js')}`,
        [API_VERSION, PACKAGE_VERSION],
        [],
      ),
      ...operationImports,
      ...statusErrors,
      ...usage.imports('.'),
      ...tokenEnvStatement(ir),
      metaStatement(meta),
      ...classes,
      rootClass(ir, ir.resources.children, classNames),
    ],
    { [CLIENT_META]: meta.map(([key]) => key) },
  );
}

/** The fields of `CLIENT_META` and their values' source text, in order. */
function metaFields(ir: Ir): [string, string][] {
  return [
    ['sdkName', JSON.stringify(ir.info.packageName)],
    ['sdkVersion', PACKAGE_VERSION],
    ['apiVersion', API_VERSION],
    [
      'environments',
      `{ ${ir.servers.map((s) => `${JSON.stringify(s.name)}: ${JSON.stringify(s.url)}`).join(', ')} }`,
    ],
    ['defaultEnvironment', JSON.stringify(ir.servers[0]?.name ?? '')],
    ...(ir.info.tokenEnvVar !== undefined
      ? [['tokenEnvVar', TOKEN_ENV_VAR] as [string, string]]
      : []),
    ...(ir.info.clientHeader !== undefined
      ? [['clientHeader', JSON.stringify(ir.info.clientHeader)] as [string, string]]
      : []),
    ...(generatedErrorStatuses(ir).length > 0
      ? [['errorClasses', STATUS_ERROR_CLASSES] as [string, string]]
      : []),
  ];
}

function metaStatement(fields: readonly [string, string][]): StatementStructures {
  const literal: WriterFunction = (w) => {
    w.write('{').newLine();
    w.indent(() => fields.forEach(([key, value]) => w.writeLine(`${key}: ${value},`)));
    w.write('}');
  };
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: CLIENT_META, type: 'ClientMeta', initializer: literal }],
    docs: docs({
      description:
        'Name and version sent with every request, the servers the client can talk to, and what the spec adds to the runtime (token variable, client header, error classes).',
    }),
  };
}

/** `TOKEN_ENV_VAR`, exported so programs can name the variable in their own messages. */
function tokenEnvStatement(ir: Ir): StatementStructures[] {
  if (ir.info.tokenEnvVar === undefined) return [];
  return [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: TOKEN_ENV_VAR, initializer: JSON.stringify(ir.info.tokenEnvVar) }],
      docs: docs({
        description:
          'The environment variable the token is read from when neither `token` nor `tokenProvider` is given.',
      }),
    },
  ];
}

function resourceClass(
  resource: IrResource,
  names: Map<IrOperation, OperationNames>,
  index: SchemaIndex,
  classes: ClassNames,
): ClassDeclarationStructure {
  return {
    kind: StructureKind.Class,
    name: resourceClassName(resource, classes),
    isExported: true,
    docs: docs({ description: `Operations under \`client.${resource.path.join('.')}\`.` }),
    properties: resource.children.map((child) => ({
      name: child.name,
      isReadonly: true,
      type: resourceClassName(child, classes),
      docs: docs({ description: `Operations under \`client.${child.path.join('.')}\`.` }),
    })),
    ctors: [
      {
        parameters: [{ name: 'core', type: 'ClientCore', scope: Scope.Private, isReadonly: true }],
        statements: resource.children.map(
          (child) => `this.${child.name} = new ${resourceClassName(child, classes)}(core);`,
        ),
      },
    ],
    methods: resource.operations.map((op) => {
      const signature = operationSignature(op, names.get(op)!, index);
      return {
        name: op.methodName,
        parameters: [...signature.parameters],
        returnType: signature.returnType,
        statements: `return ${op.functionName}(this.core, ${signature.forward});`,
        docs: signature.docs,
        ...(signature.overloads && {
          overloads: signature.overloads.map((o) => ({ ...o, docs: signature.docs })),
        }),
      };
    }),
  };
}

function rootClass(
  ir: Ir,
  children: readonly IrResource[],
  classes: ClassNames,
): ClassDeclarationStructure {
  const name = clientClassName(ir);
  return {
    kind: StructureKind.Class,
    name,
    isExported: true,
    extends: 'ClientCore',
    docs: docs({
      description: `${ir.info.title} client. Create one per token and reuse it: it holds no connections of its own.`,
      tags: [{ tagName: 'example', text: exampleFor(name, ir) }],
    }),
    properties: children.map((child) => ({
      name: child.name,
      isReadonly: true,
      type: resourceClassName(child, classes),
      docs: docs({ description: `Operations under \`client.${child.path.join('.')}\`.` }),
    })),
    ctors: [
      {
        parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }],
        statements: [
          `super(options, ${CLIENT_META});`,
          ...children.map(
            (child) => `this.${child.name} = new ${resourceClassName(child, classes)}(this);`,
          ),
        ],
      },
    ],
  };
}

/** A first call to show on hover: the first operation that needs no arguments, if any. */
function exampleFor(name: string, ir: Ir): string {
  const simple = ir.operations.find(
    (op) =>
      op.pathParameters.length === 0 &&
      !op.body?.required &&
      !op.queryParameters.some((p) => p.required),
  );
  const call = simple
    ? `\nconst result = await client.${[...simple.resourcePath, simple.methodName].join('.')}();`
    : '';
  return `const client = new ${name}({ token: 'YOUR_TOKEN' });${call}`;
}
