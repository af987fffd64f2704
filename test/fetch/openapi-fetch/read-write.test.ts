/**
 * readOnly and writeOnly properties, for `paths` generated with openapi-typescript's
 * `readWriteMarkers`: a request body may not carry readOnly properties, and data does not
 * offer writeOnly ones. The types are the point; the calls still go to a real server.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { paths } from '../../fixtures/fetch/charging-stations.read-write.js';
import { implementations } from './support/implementations.js';
import { json, onlyRequest, useTestServer } from './support/server.js';

describe.each(implementations)('$name: readOnly and writeOnly properties', ({ createClient }) => {
  const server = useTestServer(json(200, { id: 1, name: 'Ada' }));
  const client = () => createClient<paths>({ baseUrl: server.origin });

  it('a request body takes writeOnly and plain properties, sent as given', async () => {
    server.reply(json(201, { id: 1, name: 'Ada' }));
    await client().POST('/drivers', { body: { name: 'Ada', pin: '0000' } });
    expect(onlyRequest(server.requests).text).toBe('{"name":"Ada","pin":"0000"}');
  });

  it('a request body refuses readOnly properties', async () => {
    server.reply(json(201, { id: 1, name: 'Ada' }));
    await client().POST('/drivers', {
      // @ts-expect-error id is readOnly: the server assigns it
      body: { id: 1, name: 'Ada', pin: '0000' },
    });
  });

  it('data offers readOnly and plain properties, unwrapped', async () => {
    const { data } = await client().GET('/drivers');
    expectTypeOf<NonNullable<typeof data>['id']>().toEqualTypeOf<number>();
    expectTypeOf<NonNullable<typeof data>['name']>().toEqualTypeOf<string>();
    expect(data).toEqual({ id: 1, name: 'Ada' });
  });

  it('data does not offer writeOnly properties', async () => {
    const { data } = await client().GET('/drivers');
    // @ts-expect-error pin is writeOnly: never in an answer
    expect(data?.pin).toBeUndefined();
  });
});
