/**
 * `api.md`: the package's whole public surface on one page — the client's and each call's
 * options, every operation (client method, HTTP method and path, signature, its parameters
 * one by one, a sample call, what it throws), every type, and every enum with its members.
 * It is generated with the code, so a pull request that changes the surface shows it in this
 * diff; everything is one line per item so that diff shows just what changed. A hand-written
 * layer's section, after the operations, is the layer's own markdown, given as data.
 */
import type { Ir, IrEnum, IrOperation, IrResource } from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import { clientClassName } from '../operations/client.js';
import { constraintNotes } from '../common/doc-comments.js';
import { enumGuardName, enumMembers, enumValuesName } from '../types/enums.js';
import { errorLine, errorResponsesFor } from '../operations/errors.js';
import { layerSection, type LayerContribution } from '../templates/layer.js';
import type { EmittedFile } from '../common/model.js';
import { operationModel, type ParameterModel } from '../operations/operation-model.js';
import { operationSignature, type OperationNames } from '../operations/operations.js';
import type { TemplateFile } from '../templates/runtime.js';
import { runtimeOptions, type OptionMember } from '../templates/runtime-options.js';
import { functionNamingRule, methodPath, sampleCall } from '../common/samples.js';
import {
  SchemaIndex,
  typeExpression,
  visibleProperties,
  schemaIndexOf,
} from '../common/type-expr.js';
import { schemaDeclarations, type SchemaDeclaration } from '../types/types.js';
import { coreFactoryName } from '../operations/core-factory.js';
import type { FormValidator } from '../forms/forms.js';
import { formsSection } from './forms-md.js';
import { querySection } from './query-md.js';
import { fetchEntriesSection, type EntryTemplates } from './fetch-md.js';
import type { Plan } from '../../plan/types.js';
import { fakeApiMarkdown } from '../fake/fake-docs.js';

/** The first paragraph of spec text, on one line. */
export function firstParagraph(text: string | undefined): string {
  const paragraph = (text ?? '').trim().split(/\n\s*\n/)[0] ?? '';
  return paragraph.replace(/\s+/g, ' ');
}

function fence(code: string): string {
  return `\`\`\`ts\n${code}\n\`\`\``;
}

/** `- \`name?: type\` — text`: one line per property, parameter or option. */
function memberLine(name: string, optional: boolean, type: string, text: string): string {
  return `- \`${propertyKey(name)}${optional ? '?' : ''}: ${type}\`${text ? ` — ${text}` : ''}`;
}

function parameterLine(p: ParameterModel, index: SchemaIndex): string {
  const text = [
    firstParagraph(p.description),
    ...constraintNotes(p.type),
    ...(p.default !== undefined ? [`Default \`${JSON.stringify(p.default)}\`.`] : []),
  ];
  return memberLine(
    p.wire.name,
    !p.required,
    typeExpression(p.type, 'write', index),
    text.filter((t) => t.length > 0).join(' '),
  );
}

/** The members of the query, header and cookie parameter types, and an inline body's type, under the signature that names them. */
function parameterLists(op: IrOperation, names: OperationNames, index: SchemaIndex): string[] {
  const { parameters } = operationModel(op);
  const lists: [string | undefined, string, readonly ParameterModel[]][] = [
    [names.query, 'Query parameters', parameters.query],
    [names.headers, 'Header parameters', parameters.header],
    [names.cookies, 'Cookie parameters', parameters.cookie],
  ];
  return [
    ...lists.flatMap(([name, title, parameters]) =>
      name
        ? [`${title} (\`${name}\`):`, parameters.map((p) => parameterLine(p, index)).join('\n')]
        : [],
    ),
    ...(names.body && op.body
      ? [
          `Body (\`${names.body}\`):`,
          fence(`type ${names.body} = ${typeExpression(op.body.type, 'write', index)};`),
        ]
      : []),
  ];
}

function operationSection(op: IrOperation, names: OperationNames, index: SchemaIndex): string[] {
  const signature = operationSignature(op, names, index);
  const params = signature.parameters
    .map((p) => `${p.name}${p.hasQuestionToken ? '?' : ''}: ${p.type}`)
    .join(', ');
  const throws = errorResponsesFor(op).map((e) => `- ${errorLine(e, `\`${e.className}\``)}`);
  return [
    `### \`${methodPath(op)}()\``,
    `\`${op.method} ${op.path}\`${op.summary ? ` — ${op.summary}` : ''}`,
    ...(op.description ? [firstParagraph(op.description)] : []),
    fence(
      `${methodPath(op)}(${params}): ${signature.returnType}\n${op.functionName}(client, ${params}): ${signature.returnType}`,
    ),
    ...parameterLists(op, names, index),
    fence(sampleCall(op, index)),
    ...(op.retrySafe ? [] : ['Never retried automatically.']),
    ...(throws.length > 0 ? [`Throws:\n\n${throws.join('\n')}`] : []),
  ];
}

function resourceSections(
  resource: IrResource,
  names: Map<IrOperation, OperationNames>,
  index: SchemaIndex,
): string[] {
  const own =
    resource.operations.length > 0
      ? [
          `## ${['client', ...resource.path].join('.')}`,
          ...resource.operations.flatMap((op) => operationSection(op, names.get(op)!, index)),
        ]
      : [];
  return [...own, ...resource.children.flatMap((child) => resourceSections(child, names, index))];
}

function typeSection({ schema, view, name }: SchemaDeclaration, index: SchemaIndex): string[] {
  const heading = [
    `### \`${name}\``,
    ...(schema.description || schema.title
      ? [firstParagraph(schema.description ?? schema.title)]
      : []),
  ];
  if (schema.type.kind !== 'object')
    return [...heading, fence(`type ${name} = ${typeExpression(schema.type, view, index)};`)];
  // One line per property (not a table, which re-aligns every row when one changes), so a diff shows just what changed.
  const rows = visibleProperties(schema.type, view).map((p) => {
    const text = firstParagraph(p.description ?? p.title);
    return `- \`${propertyKey(p.name)}${p.required ? '' : '?'}: ${typeExpression(p.type, view, index)}\`${text ? ` — ${text}` : ''}`;
  });
  if (rows.length === 0) return [...heading, 'An object; any properties.'];
  return [...heading, rows.join('\n')];
}

function enumSection(e: IrEnum): string[] {
  return [
    `### \`${e.name}\``,
    ...(e.description ? [firstParagraph(e.description)] : []),
    enumMembers(e)
      .map((m) => `- \`${e.name}.${m.key}\` — \`${JSON.stringify(m.value)}\``)
      .join('\n'),
    `\`${enumValuesName(e.name)}\` lists every value in this order; \`${enumGuardName(e.name)}(value)\` tells whether a value is one of them.`,
  ];
}

/** `ClientOptions`, `RequestOptions` and the types they use, read from the runtime template's declarations. */
function optionSections(templates: readonly TemplateFile[]): string[] {
  const { interfaces, aliases } = runtimeOptions(templates);
  if (interfaces.length === 0) return [];
  const line = (m: OptionMember) => memberLine(m.name, m.optional, m.type, m.description);
  return [
    '# Options',
    ...interfaces.flatMap((i) => [
      `### \`${i.name}\``,
      ...(i.description ? [i.description] : []),
      i.members.map(line).join('\n'),
    ]),
    ...(aliases.length > 0
      ? [
          'Types the options use:',
          aliases
            .map(
              (a) =>
                `- \`type ${a.name} = ${a.type}\`${a.description ? ` — ${a.description}` : ''}`,
            )
            .join('\n'),
        ]
      : []),
  ];
}

/** The other ways in: the small-bundle factory, and the typo-safe comparisons with known values. */
function smallBundleLine(ir: Ir): string {
  return [
    `For small bundles, \`${coreFactoryName(ir)}(options)\` takes the same options and gives a client for the standalone functions alone, so a bundle holds only the operations it imports.`,
    'Every error the client throws extends `SdkError`; `error.is(type)` accepts only the error types the spec lists and narrows `errorType`, and `isOneOf(value, ...known)` does the same for a value of an open enum.',
  ].join(' ');
}

export function emitApiMarkdown(
  ir: Ir,
  names: Map<IrOperation, OperationNames>,
  header: string,
  templates: readonly TemplateFile[] = [],
  layer?: LayerContribution,
  /** The `forms` entry point's validators (`forms.ts`), listed with their fields' constraints. */
  forms: readonly FormValidator[] = [],
  /** The templates of the fake made from the spec, when the package has it (`fake.ts`). */
  fakeTemplates: readonly TemplateFile[] = [],
  /** The plan, when the package has the `./query` entry point, which then gets its section. */
  queryPlan?: Plan,
  /** The `./fetch` and `./react-query` entries' templates, each empty when the package lacks it. */
  fetchEntries: readonly EntryTemplates[] = [],
): EmittedFile {
  const index = schemaIndexOf(ir);
  const client = clientClassName(ir);
  const declarations = schemaDeclarations({
    schemas: ir.schemas.filter((s) => s.type.kind !== 'enum'),
  });
  const first = ir.enums[0];
  const sections = [
    `<!-- ${header} -->`,
    `# ${ir.info.packageName} API`,
    `Every operation and type of the ${ir.info.title} ${ir.info.version} client. Each operation is a method on \`${client}\` and a standalone function taking the client first; both have the same parameters. ${functionNamingRule(ir)}`,
    fence(
      `import { ${client} } from '${ir.info.packageName}';\n\nconst client = new ${client}({ token: 'YOUR_TOKEN' });`,
    ),
    smallBundleLine(ir),
    ...optionSections(templates),
    '# Operations',
    ...resourceSections(ir.resources, names, index),
    ...layerSection(ir, layer, 'api', { package: ir.info.packageName, client }),
    ...(queryPlan ? querySection(ir, queryPlan, names, templates) : []),
    ...fetchEntriesSection(ir.info.packageName, fetchEntries),
    ...formsSection(ir, forms),
    ...fakeApiMarkdown(ir, fakeTemplates),
    '# Types',
    ...declarations.flatMap((d) => typeSection(d, index)),
    '# Enums',
    [
      `Each enum is a const object of its values (\`${first ? `${first.name}.${enumMembers(first)[0]?.key}` : 'Enum.member'}\`), a type of the same name, a list of every value and a guard.`,
      'Members are named after their wire values; a value that is not a valid identifier, or is a keyword, gets a name derived from it, shown beside it.',
      'Requests take the values below; responses type them as `OpenEnum<…>`: the values below, or one added to the API later.',
    ].join(' '),
    ...ir.enums.flatMap(enumSection),
  ];
  return { kind: 'text', path: 'api.md', content: `${sections.join('\n\n')}\n` };
}
