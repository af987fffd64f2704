/** What reaches the server: URL, path and query encoding, bodies in each encoding, headers. */
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, type OperationDescriptor } from '../../templates/runtime/index.js';
import {
  clientFor,
  createUser,
  deleteUser,
  getUser,
  MARKER_TOKEN,
  stationsAround,
} from './fixtures.js';
import { json, raw, useTestServer } from './http-server.js';

const server = useTestServer(json(200, { id: 'u1' }));

describe('URL', () => {
  it('percent-encodes path parameters so they stay inside their segment', async () => {
    await clientFor(server.origin).request(getUser, { path: { user_id: 'a b/c?d#e%f' } });
    expect(server.requests[0]!.url).toBe('/api/v1/users/a%20b%2Fc%3Fd%23e%25f/');
  });

  it.each(['', '.', '..'])(
    'refuses the path parameter %j before sending anything',
    async (value) => {
      const error = await clientFor(server.origin)
        .request(getUser, { path: { user_id: value } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).argument).toBe('path.user_id');
      expect(server.requests).toHaveLength(0);
    },
  );

  it('refuses a missing path parameter', async () => {
    await expect(clientFor(server.origin).request(getUser, {})).rejects.toThrow(
      /path parameter "user_id" is required/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('keeps a base URL path prefix', async () => {
    await clientFor(`${server.origin}/proxy/connect/`).request(getUser, {
      path: { user_id: 'u1' },
    });
    expect(server.requests[0]!.url).toBe('/proxy/connect/api/v1/users/u1/');
  });

  it('encodes the query in the form style: declared order, repeated keys, true/false, no undefined or null', async () => {
    server.setDefault(json(200, { count: 0, next: null, previous: null, results: [] }));
    await clientFor(server.origin).request(stationsAround, {
      query: {
        only_available: true,
        connector_types: ['CHADEMO', 'IEC_62196_T2'],
        longitude: 13.4,
        latitude: 52.52,
        distance: undefined,
        operators: ['A & B', 'C,D'],
      },
    });
    expect(server.requests[0]!.url).toBe(
      '/api/v1/stations/around/?latitude=52.52&longitude=13.4&connector_types=CHADEMO&connector_types=IEC_62196_T2&only_available=true&operators=A+%26+B%2CC%2CD',
    );
    const params = new URL(server.requests[0]!.url, server.origin).searchParams;
    expect(params.getAll('connector_types')).toEqual(['CHADEMO', 'IEC_62196_T2']);
    expect(params.get('only_available')).toBe('true');
  });

  it('sends false, 0 and empty strings, which are values', async () => {
    await clientFor(server.origin).request(stationsAround, {
      query: { latitude: 0, longitude: -0.5, only_available: false, operators: [] },
    });
    expect(server.requests[0]!.url).toBe(
      '/api/v1/stations/around/?latitude=0&longitude=-0.5&only_available=false',
    );
  });

  it('refuses query keys the operation does not declare, naming them', async () => {
    const call = clientFor(server.origin).request(stationsAround, {
      query: { latitude: 1, longitude: 2, only_avaliable: true },
    });
    await expect(call).rejects.toThrow(/unknown query parameter "only_avaliable"/);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses NaN and objects in the query', async () => {
    await expect(
      clientFor(server.origin).request(stationsAround, { query: { latitude: NaN, longitude: 1 } }),
    ).rejects.toThrow(/query.latitude must be a finite number/);
    await expect(
      clientFor(server.origin).request(stationsAround, {
        query: { latitude: { a: 1 }, longitude: 1 },
      }),
    ).rejects.toThrow(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('bodies', () => {
  const body = {
    email: 'a@example.com',
    locale: 'de',
    active: true,
    age: 42,
    nickname: null,
    skipped: undefined,
    tags: ['x', 'y'],
    custom_properties: { external_id: 'e-1' },
    cars: [{ id: 1 }],
  };

  it('sends JSON by default', async () => {
    server.setDefault(json(201, { id: 'u1' }));
    await clientFor(server.origin).request(createUser, { body });
    const received = server.requests[0]!;
    expect(received.method).toBe('POST');
    expect(received.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received.text)).toEqual({
      email: 'a@example.com',
      locale: 'de',
      active: true,
      age: 42,
      nickname: null,
      tags: ['x', 'y'],
      custom_properties: { external_id: 'e-1' },
      cars: [{ id: 1 }],
    });
  });

  it('sends form-urlencoded with nested objects as JSON text', async () => {
    server.setDefault(json(201, { id: 'u1' }));
    await clientFor(server.origin).request(createUser, { body }, { encoding: 'form' });
    const received = server.requests[0]!;
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(received.text);
    expect([...form.keys()]).toEqual([
      'email',
      'locale',
      'active',
      'age',
      'nickname',
      'tags',
      'tags',
      'custom_properties',
      'cars',
    ]);
    expect(form.get('active')).toBe('true');
    expect(form.get('age')).toBe('42');
    expect(form.get('nickname')).toBe('');
    expect(form.getAll('tags')).toEqual(['x', 'y']);
    expect(JSON.parse(form.get('custom_properties')!)).toEqual({ external_id: 'e-1' });
    expect(JSON.parse(form.get('cars')!)).toEqual([{ id: 1 }]);
  });

  it('sends multipart with the same field rules, and files as parts', async () => {
    server.setDefault(json(201, { id: 'u1' }));
    const file = new File(['hello'], 'note.txt', { type: 'text/plain' });
    await clientFor(server.origin).request(
      createUser,
      { body: { ...body, attachment: file } },
      { encoding: 'multipart' },
    );
    const received = server.requests[0]!;
    expect(received.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Request('http://x/', {
      method: 'POST',
      body: new Uint8Array(received.body),
      headers: { 'content-type': received.headers['content-type']! },
    }).formData();
    expect(form.get('email')).toBe('a@example.com');
    expect(form.get('nickname')).toBe('');
    expect(form.getAll('tags')).toEqual(['x', 'y']);
    expect(JSON.parse(form.get('custom_properties') as string)).toEqual({ external_id: 'e-1' });
    expect(form.has('skipped')).toBe(false);
    const part = form.get('attachment') as File;
    expect(part.name).toBe('note.txt');
    expect(await part.text()).toBe('hello');
  });

  it('refuses an encoding the operation does not list', async () => {
    const jsonOnly: OperationDescriptor = { ...createUser, bodyEncodings: ['json'] };
    await expect(
      clientFor(server.origin).request(jsonOnly, { body: { a: 1 } }, { encoding: 'form' }),
    ).rejects.toThrow(/does not accept a form body; it accepts json/);
    await expect(
      clientFor(server.origin).request(getUser, { path: { user_id: 'u' }, body: { a: 1 } }),
    ).rejects.toThrow(/takes no request body/);
    await expect(
      clientFor(server.origin).request(
        createUser,
        { body: { f: new Blob(['x']) } },
        { encoding: 'form' },
      ),
    ).rejects.toThrow(/only a multipart body/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('headers', () => {
  it('sends the bearer token, Accept, User-Agent and X-Connect-Client', async () => {
    await clientFor(server.origin).request(getUser, { path: { user_id: 'u1' } });
    const headers = server.requests[0]!.headers;
    expect(headers['authorization']).toBe(`Bearer ${MARKER_TOKEN}`);
    expect(headers['accept']).toBe('application/json');
    expect(headers['x-connect-client']).toBe('connect-api-client/1.4.0');
    expect(headers['user-agent']).toMatch(/^connect-api-client\/1\.4\.0/);
    expect(headers['content-type']).toBeUndefined();
  });

  it('layers client and call headers; null removes a default', async () => {
    const client = clientFor(server.origin, {
      headers: { 'x-team': 'fleet', 'x-connect-client': null },
    });
    await client.request(
      getUser,
      { path: { user_id: 'u1' } },
      { headers: { 'x-trace': 't-1', 'x-team': 'ops' } },
    );
    const headers = server.requests[0]!.headers;
    expect(headers['x-team']).toBe('ops');
    expect(headers['x-trace']).toBe('t-1');
    expect(headers['x-connect-client']).toBeUndefined();
  });

  it("sends a Content-Type only with a body, whatever the client's or the call's headers say", async () => {
    const client = clientFor(server.origin, { headers: { 'content-type': 'text/plain' } });
    await client.request(getUser, { path: { user_id: 'u1' } });
    await client.request(
      getUser,
      { path: { user_id: 'u1' } },
      { headers: { 'content-type': 'text/csv' } },
    );
    await client.request(createUser, { body: { email: 'a@b.c' } });
    const types = server.requests.map((r) => r.headers['content-type']);
    expect(types).toEqual([undefined, undefined, 'application/json']);
  });

  it('refuses Authorization in per-call headers', async () => {
    await expect(
      clientFor(server.origin).request(
        getUser,
        { path: { user_id: 'u1' } },
        { headers: { Authorization: 'Bearer other' } },
      ),
    ).rejects.toThrow(/must not set Authorization/);
    expect(server.requests).toHaveLength(0);
  });

  it('asks the token provider before every attempt, so rotated tokens are used', async () => {
    let n = 0;
    const client = clientFor(server.origin, { tokenProvider: async () => `rotating-token-${++n}` });
    server.reply(json(503, {}));
    await client.request(getUser, { path: { user_id: 'u1' } });
    expect(server.requests.map((r) => r.headers['authorization'])).toEqual([
      'Bearer rotating-token-1',
      'Bearer rotating-token-2',
    ]);
  });

  it('does not follow redirects, so the token goes nowhere else', async () => {
    server.reply(raw(302, '', { location: 'https://elsewhere.example/steal' }));
    const error = await clientFor(server.origin)
      .request(deleteUser, { path: { user_id: 'u1' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 302,
      message: expect.stringMatching(/redirect not followed/),
    });
    expect(server.requests).toHaveLength(1);
  });
});
