/**
 * The generated validators through the libraries that accept any Standard Schema, as the
 * libraries themselves call them: react-hook-form's `standardSchemaResolver` (called as the
 * form calls it, without rendering), TanStack Form's form-level validator, and Hono's
 * `sValidator` in an app answering requests.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { sValidator } from '@hono/standard-validator';
import { FormApi } from '@tanstack/react-form';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  BillingDetailsRequestSchema,
  UserCreateRequestSchema,
  StationsAroundQuerySchema,
  UsersListQuerySchema,
} from '../../generated/src/forms.js';
import type { BillingDetailsRequest } from '../../generated/src/types.js';

const RHF_OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;

const BAD_BILLING = {
  line1: '',
  postal_code: undefined as unknown as string,
  city: 'x'.repeat(51),
  tax_id: 'y'.repeat(31),
  account_type: 'company' as never,
};

describe("react-hook-form's standardSchemaResolver", () => {
  it('puts every issue on its field', async () => {
    const resolver = standardSchemaResolver(BillingDetailsRequestSchema);
    const { errors, values } = await resolver(BAD_BILLING, undefined, RHF_OPTIONS);
    expect(values).toEqual({});
    // The untouched street (`''`) is "required", as an empty input means not given.
    expect(Object.keys(errors).sort()).toEqual([
      'account_type',
      'city',
      'line1',
      'postal_code',
      'tax_id',
    ]);
    expect(errors.line1?.message).toBe('required');
    expect(errors.city?.message).toBe('at most 50 characters');
    expect(errors.postal_code?.message).toBe('required');
    expect(errors.account_type?.message).toBe('one of: personal, business');
  });

  it('nests issues of nested fields as the form names them', async () => {
    const resolver = standardSchemaResolver(UserCreateRequestSchema);
    const { errors } = await resolver(
      { email: 'nope', custom_properties: { external_id: 'z'.repeat(300) } },
      undefined,
      RHF_OPTIONS,
    );
    expect(errors.email?.message).toBe('must be an email address');
    const nested = errors.custom_properties as { external_id?: { message?: string } } | undefined;
    expect(nested?.external_id?.message).toBe('at most 250 characters');
  });

  it('gives the values back when they are valid', async () => {
    const resolver = standardSchemaResolver(BillingDetailsRequestSchema);
    const good: BillingDetailsRequest = {
      line1: 'Hauptstr. 1',
      postal_code: '10115',
      city: 'Berlin',
    };
    expect(await resolver(good, undefined, RHF_OPTIONS)).toEqual({ values: good, errors: {} });
  });
});

describe('TanStack Form', () => {
  it('spreads a form-level validator’s issues over the fields', async () => {
    const form = new FormApi({
      defaultValues: BAD_BILLING as BillingDetailsRequest,
      validators: { onSubmit: BillingDetailsRequestSchema },
    });
    form.mount();
    await form.handleSubmit();
    const messages = (field: keyof BillingDetailsRequest) =>
      (form.state.fieldMeta[field]?.errors ?? []).map((e) => (e as { message: string }).message);
    expect(messages('city')).toEqual(['at most 50 characters']);
    expect(messages('postal_code')).toEqual(['required']);
    expect(messages('tax_id')).toEqual(['at most 30 characters']);
    expect(messages('line1')).toEqual(['required']);
    expect(form.state.isValid).toBe(false);
  });

  it('submits valid values', async () => {
    let submitted: unknown;
    const form = new FormApi({
      defaultValues: { line1: 'Hauptstr. 1', postal_code: '10115' } as BillingDetailsRequest,
      validators: { onSubmit: BillingDetailsRequestSchema },
      onSubmit: ({ value }) => {
        submitted = value;
      },
    });
    form.mount();
    await form.handleSubmit();
    expect(submitted).toEqual({ line1: 'Hauptstr. 1', postal_code: '10115' });
  });
});

describe("Hono's sValidator", () => {
  const app = new Hono()
    .put('/users/:user_id/billing-details', sValidator('json', BillingDetailsRequestSchema), (c) =>
      c.json({ saved: c.req.valid('json') }),
    )
    .get('/users', sValidator('query', UsersListQuerySchema), (c) => c.json(c.req.valid('query')))
    .get('/stations/around', sValidator('query', StationsAroundQuerySchema), (c) =>
      c.json(c.req.valid('query')),
    );

  const put = (body: unknown) =>
    app.request('/users/u1/billing-details', {
      method: 'PUT',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  it('answers a bad body with 400 and every issue', async () => {
    const response = await put(BAD_BILLING);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as {
      success: boolean;
      error: { message: string; path: string[] }[];
    };
    expect(answer.success).toBe(false);
    expect(answer.error.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['line1', 'required'],
      ['postal_code', 'required'],
      ['city', 'at most 50 characters'],
      ['tax_id', 'at most 30 characters'],
      ['account_type', 'one of: personal, business'],
    ]);
  });

  it('lets a good body through', async () => {
    const body = { line1: 'Hauptstr. 1', postal_code: '10115', account_type: 'business' };
    const response = await put(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ saved: body });
  });

  it('checks a query as the URL carries it, as text, and hands the handler typed values', async () => {
    const get = async (query: string) => {
      const response = await app.request(`/users?${query}`);
      return { status: response.status, answer: (await response.json()) as unknown };
    };
    expect(await get('search=jane')).toEqual({ status: 200, answer: { search: 'jane' } });
    expect(await get('page=2&search=42')).toEqual({
      status: 200,
      answer: { page: 2, search: '42' },
    });
    for (const [query, message] of [
      ['page=abc', 'must be a whole number'],
      ['page=2.5', 'must be a whole number'],
      ['page=0', 'at least 1'],
    ]) {
      const { status, answer } = await get(query!);
      expect(status, query).toBe(400);
      expect(
        (answer as { error: { message: string; path: string[] }[] }).error.map((i) => [
          i.path.join('.'),
          i.message,
        ]),
        query,
      ).toEqual([['page', message]]);
    }
  });

  it('reads numbers, booleans and lists of one or many from the query', async () => {
    const around = async (query: string) => (await app.request(`/stations/around?${query}`)).json();
    expect(
      await around('latitude=52.52&longitude=-13.4&only_available=true&connector_types=CHADEMO'),
    ).toEqual({
      latitude: 52.52,
      longitude: -13.4,
      only_available: true,
      connector_types: ['CHADEMO'],
    });
    expect(
      await around('latitude=0&longitude=0&operators=a&operators=b&connector_types=PLUG'),
    ).toMatchObject({
      success: false,
      error: [{ path: ['connector_types', 0], message: expect.stringMatching(/^one of: /) }],
    });
  });
});
