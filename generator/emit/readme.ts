/**
 * The generated package's README. Its examples name real operations of the spec (the
 * first list operation, the first operation with a path parameter), so it stays true for
 * whatever document the package was generated from.
 */
import type { Ir, IrOperation, IrResource } from '../ir/types.js';
import { clientClassName } from './client.js';
import type { EmittedFile } from './model.js';

function call(op: IrOperation): string {
  return `client.${[...op.resourcePath, op.methodName].join('.')}`;
}

function sampleArguments(op: IrOperation): string {
  const args = op.pathParameters.map((p) => `'${p.name.replace(/_id$/, '')}-id'`);
  const required = op.queryParameters.filter((p) => p.required);
  if (required.length > 0) args.push(`{ ${required.map((p) => `${p.name}: ${p.type.kind === 'number' ? '1' : p.type.kind === 'array' ? '[1]' : "'…'"}`).join(', ')} }`);
  else if (op.body?.required) args.push('{ /* … */ }');
  return args.join(', ');
}

function operationRows(resource: IrResource): string[] {
  return [
    ...resource.operations.map((op) => `| \`${call(op)}()\` | \`${op.method} ${op.path}\` | ${(op.summary ?? '').replace(/\|/g, '\\|')} |`),
    ...resource.children.flatMap(operationRows),
  ];
}

export function emitReadme(ir: Ir, header: string): EmittedFile {
  const client = clientClassName(ir);
  const list = ir.operations.find((op) => op.pagination);
  const withPath = ir.operations.find((op) => op.pathParameters.length > 0 && op.method === 'GET');
  const unsafe = ir.operations.filter((op) => !op.retrySafe);
  const environments = ir.servers.map((s) => `\`'${s.name}'\` (${s.url})`).join(', ');
  const sections = [
    `<!-- ${header} -->`,
    `# ${ir.info.packageName}`,
    `TypeScript client for the ${ir.info.title} (version ${ir.info.version}). Typed functions for every operation, runtime guards for every schema, typed errors, retries, timeouts and pagination, with no runtime dependencies. Works in Node.js 20+ and browsers.`,
    '## Install',
    '```sh\nnpm install ' + ir.info.packageName + '\n```',
    '## Configure',
    '```ts\nimport { ' + client + " } from '" + ir.info.packageName + "';\n\nconst client = new " + client + "({\n  token: process.env.CONNECT_API_TOKEN, // or tokenProvider: async () => fetchToken()\n  environment: '" + (ir.servers[1]?.name ?? ir.servers[0]?.name ?? 'production') + "',\n});\n```",
    `Environments: ${environments || 'none declared; pass `baseUrl`'}. \`baseUrl\` overrides them, for example to talk to a local server.`,
    ...(withPath
      ? ['## First call', '```ts\nconst result = await ' + call(withPath) + '(' + sampleArguments(withPath) + ');\n```', 'Every method also exists as a standalone function that takes the client first, for the smallest bundles: `' + withPath.functionName + '(client, …)`.']
      : []),
    ...(list
      ? [
          '## Pagination',
          'List operations return a page you can await, or iterate item by item across pages:',
          '```ts\nconst page = await ' + call(list) + '(' + sampleArguments(list) + ');\nconsole.log(page.count, page.results.length, page.hasNextPage());\n\nfor await (const item of ' + call(list) + '(' + sampleArguments(list) + ')) {\n  // every item of every page\n}\n```',
          'Following `next` never sends the token to another origin, and a server that repeats a `next` link cannot make the client loop.',
        ]
      : []),
    '## Errors',
    'Every failure is a typed error: `ApiError` subclasses by status (`BadRequestError`, `AuthenticationError`, `PaymentRequiredError`, `PermissionDeniedError`, `NotFoundError`, `ConflictError`, `LockedError`, `FailedDependencyError`, `RateLimitError`, `InternalServerError`) and `ConnectionError`, `TimeoutError`, `AbortError`, `ResponseParseError`, `ResponseValidationError`.',
    '```ts\nimport { ConflictError, PaymentRequiredError } from \'' + ir.info.packageName + "';\n\ntry {\n  await /* … */;\n} catch (error) {\n  if (error instanceof ConflictError && error.errorType === 'already_charging') {\n    // the user is charging already\n  } else if (error instanceof PaymentRequiredError && error.paymentIntentClientSecret) {\n    // confirm the payment with the payment provider's SDK\n  } else throw error;\n}\n```",
    '## Retries and timeouts',
    'Connection errors, timeouts, 408, 429 and 5xx responses are retried with exponential backoff and jitter (default 2 retries), honouring `Retry-After`. Each attempt has a timeout (`timeoutMs`, default 60 s). Both can be set on the client and per call: `{ maxRetries: 0, timeoutMs: 5_000 }`.',
    ...(unsafe.length > 0 ? [`Operations that must not run twice are never retried by the client: ${unsafe.map((op) => '`' + call(op) + '`').join(', ')}.`] : []),
    '## Cancellation',
    '```ts\nconst controller = new AbortController();\nconst pending = ' + (list ? call(list) + '(' + sampleArguments(list) + ', { signal: controller.signal })' : '/* any call */') + ';\ncontroller.abort(); // rejects with AbortError at once, no further attempt\n```',
    '## Raw responses',
    '`.withResponse()` on any call gives `{ data, response }`; `.asResponse()` gives the `Response` itself.',
    '## Operations',
    '| method | HTTP | summary |\n|---|---|---|\n' + operationRows(ir.resources).join('\n'),
  ];
  return { kind: 'text', path: 'README.md', content: `${sections.join('\n\n')}\n` };
}
