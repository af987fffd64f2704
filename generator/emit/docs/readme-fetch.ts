/**
 * The README's section on the `./fetch` and `./react-query` entries: openapi-fetch's and
 * openapi-react-query's API over the package's own `paths` type. Its examples call a real read
 * of the document by its path as `paths` keys it, with the parameters it requires, and the
 * extras' options are read from their declarations in templates/fetch, so the section stays
 * true for any document and cannot drift from the code.
 */
import type { Ir, IrOperation, IrParameter } from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import { tokenExpression } from '../operations/core-factory.js';
import { literal, sampleValue } from '../common/samples.js';
import type { SchemaIndex } from '../common/type-expr.js';
import type { TemplateFile } from '../templates/runtime.js';
import { runtimeOptions } from '../templates/runtime-options.js';

const ts = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;

/** The templates that declare the extras' options, relative to templates/fetch. */
const RETRIES_TEMPLATE = 'retries.ts';

/** A parameter's sample: its example where it has one of the type's kind, else one made from its type. */
function parameterValue(p: IrParameter, index: SchemaIndex): unknown {
  const made = sampleValue(p.type, index, p.name);
  return p.example !== undefined && typeof p.example === typeof made ? p.example : made;
}

/**
 * `params: { path: { id: 'pen-1' } }`: the parameters a call of `op` must pass, by location as
 * openapi-typescript's `parameters` keys them; nothing when it requires none.
 */
function paramsOf(op: IrOperation, index: SchemaIndex): string | undefined {
  const locations = [
    ['path', op.pathParameters],
    ['query', op.queryParameters],
    ['header', op.headerParameters],
    ['cookie', op.cookieParameters],
  ] as const;
  const groups = locations.flatMap(([location, parameters]) => {
    const required = parameters.filter((p) => p.required);
    const members = required.map(
      (p) => `${propertyKey(p.name)}: ${literal(parameterValue(p, index))}`,
    );
    return members.length > 0 ? [`${location}: { ${members.join(', ')} }`] : [];
  });
  return groups.length > 0 ? `params: { ${groups.join(', ')} }` : undefined;
}

/** A call's arguments after the method: the path, and an init of `members` where there are some. */
function callArguments(op: IrOperation, ...members: (string | undefined)[]): string {
  const init = members.filter((m): m is string => m !== undefined);
  return [literal(op.path), ...(init.length > 0 ? [`{ ${init.join(', ')} }`] : [])].join(', ');
}

/** The read the examples call: a lookup by path parameter, else any read without a required body. */
function sampleRead(ir: Ir): IrOperation | undefined {
  const reads = ir.operations.filter((op) => op.method === 'GET' && !op.body?.required);
  return reads.find((op) => op.pathParameters.length > 0) ?? reads[0];
}

/** `- \`attempts\` (3 by default: …)`: the retry options as `retries.ts` declares them. */
function retryOptionLines(templates: readonly TemplateFile[]): string[] {
  const { interfaces } = runtimeOptions(templates, ['RetryOptions'], RETRIES_TEMPLATE);
  return interfaces.flatMap((i) =>
    i.members.map((m) => `- \`${m.name}\`${m.description ? ` — ${m.description}` : ''}`),
  );
}

export interface FetchEntries {
  /** The `./fetch` entry's templates, read for the extras' options. */
  readonly templates: readonly TemplateFile[];
  /** Whether the package has `./react-query` too. */
  readonly reactQuery: boolean;
}

/** The `## openapi-fetch compatible client` section. */
export function fetchSection(ir: Ir, index: SchemaIndex, entries: FetchEntries): string[] {
  const pkg = ir.info.packageName;
  const read = sampleRead(ir);
  const baseUrl = ir.servers[0]?.url.replace(/\/$/, '') ?? 'https://api.example.com';
  const params = read ? paramsOf(read, index) : undefined;
  const args = read ? callArguments(read, params) : '';
  const make = `const api = createClient<paths>({ baseUrl: ${literal(baseUrl)} });`;
  const imports = `import createClient from '${pkg}/fetch';\nimport type { paths } from '${pkg}';`;
  const call = read
    ? `\nconst { data, error, response } = await api.GET(${args});\nif (error) {\n  console.log(response.status, error); // the error body the document declares\n} else {\n  console.log(data); // the success body, typed from paths\n}`
    : '';
  const retryLines = retryOptionLines(entries.templates);
  return [
    '## openapi-fetch compatible client',
    `\`${pkg}/fetch\` has openapi-fetch's API, and the package exports the document's \`paths\`, \`components\` and \`operations\` types as openapi-typescript writes them${entries.reactQuery ? `; \`${pkg}/react-query\` has openapi-react-query's hooks over that client` : ''}. Code written for openapi-fetch${entries.reactQuery ? ' and openapi-react-query' : ''} runs unchanged after changing its imports to these. A call answers \`{ data, error, response }\` and never throws for an HTTP status, only when no response comes.`,
    ts(`${imports}\n\n${make}${call}`),
    'Middleware sees every request and response (`onRequest`, `onResponse`, `onError`), in the order `api.use(…)` added it; `api.eject(…)` removes it again:',
    ts(
      `${imports}\n\n${make}\napi.use({\n  onRequest({ request }) {\n    request.headers.set('Authorization', \`Bearer \${${tokenExpression(ir)}}\`);\n    return request;\n  },\n});`,
    ),
    `Our extras are off unless passed, so the client behaves as openapi-fetch does until you turn one on, and a bundle carries only those it imports: \`retry: retries()\` sends a request again after a lost connection or a 408, 429 or 5xx answer (idempotent methods only, unless told otherwise), \`timeout: timeout(ms)\` gives up on an attempt that takes longer, the reading of its body included (it rejects with \`TimeoutError\`). Both go on the client or on one call; one guard is on from the start: a body the client reads is bounded by \`maxResponseBytes\` (16 MiB unless set; \`Infinity\` reads without a bound, as openapi-fetch does), past which the call rejects with \`ResponseTooLargeError\` and the connection is closed; [api.md](./api.md#openapi-fetch-compatible-entries) lists every export of the entry, further extras among them.${retryLines.length > 0 ? ' `retries()` takes:' : ''}`,
    ...(retryLines.length > 0 ? [retryLines.join('\n')] : []),
    ts(
      `import createClient, { retries, timeout } from '${pkg}/fetch';\nimport type { paths } from '${pkg}';\n\nconst api = createClient<paths>({\n  baseUrl: ${literal(baseUrl)},\n  retry: retries({ attempts: 3 }),\n  timeout: timeout(10_000),\n});${read ? `\n// This call's own timeout, instead of the client's:\nawait api.GET(${callArguments(read, params, 'timeout: timeout(2_000)')});` : ''}`,
    ),
    ...(entries.reactQuery ? reactQuerySection(pkg, make, read, args) : []),
  ];
}

/** The hooks: what to install, and a query of the same read. */
function reactQuerySection(
  pkg: string,
  make: string,
  read: IrOperation | undefined,
  args: string,
): string[] {
  return [
    `\`${pkg}/react-query\` has openapi-react-query's \`useQuery\`, \`useSuspenseQuery\`, \`useInfiniteQuery\`, \`useMutation\` and \`queryOptions\` over that client, keyed \`[method, path, init]\`. It needs TanStack Query (v5), an optional peer dependency of this package:`,
    '```sh\nnpm install @tanstack/react-query\n```',
    ts(
      [
        `import createClient from '${pkg}/fetch';`,
        `import createQueryClient from '${pkg}/react-query';`,
        `import type { paths } from '${pkg}';`,
        '',
        make,
        'const $api = createQueryClient(api);',
        ...(read
          ? [
              '',
              '// In a component:',
              `const { data, error, isPending } = $api.useQuery(${literal(read.method.toLowerCase())}, ${args});`,
            ]
          : []),
      ].join('\n'),
    ),
  ];
}
