/**
 * What openapi-fetch's types promise, checked by `npm run typecheck` (vitest only runs the
 * calls, against a fetch that answers `{}`): required parameters and bodies are enforced,
 * unknown paths and methods refused, and `data`/`error` typed from the operation's answers.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { MethodResponse, Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
import type { components, paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations, type ClientTypes } from './support/implementations.js';

type Station = components['schemas']['Station'];
type Problem = components['schemas']['Problem'];
type Outage = components['schemas']['Outage'];

/** Exact equality, so a wider or narrower type is a mismatch. */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

describe('every implementation’s client types', () => {
  it('are openapi-fetch’s, for the same paths', () => {
    type Reference = ClientTypes['openapi-fetch 0.17.0'];
    expectTypeOf<{
      [K in keyof ClientTypes]: [
        Same<ClientTypes[K]['client'], Reference['client']>,
        Same<ClientTypes[K]['pathBased'], Reference['pathBased']>,
      ];
    }>().toEqualTypeOf<{ [K in keyof ClientTypes]: [true, true] }>();
  });
});

describe.each(implementations)('$name: types', ({ createClient, createPathBasedClient }) => {
  const client = createClient<paths>({
    baseUrl: 'https://stations.example',
    fetch: async () => Response.json({}),
  });
  const seven = { params: { path: { stationId: 7 } } } as const;

  it('requires path parameters, with their types', async () => {
    // @ts-expect-error no options at all
    await client.GET('/stations/{stationId}');
    // @ts-expect-error no params
    await client.GET('/stations/{stationId}', {});
    // @ts-expect-error no path
    await client.GET('/stations/{stationId}', { params: {} });
    // @ts-expect-error stationId missing
    await client.GET('/stations/{stationId}', { params: { path: {} } });
    // @ts-expect-error stationId is a number
    await client.GET('/stations/{stationId}', { params: { path: { stationId: '7' } } });
    await client.GET('/stations/{stationId}', seven);
  });

  it('refuses path parameters a path does not have', async () => {
    // @ts-expect-error /stations has no path parameters
    await client.GET('/stations', { params: { path: { stationId: 7 } } });
    await client.GET('/stations');
  });

  it('types query parameters', async () => {
    // @ts-expect-error limit is a number
    await client.GET('/stations', { params: { query: { limit: 'ten' } } });
    // @ts-expect-error no such query parameter
    await client.GET('/stations', { params: { query: { colour: 'green' } } });
    await client.GET('/stations', { params: { query: { limit: 10, connectors: ['ccs'] } } });
  });

  it('requires required header parameters', async () => {
    // @ts-expect-error x-idempotency-key is required
    await client.POST('/stations/{stationId}/sessions', { params: { path: { stationId: 7 } } });
    await client.POST('/stations/{stationId}/sessions', {
      params: {
        path: { stationId: 7 },
        // @ts-expect-error x-idempotency-key is a string
        header: { 'x-idempotency-key': 1 },
      },
    });
    await client.POST('/stations/{stationId}/sessions', {
      params: { path: { stationId: 7 }, header: { 'x-idempotency-key': 'k' } },
    });
  });

  it('requires a required body, with its shape, and lets an optional one be left out', async () => {
    // @ts-expect-error body is required
    await client.POST('/stations', {});
    // @ts-expect-error name is required in the body
    await client.POST('/stations', { body: { operator: 'Volta' } });
    // @ts-expect-error name is a string
    await client.POST('/stations', { body: { name: 7 } });
    await client.POST('/stations', { body: { name: 'Quay' } });
    await client.PATCH('/stations/{stationId}', seven);
  });

  it('refuses query parameters the operation does not declare, in request() too', async () => {
    await client.request('get', '/stations', {
      // @ts-expect-error no such query parameter
      params: { query: { colour: 'green' } },
    });
    // openapi-fetch 0.17.0 still lets an undeclared path parameter or body property through
    // (upstream's later regression tests refuse them): pinned here so a change is noticed.
    await client.GET('/stations/{stationId}', { params: { path: { stationId: 7, bay: 3 } } });
    await client.POST('/stations', { body: { name: 'Quay', colour: 'green' } });
  });

  it('refuses paths that do not exist, and methods a path does not have', async () => {
    // @ts-expect-error unknown path
    await client.GET('/chargers');
    // @ts-expect-error /stations has no DELETE
    await client.DELETE('/stations');
    // @ts-expect-error /stations/{stationId} has no POST
    await client.POST('/stations/{stationId}', seven);
  });

  it('types data from the 2xx answers and error from the others', async () => {
    const result = await client.GET('/stations/{stationId}', seven);
    expectTypeOf(result.data).toEqualTypeOf<Station | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<Problem | Outage | undefined>();
    expectTypeOf(result.response).toEqualTypeOf<Response>();
    if (result.error) {
      expectTypeOf(result.data).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(result.data).toEqualTypeOf<Station>();
    }
    if (result.data) {
      expectTypeOf(result.error).toEqualTypeOf<undefined>();
    }
  });

  it('MethodResponse names the data type of a client’s operation', () => {
    expectTypeOf<
      MethodResponse<typeof client, 'get', '/stations/{stationId}'>
    >().toEqualTypeOf<Station>();
  });

  it('unions data over several 2xx answers, and error over 4XX/5xx ranges', async () => {
    const { data, error } = await client.GET('/status');
    expectTypeOf(data).toEqualTypeOf<{ up: boolean } | string[] | undefined>();
    expectTypeOf(error).toEqualTypeOf<Outage | string | undefined>();
  });

  it('a default answer is an error', async () => {
    const { error } = await client.GET('/stations');
    expectTypeOf(error).toEqualTypeOf<Problem | undefined>();
  });

  it('an answer with no content is undefined data', async () => {
    const { data } = await client.DELETE('/stations/{stationId}', seven);
    expectTypeOf(data).toEqualTypeOf<undefined>();
  });

  it('data of several media types is their union, or one picked by the client', async () => {
    const { data } = await client.GET('/tariffs');
    expectTypeOf(data).toEqualTypeOf<components['schemas']['Tariff'] | string | undefined>();
    const jsonOnly = createClient<paths, 'application/json'>({
      baseUrl: 'https://stations.example',
      fetch: async () => Response.json({}),
    });
    const picked = await jsonOnly.GET('/tariffs');
    expectTypeOf(picked.data).toEqualTypeOf<components['schemas']['Tariff'] | undefined>();
  });

  it('parseAs changes the type of data', async () => {
    const text = await client.GET('/tariffs', { parseAs: 'text' });
    expectTypeOf(text.data).toEqualTypeOf<string | undefined>();
    const blob = await client.GET('/tariffs', { parseAs: 'blob' });
    expectTypeOf(blob.data).toEqualTypeOf<Blob | undefined>();
    const bytes = await client.GET('/tariffs', { parseAs: 'arrayBuffer' });
    expectTypeOf(bytes.data).toEqualTypeOf<ArrayBuffer | undefined>();
    const stream = await client.GET('/tariffs', { parseAs: 'stream' });
    expectTypeOf(stream.data).toEqualTypeOf<Response['body'] | undefined>();
    // @ts-expect-error not a way to read a body (and at run time a JSON body is no form)
    await client.GET('/tariffs', { parseAs: 'formData' }).catch(() => undefined);
  });

  it('request(method, …) is typed like the method of the same name', async () => {
    const viaRequest = await client.request('get', '/stations/{stationId}', seven);
    const viaGet = await client.GET('/stations/{stationId}', seven);
    expectTypeOf(viaRequest.data).toEqualTypeOf(viaGet.data);
    // @ts-expect-error /stations has no DELETE
    await client.request('delete', '/stations');
  });

  it('the path-based client enforces the same', async () => {
    const byPath = createPathBasedClient<paths>({
      baseUrl: 'https://stations.example',
      fetch: async () => Response.json({}),
    });
    // @ts-expect-error stationId is a number
    await byPath['/stations/{stationId}'].GET({ params: { path: { stationId: '7' } } });
    // @ts-expect-error no POST on this path
    await byPath['/stations/{stationId}'].POST(seven);
    const { data } = await byPath['/stations/{stationId}'].GET(seven);
    expectTypeOf(data).toEqualTypeOf<Station | undefined>();
  });

  it('a middleware needs at least one hook, and hooks see typed parameters', () => {
    expectTypeOf<Middleware>().not.toEqualTypeOf<object>();
    const onRequest = ({ request }: MiddlewareCallbackParams) => request;
    const onResponse = ({ response }: MiddlewareCallbackParams & { response: Response }) =>
      response;
    expectTypeOf({ onRequest }).toMatchTypeOf<Middleware>();
    expectTypeOf({ onResponse }).toMatchTypeOf<Middleware>();
    expectTypeOf({ onError: () => new Error('x') }).toMatchTypeOf<Middleware>();
    expectTypeOf<MiddlewareCallbackParams['id']>().toEqualTypeOf<string>();
    expectTypeOf<MiddlewareCallbackParams['schemaPath']>().toEqualTypeOf<string>();
    expectTypeOf<MiddlewareCallbackParams['request']>().toEqualTypeOf<Request>();
  });
});
