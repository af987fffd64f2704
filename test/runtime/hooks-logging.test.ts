/** Hooks see each attempt with redacted headers; throwing hooks and loggers are harmless; logging is opt-in. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  InternalServerError,
  type ErrorHookEvent,
  type RequestHookEvent,
  type ResponseHookEvent,
} from '../../templates/runtime/index.js';
import { clientFor, getUser } from './fixtures.js';
import { json, useTestServer } from './http-server.js';

const server = useTestServer(json(200, { id: 'u1' }));
afterEach(() => {
  vi.restoreAllMocks();
});

describe('hooks', () => {
  it('fire for every attempt with redacted headers, status, duration and the error', async () => {
    const requests: RequestHookEvent[] = [];
    const responses: ResponseHookEvent[] = [];
    const errors: ErrorHookEvent[] = [];
    server.reply(json(503, { detail: 'busy' }));
    const client = clientFor(server.origin, {
      headers: { 'x-api-key': 'k-123456789' },
      hooks: {
        onRequest: (e) => void requests.push(e),
        onResponse: (e) => void responses.push(e),
        onError: (e) => void errors.push(e),
      },
    });
    await client.request(getUser, { path: { user_id: 'u1' } });

    expect(requests.map((e) => e.attempt)).toEqual([1, 2]);
    expect(requests[0]).toMatchObject({
      operationId: 'usersRetrieve',
      method: 'GET',
      url: `${server.origin}/api/v1/users/u1/`,
    });
    expect(requests[0]!.headers['authorization']).toBe('[REDACTED]');
    expect(requests[0]!.headers['x-api-key']).toBe('[REDACTED]');
    expect(requests[0]!.headers['accept']).toBe('application/json');
    expect(responses.map((e) => e.status)).toEqual([503, 200]);
    expect(responses.every((e) => e.durationMs >= 0)).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.error).toBeInstanceOf(InternalServerError);
    expect(errors[0]!.willRetry).toBe(true);
  });

  it('onError says when there will be no retry', async () => {
    const onError = vi.fn();
    server.reply(json(404, {}));
    await clientFor(server.origin, { hooks: { onError } })
      .request(getUser, { path: { user_id: 'u1' } })
      .catch(() => undefined);
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]![0]).toMatchObject({ willRetry: false, attempt: 1 });
  });

  it('a throwing or rejecting hook does not break the request, and is reported through the logger', async () => {
    const warn = vi.fn();
    const boom = () => {
      throw new Error('hook exploded');
    };
    const client = clientFor(server.origin, {
      logger: { warn },
      hooks: {
        onRequest: boom,
        onResponse: async () => Promise.reject(new Error('async hook failed')),
        onError: boom,
      },
    });
    await expect(client.request(getUser, { path: { user_id: 'u1' } })).resolves.toEqual({
      id: 'u1',
    });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('hook onRequest threw and was ignored: Error: hook exploded'),
    );
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('hook onResponse threw and was ignored: Error: async hook failed'),
    );
  });
  it('a hook that throws something other than an Error is reported with that value', async () => {
    const warn = vi.fn();
    const client = clientFor(server.origin, {
      logger: { warn },
      hooks: {
        onRequest: () => {
          throw 42;
        },
        onResponse: async () => Promise.reject(new Map()),
      },
    });
    await client.request(getUser, { path: { user_id: 'u1' } });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('hook onRequest threw and was ignored: 42'),
    );
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('hook onResponse threw and was ignored: [object Map]'),
    );
  });
});

describe('logging', () => {
  it('logs no debug or info lines by default (warnings: validation-warnings.test.ts)', async () => {
    const spies = (['debug', 'info', 'warn', 'error', 'log'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => undefined),
    );
    server.reply(json(503, {}));
    await clientFor(server.origin).request(getUser, { path: { user_id: 'u1' } });
    await clientFor(server.origin).request(getUser, { path: { user_id: 'u1' } });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('logLevel alone logs to the console at that level and above', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    server.reply(json(503, {}));
    await clientFor(server.origin, { logLevel: 'info' }).request(getUser, {
      path: { user_id: 'u1' },
    });
    expect(debug).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(
      expect.stringMatching(/usersRetrieve: attempt 1 failed .*503.*retrying in \d+ ms/),
    );
    await clientFor(server.origin, { logLevel: 'debug' }).request(getUser, {
      path: { user_id: 'u1' },
    });
    expect(debug).toHaveBeenCalledWith(
      expect.stringContaining(`→ GET ${server.origin}/api/v1/users/u1/`),
      {
        headers: expect.objectContaining({
          authorization: '[REDACTED]',
          accept: 'application/json',
        }),
      },
    );
    expect(debug).toHaveBeenCalledWith(expect.stringContaining('← 200 GET'), {
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
    });
  });

  it('a throwing logger is ignored', async () => {
    const logger = {
      debug: () => {
        throw new Error('disk full');
      },
    };
    await expect(
      clientFor(server.origin, { logger, logLevel: 'debug' }).request(getUser, {
        path: { user_id: 'u1' },
      }),
    ).resolves.toEqual({ id: 'u1' });
  });
});
