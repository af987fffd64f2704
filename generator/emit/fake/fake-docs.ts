/**
 * What the README and api.md say of the fake made from the spec (`fake.ts`), for a package
 * that has it. The README's example calls one of the document's own operations through the
 * fake; api.md lists `createFakeApi`'s options and what it returns as the template declares
 * them (`fake-api.ts`), doc comments included, so the reference cannot drift from the code.
 */
import type { Ir } from '../../ir/types.js';
import { clientClassName } from '../operations/client.js';
import { FAKE_FACTORY } from './fake.js';
import type { TemplateFile } from '../templates/runtime.js';
import { runtimeOptions, type OptionMember } from '../templates/runtime-options.js';
import { sampleCall } from '../common/samples.js';
import type { SchemaIndex } from '../common/type-expr.js';
import { proxyPath } from '../common/samples.js';

/** The template that declares the fake's options and handle. */
const FAKE_API_TEMPLATE = 'generic/fake-api.ts';

const ts = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;

/** The README's section on the fake. */
export function fakeReadme(ir: Ir, index: SchemaIndex): string[] {
  const pkg = ir.info.packageName;
  const client = clientClassName(ir);
  const proxy = proxyPath(pkg);
  // A read that needs no stored item answers at once: the first GET without path parameters.
  const op =
    ir.operations.find((o) => o.method === 'GET' && o.pathParameters.length === 0) ??
    ir.operations.find((o) => o.method === 'GET') ??
    ir.operations[0];
  const setup = `import { ${client} } from '${pkg}';\nimport { ${FAKE_FACTORY} } from '${pkg}/testing';\n\nconst fake = ${FAKE_FACTORY}({ seed: 1 });\nconst client = new ${client}({ baseUrl: fake.url, fetch: fake.fetch, token: 'test-token' });`;
  return [
    '## Testing against the fake',
    `\`${pkg}/testing\` makes a fake of the ${ir.info.title} from its spec, in your test process: no server to start and no network. It answers through \`fetch\` with no Node module, so it runs wherever the client does (Node, browsers, Deno, Bun, workers).`,
    ts(op ? `${setup}\n${sampleCall(op, index)}` : setup),
    [
      `- **Requests** are checked as the spec says, by the package's own form validators (\`${pkg}/forms\`): path, query, header and cookie parameters and JSON bodies. A request the spec refuses gets a 400 whose body names every field at fault, \`{ "detail": "Invalid request: body.name: required", "field": "body.name", "problem": "required", "issues": [{ "field": "body.name", "problem": "required" }] }\`, the field written as \`InvalidRequestError.argument\` writes it. An unknown path is 404, a known path with another method 405 (with \`Allow\`), a body over \`maxBodyBytes\` (1 MiB) 413, an undeclared media type 415. Credentials are not checked. The client checks requests itself before sending; \`validateRequests: false\` sends what it would refuse, to see the fake's 400.`,
      "- **Answers** are made from the success response's schema: its `example` or `default` where the spec gives a valid one, else values within its types, formats, enums, bounds, lengths and patterns, with every optional member near the top and only required ones deeper down. The same seed gives the same answer to the same request in every runtime (`seed`, default 1). Links to other pages (`next`, `previous`) are null or left out, so `for await` ends; a cursor list is answered page by page (below). Every answer passes the package's response guard before it is sent; one that does not is a 500 naming the field, a bug of the fake.",
      "- **`responses: 'loosest'`** leaves optional members out and makes nullable ones null, the sparsest answers the contract allows; run your tests in that mode too.",
      "- **State.** A path `P` is a collection when the spec also has `P/{id}`. `POST P` stores an item, the body's members over a sample of the item's schema, with a fresh id (1, 2, 3…, or a UUID for a `uuid` string) in the member named like the path parameter, else `id`. `GET P` lists the stored items, as a list or in the list member of an envelope, with its count. `GET`, `PUT` or `PATCH` (which merge the body's members over the item) and `DELETE` of `P/{id}` read, update and remove one, and an id never stored, or removed, is 404. `fake.add('/path', { … })` stores an item without a request, and `fake.reset()` empties every collection. A cursor list (Stripe's `starting_after`, OpenAI's `after`, Slack's `cursor`, next tokens, `x-sdk-pagination`) answers its stored items in pages of the request's `limit` (else 10), from the item after the cursor, with `has_more` and the next cursor to match, so `for await` walks every item once; one with no item path is a collection too, filled by `fake.add`. A cursor no stored item has is a 400. Every other operation answers from its schema alone.",
      "- **Streams.** An answer that is a stream is sent as one, in its media type (server-sent events with `id:` 1, 2, 3…, JSON Lines, JSON text sequences): `streams.events` items (default 3) sampled from the item's schema, when the request's flag (`stream: true`) asks for it, JSON otherwise; a flagged event stream ends with `data: [DONE]`, and `Last-Event-ID: n` continues with event n+1. Each event first waits on `streams.clock`: `steppedClock()` from the same entry lets a test send them one at a time with `clock.tick()`, and `await clock.waiting()` says the fake holds the next one back.",
      '- `fake.handle(request)` answers a `Request` with a `Response`, for anything that serves Fetch requests.',
    ].join('\n'),
    `Mounted in [MSW](https://mswjs.io/) (2 or 3), the fake answers the page's own \`fetch\` through MSW's Service Worker. In proxy mode (see Browsers: the page's client has \`auth: 'none'\` and your backend's path as \`baseUrl\`), \`proxyPath\` puts the fake behind that path, as your backend would stand there:`,
    ts(
      `import { http } from 'msw';\nimport { setupWorker } from 'msw/browser';\nimport { ${FAKE_FACTORY} } from '${pkg}/testing';\n\nconst fake = ${FAKE_FACTORY}({ proxyPath: '${proxy}' });\nconst worker = setupWorker(http.all('${proxy}/*', ({ request }) => fake.handle(request)));\nawait worker.start();`,
    ),
  ];
}

/** api.md's section: the factory, its options and what it returns. */
export function fakeApiMarkdown(ir: Ir, templates: readonly TemplateFile[]): string[] {
  const { interfaces } = runtimeOptions(
    templates,
    ['FakeApiOptions', 'FakeApi'],
    FAKE_API_TEMPLATE,
  );
  if (interfaces.length === 0) return [];
  const line = (m: OptionMember) =>
    `- \`${m.name}${m.optional ? '?' : ''}: ${m.type}\`${m.description ? ` — ${m.description}` : ''}`;
  return [
    '# Testing',
    `\`${ir.info.packageName}/testing\`: a fake of the ${ir.info.title} made from its spec, in process (the README's "Testing against the fake" says how it checks, answers and keeps state).`,
    `### \`${FAKE_FACTORY}()\``,
    ts(`${FAKE_FACTORY}(options?: FakeApiOptions): FakeApi`),
    ...interfaces.flatMap((i) => [
      `### \`${i.name}\``,
      ...(i.description ? [i.description] : []),
      i.members.map(line).join('\n'),
    ]),
  ];
}
