/**
 * A form validator reads an empty input as "not given" (runtime `empty-text.ts`): a required
 * field is "required", a nullable one `null`, another left out; `keepingEmptyText` keeps `''`
 * for the API that wants it; the fake still takes `''` on the wire as the value it is.
 */
import { describe, expect, it } from 'vitest';
import {
  BillingDetailsRequestSchema,
  keepingEmptyText,
  PatchedUserRequestSchema,
} from '../../generated/src/forms.js';

const validate = (schema: typeof BillingDetailsRequestSchema, value: unknown) =>
  schema['~standard'].validate(value) as Awaited<
    ReturnType<(typeof schema)['~standard']['validate']>
  >;

describe('empty inputs', () => {
  it('are "required" where the field is required, as an untouched form is', () => {
    const result = validate(BillingDetailsRequestSchema, { line1: '', postal_code: '', city: '' });
    expect(result.issues?.map((i) => [i.path, i.message])).toEqual([
      [['line1'], 'required'],
      [['postal_code'], 'required'],
    ]);
  });

  it('are null where the field is nullable, and left out where it is neither', () => {
    const result = validate(BillingDetailsRequestSchema, {
      line1: 'Torstraße 1',
      postal_code: '10119',
      city: '',
      account_type: '',
    });
    expect(result.issues).toBeUndefined();
    expect(result).toEqual({ value: { line1: 'Torstraße 1', postal_code: '10119', city: null } });
  });

  it('are read the same in a nested object', () => {
    const result = PatchedUserRequestSchema['~standard'].validate({
      custom_properties: { external_id: '' },
    });
    expect(result).toEqual({ value: { custom_properties: { external_id: null } } });
  });

  it("are kept as '' by keepingEmptyText, with the same fields", () => {
    const keeping = keepingEmptyText(BillingDetailsRequestSchema);
    expect(validate(keeping, { line1: '', postal_code: '' })).toEqual({
      value: { line1: '', postal_code: '' },
    });
    expect(keeping.fields.line1.required).toBe(true);
  });

  it("keepingEmptyText passes the caller's own options on, with its switch added", () => {
    const seen: unknown[] = [];
    const recording: typeof BillingDetailsRequestSchema = {
      ...BillingDetailsRequestSchema,
      '~standard': {
        ...BillingDetailsRequestSchema['~standard'],
        validate: (value, options) => {
          seen.push(options);
          return { value: value as never };
        },
      },
    };
    keepingEmptyText(recording)['~standard'].validate({}, { libraryOptions: { locale: 'de' } });
    expect(seen).toEqual([{ libraryOptions: { locale: 'de', emptyText: 'keep' } }]);
  });
});
