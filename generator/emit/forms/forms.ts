/**
 * The `forms` entry point (`<package>/forms`): a Standard Schema v1 validator for every request
 * body and every operation's parameters (path, query, headers, cookies), each with the declared
 * constraints of its fields. A validator is data (its `FormNode`, `emit/forms/nodes.ts`) handed to one
 * interpreter in the runtime (`formSchema` for a body, `parameterSchema` for a parameter set,
 * which also reads the set from a URL's text), so the module is plain constants: a bundle keeps
 * the validators it imports and the interpreter, and an app that imports none ships nothing.
 * It is an entry point of its own, not re-exported by the package index, so bundlers that do
 * not tree-shake (React Native's Metro) leave it out too.
 */
import {
  CodeBlockWriter,
  StructureKind,
  VariableDeclarationKind,
  type StatementStructures,
} from 'ts-morph';
import type { Ir, IrOperation, IrSchema, IrType } from '../../ir/types.js';
import { NameRegistry } from '../../ir/names.js';
import { operationKey, resourceKey, type Plan } from '../../plan/types.js';
import { docs } from '../common/doc-comments.js';
import { enumValuesName } from '../types/enums.js';
import { FORM_PARTS, type FormPart } from '../../plan/types.js';
import { FormNodeBuilder, writeNode, type NodeValue } from './nodes.js';
import { parameterObject } from '../../ir/inputs.js';
import { mixedImport, moduleImport } from '../common/imports.js';
import { typescriptFile, type EmittedFile } from '../common/model.js';
import { methodPath } from '../common/samples.js';
import { schemaIndexOf, typeExpression, type SchemaIndex } from '../common/type-expr.js';
import { visitTypes } from '../types/types.js';

/** Where the module is, under src/; `package.ts` makes it the `./forms` entry point. */
export const FORMS_MODULE = 'forms.ts';

/** The runtime module the validators are made with. */
const RUNTIME = './runtime/core/standard-schema.js';

/** One validator of the module: what it checks, and the type it checks it as. */
export interface FormValidator {
  readonly name: string;
  /** What it checks, as a phrase: "the body of `client.users.create()`". */
  readonly checks: string;
  /** The request-side type checked; a set of parameters as the object the caller passes. */
  readonly type: IrType;
  /** The TypeScript type of a valid value: a declared type and the module it comes from, or a type expression. */
  readonly input:
    { readonly name: string; readonly module: string } | { readonly expression: string };
  /** For a named schema's validator, the schema (its node is a constant of the module). */
  readonly schema?: IrSchema;
  /**
   * The type of the API's answer for what the body sends, which `valuesFrom` takes: the success
   * type of an operation that sends it (an edit's, PUT or PATCH, before a create's).
   */
  readonly answer?: { readonly name: string; readonly module: string };
  /** Whether it checks a set of parameters, whose values a server reads from a URL as text. */
  readonly parameterSet: boolean;
}

const PART_WORDS: Readonly<Record<FormPart, string>> = {
  path: 'path parameters',
  query: 'query parameters',
  headers: 'header parameters',
  cookies: 'cookie parameters',
  body: 'body',
};

/** Every validator the plan names, schemas' first (in document order), then operations'. */
export function formValidators(ir: Ir, plan: Plan): FormValidator[] {
  const index = schemaIndexOf(ir);
  const boundName = new Map([...plan.schemas].map(([id, symbols]) => [id, symbols.type]));
  const schemaValidators = new Map<string, string>();
  for (const [id, name] of plan.forms.schemas) schemaValidators.set(boundName.get(id)!, name);
  const users = new Map<string, string[]>();
  const answers = new Map<string, string>();
  const own: FormValidator[] = [];
  for (const op of ir.operations) {
    const parts = plan.forms.operations.get(operationKey(op)) ?? {};
    const module = `./${plan.operationModules.get(resourceKey(op.resourcePath))!.replace(/\.ts$/, '.js')}`;
    const symbols = plan.operations.get(operationKey(op))!;
    for (const part of FORM_PARTS) {
      const name = parts[part];
      if (name === undefined) continue;
      const checks = `the ${PART_WORDS[part]} of \`${methodPath(op)}()\``;
      const body = op.body?.type;
      if (part === 'body' && body?.kind === 'ref') {
        users.set(body.name, [...(users.get(body.name) ?? []), checks]);
        const answer = op.successType;
        if (answer?.kind === 'ref' && answersFor(body.name, answer.name, index))
          if (!answers.has(body.name) || op.method === 'PUT' || op.method === 'PATCH')
            answers.set(body.name, index.typeName(answer.name, 'read'));
        continue;
      }
      const parameters = part === 'body' ? undefined : parametersOf(op, part);
      const declared = part === 'path' ? undefined : symbols[part];
      own.push({
        name,
        checks,
        parameterSet: parameters !== undefined,
        type: parameters ? parameterObject(parameters) : body!,
        input:
          declared !== undefined
            ? { name: declared, module }
            : { expression: typeExpression(parameterObject(parameters!), 'write', index) },
      });
    }
  }
  const schemas = ir.schemas.flatMap((schema): FormValidator[] => {
    const name = schemaValidators.get(schema.name);
    if (name === undefined) return [];
    const typeName = index.typeName(schema.name, 'write');
    const answer = answerOf(schema.name, answers, index);
    return [
      {
        name,
        checks: `a \`${typeName}\`: ${users.get(schema.name)!.join(', ')}`,
        type: { kind: 'ref', name: schema.name },
        input: { name: typeName, module: index.isEnum(schema.name) ? './enums.js' : './types.js' },
        ...(answer !== undefined ? { answer: { name: answer, module: './types.js' } } : {}),
        schema,
        parameterSet: false,
      },
    ];
  });
  return [...schemas, ...own];
}

/**
 * The answer an edit form starts from, for a body schema: the read view of the same schema
 * where the views are split (`Applicant` for `ApplicantRequest`), else the success type of an
 * operation that sends it, when it answers the same thing (drf-spectacular's `BillingDetails`
 * for `BillingDetailsRequest`); none when neither holds, so no envelope passes for an answer.
 */
function answerOf(
  name: string,
  answers: ReadonlyMap<string, string>,
  index: SchemaIndex,
): string | undefined {
  const read = index.typeName(name, 'read');
  return read !== index.typeName(name, 'write') ? read : answers.get(name);
}

/** Whether `answer` holds every member of `body`: it answers what the body sends. */
function answersFor(body: string, answer: string, index: SchemaIndex): boolean {
  const sent = index.get(body)?.type;
  const got = index.get(answer)?.type;
  if (sent?.kind !== 'object' || got?.kind !== 'object' || sent.properties.length === 0)
    return false;
  const names = new Set(got.properties.map((p) => p.name));
  return sent.properties.every((p) => names.has(p.name));
}

function parametersOf(op: IrOperation, part: Exclude<FormPart, 'body'>) {
  return {
    path: op.pathParameters,
    query: op.queryParameters,
    headers: op.headerParameters,
    cookies: op.cookieParameters,
  }[part];
}

/** The module, or none when the document has no request body or parameter to validate. */
export function emitForms(ir: Ir, plan: Plan, path: string): EmittedFile | undefined {
  const validators = formValidators(ir, plan);
  if (validators.length === 0) return undefined;
  const index = schemaIndexOf(ir);
  const typeImports = new Map<string, Set<string>>();
  const importType = (module: string, name: string) =>
    typeImports.set(module, (typeImports.get(module) ?? new Set()).add(name));
  for (const v of validators) {
    if ('module' in v.input) importType(v.input.module, v.input.name);
    else inlineTypeNames(v.type, index, importType);
    if (v.answer) importType(v.answer.module, v.answer.name);
  }
  // Constants are named so as to take no name the module imports or exports.
  const locals = new NameRegistry([
    'keepingEmptyText',
    'formSchema',
    'parameterSchema',
    'FormNode',
    'FormSchema',
    ...validators.map((v) => v.name),
    ...[...typeImports.values()].flatMap((names) => [...names]),
    ...ir.enums.map((e) => enumValuesName(e.name)),
  ]);
  const builder = new FormNodeBuilder(index, locals);
  const roots = validators.map((v): NodeValue | string =>
    v.schema ? builder.namedConstant(v.schema.name) : builder.node(v.type),
  );
  const order = new Map(ir.schemas.map((s, i) => [s.name, i]));
  const named = [...builder.named].sort((a, b) => order.get(a[0])! - order.get(b[0])!);
  const vendor = JSON.stringify(ir.info.packageName);
  const makers = [...new Set(validators.map(makerOf))].sort();
  const statements: StatementStructures[] = [
    mixedImport(RUNTIME, makers, ['FormNode', 'FormSchema']),
    ...importsOf(typeImports, builder.enumLists),
    ...named.map(([, { constant, typeName, node }]): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: constant, type: 'FormNode', initializer: render(node) }],
      docs: docs({ description: `The request view of {@link ${typeName}}, as data.` }),
    })),
    ...validators.map((v, i): StatementStructures => {
      const root = roots[i]!;
      return {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [
          {
            name: v.name,
            type: `FormSchema<${[
              'name' in v.input ? v.input.name : v.input.expression,
              ...(v.answer ? [v.answer.name] : []),
            ].join(', ')}>`,
            initializer: (w) => {
              w.write(`/* @__PURE__ */ ${makerOf(v)}(${vendor}, `);
              if (typeof root === 'string') w.write(root);
              else writeNode(w, root);
              w.write(')');
            },
          },
        ],
        docs: docs({
          description: `Validates ${v.checks}.`,
          notes: [
            "A Standard Schema v1 validator that reports every issue; `fields` holds each field's declared constraints (see {@link FormSchema}).",
            ...(v.parameterSet ? [URL_TEXT_NOTE] : []),
          ],
        }),
      };
    }),
    // The switch for an API that wants `''` from a form (`emptyTextAsMissing` in the runtime).
    {
      kind: StructureKind.ExportDeclaration,
      namedExports: ['keepingEmptyText'],
      moduleSpecifier: RUNTIME,
    },
  ];
  return typescriptFile(path, statements);
}

/** The runtime function that makes a validator: a parameter set's also reads URL text. */
function makerOf(v: FormValidator): 'formSchema' | 'parameterSchema' {
  return v.parameterSet ? 'parameterSchema' : 'formSchema';
}

const URL_TEXT_NOTE =
  "It also takes the values as a URL carries them, as text, and gives them typed (`'2'` as `2` where a number is wanted, one text as a list of one where a list is), so a server framework's validator (Hono's `sValidator`) can use it.";

function render(node: NodeValue): string {
  const w = new CodeBlockWriter({ indentNumberOfSpaces: 2, useSingleQuote: true });
  writeNode(w, node);
  return w.toString();
}

/** The declared types an inline type expression (path parameters') mentions. */
function inlineTypeNames(
  type: IrType,
  index: SchemaIndex,
  use: (module: string, name: string) => void,
): void {
  visitTypes(type, (t) => {
    if (t.kind === 'ref')
      use(index.isEnum(t.name) ? './enums.js' : './types.js', index.typeName(t.name, 'write'));
  });
}

function importsOf(
  typeImports: ReadonlyMap<string, ReadonlySet<string>>,
  enumLists: ReadonlySet<string>,
): StatementStructures[] {
  const modules = [
    ...new Set([...typeImports.keys(), ...(enumLists.size > 0 ? ['./enums.js'] : [])]),
  ];
  return modules
    .sort()
    .map((module) =>
      module === './enums.js'
        ? mixedImport(module, enumLists, typeImports.get(module) ?? [])
        : moduleImport(module, typeImports.get(module)!, true),
    );
}
