/**
 * The fake's CORS answers are django-cors-headers' with its defaults (every origin allowed):
 * a preflight allows a fixed list of request headers, not whatever the browser asks for, so
 * a browser blocks a client that sends a custom header here as it would against the API.
 * (test/package/browser-cors.test.ts shows Chromium doing so.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../templates/fake/exchange.js';
import { listen, type Listening } from '../../templates/fake/node/http.js';
import { DJANGO_CORS } from '../../templates/connect/fake/cors.js';

let server: Listening;
const handled: HttpRequest[] = [];

beforeAll(async () => {
  server = await listen(
    async (request) => {
      handled.push(request);
      return request.headers.authorization === undefined
        ? { status: 401, body: { detail: 'Authentication credentials were not provided.' } }
        : { status: 200, body: { ok: true } };
    },
    { port: 0, host: '127.0.0.1', maxBodyBytes: 1024, cors: DJANGO_CORS },
  );
});
afterAll(() => server.close());

const ORIGIN = 'http://localhost:3000';

describe("the fake's CORS, as django-cors-headers' defaults", () => {
  it('answers a preflight before authentication, allowing the default headers only', async () => {
    handled.length = 0;
    const response = await fetch(`${server.url}/api/v1/users/`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-connect-client',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect(
      Object.fromEntries([...response.headers].filter(([name]) => /^(access|vary)/.test(name))),
    ).toEqual({
      'access-control-allow-headers':
        'accept, authorization, content-type, user-agent, x-csrftoken, x-requested-with',
      'access-control-allow-methods': 'DELETE, GET, OPTIONS, PATCH, POST, PUT',
      'access-control-allow-origin': '*',
      'access-control-max-age': '86400',
      vary: 'origin',
    });
    expect(handled).toHaveLength(0);
  });

  it('lets any origin read answers, errors included, and exposes no further headers', async () => {
    const variants: Record<string, string>[] = [
      { origin: ORIGIN },
      { origin: ORIGIN, authorization: 'Bearer t' },
    ];
    for (const headers of variants) {
      const response = await fetch(`${server.url}/api/v1/users/`, { headers });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBeNull();
      expect(response.headers.get('access-control-allow-headers')).toBeNull();
      expect(response.headers.get('vary')).toBe('origin');
    }
  });

  it('adds nothing but Vary to a request that names no origin', async () => {
    const response = await fetch(`${server.url}/api/v1/users/`);
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toBe('origin');
  });
});
