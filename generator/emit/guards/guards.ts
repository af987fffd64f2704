/**
 * The `guards` module: for every schema view `checkX` (returns a failure or undefined),
 * `isX` (a type guard) and `assertX` (throws a GuardError naming the JSON path). Enum
 * schemas get `checkX` and `assertX` here; their `isX` lives in the enums module.
 */
import {
  CodeBlockWriter,
  StructureKind,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type StatementStructures,
} from 'ts-morph';
import type { Ir, IrOperation, IrSchema, View } from '../../ir/types.js';
import { docs } from '../common/doc-comments.js';
import { enumGuardName } from '../types/enums.js';
import {
  checkFunctionName,
  GuardCodeWriter,
  needsResponseCheck,
  responseCheckName,
  responseTypeName,
  streamItemTypeName,
} from './guard-code.js';
import { mixedImport, moduleImport } from '../common/imports.js';
import { inputCheckDeclarations } from './input-checks.js';
import type { EmittedFile } from '../common/model.js';
import { schemaIndexOf } from '../common/type-expr.js';
import { schemaDeclarations } from '../types/types.js';
import type { OperationSymbols as OperationNames } from '../../plan/types.js';
import { typescriptFile } from '../common/model.js';

const WRITER_OPTIONS = { indentNumberOfSpaces: 2, useSingleQuote: true } as const;

export function emitGuards(
  ir: Ir,
  path: string,
  runtimeGuardModule: string,
  names: Map<IrOperation, OperationNames>,
): EmittedFile {
  const index = schemaIndexOf(ir);
  const declarations = schemaDeclarations(ir);
  const responses = ir.operations.flatMap((op) => [
    ...(needsResponseCheck(op.successType)
      ? [
          {
            op,
            type: op.successType,
            name: responseCheckName(op.functionName),
            typeName: responseTypeName(op.functionName),
          },
        ]
      : []),
    // One item of a streamed answer, when it is not a named schema.
    ...(needsResponseCheck(op.successStream?.item)
      ? [
          {
            op,
            type: op.successStream.item,
            name: checkFunctionName(streamItemTypeName(op.functionName)),
            typeName: streamItemTypeName(op.functionName),
          },
        ]
      : []),
  ]);
  const inputs = ir.operations.flatMap((op) => inputCheckDeclarations(op, names.get(op)!));
  const exported = [
    ...declarations.flatMap((d) => [checkFunctionName(d.name), `is${d.name}`, `assert${d.name}`]),
    ...responses.map((r) => r.name),
    ...inputs.map((c) => c.name),
  ];
  // Enum guards are imported names: no local or helper may take one.
  const code = new GuardCodeWriter(index, [
    ...exported,
    ...ir.enums.map((e) => enumGuardName(e.name)),
  ]);
  const functions: StatementStructures[] = [];
  const typeImports = new Set<string>();

  for (const { schema, view, name } of declarations) {
    typeImports.add(name);
    functions.push(checkFunction(name, schema, view, code));
    if (schema.type.kind !== 'enum') functions.push(isFunction(name));
    functions.push(assertFunction(name));
  }
  for (const { op, type, name, typeName } of responses) {
    functions.push({
      ...baseCheck(name, true),
      statements: render((w) => code.writeFunctionBody(w, type, 'read', typeName)),
      docs: docs({
        description: `Checks ${name.endsWith('StreamItem') ? 'one streamed item' : 'the success body'} of {@link ${op.functionName}}: \`undefined\` when it matches, else where and why it does not.`,
      }),
    });
  }
  for (const { name, typeName, type, description } of inputs) {
    functions.push({
      ...baseCheck(name, true),
      statements: render((w) => code.writeFunctionBody(w, type, 'write', typeName)),
      docs: docs({ description }),
    });
  }
  // Hoisted helpers may hoist further helpers while they are written; drain the queue.
  const hoisted: StatementStructures[] = [];
  for (let i = 0; i < code.hoisted.length; i++) {
    const helper = code.hoisted[i]!;
    hoisted.push({ ...baseCheck(helper.name, false), statements: render(helper.write) });
  }
  const patterns: StatementStructures[] = code.patterns.map((p) => ({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: p.name,
        initializer: `/* @__PURE__ */ new RegExp(${JSON.stringify(p.source)}, ${JSON.stringify(p.flags)})`,
      },
    ],
  }));

  const enumImports = [...code.enumGuards, ...ir.enums.map((e) => enumGuardName(e.name))];
  const enumTypes = ir.enums.map((e) => e.name);
  const nonEnumTypes = [...typeImports].filter((n) => !enumTypes.includes(n));
  return typescriptFile(path, [
    mixedImport(runtimeGuardModule, ['GuardError', ...code.helpers], ['GuardFailure']),
    ...(enumImports.length > 0 ? [mixedImport('./enums.js', enumImports, enumTypes)] : []),
    ...(nonEnumTypes.length > 0 ? [moduleImport('./types.js', nonEnumTypes, true)] : []),
    ...patterns,
    ...functions,
    ...hoisted,
  ]);
}

function render(write: (w: CodeBlockWriter) => void): string {
  const w = new CodeBlockWriter(WRITER_OPTIONS);
  write(w);
  return w.toString();
}

function baseCheck(name: string, exported: boolean): FunctionDeclarationStructure {
  return {
    kind: StructureKind.Function,
    name,
    isExported: exported,
    parameters: [{ name: 'value', type: 'unknown' }],
    returnType: 'GuardFailure | undefined',
  };
}

/** `checkX` for the declaration `typeName` (a schema's name, or its request view's). */
function checkFunction(
  typeName: string,
  schema: IrSchema,
  view: View,
  code: GuardCodeWriter,
): FunctionDeclarationStructure {
  const statements =
    schema.type.kind === 'enum'
      ? render((w) =>
          w.writeLine(
            `return ${enumGuardName(schema.name)}(value) ? undefined : fail(${JSON.stringify(code.expected({ kind: 'ref', name: schema.name }, 'write'))}, value);`,
          ),
        )
      : render((w) =>
          code.writeFunctionBody(w, schema.type, view, typeName, code.isUnionMember(schema.name)),
        );
  if (schema.type.kind === 'enum') code.helpers.add('fail');
  return {
    ...baseCheck(checkFunctionName(typeName), true),
    statements,
    docs: docs({
      description: `Checks a value against {@link ${typeName}}: \`undefined\` when it matches, else where and why it does not.`,
    }),
  };
}

function isFunction(name: string): FunctionDeclarationStructure {
  return {
    kind: StructureKind.Function,
    name: `is${name}`,
    isExported: true,
    parameters: [{ name: 'value', type: 'unknown' }],
    returnType: `value is ${name}`,
    statements: `return ${checkFunctionName(name)}(value) === undefined;`,
    docs: docs({
      description: `Whether \`value\` is a valid {@link ${name}}. Unknown extra properties are allowed.`,
    }),
  };
}

function assertFunction(name: string): FunctionDeclarationStructure {
  return {
    kind: StructureKind.Function,
    name: `assert${name}`,
    isExported: true,
    parameters: [{ name: 'value', type: 'unknown' }],
    returnType: `asserts value is ${name}`,
    statements: render((w) => {
      w.writeLine(`const failure = ${checkFunctionName(name)}(value);`);
      w.writeLine(
        `if (failure !== undefined) throw new GuardError(failure, ${JSON.stringify(name)});`,
      );
    }),
    docs: docs({
      description: `Throws a {@link GuardError} naming the JSON path of the first mismatch when \`value\` is not a valid {@link ${name}}.`,
      tags: [{ tagName: 'throws', text: '{@link GuardError}' }],
    }),
  };
}
