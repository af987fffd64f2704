/**
 * The generated query options driving TanStack Query's own `QueryClient` (query-core, no React)
 * against the fake server over HTTP: queries cached under their keys, "load more" through the
 * server's `next` links, mutations invalidating what the path hierarchy relates, one request per
 * 4xx (TanStack leaves retries to the client), typed errors and cancellation.
 */
import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NotFoundError, type User } from '../../generated/src/index.js';
import {
  usersBillingDetailsRetrieveQueryKey,
  usersBillingDetailsUpdateMutationOptions,
  usersChargingSessionsListQueryOptions,
  usersChargingStartMutationOptions,
  usersCreateMutationOptions,
  usersListInfiniteQueryKey,
  usersListInfiniteQueryOptions,
  usersListQueryKey,
  usersListQueryOptions,
  usersPaymentMethodsCreateSetupIntentMutationOptions,
  usersPaymentMethodsListQueryOptions,
  usersRetrieveQueryKey,
  usersRetrieveQueryOptions,
  stationsDetailsQueryOptions,
  stationsAroundQueryOptions,
} from '../../generated/src/query.js';
import { BERLIN, useFakeApi } from '../e2e/harness.js';

const fake = useFakeApi({ seed: 11 });
/** A new cache per test, as a fresh app would have. */
let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

const isInvalidated = (queryKey: readonly unknown[]) =>
  queryClient.getQueryState(queryKey)?.isInvalidated;

function createUser(email: string): Promise<User> {
  return new MutationObserver(queryClient, usersCreateMutationOptions(fake.client)).mutate({
    body: { email },
  });
}

describe('queries', () => {
  it('fetches a read under its key, passing data through', async () => {
    const user = await fake.client.users.create({ email: 'q@example.com' });
    const fetched = await queryClient.fetchQuery(usersRetrieveQueryOptions(fake.client, user.id));
    expect(fetched).toEqual(user);
    expect(usersRetrieveQueryKey(user.id)).toEqual(['connect-api', 'users', user.id, {}]);
    expect(queryClient.getQueryData(usersRetrieveQueryKey(user.id))).toEqual(user);
  });

  it('sends one request for a 404 and rejects with the typed error', async () => {
    let requests = 0;
    const client = fake.clientWith({
      fetch: (url, init) => {
        requests++;
        return fetch(url, init);
      },
    });
    const error = await queryClient
      .fetchQuery(usersRetrieveQueryOptions(client, 'no-such-user'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(requests).toBe(1);
    expect(
      queryClient.getQueryState(usersRetrieveQueryKey('no-such-user'))?.fetchFailureCount,
    ).toBe(1);
  });

  it("cancels the request with TanStack's signal", async () => {
    let seen: AbortSignal | undefined;
    const client = fake.clientWith({
      fetch: (_url, init) => {
        seen = init.signal ?? undefined;
        return new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        );
      },
    });
    const pending = queryClient
      .fetchQuery(usersRetrieveQueryOptions(client, 'slow'))
      .catch((e) => e);
    await new Promise((r) => setTimeout(r, 20));
    await queryClient.cancelQueries({ queryKey: usersRetrieveQueryKey('slow') });
    await pending;
    expect(seen?.aborted).toBe(true);
  });
});

describe('infinite lists', () => {
  it('walks the pages by the page numbers of the next links, without touching the other parameters', async () => {
    for (let i = 0; i < 5; i++) await fake.client.users.create({ email: `page-${i}@example.com` });
    const options = usersListInfiniteQueryOptions(fake.client, { page_size: 2 });
    const first = await fake.client.users.list({ page_size: 2 });
    const pages = Math.ceil(first.count / 2);
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: pages + 2 });
    expect(data.pageParams).toEqual([null, ...Array.from({ length: pages - 1 }, (_, i) => i + 2)]);
    expect(data.pages.flatMap((p) => p.results)).toHaveLength(first.count);
    // Every page was asked for with the caller's page size.
    expect(data.pages.slice(0, -1).every((p) => p.results.length === 2)).toBe(true);
    expect(options.queryKey).toEqual(['connect-api', 'users', { page_size: 2 }, 'infinite']);
    expect(data.pages.at(-1)!.next).toBeNull();
  });
});

describe('mutations', () => {
  it('invalidates the user lists after a new user, not the users already read', async () => {
    const existing = await fake.client.users.create({ email: 'old@example.com' });
    await queryClient.fetchQuery(usersListQueryOptions(fake.client, { page_size: 5 }));
    await queryClient.fetchInfiniteQuery(usersListInfiniteQueryOptions(fake.client));
    await queryClient.fetchQuery(usersRetrieveQueryOptions(fake.client, existing.id));
    const created = await createUser('new@example.com');
    expect(created.email).toBe('new@example.com');
    expect(isInvalidated(usersListQueryKey({ page_size: 5 }))).toBe(true);
    expect(isInvalidated(usersListInfiniteQueryKey())).toBe(true);
    expect(isInvalidated(usersRetrieveQueryKey(existing.id))).toBe(false);
  });

  it("invalidates that user's billing details and the user after an update", async () => {
    const user = await fake.client.users.create({ email: 'bill@example.com' });
    const other = await fake.client.users.create({ email: 'other@example.com' });
    await queryClient.fetchQuery(usersRetrieveQueryOptions(fake.client, user.id));
    await queryClient.fetchQuery(usersRetrieveQueryOptions(fake.client, other.id));
    await new MutationObserver(
      queryClient,
      usersBillingDetailsUpdateMutationOptions(fake.client),
    ).mutate({
      userId: user.id,
      body: { line1: 'Invalidenstraße 1', postal_code: '10115', city: 'Berlin' },
    });
    expect(isInvalidated(usersRetrieveQueryKey(user.id))).toBe(true);
    expect(isInvalidated(usersRetrieveQueryKey(other.id))).toBe(false);
    // Not read yet, so nothing to mark; it is fetched fresh when it is.
    expect(queryClient.getQueryState(usersBillingDetailsRetrieveQueryKey(user.id))).toBeUndefined();
  });

  it("invalidates the user's sessions after starting to charge, and types the refusal", async () => {
    const user = await fake.client.users.create({ email: 'charge@example.com' });
    await fake.client.users.billingDetails.update(user.id, {
      line1: 'Invalidenstraße 1',
      postal_code: '10115',
      city: 'Berlin',
    });
    const card = fake.api.addPaymentMethod(user.id, {});
    const bystander = await fake.client.users.create({ email: 'bystander@example.com' });
    const sessions = usersChargingSessionsListQueryOptions(fake.client, user.id);
    const theirs = usersChargingSessionsListQueryOptions(fake.client, bystander.id);
    expect((await queryClient.fetchQuery(sessions)).results).toEqual([]);
    await queryClient.fetchQuery(theirs);

    const evses = await availableEvses(2);
    const start = new MutationObserver(queryClient, usersChargingStartMutationOptions(fake.client));
    const session = await start.mutate({
      userId: user.id,
      body: { evse_id: evses[0]!, payment_method_id: card.id },
    });
    expect(session.is_active).toBe(true);
    // Marked stale (no component watches it here, so nothing refetches it yet).
    expect(isInvalidated(sessions.queryKey)).toBe(true);
    expect(isInvalidated(theirs.queryKey)).toBe(false);
    expect((await queryClient.fetchQuery(sessions)).results.map((s) => s.id)).toEqual([session.id]);

    // Starting again while charging: a 409 the operation declares, read with `is`.
    const again = new MutationObserver(queryClient, usersChargingStartMutationOptions(fake.client));
    const error = await again
      .mutate({ userId: user.id, body: { evse_id: evses[1]!, payment_method_id: card.id } })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ApiError);
    const failed = again.getCurrentResult();
    expect(failed.failureCount).toBe(1);
    expect(failed.error?.is?.('already_charging')).toBe(true);
  });

  it('refetches the station reads after charging starts, so the EVSE no longer shows as free', async () => {
    const user = await fake.client.users.create({ email: 'busy@example.com' });
    await fake.client.users.billingDetails.update(user.id, { line1: 'A 1', postal_code: '10115' });
    const card = fake.api.addPaymentMethod(user.id, {});
    const [evse] = await availableEvses(1);
    const details = stationsDetailsQueryOptions(fake.client, { id: evse!, type: 'evse_id' });
    const around = stationsAroundQueryOptions(fake.client, { ...BERLIN, distance: 3000 });
    const statusOf = (station: { evses: readonly { evse_id: string; status: string }[] }) =>
      station.evses.find((e) => e.evse_id === evse)?.status;
    expect(statusOf(await queryClient.fetchQuery(details))).toBe('AVAILABLE');
    await queryClient.fetchQuery(around);

    await new MutationObserver(queryClient, usersChargingStartMutationOptions(fake.client)).mutate({
      userId: user.id,
      body: { evse_id: evse!, payment_method_id: card.id },
    });
    // The document declares charging's effect on the station reads (`x-sdk-invalidates`).
    expect(isInvalidated(details.queryKey)).toBe(true);
    expect(isInvalidated(around.queryKey)).toBe(true);
    expect(statusOf(await queryClient.fetchQuery(details))).toBe('CHARGING');
  });

  it('creates a setup intent as a mutation: each call a new secret, and the payment methods refetched after', async () => {
    const user = await fake.client.users.create({ email: 'card@example.com' });
    const methods = usersPaymentMethodsListQueryOptions(fake.client, user.id);
    await queryClient.fetchQuery(methods);
    const create = () =>
      new MutationObserver(
        queryClient,
        usersPaymentMethodsCreateSetupIntentMutationOptions(fake.client),
      ).mutate({ userId: user.id });
    const first = await create();
    const second = await create();
    expect(first.setup_intent_client_secret).not.toBe(second.setup_intent_client_secret);
    // The card the payment provider attaches next shows in a refetched list.
    expect(isInvalidated(methods.queryKey)).toBe(true);
  });

  it('invalidates what the caller names instead, when asked', async () => {
    const user = await fake.client.users.create({ email: 'own@example.com' });
    await queryClient.fetchQuery(usersListQueryOptions(fake.client));
    await queryClient.fetchQuery(usersRetrieveQueryOptions(fake.client, user.id));
    await new MutationObserver(
      queryClient,
      usersCreateMutationOptions(fake.client, { invalidates: [usersRetrieveQueryKey(user.id)] }),
    ).mutate({ body: { email: 'x@example.com' } });
    expect(isInvalidated(usersListQueryKey())).toBe(false);
    expect(isInvalidated(usersRetrieveQueryKey(user.id))).toBe(true);
  });
});

/** EVSEs available around Berlin, `count` of them. */
async function availableEvses(count: number): Promise<string[]> {
  const found: string[] = [];
  for await (const station of fake.client.stations.around({
    ...BERLIN,
    distance: 3000,
    only_available: true,
    page_size: 50,
  })) {
    for (const evse of station.evses)
      if (evse.status === 'AVAILABLE' && found.length < count) found.push(evse.evse_id);
    if (found.length === count) return found;
  }
  throw new Error('not enough available EVSEs around Berlin');
}
