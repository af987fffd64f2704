/**
 * Query keys and invalidation as data (`plan/query-keys.ts`), from the path templates: keys
 * that a prefix invalidates by resource, and the keys each write of our spec and the pet store
 * invalidates, written out as the key a reader would expect.
 */
import { describe, expect, it } from 'vitest';
import {
  invalidationsOf,
  keySegments,
  pageParameterOf,
  queryKeyPlan,
  rootKeyOf,
  sharedPrefixLength,
  streamedQueryOf,
  type Invalidation,
  type KeySegment,
} from '../../generator/plan/query-keys.js';
import type { Ir } from '../../generator/ir/types.js';
import { buildIr } from '../../generator/ir/build.js';
import { loadSource } from '../../generator/load/load.js';
import { planIr } from '../../generator/plan/index.js';
import { int, operation, str } from '../support/ir-values.js';

async function irOf(spec: string): Promise<Ir> {
  const loaded = await loadSource(spec);
  return planIr(buildIr(loaded.document!).ir!).ir;
}

/** A key as a reader writes it: `users/{user_id}/billing-details` and `{}` for the reads' object. */
const shown = (segments: readonly KeySegment[]) =>
  segments
    .map((s) =>
      s.kind === 'literal'
        ? s.value
        : s.kind === 'parameter'
          ? `{${s.name}}`
          : s.parts.map((p) => (typeof p === 'string' ? p : `{${p.name}}`)).join(''),
    )
    .join('/');
const shownInvalidation = (i: Invalidation) =>
  i.scope === 'reads' ? `${shown(i.segments)} {}` : `${shown(i.segments)}/…`;

describe('sharedPrefixLength', () => {
  it.each([
    { given: ['/api/v1/users/', '/api/v1/users/{id}/'], want: 2 },
    // Two versions side by side keep their version word, or /v1/users and /v2/users would share keys.
    { given: ['/v1/users', '/v2/users'], want: 0 },
    { given: ['/api/things', '/api/other'], want: 1 },
    { given: ['/pets', '/pets/{petId}'], want: 0 },
    // A path that is only the prefix keeps it.
    { given: ['/api/', '/api/users'], want: 0 },
    { given: ['/{tenant}/api/users'], want: 0 },
    { given: [], want: 0 },
  ])('$given → $want', ({ given, want }) => {
    expect(sharedPrefixLength(given)).toBe(want);
  });
});

describe('keySegments', () => {
  it('turns words into literals, parameters into their names, and keeps a mixed segment whole', () => {
    expect(keySegments('/api/v1/users/{user_id}/billing-details/', 2)).toEqual([
      { kind: 'literal', value: 'users' },
      { kind: 'parameter', name: 'user_id' },
      { kind: 'literal', value: 'billing-details' },
    ]);
    expect(keySegments('/files/{name}.{ext}', 0)).toEqual([
      { kind: 'literal', value: 'files' },
      { kind: 'template', parts: [{ name: 'name' }, '.', { name: 'ext' }] },
    ]);
  });
});

describe('rootKeyOf', () => {
  it.each([
    ['Connect API', 'connect-api'],
    ['Pet Store', 'pet-store'],
    ['GitHub v3 REST API', 'git-hub-v3-rest-api'],
    ['  ', 'api'],
  ])('%s → %s', (title, want) => expect(rootKeyOf(title)).toBe(want));
});

describe('the keys of our spec', () => {
  it('gives each read its path under the API root, without /api/v1', async () => {
    const ir = await irOf('spec/connect-api.yaml');
    const reads = queryKeyPlan(ir.operations).reads;
    const byFunction = new Map(
      [...reads].map(([op, segments]) => [op.functionName, shown(segments)]),
    );
    expect(Object.fromEntries(byFunction)).toMatchObject({
      stationsAround: 'stations/around',
      usersList: 'users',
      usersRetrieve: 'users/{user_id}',
      usersBillingDetailsRetrieve: 'users/{user_id}/billing-details',
      usersChargingSessionsList: 'users/{user_id}/charging-sessions',
      usersChargingSessionsRetrieve: 'users/{user_id}/charging-sessions/{session_id}',
      usersDebtsList: 'users/{user_id}/charging/debts',
    });
  });

  it('invalidates by the path hierarchy after each write', async () => {
    const ir = await irOf('spec/connect-api.yaml');
    const { invalidations } = queryKeyPlan(ir.operations);
    const table = Object.fromEntries(
      [...invalidations].map(([op, list]) => [op.functionName, list.map(shownInvalidation)]),
    );
    expect(table).toEqual({
      // A new user: the user lists, not every user's own reads.
      usersCreate: ['users {}'],
      // An update: that user's reads and the lists that show it.
      usersUpdate: ['users/{user_id} {}', 'users {}'],
      // A deletion: everything of that user, and the lists.
      usersDelete: ['users/{user_id}/…', 'users {}'],
      // Billing details: that user's billing details, and the user that shows them.
      usersBillingDetailsUpdate: ['users/{user_id}/billing-details {}', 'users/{user_id} {}'],
      // An action on a payment method with no read of its own: the user it belongs to, whose
      // payment-method list shows which one is the default.
      usersPaymentMethodsSetDefault: ['users/{user_id}/…'],
      usersPaymentMethodsDelete: ['users/{user_id}/payment-methods {}'],
      // Starting or stopping charging: that user's sessions, debts and the user; and the station
      // reads, whose availability it changes (`x-sdk-invalidates`).
      usersChargingStart: [
        'users/{user_id}/…',
        'stations/around {}',
        'stations/details {}',
        'stations/tile {}',
      ],
      usersChargingStop: [
        'users/{user_id}/…',
        'stations/around {}',
        'stations/details {}',
        'stations/tile {}',
      ],
      // A setup intent is a GET, but a write for TanStack (`x-sdk-query: write`): the user, and
      // the payment methods the card it prepares joins.
      usersPaymentMethodsCreateSetupIntent: [
        'users/{user_id} {}',
        'users/{user_id}/payment-methods {}',
      ],
      usersChargingSessionsRate: [
        'users/{user_id}/charging-sessions/{session_id} {}',
        'users/{user_id}/charging-sessions {}',
      ],
    });
  });

  it('finds the page parameter of every paginated list', async () => {
    const ir = await irOf('spec/connect-api.yaml');
    const paged = ir.operations.filter((op) => op.pagination);
    expect(paged.map((op) => [op.functionName, pageParameterOf(op)?.parameter.name])).toEqual([
      ['stationsAround', 'page'],
      ['usersList', 'page'],
      ['usersPaymentMethodsList', 'page'],
      ['usersChargingSessionsList', 'page'],
      ['usersDebtsList', 'page'],
      ['usersInvoicesList', 'page'],
    ]);
  });
});

describe('the keys of the pet store', () => {
  it('keys its reads and invalidates the list after a new pet', async () => {
    const ir = await irOf('test/fixtures/other/petstore.yaml');
    const { reads, invalidations } = queryKeyPlan(ir.operations);
    expect([...reads.values()].map(shown)).toEqual(['pets', 'pets/{petId}']);
    expect([...invalidations.values()].map((l) => l.map(shownInvalidation))).toEqual([['pets {}']]);
  });
});

describe('invalidationsOf', () => {
  const seg = (path: string) => keySegments(path, 0);
  const reads = ['/things', '/things/{id}', '/things/{id}/parts'].map(seg);
  it.each([
    { method: 'POST', path: '/things', want: ['things {}'] },
    { method: 'DELETE', path: '/things/{id}', want: ['things/{id}/…', 'things {}'] },
    { method: 'PUT', path: '/things/{id}/parts', want: ['things/{id}/parts {}', 'things/{id} {}'] },
    { method: 'POST', path: '/things/{id}/archive', want: ['things/{id} {}'] },
    // An action two levels down with no read above it but the thing itself.
    { method: 'POST', path: '/things/{id}/parts/{part}/polish', want: ['things/{id}/…'] },
    // Nothing reads near it: it invalidates nothing rather than everything.
    { method: 'POST', path: '/login', want: [] },
    { method: 'POST', path: '/search/things', want: [] },
  ] as const)('$method $path → $want', ({ method, path, want }) => {
    expect(invalidationsOf(method, seg(path), reads).map(shownInvalidation)).toEqual(want);
  });

  it('keeps two reads apart whose paths differ by a trailing slash', () => {
    const a = operation({ functionName: 'a', path: '/things' });
    const b = operation({ functionName: 'b', path: '/things/' });
    const { reads: keys } = queryKeyPlan([a, b]);
    expect(shown(keys.get(a)!)).toBe('things');
    expect(shown(keys.get(b)!)).toBe('things/b');
  });
});

describe('streamed queries', () => {
  const sse = { accept: 'text/event-stream', framing: 'sse' as const, item: str };
  const body = { type: str, required: true, encodings: ['json' as const] } as never;
  it.each([
    { name: 'a GET that only streams', extra: { successStream: sse }, want: 'always' },
    {
      name: 'a POST whose body flag asks for the stream',
      extra: { method: 'POST', body, successType: str, successStream: { ...sse, flag: 'stream' } },
      want: 'flag',
    },
    // The call answers either by the Content-Type: nothing the query sets chooses the stream.
    {
      name: 'JSON or a stream, unflagged',
      extra: { successType: str, successStream: sse },
      want: undefined,
    },
    { name: 'a HEAD', extra: { method: 'HEAD', successStream: sse }, want: undefined },
    { name: 'plain JSON', extra: { successType: str }, want: undefined },
  ] as const)('$name → $want', ({ extra, want }) => {
    expect(streamedQueryOf(operation({ functionName: 'f', ...(extra as object) }))).toBe(want);
  });

  it("keys a write's stream by its path, and by its id too on a read's path", () => {
    const stream = { accept: 'text/event-stream', framing: 'sse' as const, item: str };
    const read = operation({ functionName: 'events', path: '/events', successStream: stream });
    const write = operation({
      functionName: 'publish',
      method: 'POST',
      path: '/events',
      successStream: stream,
    });
    const chat = operation({
      functionName: 'chat',
      method: 'POST',
      path: '/chat',
      successStream: stream,
    });
    const { streams } = queryKeyPlan([read, write, chat]);
    expect(shown(streams.get(read)!)).toBe('events');
    expect(shown(streams.get(write)!)).toBe('events/publish');
    expect(shown(streams.get(chat)!)).toBe('chat');
  });
});

describe('pageParameterOf', () => {
  const paged = { pagination: { kind: 'link' as const, item: str } };
  const param = (name: string, type = int, required = false) => ({
    name,
    identifier: name,
    location: 'query' as const,
    required,
    type,
    explode: true,
  });
  it.each([
    { given: [param('page')], want: ['page', 'number'] },
    { given: [param('page_size'), param('offset')], want: ['offset', 'number'] },
    { given: [param('cursor', str)], want: ['cursor', 'token'] },
    // A required page parameter would make the first page a guess; an unknown one is not found.
    { given: [param('page', int, true)], want: undefined },
    { given: [param('p')], want: undefined },
  ])('$given.0.name → $want', ({ given, want }) => {
    const found = pageParameterOf({ ...paged, queryParameters: given });
    expect(found && [found.parameter.name, found.value]).toEqual(want);
  });

  it('finds none for a list that is not paginated', () => {
    expect(pageParameterOf({ queryParameters: [param('page')] })).toBeUndefined();
  });
});
