/**
 * Query parameters and `querySerializer`: by default arrays are form-exploded
 * (`a=1&a=2`), objects deepObject (`o[k]=v`), values percent-encoded, empty ones left out.
 * The option is either style settings (client-wide, refined per request) or a function.
 */
import { describe, expect, it } from 'vitest';
import type { QuerySerializerOptions } from 'openapi-fetch';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import type { LoosePaths } from './support/loose-paths.js';
import { json, onlyRequest, useTestServer } from './support/server.js';

describe.each(implementations)('$name: query parameters', ({ createClient }) => {
  const server = useTestServer(json(200, []));
  const sentQuery = () => {
    const url = onlyRequest(server.requests).url;
    return url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  };
  const client = (options: Parameters<typeof createClient>[0] = {}) =>
    createClient<paths>({ baseUrl: server.origin, ...options });

  it('sends primitives, keeping 0 and false', async () => {
    await client().GET('/stations', {
      params: { query: { limit: 0, open: false, operator: 'Volta' } },
    });
    expect(sentQuery()).toBe('limit=0&open=false&operator=Volta');
  });

  it('leaves out undefined, null and empty arrays, and then sends no "?" at all', async () => {
    await client().GET('/stations', {
      params: { query: { limit: undefined, operator: null as unknown as string, connectors: [] } },
    });
    expect(onlyRequest(server.requests).url).toBe('/stations');
  });

  it('percent-encodes values as encodeURIComponent does (a space is %20, not +)', async () => {
    await client().GET('/stations', { params: { query: { operator: 'Volta & Co/East' } } });
    expect(sentQuery()).toBe('operator=Volta%20%26%20Co%2FEast');
  });

  it('explodes arrays as repeated form parameters by default', async () => {
    await client().GET('/stations', { params: { query: { connectors: ['ccs', 'type2'] } } });
    expect(sentQuery()).toBe('connectors=ccs&connectors=type2');
  });

  it('sends objects as deepObject by default', async () => {
    await client().GET('/stations', { params: { query: { near: { lat: 52.5, lng: 13.4 } } } });
    expect(decodeURIComponent(sentQuery())).toBe('near[lat]=52.5&near[lng]=13.4');
  });

  it('rejects objects nested inside an object, which no style can say', async () => {
    const loose = createClient<LoosePaths>({ baseUrl: server.origin });
    await expect(
      loose.GET('/stations', { params: { query: { near: { point: { lat: 1 } } } } }),
    ).rejects.toThrow();
  });

  it.each<[string, NonNullable<QuerySerializerOptions['array']>, string]>([
    ['form', { style: 'form', explode: false }, 'connectors=ccs,type2,chademo&open=true'],
    [
      'form, exploded',
      { style: 'form', explode: true },
      'connectors=ccs&connectors=type2&connectors=chademo&open=true',
    ],
    [
      'spaceDelimited',
      { style: 'spaceDelimited', explode: false },
      'connectors=ccs%20type2%20chademo&open=true',
    ],
    [
      'spaceDelimited, exploded',
      { style: 'spaceDelimited', explode: true },
      'connectors=ccs&connectors=type2&connectors=chademo&open=true',
    ],
    [
      'pipeDelimited',
      { style: 'pipeDelimited', explode: false },
      'connectors=ccs|type2|chademo&open=true',
    ],
    [
      'pipeDelimited, exploded',
      { style: 'pipeDelimited', explode: true },
      'connectors=ccs&connectors=type2&connectors=chademo&open=true',
    ],
  ])('array style %s', async (_, array, expected) => {
    await client({ querySerializer: { array } }).GET('/stations', {
      params: { query: { connectors: ['ccs', 'type2', 'chademo'], open: true } },
    });
    expect(sentQuery()).toBe(expected);
  });

  it.each<[string, NonNullable<QuerySerializerOptions['object']>, string]>([
    ['form', { style: 'form', explode: false }, 'near=lat,52.5,lng,13.4&open=true'],
    ['form, exploded', { style: 'form', explode: true }, 'lat=52.5&lng=13.4&open=true'],
    // deepObject has one spelling whatever `explode` says
    [
      'deepObject',
      { style: 'deepObject', explode: false },
      'near[lat]=52.5&near[lng]=13.4&open=true',
    ],
    [
      'deepObject, exploded',
      { style: 'deepObject', explode: true },
      'near[lat]=52.5&near[lng]=13.4&open=true',
    ],
  ])('object style %s', async (_, object, expected) => {
    await client({ querySerializer: { object } }).GET('/stations', {
      params: { query: { near: { lat: 52.5, lng: 13.4 }, open: true } },
    });
    expect(decodeURIComponent(sentQuery())).toBe(expected);
  });

  it('allowReserved sends reserved characters unencoded; a request can turn it off again', async () => {
    const reserved = client({ querySerializer: { allowReserved: true } });
    await reserved.GET('/stations', { params: { query: { operator: 'volta/east' } } });
    expect(sentQuery()).toBe('operator=volta/east');
    server.requests.length = 0;
    await reserved.GET('/stations', {
      params: { query: { operator: 'volta/east' } },
      querySerializer: { allowReserved: false },
    });
    expect(sentQuery()).toBe('operator=volta%2Feast');
  });

  it('per-request style settings refine the client’s rather than replace them', async () => {
    const piped = client({
      querySerializer: { array: { style: 'pipeDelimited', explode: false } },
    });
    await piped.GET('/stations', {
      params: { query: { connectors: ['a/b', 'c'] } },
      querySerializer: { allowReserved: true },
    });
    expect(sentQuery()).toBe('connectors=a/b|c');
  });

  it('a function serializer writes the whole query string', async () => {
    const custom = client({
      querySerializer: (query) => `max=${String(query.limit)}&by=${String(query.operator)}`,
    });
    await custom.GET('/stations', { params: { query: { limit: 5, operator: 'Volta' } } });
    expect(sentQuery()).toBe('max=5&by=Volta');
  });

  it('a per-request function wins over the client’s', async () => {
    const custom = client({ querySerializer: () => 'from=client' });
    await custom.GET('/stations/{stationId}', {
      params: { path: { stationId: 7 }, query: { expand: 'tariffs' } },
      querySerializer: (query) => `with=${String(query.expand)}`,
    });
    expect(onlyRequest(server.requests).url).toBe('/stations/7?with=tariffs');
  });

  it('a leading "?" from a function serializer is not doubled', async () => {
    await client({ querySerializer: () => '?page=2' }).GET('/stations');
    expect(onlyRequest(server.requests).url).toBe('/stations?page=2');
  });

  it('a function serializer is given {} when the request has no query', async () => {
    const given: unknown[] = [];
    await client({
      querySerializer: (query) => {
        given.push(query);
        return '';
      },
    }).GET('/stations');
    expect(given).toEqual([{}]);
    expect(onlyRequest(server.requests).url).toBe('/stations');
  });
});

describe.each(implementations)('$name: createQuerySerializer', ({ createQuerySerializer }) => {
  it('is the default serializer, usable on its own', () => {
    const serialize = createQuerySerializer();
    expect(serialize({ a: [1, 2], o: { k: 'v' }, s: 'x y', n: undefined })).toBe(
      'a=1&a=2&o[k]=v&s=x%20y',
    );
  });

  it('takes the same options as the client', () => {
    const serialize = createQuerySerializer({ array: { style: 'form', explode: false } });
    expect(serialize({ a: [1, 2] })).toBe('a=1,2');
  });
});
