/** `parseAs`: how a successful answer's body becomes `data`. JSON unless told otherwise. */
import { describe, expect, it } from 'vitest';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import { empty, json, raw, useTestServer } from './support/server.js';

const tariff = { perKwh: 0.42 };
const tariffText = JSON.stringify(tariff);

describe.each(implementations)('$name: parseAs', ({ createClient }) => {
  const server = useTestServer(json(200, tariff));
  const client = () => createClient<paths>({ baseUrl: server.origin });

  it('json is the default', async () => {
    const { data } = await client().GET('/tariffs');
    expect(data).toEqual(tariff);
  });

  it('json of an empty answer is undefined, not a parse error', async () => {
    server.reply(empty(200));
    const { data, error } = await client().GET('/tariffs', { parseAs: 'json' });
    expect(data).toBeUndefined();
    expect(error).toBeUndefined();
  });

  it('json of a body that is not JSON rejects', async () => {
    server.reply(raw(200, 'per kWh: 0.42', { 'content-type': 'application/json' }));
    await expect(client().GET('/tariffs')).rejects.toThrow(SyntaxError);
  });

  it('text gives the body as a string, unparsed', async () => {
    server.reply(raw(200, 'perKwh\n0.42\n', { 'content-type': 'text/csv' }));
    const { data } = await client().GET('/tariffs', { parseAs: 'text' });
    expect(data).toBe('perKwh\n0.42\n');
  });

  it('text of a JSON answer is the JSON text', async () => {
    const { data } = await client().GET('/tariffs', { parseAs: 'text' });
    expect(data).toBe(tariffText);
  });

  it('arrayBuffer gives the bytes', async () => {
    const { data } = await client().GET('/tariffs', { parseAs: 'arrayBuffer' });
    expect(data).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(data)).toBe(tariffText);
  });

  it('blob gives a Blob with the answer’s type', async () => {
    server.reply(raw(200, 'PNG…', { 'content-type': 'image/png' }));
    const { data } = await client().GET('/stations/{stationId}/photo', {
      params: { path: { stationId: 7 } },
      parseAs: 'blob',
    });
    expect(data).toBeInstanceOf(Blob);
    expect(data?.type).toBe('image/png');
    expect(await data?.text()).toBe('PNG…');
  });

  it('stream gives the unread body stream', async () => {
    const { data, response } = await client().GET('/tariffs', { parseAs: 'stream' });
    expect(data).toBeInstanceOf(ReadableStream);
    expect(response.bodyUsed).toBe(false);
    const text = await new Response(data).text();
    expect(text).toBe(tariffText);
  });

  it('an error answer is parsed as JSON (or kept as text) whatever parseAs says', async () => {
    server.reply(json(503, { until: 'noon' }));
    const { data, error } = await client().GET('/tariffs', { parseAs: 'text' });
    expect(data).toBeUndefined();
    expect(error).toEqual({ until: 'noon' });
  });

  it('a 204 answer is undefined data whatever parseAs says', async () => {
    server.reply(empty(204));
    const { data } = await client().GET('/tariffs', { parseAs: 'stream' });
    expect(data).toBeUndefined();
  });
});
