/**
 * An item path that answers one of several objects (Stripe's `GET /v1/customers/{customer}`:
 * `anyOf: [customer, deleted_customer]`) still makes its parent a collection in the package's
 * fake: what a create stores is the first object, which the union's guard accepts. Driven over
 * real HTTP on 127.0.0.1 through a generated client: created customers are read back and walked
 * page by page, each exactly once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useScratchDir } from '../../support/scratch.js';
import { importWritten, writeGeneratedPackage } from '../../support/generated-package.js';
import { useTestServer } from '../../runtime/http-server.js';
import { servedBy } from './served.js';

const scratch = useScratchDir('fake-union-items-');
const server = useTestServer();

type Customer = { id: string; email?: string | null };
type Package = {
  createUnionItemsCore(options: object): unknown;
  customersCreateCustomer(core: unknown, body: object): Promise<Customer>;
  customersGetCustomer(core: unknown, id: string): Promise<Customer>;
  customersListCustomers(core: unknown, query?: object): AsyncIterable<Customer>;
  tagsListTags(core: unknown, query?: object): AsyncIterable<string[]>;
};
type Fake = { handle(request: Request): Promise<Response>; add(path: string): unknown };

let pkg: Package;
let createFakeApi: (options: object) => Fake;

beforeAll(async () => {
  await writeGeneratedPackage('test/fake/wire/union-items.yaml', scratch());
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  ({ createFakeApi } = await importWritten<{ createFakeApi(o: object): Fake }>(
    scratch(),
    'src/fake/index.ts',
  ));
}, 120_000);

describe("the fake's collection of items a union answers", () => {
  it('stores what is created, reads it back and lists it, every item once', async () => {
    server.setDefault(servedBy(createFakeApi({ baseUrl: server.origin })));
    const core = pkg.createUnionItemsCore({
      baseUrl: server.origin,
      token: 'sk_test',
      validateResponses: 'strict',
    });
    const emails = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'];
    const created: Customer[] = [];
    for (const email of emails) created.push(await pkg.customersCreateCustomer(core, { email }));
    expect(new Set(created.map((c) => c.id)).size).toBe(4);
    expect((await pkg.customersGetCustomer(core, created[2]!.id)).email).toBe('c@example.com');
    const listed: string[] = [];
    for await (const customer of pkg.customersListCustomers(core, { limit: 3 }))
      listed.push(customer.email!);
    expect(listed).toEqual(emails);
  }, 60_000);

  it('answers a cursor list of items that are no objects from its schema, as a last page', async () => {
    const fake = createFakeApi({ baseUrl: server.origin });
    server.setDefault(servedBy(fake));
    // Nothing to store: such items cannot carry the fields a collection keeps.
    expect(() => fake.add('/v1/tags.list')).toThrow('not a collection');
    const core = pkg.createUnionItemsCore({
      baseUrl: server.origin,
      token: 'sk_test',
      validateResponses: 'strict',
    });
    const before = server.requests.length;
    const tags: string[][] = [];
    // A made-up next cursor would be asked for again and again: the walk ends after one page.
    for await (const tag of pkg.tagsListTags(core)) tags.push(tag);
    expect(server.requests.length - before).toBe(1);
    for (const tag of tags) expect(Array.isArray(tag)).toBe(true);
  }, 60_000);
});
