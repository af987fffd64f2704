/**
 * The generated package's README. Its examples call real operations of the spec (the first
 * list operation, the first lookup by id), so it stays true for whatever document the
 * package was generated from. A hand-written layer's sections (and the fake server's, when
 * the layer brings it) come in as data (`LayerContribution`), so nothing here names one.
 */
import type { Ir, IrOperation, IrResource } from '../../ir/types.js';
import { clientClassName } from '../operations/client.js';
import { tokenExpression } from '../operations/core-factory.js';
import { enumGuardName, enumMembers, enumNamingRule, enumValuesName } from '../types/enums.js';
import { errorClassForStatus } from '../operations/errors.js';
import { fillPlaceholders, layerSection, type LayerContribution } from '../templates/layer.js';
import type { EmittedFile } from '../common/model.js';
import { SOURCE_DIR } from '../common/model.js';
import { fakeServerCommand } from '../package/package.js';
import { FAKE_DIR } from '../fake/fake.js';
import { fakeReadme } from '../fake/fake-docs.js';
import { FORMS_MODULE } from '../forms/forms.js';
import { QUERY_MODULE } from '../query/query-options.js';
import { formValidatorsSection, tanstackQuery, type AppSymbols } from './readme-apps.js';
import { browsers, clientHeaderName } from './readme-browsers.js';
import { knownValues, requestChecks, smallBundles } from './readme-sections.js';
import { mismatchExample } from './readme-examples.js';
import { fetchSection } from './readme-fetch.js';
import type { TemplateFile } from '../templates/runtime.js';
import { functionNamingRule, methodPath, sampleArguments, sampleCall } from '../common/samples.js';
import { SchemaIndex, schemaIndexOf } from '../common/type-expr.js';
import { FETCH_DIR, REACT_QUERY_DIR } from '../../shared/templates/dirs.js';

const ts = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;

/** The `./fetch` and `./react-query` entries' modules, under src/. */
const FETCH_ENTRY = `${FETCH_DIR}/index.ts`;
const REACT_QUERY_ENTRY = `${REACT_QUERY_DIR}/index.ts`;

interface ReadmeContext {
  readonly ir: Ir;
  readonly client: string;
  readonly pkg: string;
  readonly index: SchemaIndex;
  /** What the package's hand-written layer adds, if it has one. */
  readonly layer: LayerContribution | undefined;
}

/** `client.stations.around({ … }, { signal })`: a call with one more argument, the options. */
function callWithOptions(op: IrOperation, index: SchemaIndex, options: string): string {
  return `${methodPath(op)}(${[...sampleArguments(op, index), options].join(', ')})`;
}

function configure({ ir, client, pkg }: ReadmeContext): string[] {
  const environments = ir.servers.map((s) => `\`'${s.name}'\` (${s.url})`).join(', ');
  const sample = ir.servers[1]?.name ?? ir.servers[0]?.name;
  const env = ir.info.tokenEnvVar;
  return [
    '## Configure',
    ts(
      `import { ${client} } from '${pkg}';\n\nconst client = new ${client}({\n  token: ${tokenExpression(ir)}, // or tokenProvider: async () => fetchToken()\n${sample ? `  environment: '${sample}',\n` : ''}});`,
    ),
    `${env === undefined ? 'Give `token` or `tokenProvider`.' : `Without \`token\` or \`tokenProvider\` the client reads \`${env}\` from the environment (in Node).`} The token is only ever sent to the configured server, and it never appears in errors or logs: a token of 8 characters or more is cut wherever it shows up, a shorter one wherever it stands alone (not inside a longer word, which cutting would wreck).`,
    `Environments: ${environments || 'none declared; pass `baseUrl`'}; the first is the default. \`baseUrl\` overrides them, for example \`baseUrl: 'http://127.0.0.1:8080'\` for a local server. Create one client per token and reuse it.`,
  ];
}

function firstCall({ ir, index }: ReadmeContext): string[] {
  const lookup =
    ir.operations.find((op) => op.pathParameters.length > 0 && op.method === 'GET') ??
    ir.operations[0];
  if (!lookup) return [];
  return [
    '## First call',
    ts(sampleCall(lookup, index)),
    `Every method also exists as a standalone function taking the client first — \`${lookup.functionName}(client, …)\` — so a bundler keeps only the operations you import. ${functionNamingRule(ir)}`,
  ];
}

/** How enums look in code: the first enum of the spec, its object, list and guard, and how members are named. */
function enums({ ir, pkg }: ReadmeContext): string[] {
  const e = ir.enums[0];
  const member = e ? enumMembers(e)[0] : undefined;
  if (!e || !member) return [];
  return [
    '## Enums',
    `Each enum is a const object, a type of the same name, a list of every value and a guard: \`${e.name}.${member.key}\`, \`${enumValuesName(e.name)}\`, \`${enumGuardName(e.name)}(value)\`. ${enumNamingRule(e)} Requests also take the values as plain strings, and any request list takes a readonly array such as \`${enumValuesName(e.name)}\` or an \`as const\` tuple.`,
    ts(
      `import { ${e.name}, ${enumValuesName(e.name)} } from '${pkg}';\n\nconsole.log(${e.name}.${member.key}); // ${JSON.stringify(member.value)}, as sent on the wire\nconsole.log(${enumValuesName(e.name)}.length);`,
    ),
  ];
}

function pagination(context: ReadmeContext): string[] {
  const { ir, index } = context;
  // The section tells of link pages (Django's envelope); cursor pages have the response's own fields.
  const list = ir.operations.find((op) => op.pagination?.kind === 'link');
  if (!list) return cursorPagination(context);
  const call = `${methodPath(list)}(${sampleArguments(list, index).join(', ')})`;
  return [
    '## Pagination',
    'List operations return a page you can await, or iterate item by item across every page:',
    ts(
      `const page = await ${call};\nconsole.log(page.count, page.results.length, page.hasNextPage());\n\nfor await (const item of ${call}) {\n  // every item of every page, fetched as needed\n}`,
    ),
    'Following `next` never sends the token to another origin, and a server that repeats a `next` link cannot make the client loop. Iterating ends at a page without items, even one that offers a `next` link; a walk longer than `maxPages` (default 10 000, on the client or per call) throws `PaginationError` rather than ending as if the list were complete.',
    "A page is plain data: `count`, `next`, `previous`, `results` and `nextPageParams`, the query parameters that ask for the next page (`{ page: 2 }`, null on the last page). So it can sit in a query cache (TanStack Query's structural sharing keeps its unchanged parts) and go through JSON (a persisted cache, server-side rendering) with nothing lost that an app needs. The methods (`hasNextPage()`, `nextPage()`, `for await`) belong to a page fresh from the client, not to a copy of its data: such a copy goes on by passing `nextPageParams` to the operation with its first query, which fetches what `nextPage()` would. `nextPage()` takes options of its own: it keeps the first call's settings but never its `signal`, which may belong to a request long over; `for await` walks under the first call's options, `signal` included.",
  ];
}

/** The section for an API whose lists all take cursors (Stripe's, OpenAI's, Slack's). */
function cursorPagination({ ir, index }: ReadmeContext): string[] {
  const list = ir.operations.find((op) => op.pagination?.kind === 'cursor');
  if (list?.pagination?.kind !== 'cursor') return [];
  const call = `${methodPath(list)}(${sampleArguments(list, index).join(', ')})`;
  return [
    '## Pagination',
    `List operations return a page you can await, or iterate item by item across every page; the client sends each next page's cursor (\`${list.pagination.parameter}\`) for you:`,
    ts(
      `const page = await ${call};\nconsole.log(page.hasNextPage(), page.nextPageParams);\n\nfor await (const item of ${call}) {\n  // every item of every page, fetched as needed\n}`,
    ),
    'A page is the response as the API sent it, plus `nextPageParams` (the cursor of the next page, null on the last): plain data for a query cache or JSON. A cursor the server repeats, or a walk longer than `maxPages`, throws `PaginationError` rather than ending as if the list were complete.',
  ];
}

/** A branch of the error example: what it imports, the condition it tests, and what it does then. */
type Branch = [imports: string[], test: string, body: string];

/**
 * The error example calls an operation that declares a 409, or a status whose errors carry a
 * field the layer reads, when there is one, and catches what it declares.
 */
function errors({ ir, pkg, index, layer }: ReadmeContext): string[] {
  const statuses = [
    ...new Set(ir.operations.flatMap((op) => op.responses.map((r) => r.status))),
  ].filter((s): s is number => typeof s === 'number' && s >= 400);
  const classes = [...new Set([...statuses, 401].sort((a, b) => a - b).map(errorClassForStatus))];
  const declares = (op: IrOperation, status: number) =>
    op.responses.some((r) => r.status === status);
  const fields = layer?.errorFields ?? [];
  const op =
    ir.operations.find((o) => declares(o, 409)) ??
    ir.operations.find((o) => fields.some((f) => declares(o, f.status))) ??
    ir.operations[0];
  const conflict: Branch = [
    ['ConflictError'],
    'error instanceof ConflictError',
    'console.log(error.errorType, error.detail); // the state already is what was asked',
  ];
  const notFound: Branch = [
    ['NotFoundError'],
    'error instanceof NotFoundError',
    'console.log(error.status, error.detail);',
  ];
  const branches: Branch[] = op
    ? [
        ...(declares(op, 409) ? [conflict] : []),
        // A field of the layer's own is read by its helper: `paymentIntentClientSecretOf(error)`.
        ...fields
          .filter((f) => declares(op, f.status))
          .map((f): Branch => {
            const name = errorClassForStatus(f.status);
            return [
              [name, f.helper],
              `error instanceof ${name} && ${f.helper}(error)`,
              `// ${f.comment}`,
            ];
          }),
        notFound,
      ]
    : [];
  const handling = branches
    .map(([, test, body], i) => `${i === 0 ? '  if' : ' else if'} (${test}) {\n    ${body}\n  }`)
    .join('');
  return [
    '## Errors',
    `Every failure is a typed error extending \`SdkError\`. Error statuses become \`ApiError\` subclasses: ${classes.map((c) => `\`${c}\``).join(', ')}; the body's \`detail\` and \`error.type\` are on the error as \`detail\` and \`errorType\`. Failures without a response are \`ConnectionError\`, \`TimeoutError\` and \`AbortError\`; a body that is not what the spec says is \`ResponseParseError\` or \`ResponseValidationError\`, and one larger than \`maxResponseBytes\` is \`ResponseTooLargeError\`. Messages quote at most 200 characters of a URL and 500 of the server's text (\`error.url\`, \`detail\` and \`body\` keep all of it), and printing an error never throws, however deep the body the server sent.`,
    ...(op
      ? [
          ts(
            `import { ${[...new Set(branches.flatMap(([names]) => names))].join(', ')} } from '${pkg}';\n\ntry {\n  ${sampleCall(op, index)}\n} catch (error) {\n${handling} else throw error;\n}`,
          ),
        ]
      : []),
    'Printing an error (`console.log`, `JSON.stringify`) shows the operation, method, URL, status and body, with the token and payment secrets hidden.',
  ];
}

function retries({ ir, client, index }: ReadmeContext): string[] {
  const unsafe = ir.operations.filter((op) => !op.retrySafe);
  const op = ir.operations.find((o) => o.method === 'GET') ?? ir.operations[0];
  return [
    '## Retries and timeouts',
    'Connection errors, timeouts, 408, 429 and 5xx responses are retried with exponential backoff and jitter (2 retries by default, each wait at most 8 s), honouring `Retry-After` up to 60 s. What cannot succeed on a retry is not retried: a port `fetch` refuses, an invalid URL, arguments that fail the checks before sending, response headers larger than `fetch` accepts, a response that is not HTTP, a body its content-encoding does not decode, a body over `maxResponseBytes`. Each attempt has a timeout (`timeoutMs`, default 60 s, generous because some operations do slow work before answering), which includes waiting for `tokenProvider`; `deadlineMs` bounds a whole call, getting the token and retries included. A response body is read up to `maxResponseBytes`, counted after decompression (default 16 MiB, dozens of times the largest real answer, and what a phone holds without trouble): past it, reading stops and the call fails with `ResponseTooLargeError`, so an endless stream or a gzip bomb cannot fill memory. All of them can be set on the client and per call:',
    ts(
      `const client = new ${client}({ token: ${tokenExpression(ir)}, maxRetries: 3, timeoutMs: 20_000 });${op ? `\nawait ${callWithOptions(op, index, '{ maxRetries: 0, deadlineMs: 5_000 }')};` : ''}`,
    ),
    ...(unsafe.length > 0
      ? [
          `Operations that must not run twice are never retried by the client: ${unsafe.map((op) => `\`${methodPath(op)}\``).join(', ')}.`,
        ]
      : []),
  ];
}

function cancellation({ ir, index }: ReadmeContext): string[] {
  const op = ir.operations.find((o) => o.pagination) ?? ir.operations[0];
  if (!op) return [];
  return [
    '## Cancellation',
    ts(
      `const controller = new AbortController();\nconst pending = ${callWithOptions(op, index, '{ signal: controller.signal }')};\ncontroller.abort(); // rejects with AbortError at once; no further attempt is made`,
    ),
  ];
}

/** Placeholders every layer section may use. */
function placeholders({ client, pkg }: ReadmeContext) {
  return { package: pkg, client };
}

function validation({ ir, client, index }: ReadmeContext): string[] {
  const example = mismatchExample(ir, index);
  const naming =
    example === undefined ? 'naming the JSON path' : `naming the JSON path (\`${example}\`)`;
  const guard = ir.enums[0]
    ? `, narrowed with guards such as \`${enumGuardName(ir.enums[0].name)}(value)\``
    : '';
  return [
    '## Response validation',
    `Every response is checked against the spec by generated guards. \`validateResponses: 'warn'\` (the default) returns the data and logs the mismatch as a warning, \`'strict'\` throws \`ResponseValidationError\` ${naming}, \`'off'\` skips the check. A success status the operation does not declare that comes without a body (a 204 where a 200 with data is promised) is such a mismatch too, never \`undefined\` posing as data; a bodiless status it declares resolves to \`undefined\`. Enum values the API adds later and unknown extra properties always pass: responses type enums as \`OpenEnum<…>\`${guard}.`,
    ...validationWarnings(client, tokenExpression(ir)),
    '`.withResponse()` on any call gives `{ data, response }`; `.asResponse()` gives the `Response` itself.',
    '### What the guards hold responses to',
    'A response the API\'s contract allows is accepted in every mode, `strict` included. Response guards check what the contract promises: JSON types, required members, nullability, and the patterns, lengths and bounds it declares. Enums and constants are open, and a `format` (`date-time`, say) is documentation, not a check. Where a doc comment reads "a decimal string in practice", that is how values look today, not a promise: parse such strings defensively. Requests are held to everything the spec says, enums, constants and formats included.',
  ];
}

/** Where a `'warn'` mismatch goes, and how to route or silence it. */
function validationWarnings(client: string, token: string): string[] {
  return [
    "The warning goes to `console.warn` unless you say otherwise, once per operation and field for each client (array items count as one field), so a field the provider changed cannot flood your logs. It names the operation, the JSON path and what was expected, never the value. `logger` routes it (and the client's other warnings) to any object with a `warn` method, such as pino or winston; `logLevel: 'off'` silences it; `hooks.onValidationIssue` sees every occurrence, for monitoring:",
    ts(`// Your logger instead of the console …
const logged = new ${client}({ token: ${token}, logger: { warn: (message: string) => process.stderr.write(\`\${message}\\n\`) } });

// … or silent, counted for monitoring.
let mismatches = 0;
const quiet = new ${client}({ token: ${token}, logLevel: 'off', hooks: { onValidationIssue: () => void mismatches++ } });`),
  ];
}

/**
 * The fake server's own section, when the layer brought it and the package has it; else the
 * section on the fake made from the spec, when the package has that.
 */
function testing(context: ReadmeContext, has: (module: string) => boolean): string[] {
  const fake = context.layer?.fake;
  const lib = context.ir.info.lib;
  if (lib === undefined || !has(`${lib}/${FAKE_DIR}/index.ts`) || !fake)
    return has(`${FAKE_DIR}/index.ts`) ? fakeReadme(context.ir, context.index) : [];
  return [
    fillPlaceholders(fake.readme, {
      ...placeholders(context),
      fakeCommand: fakeServerCommand(context.pkg),
      fakeToken: fake.token,
    }),
  ];
}

function operationRows(resource: IrResource): string[] {
  return [
    ...resource.operations.map(
      (op) =>
        `| \`${methodPath(op)}()\` | \`${op.method} ${op.path}\` | ${(op.summary ?? '').replace(/\|/g, '\\|')} |`,
    ),
    ...resource.children.flatMap(operationRows),
  ];
}

/**
 * `npm install <name>` works only once the package is on a registry, and a team generating
 * from its own document starts with a folder, not a published package: the README says first
 * how an app gets it from there, and the registry last. The version is left as `<version>`: it
 * is decided after this file is written (see `versions`).
 */
function install(pkg: string): string[] {
  // npm pack's file name: the scope's `@` dropped and its `/` made a `-`.
  const tarball = `${pkg.replace(/^@/, '').replace('/', '-')}-<version>.tgz`;
  return [
    '## Install',
    `\`\`\`sh\ncd <this folder> && npm install && npm pack\ncd <your app> && npm install <this folder>/${tarball}\n\`\`\``,
    `The package installs from the folder it was generated in, this README's: there \`npm install\` fetches TypeScript, its one dev dependency, and \`npm pack\` compiles \`dist/\` and writes \`${tarball}\`, which your app installs by its path. To follow each regeneration without packing again, \`npm install <this folder>\` in your app links the folder instead; run \`npm run build\` in it after each regeneration. In an npm workspace that lists the folder, do the same and depend on \`"${pkg}": "*"\`. \`npm install ${pkg}\` works once the package is published to a registry under that name.`,
  ];
}

/**
 * Which version is which: the package's own, and the API's it was generated from. The
 * package's own is named in package.json and `PACKAGE_VERSION` alone, so that this file,
 * like every other, is written before the release stage decides it.
 */
function versions({ ir, pkg }: ReadmeContext): string[] {
  return [
    '## Versions',
    `\`${pkg}\` was generated from version ${ir.info.version} of the ${ir.info.title}, and has its own semantic version (in its package.json): a major release when its public surface changes incompatibly (whether the API or the generator changed it), a minor release when it grows, a patch release for fixes and documentation. [CHANGELOG.md](./CHANGELOG.md) lists each release with its API version.`,
    ts(
      `import { API_VERSION, PACKAGE_VERSION } from '${pkg}';\n\nconsole.log(PACKAGE_VERSION, API_VERSION); // the package's version, then '${ir.info.version}'`,
    ),
    `Requests carry both in \`User-Agent\` (outside browsers)${clientHeader(ir)}: \`${pkg}/<package version> (api ${ir.info.version})\`.`,
  ];
}

/** ` and \`X-Connect-Client\` (in browsers only when asked for, see Browsers)`, when the spec names a client header. */
function clientHeader(ir: Ir): string {
  const name = ir.info.clientHeader;
  if (name === undefined) return '';
  return ` and \`${clientHeaderName(name)}\` (in browsers only with \`sendClientHeader: true\`, see "Browsers")`;
}

export function emitReadme(
  ir: Ir,
  header: string,
  emittedPaths: readonly string[] = [],
  layer?: LayerContribution,
  apps?: AppSymbols,
  /** The `./fetch` entry's templates, whose declarations the section on it reads. */
  fetchTemplates: readonly TemplateFile[] = [],
): EmittedFile {
  const has = (module: string) => emittedPaths.includes(`${SOURCE_DIR}/${module}`);
  const context: ReadmeContext = {
    ir,
    client: clientClassName(ir),
    pkg: ir.info.packageName,
    index: schemaIndexOf(ir),
    layer,
  };
  const sections = [
    `<!-- ${header} -->`,
    `# ${context.pkg}`,
    `TypeScript client for the ${ir.info.title} (version ${ir.info.version}): typed functions for every operation, runtime guards for every schema, typed errors, retries, timeouts and pagination. No runtime dependencies; ES modules and CommonJS with type declarations; works in Node.js 20+ and browsers (it needs only \`fetch\`, \`URL\` and \`AbortController\`).`,
    ...install(context.pkg),
    ...configure(context),
    ...firstCall(context),
    ...smallBundles(ir),
    ...pagination(context),
    ...errors(context),
    ...knownValues(ir),
    ...retries(context),
    ...cancellation(context),
    // What the layer adds to the client, after the ways every call works.
    ...layerSection(ir, layer, 'readme', placeholders(context)),
    ...validation(context),
    ...enums(context),
    ...requestChecks(ir),
    ...browsers(ir, context.index),
    ...(apps && has(QUERY_MODULE) ? tanstackQuery(ir, context.index, apps.operations) : []),
    ...(apps && has(FORMS_MODULE) ? formValidatorsSection(ir, context.index, apps.forms) : []),
    ...(has(FETCH_ENTRY)
      ? fetchSection(ir, context.index, {
          templates: fetchTemplates,
          reactQuery: has(REACT_QUERY_ENTRY),
        })
      : []),
    ...testing(context, has),
    ...versions(context),
    '## Reference',
    'Every method and type, with signatures and examples, is in [api.md](./api.md); editors show the same text on hover.',
    `| method | HTTP | summary |\n|---|---|---|\n${operationRows(ir.resources).join('\n')}`,
  ];
  return { kind: 'text', path: 'README.md', content: `${sections.join('\n\n')}\n` };
}
