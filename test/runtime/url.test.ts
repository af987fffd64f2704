/** Path and query encoding as pure functions, with a round-trip property for path parameters. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../templates/runtime/index.js';
import {
  encodeQuery,
  isInsecureForCredentials,
  isLoopbackHost,
  joinUrl,
  pageUrlKey,
  renderPath,
} from '../../templates/runtime/core/url.js';
import { safeUrl } from '../../templates/runtime/internal/redact.js';

/**
 * Any Unicode text, weighted towards the characters URLs treat specially. (Built from code
 * points rather than fast-check's 'binary' unit, whose tables take most of a second to build.)
 */
const text = (constraints: { minLength?: number } = {}) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '/',
          '?',
          '#',
          '%',
          '.',
          ' ',
          '+',
          '&',
          '=',
          ';',
          ',',
          '\\',
          'é',
          '😀',
          '%2F',
          '..',
        ),
        fc
          .integer({ min: 0, max: 0x10ffff })
          .filter((c) => c < 0xd800 || c > 0xdfff)
          .map((c) => String.fromCodePoint(c)),
      ),
      {
        maxLength: 12,
        ...constraints,
      },
    )
    .map((parts) => parts.join(''));

const context = { operationId: 'op', method: 'GET', url: 'https://x/' };
const base = new URL('https://connect.cariqa.com');

describe('renderPath', () => {
  it('round-trips any path parameter through a real URL parser, inside its own segment', () => {
    fc.assert(
      fc.property(
        text({ minLength: 1 }).filter((s) => s !== '.' && s !== '..'),
        text({ minLength: 1 }).filter((s) => s !== '.' && s !== '..'),
        (userId, sessionId) => {
          const path = renderPath(
            '/api/v1/users/{user_id}/charging-sessions/{session_id}/',
            { user_id: userId, session_id: sessionId },
            context,
          );
          const url = new URL(joinUrl(base, path));
          expect(url.origin).toBe(base.origin);
          expect(url.search).toBe('');
          expect(url.hash).toBe('');
          expect(url.pathname).toBe(path);
          const segments = url.pathname.split('/');
          expect(segments).toHaveLength(8);
          expect(segments.slice(0, 4)).toEqual(['', 'api', 'v1', 'users']);
          expect(decodeURIComponent(segments[4]!)).toBe(userId);
          expect(segments[5]).toBe('charging-sessions');
          expect(decodeURIComponent(segments[6]!)).toBe(sessionId);
          expect(segments[7]).toBe('');
        },
      ),
    );
  });

  it('refuses empty, dot and dot-dot segments, lone surrogates, missing and unknown parameters', () => {
    for (const value of ['', '.', '..', '\ud800'])
      expect(() => renderPath('/u/{id}/', { id: value }, context)).toThrow(InvalidRequestError);
    expect(() => renderPath('/u/{id}/', {}, context)).toThrow(/"id" is required/);
    expect(() => renderPath('/u/{id}/', { id: 'a', other: 'b' }, context)).toThrow(
      /unknown path parameter "other"/,
    );
    expect(() => renderPath('/u/{id}/', { id: Infinity }, context)).toThrow(/finite number/);
    expect(renderPath('/u/{id}/', { id: 7 }, context)).toBe('/u/7/');
    expect(renderPath('/u/{id}/', { id: '...' }, context)).toBe('/u/.../');
  });
});

describe('encodeQuery', () => {
  const declared = [{ name: 'x' }, { name: 'y' }, { name: 'z' }, { name: 'ops', explode: false }];

  it('explodes arrays, joins them with commas when explode is false, and keeps declared order', () => {
    expect(
      encodeQuery(declared, { z: 3, ops: ['a', 'b'], y: [2, 3], x: [1] }, context).toString(),
    ).toBe('x=1&y=2&y=3&z=3&ops=a%2Cb');
  });

  it('writes booleans, bigints and dates, skips null and undefined', () => {
    const date = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(
      encodeQuery(declared, { x: false, y: 10n, z: date, ops: null }, context).toString(),
    ).toBe('x=false&y=10&z=2025-01-02T03%3A04%3A05.000Z');
  });

  it('round-trips any string value through URLSearchParams', () => {
    fc.assert(
      fc.property(text(), fc.array(text()), (x, y) => {
        const params = new URLSearchParams(encodeQuery(declared, { x, y }, context).toString());
        expect(params.get('x')).toBe(x);
        expect(params.getAll('y')).toEqual(y);
      }),
    );
  });

  it('refuses undeclared keys unless undefined', () => {
    expect(() => encodeQuery(declared, { w: 1 }, context)).toThrow(
      /unknown query parameter "w"; it takes x, y, z, ops/,
    );
    expect(encodeQuery(declared, { w: undefined }, context).toString()).toBe('');
  });
});

describe('addresses', () => {
  it('knows loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.255.0.9', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of [
      'localhost.evil.com',
      '128.0.0.1',
      '10.0.0.1',
      '[::2]',
      'connect.cariqa.com',
    ])
      expect(isLoopbackHost(host)).toBe(false);
    expect(isInsecureForCredentials(new URL('http://127.1/'))).toBe(false);
    expect(isInsecureForCredentials(new URL('https://example.com/'))).toBe(false);
    expect(isInsecureForCredentials(new URL('http://example.com/'))).toBe(true);
  });

  it('joins a base path prefix without doubling slashes', () => {
    expect(joinUrl(new URL('https://h/prefix/'), '/api/v1/x/', new URLSearchParams('a=1'))).toBe(
      'https://h/prefix/api/v1/x/?a=1',
    );
    expect(joinUrl(new URL('https://h'), '/api/v1/x/')).toBe('https://h/api/v1/x/');
  });

  it('strips credentials from URLs it shows, keeping the query', () => {
    expect(safeUrl('https://user:pw@h/p?q=1')).toBe('https://h/p?q=1');
    expect(safeUrl('not a url')).toBe('[unparseable URL]');
  });

  it('recognises the same page whatever the parameter order', () => {
    expect(pageUrlKey('https://h/l/?page=2&search=a')).toBe(
      pageUrlKey('https://h/l/?search=a&page=2#x'),
    );
    expect(pageUrlKey('https://h/l/?page=2')).not.toBe(pageUrlKey('https://h/l/?page=3'));
  });
});
