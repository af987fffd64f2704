/**
 * Requests as HTTP allows them, from a document written for the test (on-the-wire.yaml): a
 * body declared on a GET or HEAD (as Stripe's older document does) is left out of the function
 * with a located warning, and a path key that carries a query (OpenAI's
 * `/responses/{id}?beta=true`) sends that query with every call, joined to the call's own,
 * and a urlencoded form whose encoding says deepObject (Stripe's) nests with brackets.
 * Generated with the pipeline, type-checked, and sent over real HTTP to a server on 127.0.0.1
 * that records each request as it arrived.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import type { Diagnostic } from '../../generator/shared/diagnostics.js';
import { pathParameters } from '../../generator/validate/path-parameters.js';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import { bundleOfOneCall } from '../support/generated-package.js';
import { brief, documentOf } from '../support/documents.js';
import { json, useTestServer, type ReceivedRequest } from '../runtime/http-server.js';

const SPEC = 'test/bodies/on-the-wire.yaml';
const scratch = useScratchDir('on-the-wire-');
const server = useTestServer(json(200, {}));

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createWireBodiesCore(options: object): unknown };

let pkg: Package;
let core: unknown;
let diagnostics: readonly Diagnostic[];
let clientText: string;

beforeAll(async () => {
  const result = await generate({ specPath: SPEC, command: 'test' });
  diagnostics = result.diagnostics;
  const sources: string[] = [];
  for (const file of result.files!) {
    const path = join(scratch(), file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    if (path.endsWith('.ts')) sources.push(path);
    if (file.path === 'src/client.ts') clientText = file.content;
  }
  expect(strictProblems(sources)).toEqual([]);
  pkg = await import(pathToFileURL(join(scratch(), 'src/index.ts')).href);
  // No retries: a request refused by fetch would otherwise be tried again.
  core = pkg.createWireBodiesCore({ baseUrl: server.origin, token: 't', maxRetries: 0 });
}, 120_000);

/** The one request a call sends. */
async function sent(call: () => Promise<unknown>): Promise<ReceivedRequest> {
  const before = server.requests.length;
  await call();
  expect(server.requests.length).toBe(before + 1);
  return server.requests[before]!;
}

describe('a body declared on a GET or HEAD', () => {
  it('is left out with a warning at the requestBody, saying HTTP carries none there', () => {
    expect(diagnostics.map(brief)).toEqual([
      expect.objectContaining({
        code: 'body-not-sent',
        pointer: '/paths/~1v1~1customers/get/requestBody',
        message: expect.stringContaining('GET /v1/customers'),
        hint: expect.stringContaining('HTTP GET carries no body'),
      }),
      expect.objectContaining({
        code: 'body-not-sent',
        pointer: '/paths/~1v1~1customers/head/requestBody',
        hint: expect.stringContaining('HTTP HEAD carries no body'),
      }),
    ]);
    expect(diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });

  it('is not asked for: the method takes the query and the options only', () => {
    expect(clientText).toMatch(
      /\n {2}list\(query\?: CustomersListQuery, options\?: RequestOptions\)/,
    );
    expect(clientText).toMatch(/\n {2}headCustomers\(options\?: RequestOptions\)/);
  });

  it('is not sent: the GET goes out once, with its query and no body', async () => {
    const request = await sent(() => pkg.customersList!(core, { limit: 2 }));
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/v1/customers?limit=2');
    expect(request.text).toBe('');
    expect(request.headers['content-type']).toBeUndefined();
  });

  it('is not sent on a HEAD either: the options come right after the core', async () => {
    const request = await sent(() =>
      pkg.customersHeadCustomers!(core, { headers: { 'x-probe': '1' } }),
    );
    expect(request.method).toBe('HEAD');
    expect(request.headers['x-probe']).toBe('1');
    expect(request.headers['content-type']).toBeUndefined();
  });
});

describe('a form body whose encoding says deepObject', () => {
  const customer = {
    name: 'Ada',
    tags: ['a', 'b'],
    address: { city: 'Berlin', lines: ['1 Main', 'Flat 2'] },
    metadata: { crm: '42' },
    items: [{ price: 'p_1', note: null }, { price: 'p_2' }],
    settings: { theme: 'dark' },
  };

  it('nests those fields with brackets, lists by index; other fields as before', async () => {
    const request = await sent(() => pkg.customersCreate!(core, customer));
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect([...new URLSearchParams(request.text)]).toEqual([
      ['name', 'Ada'],
      ['tags', 'a'],
      ['tags', 'b'],
      ['address[city]', 'Berlin'],
      ['address[lines][0]', '1 Main'],
      ['address[lines][1]', 'Flat 2'],
      ['metadata[crm]', '42'],
      ['items[0][price]', 'p_1'],
      ['items[0][note]', ''],
      ['items[1][price]', 'p_2'],
      // No encoding for it: JSON text, as a form field that is an object always was.
      ['settings', '{"theme":"dark"}'],
    ]);
    // The encoding's style is honoured, so it is no longer warned of.
    expect(diagnostics.map((d) => d.code)).not.toContain('form-encoding');
  });

  it('refuses a member that cannot be a form value, naming it, before sending', async () => {
    const unchecked = pkg.createWireBodiesCore({
      baseUrl: server.origin,
      token: 't',
      validateRequests: false,
    });
    const before = server.requests.length;
    await expect(
      pkg.customersCreate!(unchecked, { address: { city: { bad: Symbol('x') } } }),
    ).rejects.toMatchObject({ name: 'InvalidRequestError', argument: 'body.address.city.bad' });
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    await expect(pkg.customersCreate!(unchecked, { metadata: loop })).rejects.toMatchObject({
      name: 'InvalidRequestError',
      argument: expect.stringContaining('body.metadata.self.self'),
    });
    expect(server.requests.length).toBe(before);
  });
});

describe('bundles', () => {
  const bundled = (operation: string) =>
    bundleOfOneCall(scratch(), 'createWireBodiesCore', operation);

  it('carry the bracket writer only for a form with deepObject fields', async () => {
    expect(await bundled('customersCreate')).toContain('function encodeDeepFormBody(');
    const other = await bundled('responsesGetResponse');
    expect(other).not.toContain('encodeDeepFormBody');
    expect(other).not.toContain('encodeFormBody');
  });
});

describe('a path key that carries a query', () => {
  it('sends the fixed query with every call, joined to the call’s own by &', async () => {
    const withQuery = await sent(() =>
      pkg.responsesGetResponse!(core, 'resp_1', { include: ['a', 'b'] }),
    );
    expect(withQuery.url).toBe('/responses/resp_1?beta=true&include=a&include=b');
    const alone = await sent(() => pkg.responsesGetResponse!(core, 'resp_1'));
    expect(alone.url).toBe('/responses/resp_1?beta=true');
  });

  it("is answered by the package's fake, which reads the path part as the template", async () => {
    const { createFakeApi } = await import(
      pathToFileURL(join(scratch(), 'src/fake/index.ts')).href
    );
    const fake = createFakeApi({});
    const onFake = pkg.createWireBodiesCore({ baseUrl: fake.url, token: 't', fetch: fake.fetch });
    await expect(
      pkg.responsesGetResponse!(onFake, 'resp_1', { include: ['a'] }),
    ).resolves.toBeTypeOf('object');
  });

  it('is refused by validate when its query holds a parameter', () => {
    const info = { title: 'T', version: '1' };
    const responses = { '200': { description: 'ok' } };
    const path = { name: 'convert', in: 'path', required: true, schema: { type: 'string' } };
    const value = {
      openapi: '3.0.3',
      info,
      paths: {
        '/responses/{id}?beta=true': {
          get: {
            parameters: [{ ...path, name: 'id' }],
            responses,
          },
        },
        '/uploads?convert={convert}': { get: { parameters: [path], responses } },
      },
    };
    expect(pathParameters(documentOf(value)).map(brief)).toEqual([
      expect.objectContaining({
        code: 'path-query-template',
        pointer: '/paths/~1uploads?convert={convert}',
      }),
    ]);
  });
});
