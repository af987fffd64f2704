/**
 * The `/fetch` entry's types over openapi-typescript's `paths` for `fixtures/pets.yaml`: which
 * paths each method takes, when `init` and its `params`/`body` are required, what `data` and
 * `error` are, and that they are the types openapi-fetch 0.17.0 gives for the same calls.
 * Checked by `npm run typecheck`; the calls run against a fetch that answers `{}`.
 */
import { describe, expectTypeOf, it } from 'vitest';
import upstreamClient from 'openapi-fetch';
import type * as upstreamHelpers from 'openapi-typescript-helpers';
import createClient, {
  createPathBasedClient,
  type Client,
  type ErrorResponseJSON,
  type FetchResponse,
  type FirstErrorStatus,
  type MethodResponse,
  type PathsWithMethod,
  type SuccessResponseJSON,
} from '../../templates/fetch/index.js';
import type { components, paths } from './fixtures/pets-paths.js';

/** A pet as a response carries it: openapi-fetch reads responses through `Readable`. */
type Pet = upstreamHelpers.Readable<components['schemas']['Pet']>;
type Problem = components['schemas']['Problem'];

const answer = async () => Response.json({});
const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:1', fetch: answer });
const theirs = upstreamClient<paths>({ baseUrl: 'http://127.0.0.1:1', fetch: answer });

describe('calls', () => {
  it('types data and error by status, as openapi-fetch does', async () => {
    const listed = await api.GET('/pets', { params: { query: { limit: 1, tags: ['a'] } } });
    expectTypeOf(listed.data).toEqualTypeOf<Pet[] | undefined>();
    expectTypeOf(listed.error).toEqualTypeOf<Problem | undefined>();
    if (listed.data) expectTypeOf(listed.error).toEqualTypeOf<undefined>();
    const upstreamListed = await theirs.GET('/pets', { params: { query: { limit: 1 } } });
    expectTypeOf(listed.data).toEqualTypeOf(upstreamListed.data);
    expectTypeOf(listed.error).toEqualTypeOf(upstreamListed.error);
  });

  it('requires init when a path parameter, header or body is required', async () => {
    // @ts-expect-error: petId is required
    await api.GET('/pets/{petId}');
    // @ts-expect-error: the body is required
    await api.POST('/pets', {});
    // @ts-expect-error: the X-Request-Reason header is required
    await api.DELETE('/pets/{petId}', { params: { path: { petId: '1' } } });
    await api.GET('/pets');
    // An optional body may be left out.
    await api.PATCH('/pets/{petId}', { params: { path: { petId: '1' } } });
    const created = await api.POST('/pets', { body: { name: 'Rex' } });
    expectTypeOf(created.data).toEqualTypeOf<Pet | undefined>();
  });

  it('refuses unknown paths, paths without the method, and wrong parameter types', async () => {
    // @ts-expect-error: no such path
    await api.GET('/nowhere');
    // @ts-expect-error: /pets has no PUT
    await api.PUT('/pets', {});
    // @ts-expect-error: year is a number
    await api.GET('/reports/{year}', { params: { path: { year: 'x' } } });
    // @ts-expect-error: name is a string
    await api.POST('/pets', { body: { name: 1 } });
  });

  it('types data by parseAs', async () => {
    const init = { params: { path: { year: 2024 } } };
    expectTypeOf((await api.GET('/reports/{year}', init)).data).toEqualTypeOf<string | undefined>();
    const asBlob = await api.GET('/reports/{year}', { ...init, parseAs: 'blob' });
    expectTypeOf(asBlob.data).toEqualTypeOf<Blob | undefined>();
    const asStream = await api.GET('/reports/{year}', { ...init, parseAs: 'stream' });
    expectTypeOf(asStream.data).toEqualTypeOf<Response['body'] | undefined>();
  });

  it('types request(method, path) and the path-based client like the method calls', async () => {
    const viaRequest = await api.request('get', '/pets/{petId}', {
      params: { path: { petId: '1' } },
    });
    expectTypeOf(viaRequest.data).toEqualTypeOf<Pet | undefined>();
    const byPath = createPathBasedClient<paths>({ baseUrl: 'http://127.0.0.1:1', fetch: answer });
    const viaPath = await byPath['/pets/{petId}'].GET({ params: { path: { petId: '1' } } });
    expectTypeOf(viaPath.data).toEqualTypeOf<Pet | undefined>();
  });
});

describe('helper types', () => {
  it('agree with openapi-typescript-helpers and openapi-fetch', () => {
    expectTypeOf<PathsWithMethod<paths, 'get'>>().toEqualTypeOf<
      upstreamHelpers.PathsWithMethod<paths, 'get'>
    >();
    expectTypeOf<PathsWithMethod<paths, 'get'>>().toEqualTypeOf<
      '/pets' | '/pets/{petId}' | '/reports/{year}'
    >();
    type GetPet = paths['/pets/{petId}']['get'];
    expectTypeOf<SuccessResponseJSON<GetPet>>().toEqualTypeOf<components['schemas']['Pet']>();
    expectTypeOf<SuccessResponseJSON<GetPet>>().toEqualTypeOf<
      upstreamHelpers.SuccessResponseJSON<GetPet>
    >();
    expectTypeOf<ErrorResponseJSON<GetPet>>().toEqualTypeOf<Problem>();
    expectTypeOf<FirstErrorStatus<{ 404: 'a'; 500: 'b' }>>().toEqualTypeOf<'b'>();
    expectTypeOf<FirstErrorStatus<{ 404: 'a'; default: 'd' }>>().toEqualTypeOf<'a'>();
    expectTypeOf<FirstErrorStatus<{ 200: 'ok' }>>().toEqualTypeOf<never>();
    expectTypeOf<MethodResponse<typeof api, 'get', '/pets/{petId}'>>().toEqualTypeOf<Pet>();
    expectTypeOf<
      FetchResponse<GetPet, {}, `${string}/${string}`>['response']
    >().toEqualTypeOf<Response>();
    expectTypeOf(api).toExtend<Client<paths>>();
  });
});
