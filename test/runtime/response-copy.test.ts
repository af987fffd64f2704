/**
 * The unread `Response` a caller can ask for is made from the body already read, only when
 * asked for: it must still carry exactly the bytes, status, headers and URL that arrived.
 */
import { describe, expect, it } from 'vitest';
import { requestPage } from '../../templates/runtime/index.js';
import { clientFor, getUser, listUsers, type User } from './fixtures.js';
import { json, useTestServer, type Handler } from './http-server.js';

const server = useTestServer(json(200, { id: 'u1' }));

/** Bytes that are not valid UTF-8: a copy made from decoded text would change them. */
const BINARY = [0xff, 0xfe, 0x41, 0x00, 0xc3];
const binary: Handler = (_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'x-request-id': 'r-1',
    'content-length': BINARY.length,
  });
  res.end(Buffer.from(BINARY));
};

describe('the unread response copy', () => {
  it('has the bytes, status, headers and URL of the response that arrived', async () => {
    server.reply(binary);
    const response = await clientFor(server.origin)
      .request(getUser, { path: { user_id: 'u1' } })
      .asResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(response.url).toBe(`${server.origin}/api/v1/users/u1/`);
    expect(response.bodyUsed).toBe(false);
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual(BINARY);
  });

  it('is made once per call: asResponse() and withResponse() share it', async () => {
    const call = clientFor(server.origin).request<User>(getUser, { path: { user_id: 'u1' } });
    const { data, response } = await call.withResponse();
    expect(data.id).toBe('u1');
    expect(await call.asResponse()).toBe(response);
    expect(await response.json()).toEqual({ id: 'u1' });
  });

  it('is there for a page too, unread', async () => {
    server.reply(json(200, { count: 1, next: null, previous: null, results: [{ id: 'u1' }] }));
    const page = await requestPage<User>(clientFor(server.origin), listUsers, {
      query: { search: 'x' },
    });
    expect(page.results).toEqual([{ id: 'u1' }]);
    expect(page.response).toBe(page.response);
    expect(await page.response.json()).toMatchObject({ count: 1 });
  });
});
