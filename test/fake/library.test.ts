/**
 * The fakes' library (templates/fake/) in the behaviours where the two fakes' former copies
 * disagreed and one rule now serves both: the router's order, its 405 and trailing-slash
 * hint, and transactions that undo a result judged a failure without a throw.
 */
import { describe, expect, it } from 'vitest';
import { Router } from '../../templates/fake/router.js';
import { Transactions } from '../../templates/fake/transactions.js';
import { REASON_PHRASES } from '../../templates/fake/reasons.js';
import { CLIENT_ERROR_REASONS } from '../../generator/shared/http-status.js';

const route = (id: string, method: string, path: string) => ({ id, method, path });

describe('the router', () => {
  it('tries concrete paths before templated ones, whatever the spec order', () => {
    const router = new Router([
      route('byId', 'GET', '/pets/{petId}'),
      route('mine', 'GET', '/pets/mine'),
      route('owned', 'GET', '/owners/{ownerId}/pets/{petId}'),
      route('ownerMine', 'GET', '/owners/{ownerId}/pets/mine'),
    ]);
    expect(router.match('GET', '/pets/mine')).toMatchObject({ operation: { id: 'mine' } });
    expect(router.match('GET', '/pets/7')).toMatchObject({
      operation: { id: 'byId' },
      params: { petId: '7' },
    });
    expect(router.match('GET', '/owners/1/pets/mine')).toMatchObject({
      operation: { id: 'ownerMine' },
    });
  });

  it('keeps spec order among templates with as many parameters', () => {
    const router = new Router([
      route('first', 'GET', '/files/{name}.json'),
      route('second', 'GET', '/files/{path}'),
    ]);
    expect(router.match('GET', '/files/a.json')).toMatchObject({ operation: { id: 'first' } });
    expect(router.match('GET', '/files/a.txt')).toMatchObject({ operation: { id: 'second' } });
  });

  it('answers 405 with each method of the path once, and no OPTIONS of its own', () => {
    const router = new Router([
      route('list', 'GET', '/pets'),
      route('create', 'POST', '/pets'),
      route('again', 'GET', '/pets'),
    ]);
    expect(router.match('DELETE', '/pets')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'POST'],
    });
  });

  it('matches paths as the spec writes them, and names the one meant when a slash is missing', () => {
    const slashed = new Router([route('list', 'GET', '/users/')]);
    expect(slashed.match('GET', '/users')).toEqual({ kind: 'not-found', withSlash: '/users/' });
    const bare = new Router([route('list', 'GET', '/users')]);
    expect(bare.match('GET', '/users/')).toEqual({ kind: 'not-found' });
    expect(bare.match('GET', '/other')).toEqual({ kind: 'not-found' });
  });

  it('keeps a parameter named __proto__ as a member', () => {
    const router = new Router([route('odd', 'GET', '/things/{__proto__}')]);
    const match = router.match('GET', '/things/x');
    expect(match.kind === 'operation' && Object.keys(match.params)).toEqual(['__proto__']);
  });
});

describe('transactions', () => {
  it('undoes a result the caller calls a failure, and keeps the rest', async () => {
    const stored: string[] = [];
    const transactions = new Transactions(() => {
      const saved = [...stored];
      return () => stored.splice(0, stored.length, ...saved);
    });
    const failed = (status: number) => status === 500;
    await transactions.run(async () => (stored.push('kept'), 201), failed);
    await transactions.run(async () => (stored.push('lost'), 500), failed);
    expect(stored).toEqual(['kept']);
  });
});

describe('the reason phrases', () => {
  it('are RFC 9110’s, the same table the generator names error classes from', () => {
    expect(REASON_PHRASES[413]).toBe('Content Too Large');
    expect(REASON_PHRASES[422]).toBe('Unprocessable Content');
    for (const [status, reason] of Object.entries(CLIENT_ERROR_REASONS))
      expect(REASON_PHRASES[Number(status)]).toBe(reason);
  });
});
