import { describe, expect, it } from 'vitest';
import { authenticate, requirePermission, tokenTable } from '../../templates/connect/fake/auth.js';
import type { OperationContract } from '../../templates/connect/fake/contract.js';
import { ApiFailure } from '../../templates/connect/fake/errors.js';
import { paginate } from '../../templates/connect/fake/pagination.js';
import { Router } from '../../templates/fake/router.js';

const op = (id: string, method: OperationContract['method'], path: string): OperationContract => ({
  id,
  method,
  path,
  query: [],
  successStatus: 200,
});

function statusOf(run: () => unknown): number {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiFailure) return error.status;
    throw error;
  }
  return 0;
}

describe('Router', () => {
  const router = new Router([
    op('list', 'GET', '/api/v1/users/'),
    op('create', 'POST', '/api/v1/users/'),
    op('retrieve', 'GET', '/api/v1/users/{user_id}/'),
    op('stop', 'POST', '/api/v1/users/{user_id}/charging/stop/{session_id}/'),
  ]);

  it('matches method and path, decoding path parameters', () => {
    expect(router.match('GET', '/api/v1/users/')).toMatchObject({
      kind: 'operation',
      operation: { id: 'list' },
    });
    expect(router.match('POST', '/api/v1/users/a%20b/charging/stop/s.1/')).toMatchObject({
      kind: 'operation',
      operation: { id: 'stop' },
      params: { user_id: 'a b', session_id: 's.1' },
    });
  });

  it('tells 405 from 404', () => {
    expect(router.match('DELETE', '/api/v1/users/')).toEqual({
      kind: 'method-not-allowed',
      // The Connect fake's core adds OPTIONS to `Allow` (its edge answers preflights).
      allowed: ['GET', 'POST'],
    });
    expect(router.match('GET', '/api/v1/users/a/b/')).toEqual({ kind: 'not-found' });
    expect(router.match('GET', '/api/v1/user/')).toEqual({ kind: 'not-found' });
  });

  it('names the path meant when only the trailing slash is missing', () => {
    expect(router.match('GET', '/api/v1/users')).toEqual({
      kind: 'not-found',
      withSlash: '/api/v1/users/',
    });
    expect(router.match('DELETE', '/api/v1/users')).toEqual({
      kind: 'not-found',
      withSlash: '/api/v1/users/',
    });
    expect(router.match('POST', '/api/v1/users/u1/charging/stop/s1')).toEqual({
      kind: 'not-found',
      withSlash: '/api/v1/users/u1/charging/stop/s1/',
    });
    expect(router.match('GET', '/api/v1/nothing')).toEqual({ kind: 'not-found' });
    expect(router.match('GET', '/api/v1/users/a/b/')).toEqual({ kind: 'not-found' });
    expect(router.match('GET', '/api/v1/users/%E0%A4%A/')).toEqual({ kind: 'not-found' });
  });
});

describe('authentication', () => {
  const table = tokenTable(['all', { token: 'limited', permissions: [] }]);

  it('answers 401 without a bearer token and 403 for an unknown one', () => {
    expect(statusOf(() => authenticate(undefined, table))).toBe(401);
    expect(statusOf(() => authenticate('Basic all', table))).toBe(401);
    expect(statusOf(() => authenticate('Bearer', table))).toBe(401);
    expect(statusOf(() => authenticate('Bearer other', table))).toBe(403);
    expect([...authenticate('bearer  all', table)]).toEqual(['data-files']);
  });

  it('checks permissions', () => {
    expect(
      statusOf(() => requirePermission(authenticate('Bearer limited', table), 'data-files')),
    ).toBe(403);
    expect(statusOf(() => requirePermission(authenticate('Bearer all', table), 'data-files'))).toBe(
      0,
    );
  });

  it('refuses tokens that could not travel in a header', () => {
    expect(() => tokenTable(['with space'])).toThrow(TypeError);
    expect(() => tokenTable([])).toThrow(/at least one token/);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 45 }, (_, i) => i);
  const url = new URL('http://127.0.0.1:9/api/v1/users/?search=x&page=2');

  it('cuts pages and links neighbours with absolute URLs', () => {
    expect(paginate(items, { page: 2 }, url)).toEqual({
      count: 45,
      next: 'http://127.0.0.1:9/api/v1/users/?search=x&page=3',
      previous: 'http://127.0.0.1:9/api/v1/users/?search=x',
      results: items.slice(20, 40),
    });
    expect(paginate(items, { page: 3 }, url)).toMatchObject({
      next: null,
      results: items.slice(40),
    });
    // page_size is capped at 100, as Django REST Framework's max_page_size does.
    expect(
      paginate(
        Array.from({ length: 150 }, (_, i) => i),
        { page_size: 500 },
        url,
      ).results,
    ).toHaveLength(100);
    expect(paginate([], {}, url)).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('answers 404 past the last page', () => {
    expect(statusOf(() => paginate(items, { page: 4 }, url))).toBe(404);
    expect(statusOf(() => paginate([], { page: 2 }, url))).toBe(404);
  });
});
