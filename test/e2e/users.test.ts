/** Users and billing details through the generated client, against the fake server. */
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NotFoundError,
  type BillingDetailsRequest,
} from '../../generated/src/index.js';
import { apiError, useFakeApi } from './harness.js';

const fake = useFakeApi();

describe('users', () => {
  it('creates, retrieves, updates and lists a user', async () => {
    const user = await fake.client.users.create({
      email: 'ada@example.com',
      custom_properties: { external_id: 'crm-1' },
    });
    expect(user).toEqual({
      id: expect.any(String),
      email: 'ada@example.com',
      locale: 'en',
      custom_properties: { external_id: 'crm-1' },
    });
    expect(await fake.client.users.retrieve(user.id)).toEqual(user);
    const updated = await fake.client.users.update(user.id, { locale: 'de' });
    expect(updated).toEqual({ ...user, locale: 'de' });
    const cleared = await fake.client.users.update(user.id, {
      email: null,
      custom_properties: { external_id: 'crm-1b' },
    });
    expect(cleared).toMatchObject({
      email: null,
      locale: 'de',
      custom_properties: { external_id: 'crm-1b' },
    });
    const anonymous = await fake.client.users.create();
    expect(anonymous).toMatchObject({ email: null, custom_properties: null });
  });

  it('accepts form-urlencoded and multipart bodies as well as JSON', async () => {
    const form = await fake.client.users.create(
      { email: 'form@example.com', custom_properties: { external_id: 'form-1' } },
      { encoding: 'form' },
    );
    expect(form).toMatchObject({
      email: 'form@example.com',
      custom_properties: { external_id: 'form-1' },
    });
    const multipart = await fake.client.users.create(
      { email: 'multi@example.com', custom_properties: null },
      { encoding: 'multipart' },
    );
    expect(multipart).toMatchObject({ email: 'multi@example.com', custom_properties: null });
    const patched = await fake.client.users.update(
      multipart.id,
      { locale: 'de', email: null },
      { encoding: 'form' },
    );
    expect(patched).toMatchObject({ locale: 'de', email: null });
  });

  it('searches by id or external id, and pages through many users', async () => {
    const created = [];
    for (let i = 0; i < 23; i++)
      created.push(
        await fake.client.users.create({
          custom_properties: { external_id: `bulk-${String(i).padStart(2, '0')}` },
        }),
      );
    const found = await fake.client.users.list({ search: 'BULK-07' });
    expect(found.results.map((u) => u.id)).toEqual([created[7]!.id]);
    expect((await fake.client.users.list({ search: created[3]!.id })).results).toEqual([
      created[3],
    ]);
    const seen: string[] = [];
    for await (const user of fake.client.users.list({ search: 'bulk-', page_size: 5 }))
      seen.push(user.id);
    expect(seen).toEqual(created.map((u) => u.id));
    const last = await fake.client.users.list({ search: 'bulk-', page_size: 5, page: 5 });
    expect(last).toMatchObject({ count: 23, next: null });
    expect(last.previous).toBe(`${fake.api.url}/api/v1/users/?page=4&page_size=5&search=bulk-`);
  });

  it('soft-deletes: the user is gone from lists and retrieves as 404', async () => {
    const user = await fake.client.users.create({
      custom_properties: { external_id: 'to-delete' },
    });
    await fake.client.users.delete(user.id);
    expect(await apiError(fake.client.users.retrieve(user.id))).toBeInstanceOf(NotFoundError);
    expect((await fake.client.users.list({ search: 'to-delete' })).count).toBe(0);
    expect(await apiError(fake.client.users.delete(user.id))).toBeInstanceOf(NotFoundError);
    expect(await apiError(fake.client.users.billingDetails.retrieve(user.id))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('refuses bodies that break the spec, naming the field', async () => {
    const email = await apiError(fake.client.users.create({ email: 'not-an-address' }));
    expect(email).toBeInstanceOf(BadRequestError);
    expect(email.errorType).toBe('validation_error');
    expect(email.errorDetails).toBe('email: enter a valid email address');
    const locale = await apiError(
      fake.client.users.update(
        (await fake.client.users.create()).id,
        { locale: 'fr' as never },
        { validateRequests: false },
      ),
    );
    expect(locale.errorDetails).toMatch(/^locale: expected Locale \(one of "en", "de"\)/);
    const external = await apiError(
      fake.client.users.create(
        { custom_properties: { external_id: 'x'.repeat(251) } },
        { validateRequests: false },
      ),
    );
    expect(external.errorDetails).toMatch(
      /^custom_properties\.external_id: expected string of at most 250 characters/,
    );
  });
});

describe('users.billingDetails', () => {
  const business: BillingDetailsRequest = {
    line1: 'Invalidenstraße 1',
    postal_code: '10115',
    city: 'Berlin',
    country: 'Germany',
    account_type: 'business',
    company_name: 'Ada GmbH',
    vat_id: 'DE123456789',
    tax_id: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
  };

  it('is 404 until set, then replaced as a whole by each update', async () => {
    const user = await fake.client.users.create();
    expect(await apiError(fake.client.users.billingDetails.retrieve(user.id))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await fake.client.users.billingDetails.update(user.id, business)).toEqual(business);
    expect(await fake.client.users.billingDetails.retrieve(user.id)).toEqual(business);
    const personal = await fake.client.users.billingDetails.update(
      user.id,
      { line1: 'Torstraße 2', postal_code: '10119' },
      { encoding: 'multipart' },
    );
    expect(personal).toEqual({
      line1: 'Torstraße 2',
      postal_code: '10119',
      country: null,
      city: null,
      tax_id: null,
      account_type: 'personal',
      company_name: null,
      vat_id: null,
      first_name: null,
      last_name: null,
    });
  });

  it('enforces required fields, maximum lengths and the account type, naming the field', async () => {
    const user = await fake.client.users.create();
    const cases: [Partial<BillingDetailsRequest>, RegExp][] = [
      [{ postal_code: '1' }, /^line1: expected string, got nothing$/],
      [
        { line1: 'a', postal_code: '1', city: 'x'.repeat(51) },
        /^city: expected string of at most 50 characters or null/,
      ],
      [
        { line1: 'a', postal_code: '1', country: 'x'.repeat(151) },
        /^country: expected string of at most 150 characters/,
      ],
      [
        { line1: 'a', postal_code: '1', tax_id: 'x'.repeat(31) },
        /^tax_id: expected string of at most 30 characters/,
      ],
      [{ line1: 'a', postal_code: '1', first_name: 'x'.repeat(151) }, /^first_name: /],
      [{ line1: 'a', postal_code: '1', last_name: 'x'.repeat(151) }, /^last_name: /],
      [
        { line1: 'a', postal_code: '1', account_type: 'charity' as never },
        /^account_type: expected AccountType \(one of "personal", "business"\)/,
      ],
    ];
    for (const [body, details] of cases) {
      const error = await apiError(
        fake.client.users.billingDetails.update(user.id, body as BillingDetailsRequest, {
          validateRequests: false,
        }),
      );
      expect(error.status).toBe(400);
      expect(error.errorType).toBe('validation_error');
      expect(error.errorDetails).toMatch(details);
    }
    // Exactly at the limits is fine, also as a form body.
    const atLimits = { line1: 'a', postal_code: '1', city: 'x'.repeat(50), tax_id: 'x'.repeat(30) };
    await expect(
      fake.client.users.billingDetails.update(user.id, atLimits, { encoding: 'form' }),
    ).resolves.toMatchObject(atLimits);
  });
});
