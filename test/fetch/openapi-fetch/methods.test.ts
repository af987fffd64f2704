/**
 * Every HTTP method, `request(method, …)`, and the `{ data, error, response }` result per
 * kind of answer: a 2xx body is data, anything else is error, an empty answer is neither.
 */
import { describe, expect, it } from 'vitest';
import type { paths } from '../../fixtures/fetch/charging-stations.js';
import { implementations } from './support/implementations.js';
import {
  closedOrigin,
  chunkedJson,
  empty,
  json,
  onlyRequest,
  raw,
  useTestServer,
} from './support/server.js';

const station = { id: 7, name: 'Harbour Gate', operator: 'Volta' };
const notFound = { code: 'not_found', message: 'No station 7' };

describe.each(implementations)('$name: HTTP methods', ({ createClient }) => {
  const server = useTestServer(json(200, {}));
  const client = () => createClient<paths>({ baseUrl: server.origin });
  const seven = { params: { path: { stationId: 7 } } } as const;

  it('GET sends GET to the path with its parameters filled in', async () => {
    server.reply(json(200, station));
    const { data, error, response } = await client().GET('/stations/{stationId}', seven);
    const sent = onlyRequest(server.requests);
    expect([sent.method, sent.url]).toEqual(['GET', '/stations/7']);
    expect(data).toEqual(station);
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
  });

  it('GET of an array answer gives the array as data', async () => {
    server.reply(json(200, []));
    const { data } = await client().GET('/stations');
    expect(data).toEqual([]);
  });

  it('POST sends its JSON body', async () => {
    server.reply(json(201, station));
    const { data, response } = await client().POST('/stations', { body: { name: 'Harbour Gate' } });
    const sent = onlyRequest(server.requests);
    expect([sent.method, sent.url, sent.text]).toEqual([
      'POST',
      '/stations',
      '{"name":"Harbour Gate"}',
    ]);
    expect(response.status).toBe(201);
    expect(data).toEqual(station);
  });

  it('PUT sends PUT and its body', async () => {
    server.reply(json(200, station));
    const { data } = await client().PUT('/stations/{stationId}', {
      ...seven,
      body: { name: 'Harbour Gate' },
    });
    const sent = onlyRequest(server.requests);
    expect([sent.method, sent.url, sent.text]).toEqual([
      'PUT',
      '/stations/7',
      '{"name":"Harbour Gate"}',
    ]);
    expect(data).toEqual(station);
  });

  it('PATCH sends PATCH and its body', async () => {
    server.reply(json(200, station));
    await client().PATCH('/stations/{stationId}', { ...seven, body: { name: 'Renamed' } });
    const sent = onlyRequest(server.requests);
    expect([sent.method, sent.text]).toEqual(['PATCH', '{"name":"Renamed"}']);
  });

  it('DELETE sends DELETE; a 204 answer gives neither data nor error', async () => {
    server.reply(empty(204));
    const { data, error, response } = await client().DELETE('/stations/{stationId}', seven);
    expect(onlyRequest(server.requests).method).toBe('DELETE');
    expect(data).toBeUndefined();
    expect(error).toBeUndefined();
    expect(response.status).toBe(204);
  });

  it('OPTIONS sends OPTIONS', async () => {
    server.reply(json(200, { methods: ['GET', 'PUT'] }));
    const { data } = await client().OPTIONS('/stations/{stationId}', seven);
    expect(onlyRequest(server.requests).method).toBe('OPTIONS');
    expect(data).toEqual({ methods: ['GET', 'PUT'] });
  });

  it('HEAD sends HEAD and never reads a body, whatever the headers claim', async () => {
    server.reply(raw(200, '', { 'content-type': 'application/json', 'content-length': '17' }));
    const { data, error, response } = await client().HEAD('/stations/{stationId}', seven);
    expect(onlyRequest(server.requests).method).toBe('HEAD');
    expect(data).toBeUndefined();
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
  });

  it('TRACE asks the Request class for a TRACE request (which Node’s own Request refuses)', async () => {
    const asked: string[] = [];
    class RecordingRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        asked.push(init?.method ?? '');
        super(input, { ...init, method: 'GET' });
      }
    }
    await client().TRACE('/stations/{stationId}', { ...seven, Request: RecordingRequest });
    expect(asked).toEqual(['TRACE']);
    await expect(client().TRACE('/stations/{stationId}', seven)).rejects.toThrow();
  });

  it('methods taken off the client still work (no `this` needed)', async () => {
    const { GET, request } = client();
    await GET('/stations/{stationId}', seven);
    await request('delete', '/stations/{stationId}', seven);
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'DELETE']);
  });

  it('request(method, …) sends the method given in lower case, upper-cased', async () => {
    server.reply(json(200, station), json(201, station));
    await client().request('get', '/stations/{stationId}', seven);
    await client().request('post', '/stations', { body: { name: 'Harbour Gate' } });
    expect(server.requests.map((r) => [r.method, r.url, r.text])).toEqual([
      ['GET', '/stations/7', ''],
      ['POST', '/stations', '{"name":"Harbour Gate"}'],
    ]);
  });
});

describe.each(implementations)('$name: data, error and response', ({ createClient }) => {
  const server = useTestServer(json(200, {}));
  const client = () => createClient<paths>({ baseUrl: server.origin });
  const seven = { params: { path: { stationId: 7 } } } as const;

  it.each([200, 201, 299])('a %i answer is data', async (status) => {
    server.reply(json(status, station));
    const { data, error, response } = await client().GET('/stations/{stationId}', seven);
    expect(data).toEqual(station);
    expect(error).toBeUndefined();
    expect(response.status).toBe(status);
  });

  it.each([400, 404, 500, 503])('a %i answer is error, with no data', async (status) => {
    server.reply(json(status, notFound));
    const { data, error, response } = await client().GET('/stations/{stationId}', seven);
    expect(data).toBeUndefined();
    expect(error).toEqual(notFound);
    expect(response.status).toBe(status);
  });

  it('an error answer that is not JSON is error as its text', async () => {
    server.reply(raw(401, 'Unauthorized', { 'content-type': 'text/plain' }));
    const { data, error } = await client().GET('/stations');
    expect(data).toBeUndefined();
    expect(error).toBe('Unauthorized');
  });

  it('an empty error answer is neither data nor error, but the response is there', async () => {
    server.reply(empty(404));
    const { data, error, response } = await client().GET('/stations/{stationId}', seven);
    expect(data).toBeUndefined();
    expect(error).toBeUndefined();
    expect(response.status).toBe(404);
  });

  it('a 2xx answer with content-length 0 is empty data', async () => {
    server.reply(empty(200, { 'content-type': 'application/json' }));
    const { data, error } = await client().GET('/stations/{stationId}', seven);
    expect(data).toBeUndefined();
    expect(error).toBeUndefined();
  });

  it('a chunked answer (no content-length) is read as JSON', async () => {
    server.reply(chunkedJson(200, [station]));
    const { data, response } = await client().GET('/stations');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(data).toEqual([station]);
  });

  it('a chunked answer with no bytes at all is empty data, not a JSON error', async () => {
    server.reply((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    const { data, error } = await client().GET('/stations');
    expect(data).toBeUndefined();
    expect(error).toBeUndefined();
  });

  it('the response is the real Response: headers and status are readable, body is used', async () => {
    server.reply(json(200, station, { 'x-request-id': 'r-1' }));
    const { response } = await client().GET('/stations/{stationId}', seven);
    expect(response).toBeInstanceOf(Response);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(response.ok).toBe(true);
    expect(response.bodyUsed).toBe(true);
  });

  it('a network failure rejects the promise (no { error } for it)', async () => {
    const unreachable = createClient<paths>({ baseUrl: await closedOrigin() });
    await expect(unreachable.GET('/stations')).rejects.toThrow(TypeError);
  });
});
