/** Response validation modes, raw response access, and the ApiPromise contract. */
import { describe, expect, it, vi } from 'vitest';
import {
  ApiPromise,
  ResponseParseError,
  ResponseValidationError,
} from '../../templates/runtime/index.js';
import { clientFor, getUser, type User } from './fixtures.js';
import { json, raw, useTestServer } from './http-server.js';

const server = useTestServer(json(200, { id: 'u1', email: 'a@example.com', future_field: [1, 2] }));

const invalid = { id: 42, email: 'a@example.com' };

describe('validation modes', () => {
  it('unknown extra properties always pass', async () => {
    await expect(
      clientFor(server.origin, { validateResponses: 'strict' }).request<User>(getUser, {
        path: { user_id: 'u1' },
      }),
    ).resolves.toMatchObject({ id: 'u1' });
  });

  it("'strict' throws ResponseValidationError naming the path and expectation", async () => {
    server.reply(json(200, invalid));
    const onError = vi.fn();
    const error = await clientFor(server.origin, {
      validateResponses: 'strict',
      hooks: { onError },
    })
      .request(getUser, { path: { user_id: 'u1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({
      path: '$.id',
      expected: 'string',
      found: 'integer',
      operationId: 'usersRetrieve',
      responseType: 'User',
      data: invalid,
    });
    expect((error as Error).message).toContain('$.id: expected string, got integer');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ error, willRetry: false }));
  });

  it("'warn' (the default) reports through the logger and onValidationIssue, then returns the data", async () => {
    server.reply(json(200, invalid));
    const warn = vi.fn();
    const onValidationIssue = vi.fn();
    const data = await clientFor(server.origin, {
      logger: { warn },
      hooks: { onValidationIssue },
    }).request(getUser, { path: { user_id: 'u1' } });
    expect(data).toEqual(invalid);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'usersRetrieve returned an invalid User: $.id: expected string, got integer',
      ),
    );
    expect(onValidationIssue).toHaveBeenCalledWith(
      expect.objectContaining({
        operationId: 'usersRetrieve',
        path: '$.id',
        expected: 'string',
        found: 'integer',
        responseType: 'User',
      }),
    );
  });

  it("'off' skips the check, and the per-call mode overrides the client's", async () => {
    server.reply(json(200, invalid), json(200, invalid));
    const onValidationIssue = vi.fn();
    const client = clientFor(server.origin, {
      validateResponses: 'off',
      hooks: { onValidationIssue },
    });
    await expect(client.request(getUser, { path: { user_id: 'u1' } })).resolves.toEqual(invalid);
    expect(onValidationIssue).not.toHaveBeenCalled();
    await expect(
      client.request(getUser, { path: { user_id: 'u1' } }, { validateResponses: 'strict' }),
    ).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('ApiPromise', () => {
  it('is a Promise that starts the request at once, without being awaited', async () => {
    const pending = clientFor(server.origin).request(getUser, { path: { user_id: 'u1' } });
    expect(pending).toBeInstanceOf(Promise);
    expect(pending).toBeInstanceOf(ApiPromise);
    await server.waitForRequests(1);
    await pending;
  });

  it('withResponse() gives the data and an unread Response', async () => {
    const { data, response } = await clientFor(server.origin)
      .request<User>(getUser, { path: { user_id: 'u1' } })
      .withResponse();
    expect(data.id).toBe('u1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ id: 'u1' });
  });

  it('asResponse() gives the raw Response even when the body is not JSON', async () => {
    server.reply(raw(200, 'not json', { 'content-type': 'text/plain' }));
    const response = await clientFor(server.origin)
      .request(getUser, { path: { user_id: 'u1' } })
      .asResponse();
    expect(await response.text()).toBe('not json');
  });

  it('asResponse() rejects with the typed error on an error status', async () => {
    server.reply(json(404, { detail: 'Not found.' }));
    await expect(
      clientFor(server.origin)
        .request(getUser, { path: { user_id: 'u1' } })
        .asResponse(),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('parses once however often it is awaited; then/catch/finally behave like a Promise', async () => {
    const check = vi.fn(getUser.check!);
    const pending = clientFor(server.origin).request<User>(
      { ...getUser, check },
      { path: { user_id: 'u1' } },
    );
    const [a, b] = await Promise.all([pending, pending.then((u) => u.id)]);
    expect(a.id).toBe('u1');
    expect(b).toBe('u1');
    expect(check).toHaveBeenCalledTimes(1);
    const finallyRan = vi.fn();
    server.reply(raw(200, '<html>', { 'content-type': 'text/html' }));
    const caught = await clientFor(server.origin)
      .request(getUser, { path: { user_id: 'u1' } })
      .finally(finallyRan)
      .catch((e: unknown) => e);
    expect(caught).toBeInstanceOf(ResponseParseError);
    expect(finallyRan).toHaveBeenCalledOnce();
  });
});
