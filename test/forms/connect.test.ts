/**
 * The generated validators of our spec (`generated/src/forms.ts`): the users' create body and
 * the billing details body, as a form would use them, and every validator against the request
 * checks the client runs: what a validator accepts, the client sends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as forms from '../../generated/src/forms.js';
import {
  BillingDetailsRequestSchema,
  StationsAroundQuerySchema,
  StationsTileQuerySchema,
  UserCreateRequestSchema,
  UsersChargingSessionsRatePathSchema,
  UsersListQuerySchema,
} from '../../generated/src/forms.js';
import * as guards from '../../generated/src/guards.js';
import type {
  FieldConstraints,
  StandardSchemaIssue,
  StandardSchemaV1,
} from '../../generated/src/runtime/index.js';

/** A validator of the module, whatever it validates. */
type AnyFormSchema = StandardSchemaV1 & { readonly fields: object };
import { ConnectClient } from '../../generated/src/client.js';

function issues(schema: StandardSchemaV1, value: unknown): [string, string][] {
  const result = schema['~standard'].validate(value) as {
    issues?: readonly StandardSchemaIssue[];
  };
  return (result.issues ?? []).map((i) => [(i.path ?? []).join('.'), i.message]);
}

describe('the users create body (UserCreateRequestSchema)', () => {
  it('accepts an empty body, every field being optional', () => {
    expect(UserCreateRequestSchema['~standard'].validate({})).toEqual({ value: {} });
  });

  it('reports every field that is wrong, with messages a form can show', () => {
    expect(
      issues(UserCreateRequestSchema, {
        email: 'jane.example.com',
        locale: 'fr',
        custom_properties: { external_id: 'x'.repeat(251) },
      }),
    ).toEqual([
      ['email', 'must be an email address'],
      ['locale', 'one of: en, de'],
      ['custom_properties.external_id', 'at most 250 characters'],
    ]);
  });

  it('takes null where the spec does', () => {
    expect(issues(UserCreateRequestSchema, { email: null, custom_properties: null })).toEqual([]);
    expect(issues(UserCreateRequestSchema, { locale: null })).toEqual([
      ['locale', 'one of: en, de'],
    ]);
  });

  it('exports the constraints of its fields', () => {
    const { fields } = UserCreateRequestSchema;
    expect(fields.email).toEqual({
      type: 'string',
      format: 'email',
      required: false,
      nullable: true,
    });
    expect(fields.locale).toEqual({
      type: 'enum',
      values: ['en', 'de'],
      required: false,
      nullable: false,
    });
    expect(fields.custom_properties.fields?.['external_id']?.maxLength).toBe(250);
  });
});

describe('the billing details body (BillingDetailsRequestSchema)', () => {
  const valid = {
    line1: 'Hauptstr. 1',
    postal_code: '10115',
    city: 'Berlin',
    account_type: 'personal',
  };

  it('accepts what the client sends', () => {
    expect(issues(BillingDetailsRequestSchema, valid)).toEqual([]);
  });

  it('reports the required fields and every limit passed, at once', () => {
    expect(
      issues(BillingDetailsRequestSchema, {
        city: 'x'.repeat(51),
        tax_id: 'y'.repeat(31),
        account_type: 'company',
        first_name: 7,
      }),
    ).toEqual([
      ['line1', 'required'],
      ['postal_code', 'required'],
      ['city', 'at most 50 characters'],
      ['tax_id', 'at most 30 characters'],
      ['account_type', 'one of: personal, business'],
      ['first_name', 'must be text'],
    ]);
  });

  it('gives a form what "6/50" needs', () => {
    const { fields } = BillingDetailsRequestSchema;
    expect(fields.city.maxLength).toBe(50);
    expect(fields.line1.required).toBe(true);
    expect(fields.city.required).toBe(false);
    expect(fields.account_type.values).toEqual(['personal', 'business']);
    expect(Object.keys(fields)).toEqual([
      'line1',
      'postal_code',
      'country',
      'city',
      'tax_id',
      'account_type',
      'company_name',
      'vat_id',
      'first_name',
      'last_name',
    ]);
  });
});

describe('parameter sets', () => {
  it('check the query an operation takes, as the client takes it', () => {
    expect(issues(UsersListQuerySchema, { page: 0, page_size: 2.5 })).toEqual([
      ['page', 'at least 1'],
      ['page_size', 'must be a whole number'],
    ]);
    expect(
      issues(StationsAroundQuerySchema, { connector_types: ['IEC_62196_T2', 'PLUG'] }),
    ).toEqual([
      ['latitude', 'required'],
      ['longitude', 'required'],
      ['connector_types.1', expect.stringMatching(/^one of: CHADEMO, .* and \d+ more$/)],
    ]);
  });

  it('take a query as a URL carries it, and give it typed', () => {
    const url = new URLSearchParams('x=1&x=2&y=5&z=12&max_price=0.45&power_groups=fast');
    const asServerReadsIt = Object.fromEntries(
      [...new Set(url.keys())].map((key) => {
        const all = url.getAll(key);
        return [key, all.length === 1 ? all[0] : all];
      }),
    );
    expect(StationsTileQuerySchema['~standard'].validate(asServerReadsIt)).toEqual({
      value: { x: [1, 2], y: [5], z: 12, max_price: 0.45, power_groups: ['fast'] },
    });
    expect(
      issues(StationsTileQuerySchema, { ...asServerReadsIt, z: 'twelve', y: ['5', ''] }),
    ).toEqual([
      ['y.1', 'must be a whole number'],
      ['z', 'must be a whole number'],
    ]);
  });

  it('check path parameters by their wire names', () => {
    expect(issues(UsersChargingSessionsRatePathSchema, { user_id: 'u1' })).toEqual([
      ['session_id', 'required'],
    ]);
  });
});

/** Each validator with the request check of the same part of the same operation. */
const PAIRS: [string, (value: unknown) => unknown][] = [
  ['UserCreateRequestSchema', guards.checkUserCreateRequest],
  ['PatchedUserRequestSchema', guards.checkPatchedUserRequest],
  ['BillingDetailsRequestSchema', guards.checkBillingDetailsRequest],
  ['ChargingStartRequestSchema', guards.checkChargingStartRequest],
  ['PatchedChargingSessionRateRequestSchema', guards.checkPatchedChargingSessionRateRequest],
  ['StationsAroundQuerySchema', guards.checkStationsAroundQuery],
  ['StationsTileQuerySchema', guards.checkStationsTileQuery],
  ['StationsDetailsQuerySchema', guards.checkStationsDetailsQuery],
  ['UsersListQuerySchema', guards.checkUsersListQuery],
];

/** A value that mostly meets `c`, read from the validator's own `fields`. */
function plausible(c: FieldConstraints): fc.Arbitrary<unknown> {
  const base = ((): fc.Arbitrary<unknown> => {
    switch (c.type) {
      case 'string':
        if (c.format === 'email') return fc.constantFrom('a@b.de', 'jane@example.com');
        return fc.string({ minLength: c.minLength ?? 0, maxLength: Math.max(c.minLength ?? 0, 6) });
      case 'integer':
        return fc.integer({ min: c.minimum ?? -5, max: c.maximum ?? 50 });
      case 'number':
        return fc.double({ min: c.minimum ?? -90, max: c.maximum ?? 90, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...c.values!);
      case 'array':
        return fc.array(plausible(c.items!), { maxLength: Math.min(c.maxItems ?? 3, 3) });
      case 'object':
        return record(c.fields ?? {});
      default:
        return fc.anything();
    }
  })();
  return c.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

/** What a form might hold instead: empty, too long, of another kind. */
const NOISE = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(''),
  fc.string({ maxLength: 4 }),
  fc.constantFrom('a@b', 'x'.repeat(51), 'x'.repeat(251), 'en', 'personal', 'IEC_62196_T2'),
  fc.integer({ min: -2, max: 6 }),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(['en'], ['IEC_62196_T2', 'CHADEMO'], [1, 2], []),
  fc.record({
    external_id: fc.oneof(fc.constant(null), fc.string({ maxLength: 3 }), fc.integer()),
  }),
);

function record(fields: Readonly<Record<string, FieldConstraints>>): fc.Arbitrary<unknown> {
  const entries = Object.entries(fields).map(
    ([name, c]) =>
      [
        name,
        fc.oneof({ arbitrary: plausible(c), weight: 6 }, { arbitrary: NOISE, weight: 1 }),
      ] as const,
  );
  return fc.record(Object.fromEntries(entries), {
    requiredKeys: Object.entries(fields).flatMap(([name, c]) => (c.required ? [name] : [])),
  });
}

/** Values near what the schema describes, mostly valid, and now and then anything at all. */
function nearValues(schema: AnyFormSchema): fc.Arbitrary<unknown> {
  const fields = schema.fields as Readonly<Record<string, FieldConstraints>>;
  return fc.oneof(
    { arbitrary: record(fields), weight: 6 },
    {
      arbitrary: fc.dictionary(fc.constantFrom(...Object.keys(fields), 'other'), NOISE),
      weight: 3,
    },
    { arbitrary: fc.anything(), weight: 1 },
  );
}

describe('every validator against the request checks', () => {
  it('covers each of the spec’s request checks that has a validator', () => {
    expect(PAIRS.every(([name]) => name in forms)).toBe(true);
  });

  // A parameter set's validator also reads URL text, so what the client sends is the value it
  // gives (`{ page: 1 }` for `{ page: '1' }`); a body's gives the value it was given.
  it.each(PAIRS)('%s gives nothing its request check refuses', (name, check) => {
    const schema = (forms as unknown as Record<string, AnyFormSchema>)[name]!;
    let accepted = 0;
    fc.assert(
      fc.property(nearValues(schema), (value) => {
        const result = schema['~standard'].validate(value) as { value?: unknown; issues?: unknown };
        if (result.issues !== undefined) return;
        accepted++;
        expect(check(result.value), JSON.stringify(value)).toBeUndefined();
      }),
      { numRuns: 2000, seed: 26 },
    );
    // Enough of the values were valid for the property to say something.
    expect(accepted).toBeGreaterThan(100);
  });

  it('reports an issue wherever the request check finds one, unless it read the value into one the check takes', () => {
    // The converse, on the check's own findings: what the client refuses, a form shows; a
    // validator may instead read it into a value the check takes: a parameter set's from text,
    // and any validator an empty text as not given (`{ city: '' }` as `{ city: null }`).
    let read = 0;
    for (const [name, check] of PAIRS) {
      const schema = (forms as unknown as Record<string, AnyFormSchema>)[name]!;
      fc.assert(
        fc.property(nearValues(schema), (value) => {
          if (check(value) === undefined) return;
          const result = schema['~standard'].validate(value) as {
            value?: unknown;
            issues?: unknown[];
          };
          const said = `${name} ${JSON.stringify(value)}`;
          if (result.issues !== undefined) {
            expect(result.issues.length, said).toBeGreaterThan(0);
          } else {
            expect(result.value, said).not.toEqual(value);
            expect(check(result.value), said).toBeUndefined();
            read++;
          }
        }),
        { numRuns: 500, seed: 26 },
      );
    }
    // The noise held text that reads as a number, a list or nothing, so the exception was exercised.
    expect(read).toBeGreaterThan(0);
  });

  it('holds through the client: a body the validator accepts is sent, not refused', async () => {
    const sent: string[] = [];
    const client = new ConnectClient({
      token: 'test-token',
      baseUrl: 'http://127.0.0.1:9',
      fetch: async (_url, init) => {
        sent.push(String(init.body));
        return new Response(JSON.stringify({ id: 'u1' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const body = { email: 'jane@example.com', locale: 'de' as const, custom_properties: null };
    expect(issues(UserCreateRequestSchema, body)).toEqual([]);
    await client.users.create(body);
    expect(sent.map((b) => JSON.parse(b))).toEqual([body]);
    // And what it refuses, the client refuses too, before sending.
    const bad = { email: 7 };
    expect(issues(UserCreateRequestSchema, bad)).toEqual([['email', 'must be text']]);
    await expect(client.users.create(bad as never)).rejects.toThrow(/email/);
    expect(sent).toHaveLength(1);
  });
});
