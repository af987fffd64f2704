/** Cookie parameters (OpenAPI `in: cookie`): one `Cookie` header, values encoded, unknown names refused. */
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, type OperationDescriptor } from '../../templates/runtime/index.js';
import { clientFor } from '../runtime/fixtures.js';
import { json, useTestServer } from '../runtime/http-server.js';
import { encodeParameters } from '../../templates/runtime/core/params.js';

const server = useTestServer(json(200, { ok: true }));

const withCookies: OperationDescriptor = {
  id: 'getPreferences',
  method: 'GET',
  path: '/api/v1/preferences/',
  query: [],
  cookies: [{ name: 'session_id' }, { name: 'theme' }],
  encodeParameters,
  bodyEncodings: [],
  retrySafe: true,
  successStatuses: [200],
};

describe('cookie parameters', () => {
  it('sends the given ones in one Cookie header, percent-encoded, skipping undefined and null', async () => {
    await clientFor(server.origin).request(withCookies, {
      cookies: { session_id: 'a b;c', theme: undefined },
    });
    expect(server.requests[0]!.headers['cookie']).toBe('session_id=a%20b%3Bc');
    await clientFor(server.origin).request(withCookies, {
      cookies: { session_id: 7, theme: 'dark' },
    });
    expect(server.requests[1]!.headers['cookie']).toBe('session_id=7; theme=dark');
  });

  it('sends no Cookie header when none is given', async () => {
    await clientFor(server.origin).request(withCookies, {});
    expect(server.requests[0]!.headers['cookie']).toBeUndefined();
  });

  it('refuses a cookie the operation does not declare, before sending', async () => {
    const error = await clientFor(server.origin)
      .request(withCookies, { cookies: { tracking: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).argument).toBe('cookies.tracking');
    expect(server.requests).toHaveLength(0);
  });
});
