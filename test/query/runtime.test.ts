/**
 * The runtime's query helpers (templates/runtime/core/query.ts): the next page read off `next`
 * (page 0 a page, the user's other parameters untouched, loops and empty pages ending the
 * list), invalidation with the caller's override, and the retry setting.
 */
import { describe, expect, it } from 'vitest';
import {
  invalidateAfter,
  leaveRetriesToClient,
  nextPageNumber,
  nextPageToken,
  type InvalidationContext,
} from '../../templates/runtime/core/query.js';

const page = (next: string | null, results: readonly unknown[] = [1]) => ({ next, results });

describe('nextPageNumber', () => {
  it.each([
    { next: 'https://api.test/users/?page=2&page_size=10', want: 2 },
    // Page 0 is a page: a falsy check would end the list here.
    { next: 'https://api.test/users/?page=0', want: 0 },
    { next: 'https://api.test/users/?search=a%26b&page=3#top', want: 3 },
    // Relative links and encoded names read the same.
    { next: '/users/?p%61ge=4', want: 4 },
    { next: 'https://api.test/users/?page=last', want: undefined },
    { next: 'https://api.test/users/?page=', want: undefined },
    { next: 'https://api.test/users/?page_size=10', want: undefined },
    { next: 'https://api.test/users/', want: undefined },
    { next: null, want: undefined },
  ])('$next → $want', ({ next, want }) => {
    expect(nextPageNumber(page(next), 'page', [null])).toBe(want);
  });

  it('ends the list after a page without items, as the paginator does', () => {
    expect(nextPageNumber(page('https://api.test/?page=2', []), 'page', [null])).toBeUndefined();
  });

  it('ends the list when the server links back to a page already fetched', () => {
    expect(nextPageNumber(page('https://api.test/?page=2'), 'page', [null, 2])).toBeUndefined();
    expect(nextPageNumber(page('https://api.test/?page=3'), 'page', [null, 2])).toBe(3);
  });

  it('survives a malformed escape in another parameter', () => {
    expect(nextPageNumber(page('https://api.test/?q=%E0%A4%A&page=5'), 'page', [])).toBe(5);
  });
});

describe('nextPageToken', () => {
  it('reads a cursor as it is, decoded', () => {
    expect(nextPageToken(page('https://api.test/?cursor=cD0y%3D'), 'cursor', [null])).toBe('cD0y=');
    expect(nextPageToken(page('https://api.test/?cursor='), 'cursor', [null])).toBeUndefined();
    expect(
      nextPageToken(page('https://api.test/?cursor=a'), 'cursor', [null, 'a']),
    ).toBeUndefined();
  });
});

describe('invalidateAfter', () => {
  function recording() {
    const invalidated: unknown[] = [];
    const context: InvalidationContext = {
      client: {
        invalidateQueries: async (filters) => {
          invalidated.push(filters.queryKey);
        },
      },
    };
    return { invalidated, context };
  }
  const keys = [['api', 'users', {}]] as const;

  it('invalidates the keys the option names', async () => {
    const { invalidated, context } = recording();
    await invalidateAfter(context, { id: 'u1' }, keys, undefined);
    expect(invalidated).toEqual([['api', 'users', {}]]);
  });

  it('invalidates a list the caller gives instead', async () => {
    const { invalidated, context } = recording();
    await invalidateAfter(context, { id: 'u1' }, keys, { invalidates: [['api', 'other']] });
    expect(invalidated).toEqual([['api', 'other']]);
  });

  it('lets a function extend the keys from the variables', async () => {
    const { invalidated, context } = recording();
    await invalidateAfter(context, { id: 'u1' }, keys, {
      invalidates: (v, named) => [...named, ['api', 'users', v.id]],
    });
    expect(invalidated).toEqual([
      ['api', 'users', {}],
      ['api', 'users', 'u1'],
    ]);
  });

  it('resolves only once every invalidation has', async () => {
    let release!: () => void;
    const context: InvalidationContext = {
      client: { invalidateQueries: () => new Promise<void>((r) => (release = r)) },
    };
    let done = false;
    const pending = invalidateAfter(context, undefined, keys, undefined).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    release();
    await pending;
    expect(done).toBe(true);
  });
});

describe('leaveRetriesToClient', () => {
  it('never asks TanStack to retry', () => {
    expect(leaveRetriesToClient(0, new Error('503'))).toBe(false);
    expect(leaveRetriesToClient(1, undefined)).toBe(false);
  });
});
