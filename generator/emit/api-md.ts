/**
 * `api.md`: the package's whole public surface on one page — every operation (client method,
 * HTTP method and path, signature, a sample call, what it throws) and every type. It is
 * generated with the code, so a pull request that changes the surface shows it in this diff.
 */
import type { Ir, IrEnum, IrOperation, IrResource } from '../ir/types.js';
import { propertyKey } from '../ir/names.js';
import { clientClassName } from './client.js';
import { errorClassesFor } from './errors.js';
import type { EmittedFile } from './model.js';
import { operationSignature, type OperationNames } from './operations.js';
import { methodPath, sampleCall } from './samples.js';
import { SchemaIndex, typeExpression, visibleProperties } from './type-expr.js';
import { schemaDeclarations, type SchemaDeclaration } from './types.js';

/** The first paragraph of spec text, on one line. */
export function firstParagraph(text: string | undefined): string {
  const paragraph = (text ?? '').trim().split(/\n\s*\n/)[0] ?? '';
  return paragraph.replace(/\s+/g, ' ');
}

function fence(code: string): string {
  return `\`\`\`ts\n${code}\n\`\`\``;
}

function operationSection(op: IrOperation, names: OperationNames, index: SchemaIndex): string[] {
  const signature = operationSignature(op, names, index);
  const params = signature.parameters.map((p) => `${p.name}${p.hasQuestionToken ? '?' : ''}: ${p.type}`).join(', ');
  const throws = errorClassesFor(op).map((line) => `- ${line.replace(/\{@link (\w+)\}/, '`$1`')}`);
  return [
    `### \`${methodPath(op)}()\``,
    `\`${op.method} ${op.path}\`${op.summary ? ` — ${op.summary}` : ''}`,
    ...(op.description ? [firstParagraph(op.description)] : []),
    fence(`${methodPath(op)}(${params}): ${signature.returnType}\n${op.functionName}(client, ${params}): ${signature.returnType}`),
    fence(sampleCall(op, index)),
    ...(op.retrySafe ? [] : ['Never retried automatically.']),
    ...(throws.length > 0 ? [`Throws:\n\n${throws.join('\n')}`] : []),
  ];
}

function resourceSections(resource: IrResource, names: Map<IrOperation, OperationNames>, index: SchemaIndex): string[] {
  const own = resource.operations.length > 0 ? [`## ${['client', ...resource.path].join('.')}`, ...resource.operations.flatMap((op) => operationSection(op, names.get(op)!, index))] : [];
  return [...own, ...resource.children.flatMap((child) => resourceSections(child, names, index))];
}

function typeSection({ schema, view, name }: SchemaDeclaration, index: SchemaIndex): string[] {
  const heading = [`### \`${name}\``, ...(schema.description || schema.title ? [firstParagraph(schema.description ?? schema.title)] : [])];
  if (schema.type.kind !== 'object') return [...heading, fence(`type ${name} = ${typeExpression(schema.type, view, index)};`)];
  // One line per property (not a table, which re-aligns every row when one changes), so a diff shows just what changed.
  const rows = visibleProperties(schema.type, view).map((p) => {
    const text = firstParagraph(p.description ?? p.title);
    return `- \`${propertyKey(p.name)}${p.required ? '' : '?'}: ${typeExpression(p.type, view, index)}\`${text ? ` — ${text}` : ''}`;
  });
  if (rows.length === 0) return [...heading, 'An object; any properties.'];
  return [...heading, rows.join('\n')];
}

function enumSection(e: IrEnum): string[] {
  return [`### \`${e.name}\``, ...(e.description ? [firstParagraph(e.description)] : []), e.values.map((v) => `\`${JSON.stringify(v)}\``).join(', ')];
}

export function emitApiMarkdown(ir: Ir, names: Map<IrOperation, OperationNames>, header: string): EmittedFile {
  const index = new SchemaIndex(ir);
  const client = clientClassName(ir);
  const declarations = schemaDeclarations({ schemas: ir.schemas.filter((s) => s.type.kind !== 'enum') });
  const sections = [
    `<!-- ${header} -->`,
    `# ${ir.info.packageName} API`,
    `Every operation and type of the ${ir.info.title} ${ir.info.version} client. Each operation is a method on \`${client}\` and a standalone function taking the client first; both have the same parameters.`,
    fence(`import { ${client} } from '${ir.info.packageName}';\n\nconst client = new ${client}({ token: 'YOUR_TOKEN' });`),
    '# Operations',
    ...resourceSections(ir.resources, names, index),
    '# Types',
    ...declarations.flatMap((d) => typeSection(d, index)),
    '# Enums',
    'Responses type these as `OpenEnum<…>`: the values below, or one added to the API later.',
    ...ir.enums.flatMap(enumSection),
  ];
  return { kind: 'text', path: 'api.md', content: `${sections.join('\n\n')}\n` };
}
