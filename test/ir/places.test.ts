/**
 * Where an operation lands in the client when the document does not say (`x-sdk-method`):
 * readable members for tags with acronyms and numbers, untagged operations grouped by their
 * path's first word, and operationIds that only repeat the method and path (Stripe's) read as
 * the verbs Stainless's SDKs use. Each on the smallest document that shows it, through the
 * IR and the plan, as `generate` runs them.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { irFromText } from '../support/documents.js';
import { generateText, typeCheck, writeOutput } from '../robustness/harness.js';
import { useScratchDir } from '../support/scratch.js';
import { json, useTestServer } from '../runtime/http-server.js';
import { isVersionLike } from '../../generator/ir/places.js';
import type { Plan } from '../../generator/plan/types.js';
import type { Ir } from '../../generator/ir/types.js';

const head = `openapi: 3.0.3
info: {title: Shop API, version: '1'}
paths:
`;

function planned(paths: string): { ir: Ir; plan: Plan } {
  const built = irFromText('shop.yaml', head + paths);
  if (!('ir' in built)) throw new Error(JSON.stringify(built.diagnostics));
  return built;
}

/** `GET /v1/customers → customers.list customersList`, in document order. */
function placesOf(paths: string): string[] {
  return planned(paths).ir.operations.map(
    (o) =>
      `${o.method} ${o.path} → ${[...o.resourcePath, o.methodName].join('.')} ${o.functionName}`,
  );
}

const ok = `{responses: {'200': {description: ok}}}`;
const op = (fields: string) => `{${fields}, responses: {'200': {description: ok}}}`;
const item = (name: string) =>
  `parameters: [{name: ${name}, in: path, required: true, schema: {type: string}}]`;

describe('tags with acronyms and numbers', () => {
  it('become members as people write them, and the resource classes follow', () => {
    const { ir, plan } = planned(`  /v2/account/keys:
    get: ${op('operationId: sshKeys_list, tags: [SSH Keys]')}
  /v2/cdn/endpoints:
    get: ${op('operationId: cdn_listEndpoints, tags: [CDN Endpoints]')}
  /v2/1-clicks:
    get: ${op('operationId: oneClicks_list, tags: [1-Click Applications]')}
  /v2/vpcs:
    get: ${op('operationId: vpcs_list, tags: [VPCs]')}
  /v2/oauth/url:
    get: ${op('operationId: getURLForID, tags: [OAuth]')}
`);
    expect(ir.operations.map((o) => [...o.resourcePath, o.methodName].join('.'))).toEqual([
      'sshKeys.list',
      'cdnEndpoints.cdnListEndpoints',
      'oneClickApplications.oneClicksList',
      // The tag's words (`VPCs`, read as one) are dropped from the id that starts with them.
      'vpcs.list',
      'oauth.getUrlForId',
    ]);
    expect([...plan.resources.values()]).toEqual([
      'SshKeysResource',
      'CdnEndpointsResource',
      'OneClickApplicationsResource',
      'VpcsResource',
      'OauthResource',
    ]);
  });
});

describe('operations without a tag', () => {
  it('are grouped by their path’s first word, past versions and `api`', () => {
    expect(
      placesOf(`  /v1/customers/{customer}/verify:
    ${item('customer')}
    post: ${op('operationId: verifyCustomer')}
  /api/v2023-01/orders/{order}:
    ${item('order')}
    get: ${op('operationId: fetchOrder')}
  /2.0/invoices.json:
    get: ${op('operationId: invoices_export')}
  /:
    get: ${op('operationId: root')}
`),
    ).toEqual([
      'POST /v1/customers/{customer}/verify → customers.verifyCustomer customersVerifyCustomer',
      'GET /api/v2023-01/orders/{order} → orders.fetchOrder ordersFetchOrder',
      // The id starts with the resource's words, which are dropped, as a tag's are.
      'GET /2.0/invoices.json → invoices.export invoicesExport',
      'GET / → default.root defaultRoot',
    ]);
  });

  it('join their tagged neighbours by path when only some operations are tagged', () => {
    expect(
      placesOf(`  /pets:
    get: ${op('operationId: findPets, tags: [pets]')}
    post: ${op('operationId: addPet')}
  /stores/{id}:
    ${item('id')}
    get: ${op('operationId: findStore')}
`),
    ).toEqual([
      'GET /pets → pets.findPets petsFindPets',
      'POST /pets → pets.addPet petsAddPet',
      'GET /stores/{id} → stores.findStore storesFindStore',
    ]);
  });
});

describe('operationIds that are only the method and the path', () => {
  const stripe = `  /v1/customers:
    get: ${op('operationId: GetCustomers')}
    post: ${op('operationId: PostCustomers')}
  /v1/customers/search:
    get: ${op('operationId: GetCustomersSearch')}
  /v1/customers/{customer}:
    ${item('customer')}
    get: ${op('operationId: GetCustomersCustomer')}
    post: ${op('operationId: PostCustomersCustomer')}
    delete: ${op('operationId: DeleteCustomersCustomer')}
  /v1/customers/{customer}/sources:
    ${item('customer')}
    get: ${op('operationId: GetCustomersCustomerSources')}
    post: ${op('operationId: PostCustomersCustomerSources')}
  /v1/customers/{customer}/sources/{id}:
    parameters:
      - {name: customer, in: path, required: true, schema: {type: string}}
      - {name: id, in: path, required: true, schema: {type: string}}
    delete: ${op('operationId: DeleteCustomersCustomerSourcesId')}
  /v1/customers/{customer}/discount:
    ${item('customer')}
    get: ${op('operationId: GetCustomersCustomerDiscount')}
    delete: ${op('operationId: DeleteCustomersCustomerDiscount')}
  /v1/payment_intents/{intent}/confirm:
    ${item('intent')}
    post: ${op('operationId: PostPaymentIntentsIntentConfirm')}
  /v1/balance:
    get: ${op('operationId: GetBalance')}
  /v1/charges/{charge}/refund:
    ${item('charge')}
    post: ${op('operationId: RefundCharge')}
`;

  it('read as list, retrieve, create, update and delete on the resources the path names', () => {
    expect(placesOf(stripe)).toEqual([
      'GET /v1/customers → customers.list customersList',
      'POST /v1/customers → customers.create customersCreate',
      // A singular word after a collection is a view of it; after an item, a part of it; POST to it, an action.
      'GET /v1/customers/search → customers.search customersSearch',
      'GET /v1/customers/{customer} → customers.retrieve customersRetrieve',
      'POST /v1/customers/{customer} → customers.update customersUpdate',
      'DELETE /v1/customers/{customer} → customers.delete customersDelete',
      'GET /v1/customers/{customer}/sources → customers.sources.list customersSourcesList',
      'POST /v1/customers/{customer}/sources → customers.sources.create customersSourcesCreate',
      'DELETE /v1/customers/{customer}/sources/{id} → customers.sources.delete customersSourcesDelete',
      'GET /v1/customers/{customer}/discount → customers.retrieveDiscount customersRetrieveDiscount',
      'DELETE /v1/customers/{customer}/discount → customers.deleteDiscount customersDeleteDiscount',
      'POST /v1/payment_intents/{intent}/confirm → paymentIntents.confirm paymentIntentsConfirm',
      'GET /v1/balance → balance.retrieve balanceRetrieve',
      // An id that says something else is kept.
      'POST /v1/charges/{charge}/refund → charges.refundCharge chargesRefundCharge',
    ]);
  });

  it('give way to the names their ids give when two ask for the same place, or for a sub-resource', () => {
    expect(
      placesOf(`  /users/{id}:
    ${item('id')}
    put: ${op('operationId: put_users_id')}
    post: ${op('operationId: post_users_id')}
    get: ${op('operationId: get_users_id')}
  /users/{id}/export:
    ${item('id')}
    post: ${op('operationId: PostUsersIdExport')}
  /users/{id}/export/status:
    ${item('id')}
    get: ${op('operationId: GetUsersIdExportStatus')}
`),
    ).toEqual([
      'PUT /users/{id} → users.putUsersId usersPutUsersId',
      'POST /users/{id} → users.postUsersId usersPostUsersId',
      'GET /users/{id} → users.retrieve usersRetrieve',
      // `/users/{id}/export` has a part of its own, so it is a resource: POST there updates it.
      'POST /users/{id}/export → users.export.update usersExportUpdate',
      'GET /users/{id}/export/status → users.export.status usersExportStatus',
    ]);
  });

  it('read a PUT beside a PATCH as replace, and an operation without an id as its method and path', () => {
    expect(
      placesOf(`  /v1/items/{id}:
    ${item('id')}
    put: ${ok}
    patch: ${ok}
  /v1/people:
    get: ${ok}
  /v1/people/{id}:
    ${item('id')}
    get: ${ok}
`),
    ).toEqual([
      'PUT /v1/items/{id} → items.replace itemsReplace',
      'PATCH /v1/items/{id} → items.update itemsUpdate',
      // `people` is not plural by its spelling, but an item follows it: a collection.
      'GET /v1/people → people.list peopleList',
      'GET /v1/people/{id} → people.retrieve peopleRetrieve',
    ]);
  });

  it('keep the tag as the resource when it is not the path’s first word', () => {
    expect(
      placesOf(`  /v1/customers/{customer}:
    ${item('customer')}
    get: ${op('operationId: GetCustomersCustomer, tags: [Customers]')}
    delete: ${op('operationId: DeleteCustomersCustomer, tags: [Accounts]')}
`),
    ).toEqual([
      'GET /v1/customers/{customer} → customers.retrieve customersRetrieve',
      'DELETE /v1/customers/{customer} → accounts.deleteCustomersCustomer accountsDeleteCustomersCustomer',
    ]);
  });

  describe('in a generated client', () => {
    const scratch = useScratchDir('places-');
    const server = useTestServer(json(200, {}));

    it('type-check, and call the paths they name', async () => {
      const outcome = await generateText('shop.yaml', head + stripe);
      if (outcome.kind !== 'generated') throw new Error('refused');
      const written = await writeOutput(scratch(), outcome.files);
      expect(typeCheck(written.filter((f) => f.endsWith('/src/index.ts')))).toEqual([]);
      const { ShopClient } = await import(pathToFileURL(join(scratch(), 'src/index.ts')).href);
      const client = new ShopClient({ baseUrl: server.origin, token: 'test-token' });
      const before = server.requests.length;
      await client.customers.sources.list('cus 1');
      await client.customers.delete('cus_2');
      await client.paymentIntents.confirm('pi_3');
      expect(server.requests.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /v1/customers/cus%201/sources',
        'DELETE /v1/customers/cus_2',
        'POST /v1/payment_intents/pi_3/confirm',
      ]);
    }, 60_000);
  });
});

describe('resources named like the client’s own members', () => {
  const scratch = useScratchDir('places-members-');

  it('are numbered, so the client still type-checks', async () => {
    const paths = `  /request:
    get: ${op('operationId: GetRequest')}
  /base_url/items:
    get: ${op('operationId: GetBaseUrlItems')}
  /users/{id}/core:
    ${item('id')}
    get: ${op('operationId: GetUsersIdCore')}
    post: ${op('operationId: PostUsersIdCore')}
  /users/{id}/core/reset:
    ${item('id')}
    post: ${op('operationId: PostUsersIdCoreReset')}
`;
    expect(placesOf(paths)).toEqual([
      'GET /request → request2.retrieve request2Retrieve',
      'GET /base_url/items → baseUrl2.items.list baseUrl2ItemsList',
      // A resource class keeps the client in a private `core`.
      'GET /users/{id}/core → users.core2.retrieve usersCore2Retrieve',
      'POST /users/{id}/core → users.core2.update usersCore2Update',
      'POST /users/{id}/core/reset → users.core2.reset usersCore2Reset',
    ]);
    const outcome = await generateText('shop.yaml', head + paths);
    if (outcome.kind !== 'generated') throw new Error('refused');
    const written = await writeOutput(scratch(), outcome.files);
    expect(typeCheck(written.filter((f) => f.endsWith('/src/index.ts')))).toEqual([]);
  }, 60_000);
});

describe('version segments', () => {
  it.each([
    'v1',
    'V2',
    'v1beta1',
    'v2.1',
    'v3-preview',
    'v2023-01',
    '2023-01-01',
    '2',
    '1.1',
    'api',
  ])('%s is a version, not a resource', (segment) => expect(isVersionLike(segment)).toBe(true));
  it.each(['users', 'vpcs', 'v', 'video', '{v1}', 'apis', '1-clicks'])('%s is a word', (segment) =>
    expect(isVersionLike(segment)).toBe(false),
  );
});
