/**
 * An edit form starts from the server's answer: `valuesFrom(answer)` of a request schema's
 * validator takes the API's answer for the same schema (typed as it), keeps what the request
 * takes, and reports what the request would refuse instead of passing it on.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BillingDetails, BillingDetailsRequest, User } from '../../generated/src/index.js';
import { formSchema, type FormNode } from '../../generated/src/runtime/core/standard-schema.js';
import {
  BillingDetailsRequestSchema,
  ChargingStartRequestSchema,
  keepingEmptyText,
  PatchedUserRequestSchema,
  UserCreateRequestSchema,
} from '../../generated/src/forms.js';

const ANSWER: BillingDetails = {
  line1: 'Torstraße 1',
  postal_code: '10119',
  city: null,
  // A value the API added since: the answer's enum is open, the request's is not.
  account_type: 'freelance' as BillingDetails['account_type'],
  company_name: 'ACME',
};

describe('valuesFrom', () => {
  it("takes the matching answer's type and gives the request's", () => {
    expectTypeOf(BillingDetailsRequestSchema.valuesFrom)
      .parameter(0)
      .toEqualTypeOf<BillingDetails>();
    expectTypeOf(
      BillingDetailsRequestSchema.valuesFrom(ANSWER).values,
    ).toEqualTypeOf<BillingDetailsRequest>();
    expectTypeOf(PatchedUserRequestSchema.valuesFrom).parameter(0).toEqualTypeOf<User>();
    // Starting to charge answers a session, not what the body sends: no answer type is claimed.
    expectTypeOf(ChargingStartRequestSchema.valuesFrom).parameter(0).toEqualTypeOf<unknown>();
    // @ts-expect-error a user is not billing details
    BillingDetailsRequestSchema.valuesFrom({ id: 'u1' } as User);
  });

  it('keeps what the request takes and reports, leaving out, what it would refuse', () => {
    const { values, refused } = BillingDetailsRequestSchema.valuesFrom(ANSWER);
    expect(values).toEqual({
      line1: 'Torstraße 1',
      postal_code: '10119',
      city: null,
      company_name: 'ACME',
    });
    expect(refused.map((i) => [i.path, i.message])).toEqual([
      [['account_type'], 'one of: personal, business'],
    ]);
    // What it gives, the validator accepts.
    expect(BillingDetailsRequestSchema['~standard'].validate(values)).toEqual({ value: values });
  });

  it('leaves out what only the answer has (a read-only id), at every depth', () => {
    const user = {
      id: 'u1',
      email: 'a@example.com',
      locale: 'de',
      custom_properties: { external_id: 'x', added_later: 1 },
    } as unknown as User;
    expect(UserCreateRequestSchema.valuesFrom(user)).toEqual({
      values: { email: 'a@example.com', locale: 'de', custom_properties: { external_id: 'x' } },
      refused: [],
    });
    expect(keepingEmptyText(PatchedUserRequestSchema).valuesFrom(user).values).toEqual({
      email: 'a@example.com',
      locale: 'de',
      custom_properties: { external_id: 'x' },
    });
  });

  it("keeps the entries of a map, checked by the map's own schema", () => {
    const node: FormNode = {
      type: 'object',
      properties: { name: { type: 'string' } },
      additional: { type: 'string', maxLength: 3 },
    };
    const schema = formSchema<Record<string, string>>('test', node);
    expect(schema.valuesFrom({ name: 'x', a: 'abc', b: 'toolong' })).toEqual({
      values: { name: 'x', a: 'abc' },
      refused: [{ message: 'at most 3 characters', path: ['b'], code: 'max_length', expected: 3 }],
    });
  });
});
