/**
 * `core.ts`: the small-bundle way in. `createXCore(options)` is a `ClientCore` that knows this
 * API's servers, name and version, for the standalone operation functions; unlike the client
 * class it references no operation, so a bundler keeps only the operations a program calls.
 */
import { StructureKind } from 'ts-morph';
import type { Ir, IrOperation } from '../../ir/types.js';
import { clientClassName, CLIENT_META } from './client.js';
import { docs } from '../common/doc-comments.js';
import { mixedImport, moduleImport } from '../common/imports.js';
import type { EmittedFile } from '../common/model.js';
import { sampleCall } from '../common/samples.js';
import { schemaIndexOf } from '../common/type-expr.js';
import { typescriptFile } from '../common/model.js';

/**
 * What examples pass as `token`: the variable the spec names (`process.env.CONNECT_API_TOKEN`),
 * else a generic one, which the client does not read by itself.
 */
export function tokenExpression(ir: Pick<Ir, 'info'>): string {
  return `process.env.${ir.info.tokenEnvVar ?? 'API_TOKEN'}`;
}

/** `ConnectClient` → `createConnectCore`. */
export function coreFactoryName(ir: Pick<Ir, 'info'>): string {
  return `create${clientClassName(ir).replace(/Client$/, '')}Core`;
}

/** The operation small-bundle examples call: the first lookup by id, else the first operation. */
export function smallBundleOperation(ir: Ir): IrOperation | undefined {
  return (
    ir.operations.find((op) => op.pathParameters.length > 0 && op.method === 'GET') ??
    ir.operations[0]
  );
}

/**
 * The small-bundle example: the factory and one standalone function, as the README shows it;
 * without `importFrom`, no import line (a doc comment's example, where a package import would
 * read as a dependency of the built file to tools that scan it).
 */
export function smallBundleExample(ir: Ir, importFrom?: string): string | undefined {
  const op = smallBundleOperation(ir);
  if (!op) return undefined;
  const factory = coreFactoryName(ir);
  return [
    ...(importFrom === undefined
      ? []
      : [`import { ${factory}, ${op.functionName} } from '${importFrom}';`, '']),
    `const client = ${factory}({ token: ${tokenExpression(ir)} });`,
    sampleCall(op, schemaIndexOf(ir), 'function'),
  ].join('\n');
}

export function emitCoreFactory(ir: Ir, path: string): EmittedFile {
  const name = coreFactoryName(ir);
  const example = smallBundleExample(ir);
  return typescriptFile(path, [
    mixedImport('./runtime/index.js', ['ClientCore'], ['ClientOptions']),
    moduleImport('./client.js', [CLIENT_META]),
    {
      kind: StructureKind.Function,
      name,
      isExported: true,
      parameters: [{ name: 'options', type: 'ClientOptions', initializer: '{}' }],
      returnType: 'ClientCore',
      statements: `return new ClientCore(options, ${CLIENT_META});`,
      docs: docs({
        description: `A client for the standalone operation functions, for small bundles: it takes the same options as {@link ${clientClassName(ir)}} but carries no operations, so a bundler keeps only the functions you import (and their guards).`,
        tags: example ? [{ tagName: 'example', text: `\n${example}` }] : [],
      }),
    },
  ]);
}
