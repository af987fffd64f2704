/**
 * The query styles over real HTTP: a client generated from a Stripe-shaped document written
 * for the test (stripe-styles.yaml), type-checked, sending to a server on 127.0.0.1 that
 * records each request's URL as it arrived, and read back by the package's own fake, which must
 * accept what the client sends and refuse a wrong member, naming it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import { importWritten, sentBy, writeGeneratedPackage } from '../support/generated-package.js';
import { raw, useTestServer, type ReceivedRequest } from '../runtime/http-server.js';

const SPEC = 'test/query/stripe-styles.yaml';
const scratch = useScratchDir('query-styles-');
const server = useTestServer(raw(204, ''));

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createStripeStylesCore(options: object): unknown };

let pkg: Package;
let core: unknown;
let operations: ReadonlyMap<string, string>;
interface Fake {
  readonly url: string;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}
let fake: Fake;

beforeAll(async () => {
  const written = await writeGeneratedPackage(SPEC, scratch());
  const sources = written.sources;
  operations = written.files;
  // The query's types take objects where the schema says object: this call type-checks.
  const typed = join(scratch(), 'src/typed-call.ts');
  await writeFile(
    typed,
    [
      "import { customersListCustomers, createStripeStylesCore } from './index.js';",
      "const core = createStripeStylesCore({ baseUrl: 'http://127.0.0.1:1' });",
      'void customersListCustomers(core, { created: { gt: 1 }, color: { R: 1 }, expand: ["a"] });',
      '// @ts-expect-error a string is not the object `created` is',
      "void customersListCustomers(core, { created: 'x' });",
      '',
    ].join('\n'),
  );
  expect(strictProblems([...sources, typed])).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  core = pkg.createStripeStylesCore({ baseUrl: server.origin, token: 'test-token' });
  const fakes = await importWritten<{ createFakeApi(o: object): Fake }>(
    scratch(),
    'src/fake/index.ts',
  );
  fake = fakes.createFakeApi({});
}, 120_000);

const sent = (call: () => Promise<unknown>): Promise<ReceivedRequest> => sentBy(server, call);

describe('query styles on the wire', () => {
  it('writes deepObject lists with brackets and objects by key, as Stripe reads them', async () => {
    const request = await sent(() =>
      pkg.customersListCustomers!(core, { expand: ['a', 'b'], created: { gt: 1700000000 } }),
    );
    expect(request.url).toBe('/v1/customers?expand[]=a&expand[]=b&created[gt]=1700000000');
  });

  it('writes delimited lists, form objects and allowReserved values as the document says', async () => {
    const request = await sent(() =>
      pkg.customersListCustomers!(core, {
        ids: [1, 2],
        words: ['x', 'y'],
        color: { R: 100, G: 200 },
        shade: { B: 150 },
        path: '/a/b',
        q: 'x y',
      }),
    );
    expect(request.url).toBe(
      '/v1/customers?ids=1|2&words=x%20y&color=R,100,G,200&B=150&path=/a/b&q=x%20y',
    );
  });

  it('leaves the styled writer out of operations whose query needs none', () => {
    expect(operations.get('src/operations/customers.ts')).toContain('encodeStyledQuery');
    expect(operations.get('src/operations/plain.ts')).toContain('encodeParameters');
    expect(operations.get('src/operations/plain.ts')).not.toContain('encodeStyledQuery');
  });
});

describe("the package's fake", () => {
  const onFake = (validate = true) =>
    pkg.createStripeStylesCore({
      baseUrl: fake.url,
      token: 't',
      fetch: fake.fetch,
      validateRequests: validate,
    });
  const all = {
    expand: ['a', 'b'],
    created: { gt: 1700000000, lte: 1800000000 },
    ids: [1, 2],
    words: ['x', 'y'],
    color: { R: 100, G: 200 },
    shade: { B: 150 },
    path: '/a/b',
    q: 'x y',
  };

  it('reads back every style the client writes', async () => {
    await pkg.customersListCustomers!(onFake(), all);
  });

  it('refuses a wrong member in each style, naming it, when the client does not check first', async () => {
    const client = onFake(false);
    for (const [wrong, field] of [
      [{ created: { gt: 'soon' } }, 'query.created.gt'],
      [{ ids: [1, 'two'] }, 'query.ids[1]'],
      [{ words: [1, 'two'], color: { R: 'red' } }, 'query.color.R'],
      [{ shade: { B: 'blue' } }, 'query.shade.B'],
    ] as const)
      await expect(pkg.customersListCustomers!(client, wrong), field).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining(field),
      });
  });
});
