/**
 * api.md's `# TanStack Query` section: every function of the `./query` entry point with the
 * arguments it takes, what `mutate` takes, the keys each mutation invalidates and the error
 * types its `error.is` takes; and `MutationSettings`, read from the runtime's declaration as
 * the client's options are. The functions are listed
 * from the declarations the module is written from (`operationQueryParts`), so the reference
 * names what the module exports, with the same parameters. One line per item, so that a diff
 * shows just what changed.
 */
import {
  StructureKind,
  type FunctionDeclarationStructure,
  type InterfaceDeclarationStructure,
} from 'ts-morph';
import type { Ir, IrOperation } from '../../ir/types.js';
import type { OperationSymbols, Plan } from '../../plan/types.js';
import { methodPath } from '../common/samples.js';
import { errorTypeNotes } from '../query/errors.js';
import { invalidationCode } from '../query/parts.js';
import { operationQueryParts, type OperationQueryParts } from '../query/query-options.js';
import type { TemplateFile } from '../templates/runtime.js';
import { runtimeOptions, type OptionMember } from '../templates/runtime-options.js';

/** The runtime template that declares the query options' types. */
const QUERY_TEMPLATE = 'core/query.ts';

function fence(code: string): string {
  return `\`\`\`ts\n${code}\n\`\`\``;
}

/**
 * `name(client, userId, options?)`: the parameters by name, since their types are the client
 * method's, listed under the operation; so a large document's api.md grows by a line per
 * operation, not by every signature again (Jira's by 230 kB rather than 360 kB).
 */
function call(fn: FunctionDeclarationStructure): string {
  const parameters = (fn.parameters ?? []).map((p) => `${p.name}${p.hasQuestionToken ? '?' : ''}`);
  return `\`${fn.name}(${parameters.join(', ')})\``;
}

/** `{ userId: string; body: BillingDetailsRequest }`: what `mutate` takes, with its types. */
function variablesShape(variables: InterfaceDeclarationStructure | undefined): string {
  const fields = (variables?.properties ?? []).map(
    (p) => `${p.name}${p.hasQuestionToken ? '?' : ''}: ${String(p.type)}`,
  );
  return fields.length > 0 ? `{ ${fields.join('; ')} }` : '';
}

/**
 * One operation's functions in one paragraph: for a read its options, key and infinite and
 * streamed options; for a write its mutation options, what `mutate` takes and the keys it
 * invalidates; and the error type with what its `is` takes.
 */
function operationSection(
  { op, input, statements }: OperationQueryParts,
  names: OperationSymbols,
): string[] {
  const q = names.queryOptions!;
  const functions = new Map(
    statements
      .filter((s): s is FunctionDeclarationStructure => s.kind === StructureKind.Function)
      .map((fn) => [fn.name!, fn]),
  );
  const named = (name: string | undefined) => (name ? functions.get(name) : undefined);
  const sentences: string[] = [];
  const keyed = (name: string | undefined) => {
    const fn = named(name);
    return fn ? `, keyed by ${call(fn)}` : '';
  };
  const options = named(q.options);
  if (options) sentences.push(`${call(options)}${keyed(q.key)}.`);
  const infinite = named(q.infiniteOptions);
  if (infinite)
    sentences.push(`Pages: ${call(infinite)} for \`useInfiniteQuery\`${keyed(q.infiniteKey)}.`);
  const streamed = named(q.streamedOptions);
  if (streamed) sentences.push(`Streamed: ${call(streamed)}${keyed(q.streamedKey)}.`);
  const mutation = named(q.mutationOptions);
  if (mutation) {
    const variables = statements.find(
      (s): s is InterfaceDeclarationStructure => s.kind === StructureKind.Interface,
    );
    const shape = variablesShape(variables);
    sentences.push(
      `${call(mutation)}, then \`mutate(${shape})\`${variables ? ` (\`${variables.name}\`)` : ''}.`,
    );
    const keys = (input.invalidations ?? []).map((i) => invalidationCode(input, i).shown);
    sentences.push(
      keys.length > 0
        ? `After a success it invalidates ${keys.join(', ')}.`
        : 'It invalidates nothing: no read of the API sits on or above its path.',
    );
  }
  const isNote = errorTypeNotes(op, input.errorTypes).at(-1)!;
  sentences.push(`\`error\` is \`${q.error}\`; ${isNote}`);
  return [`### \`${op.functionName}\``, `\`${methodPath(op)}()\`: ${sentences.join(' ')}`];
}

/** `MutationSettings`, as the runtime declares it. */
function settingsLines(templates: readonly TemplateFile[]): string[] {
  const { interfaces } = runtimeOptions(templates, ['MutationSettings'], QUERY_TEMPLATE);
  const line = (m: OptionMember) =>
    `- \`${m.name}${m.optional ? '?' : ''}: ${m.type.replace(/^\|\s*/, '')}\`${m.description ? ` — ${m.description}` : ''}`;
  return interfaces.flatMap((i) => [
    `\`${i.name}\`, the last argument of every \`…MutationOptions\`: ${i.description}`,
    i.members.map(line).join('\n'),
  ]);
}

/** The section, or nothing when the package has no `./query` entry point. */
export function querySection(
  ir: Ir,
  plan: Plan,
  names: ReadonlyMap<IrOperation, OperationSymbols>,
  templates: readonly TemplateFile[],
): string[] {
  const parts = operationQueryParts(ir, plan, names);
  if (parts.length === 0) return [];
  const pkg = ir.info.packageName;
  const first = parts.find((part) => names.get(part.op)?.queryOptions?.options);
  const example = first
    ? fence(
        `import { useQuery } from '@tanstack/react-query';\nimport { ${names.get(first.op)!.queryOptions!.options} } from '${pkg}/query';`,
      )
    : undefined;
  return [
    '# TanStack Query',
    `\`${pkg}/query\`: TanStack Query (v5) options for every operation, as plain objects that React, Vue, Solid, Svelte and Angular Query take alike. Each function takes the client first (the generated client, or a core from the core factory), then the operation's own arguments as the client method takes them; query options end with per-call settings (\`QueryRequestOptions\`: the client's \`RequestOptions\` without \`signal\`, since TanStack passes its own), mutation options with \`MutationSettings\`. Every key starts with \`${plan.queryKeyRoot}\`; a key a mutation invalidates reaches every query whose key starts with it, and one ending in \`{}\` the reads of that path whatever their query. The client does the retrying: the options set \`retry\` so that TanStack never retries on top of it.`,
    ...(example ? [example] : []),
    ...settingsLines(templates),
    ...parts.flatMap((part) => operationSection(part, names.get(part.op)!)),
  ];
}
