/**
 * The README's sections for apps: the TanStack Query options of the `./query` entry point and
 * the form validators of `./forms`. Their examples use real operations of the spec (a lookup,
 * a paginated list, a write, a stream, a request body), named as the plan named them, so the sections
 * stay true for any document; a package without such operations gets the prose alone.
 */
import { proxyPath } from '../common/samples.js';
import type { Ir, IrOperation } from '../../ir/types.js';
import type { OperationSymbols } from '../../plan/types.js';
import { clientClassName } from '../operations/client.js';
import type { FormSymbols } from '../../plan/types.js';
import { operationKey } from '../../plan/types.js';
import { sampleArguments, sampleValue } from '../common/samples.js';
import type { SchemaIndex } from '../common/type-expr.js';

const ts = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;

export interface AppSymbols {
  readonly operations: ReadonlyMap<IrOperation, OperationSymbols>;
  readonly forms: FormSymbols;
}

/** `fn(client, 'user-123')`: the options function called as the standalone function is. */
function optionsCall(name: string, op: IrOperation, index: SchemaIndex): string {
  return `${name}(${['client', ...sampleArguments(op, index)].join(', ')})`;
}

function queryExample(ir: Ir, index: SchemaIndex, names: AppSymbols['operations']): string[] {
  const of = (op: IrOperation) => names.get(op)?.queryOptions;
  const lookup =
    ir.operations.find((op) => of(op)?.options && op.pathParameters.length > 0) ??
    ir.operations.find((op) => of(op)?.options);
  const list = ir.operations.find((op) => of(op)?.infiniteOptions);
  const write =
    ir.operations.find((op) => op.method === 'POST' && of(op)?.mutationOptions) ??
    ir.operations.find((op) => of(op)?.mutationOptions);
  const stream = ir.operations.find((op) => of(op)?.streamedOptions);
  const lines: string[] = [];
  const imports: string[] = [];
  const hooks: string[] = [];
  if (lookup) {
    imports.push(of(lookup)!.options!);
    hooks.push('useQuery');
    lines.push(`const one = useQuery(${optionsCall(of(lookup)!.options!, lookup, index)});`);
  }
  if (list) {
    imports.push(of(list)!.infiniteOptions!);
    hooks.push('useInfiniteQuery');
    lines.push(
      `const pages = useInfiniteQuery(${optionsCall(of(list)!.infiniteOptions!, list, index)});`,
      '// pages.fetchNextPage() loads the next page; pages.hasNextPage says whether there is one',
    );
  }
  if (write) {
    imports.push(of(write)!.mutationOptions!);
    hooks.push('useMutation');
    lines.push(
      `const change = useMutation(${of(write)!.mutationOptions!}(client));`,
      '// change.mutate({ … }): after a success, the queries it affects are refetched',
    );
  }
  if (stream) {
    imports.push(of(stream)!.streamedOptions!);
    if (!hooks.includes('useQuery')) hooks.push('useQuery');
    hooks.push('experimental_streamedQuery');
    lines.push(
      `const chunks = useQuery(${optionsCall(of(stream)!.streamedOptions!, withoutFlag(stream, index), index).replace('(client', '(client, experimental_streamedQuery')});`,
      "// chunks.data is the items so far, growing as each comes; chunks.fetchStatus is 'fetching' until the stream ends",
    );
  }
  if (lines.length === 0) return [];
  return [
    ts(
      [
        `import { ${hooks.join(', ')} } from '@tanstack/react-query';`,
        `import { ${clientClassName(ir)} } from '${ir.info.packageName}';`,
        `import { ${imports.join(', ')} } from '${ir.info.packageName}/query';`,
        '',
        `const client = new ${clientClassName(ir)}({ auth: 'none', baseUrl: '${proxyPath(ir.info.packageName)}' });`,
        '',
        '// In a component:',
        ...lines,
      ].join('\n'),
    ),
  ];
}

/** The operation with its sample body lacking the stream flag, which streamed options set themselves. */
function withoutFlag(op: IrOperation, index: SchemaIndex): IrOperation {
  const flag = op.successStream?.flag;
  if (flag === undefined || !op.body) return op;
  const sample = op.body.example ?? sampleValue(op.body.type, index);
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) return op;
  const example = Object.fromEntries(Object.entries(sample).filter(([key]) => key !== flag));
  return { ...op, body: { ...op.body, example } };
}

/** The `## TanStack Query` section. */
export function tanstackQuery(
  ir: Ir,
  index: SchemaIndex,
  names: AppSymbols['operations'],
): string[] {
  const pkg = ir.info.packageName;
  const lookup =
    ir.operations.find((op) => names.get(op)?.queryOptions?.key && op.pathParameters.length > 0) ??
    ir.operations.find((op) => names.get(op)?.queryOptions?.key);
  const symbols = lookup ? names.get(lookup)?.queryOptions : undefined;
  const keyExample = symbols?.key
    ? ` \`queryClient.invalidateQueries({ queryKey: ${symbols.key}(…).slice(0, -1) })\` reaches what that key names without its query${lookup!.pathParameters.length > 0 ? ', and all that belongs to it' : ''}.`
    : '';
  const errorExample = symbols ? ` (\`${symbols.error}\`)` : '';
  const streams = ir.operations.some((op) => names.get(op)?.queryOptions?.streamedOptions);
  return [
    '## TanStack Query',
    `\`${pkg}/query\` has TanStack Query (v5) options for every operation: \`…QueryOptions\` for each read, \`…InfiniteQueryOptions\` for each paginated list, \`…MutationOptions\` for each write, ${streams ? '\`…StreamedQueryOptions\` for each operation that can answer a stream, ' : ''}and the key builders \`…QueryKey\`. They are plain objects, so the same options serve React, Vue, Solid, Svelte and Angular Query, \`queryClient.fetchQuery\` and \`prefetchQuery\`; the package does not depend on TanStack Query, and an app that imports none of them ships none. [api.md](./api.md#tanstack-query) lists every one of them with its parameters, what \`mutate\` takes, the keys each mutation invalidates and the error types each \`is\` takes.`,
    // React's adapter in the example; the other frameworks' adapters take the same options.
    '```sh\nnpm install @tanstack/react-query\n```',
    ...queryExample(ir, index, names),
    [
      `- **Keys** are hierarchical: the API's name, the path's words and ids, then the query. A key's prefix names a resource and everything under it, so invalidating a prefix reaches all of it:${keyExample}`,
      "- **Infinite lists** start at the first page and ask for the next by the page parameter (`page`, `offset` or `cursor`, as the list declares it) read off the server's `next` link; a page 0 counts as a page, a page asked for twice ends the list, and the list's other query parameters stay as given.",
      "- **Mutations** invalidate, after a success, the queries the path they wrote relates to: a create its collection's lists, an update that item and the resource above it, a delete everything at and under the item, an action below an item (a `POST` to `…/{id}/start`) all of that item. The doc comment of each says which. `…MutationOptions(client, { invalidates: (variables, keys) => [...keys, otherKey] })` changes the list; `mutate` stays pending until the active queries have refetched. The invalidation runs through the `QueryClient` that TanStack Query 5.80 and later hand `onSuccess`.",
      "- **Retries** are the client's alone: the options set `retry` so that TanStack never retries on top of the client, which retries what is safe to repeat and never a 4xx.",
      `- **Errors** are typed per operation${errorExample}: TanStack's \`error\` is the SDK's error, and \`error.is?.(…)\` takes only the error types that operation's error responses name, so testing for one it never answers does not compile. A response whose description names some of them in backticks carries those; one that names none carries any value of its body's \`error.type\` enum. The doc comment of each \`…Error\` type lists what its \`is\` takes.`,
      "- **Cancellation**: the query function passes TanStack's `signal` on, so a query TanStack cancels (the component unmounted, the key changed) cancels the request. Per-call settings (`timeoutMs`, `headers`…) go in the options' last argument.",
      ...(streams
        ? [
            "- **Streams**: `…StreamedQueryOptions(client, experimental_streamedQuery, …)` hands the call's stream to TanStack Query 5's `experimental_streamedQuery`, which you pass in (the package does not import TanStack): the data is the array of items so far, growing as each comes, `pending` until the first and fetching until the stream ends; for a call whose body flag (`stream: true`) asks for the stream, the options set it. Pass `(p) => experimental_streamedQuery({ ...p, reducer, initialValue })` to fold the items into something else. The key is the JSON query's with `'stream'` last; cancelling the query cancels the stream's body. A streamed write (a chat completion) is cached by TanStack's normal rules and no further: it stays fresh, so a new mount shows it without sending it again, and `refetch()` sends it again.",
          ]
        : []),
    ].join('\n'),
  ];
}

/** The `## Form validators` section. */
export function formValidatorsSection(ir: Ir, index: SchemaIndex, forms: FormSymbols): string[] {
  const pkg = ir.info.packageName;
  const op = ir.operations.find((o) => forms.operations.get(operationKey(o))?.body !== undefined);
  const body = op && forms.operations.get(operationKey(op))!.body!;
  // The submit handler sends what the validator accepted, typed as the request body: with the
  // resolver's types at hand (`@standard-schema/spec`), `values` is that body, not `unknown`.
  const send = op && [...sampleArguments(op, index).slice(0, op.pathParameters.length), 'values'];
  const example =
    op && body
      ? [
          '```sh\nnpm install react-hook-form @hookform/resolvers @standard-schema/spec\n```',
          ts(
            [
              "import { useForm } from 'react-hook-form';",
              "import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';",
              `import { ${op.functionName} } from '${pkg}';`,
              `import { ${body} } from '${pkg}/forms';`,
              '',
              `const form = useForm({ resolver: standardSchemaResolver(${body}) });`,
              `const onSubmit = form.handleSubmit((values) => ${op.functionName}(client, ${send!.join(', ')}));`,
              `const fields = ${body}.fields; // e.g. fields.<name>.maxLength for a "6/50" counter`,
            ].join('\n'),
          ),
          "`@standard-schema/spec` holds the types the resolver reads the validator with: without it `values` is `unknown`. An input left blank (`''`) counts as not given: a required field says \"required\" (so Save stays off on an untouched form), a nullable one is sent as `null`, another is left out. `keepingEmptyText(schema)`, from the same entry point, keeps `''` for an API that wants it. An edit form starts from the API's answer: `schema.valuesFrom(answer)` takes the answer for what the body sends (typed as the operation answers it) and gives `{ values, refused }`, the values as the request takes them and the issues of those it left out (a value the API added to an open enum since), so `useForm({ values })` needs no mapper.",
        ]
      : [];
  return [
    '## Form validators',
    `\`${pkg}/forms\` has a validator for every request body and every set of parameters, checking what the client checks before sending. Each is a [Standard Schema](https://standardschema.dev) v1 validator, which react-hook-form (\`standardSchemaResolver\`), TanStack Form, Hono (\`sValidator\`), tRPC and others accept as they accept Zod's. It reports every issue at once, with the field's path and a message a form can show as it is ("at most 50 characters", "required"), and \`.fields\` has each field's declared constraints as data (lengths, bounds, pattern, enum values, whether it is required). [api.md](./api.md) lists the validators.`,
    ...example,
  ];
}
