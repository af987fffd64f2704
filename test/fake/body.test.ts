import { describe, expect, it } from 'vitest';
import {
  checkBillingDetailsRequest,
  checkPatchedChargingSessionRateRequest,
  checkUserCreateRequest,
} from '../../generated/src/guards.js';
import { fromFields, readBody } from '../../templates/connect/fake/body.js';
import type { BodyContract } from '../../templates/connect/fake/contract.js';
import { ApiFailure } from '../../templates/connect/fake/errors.js';

const USER: BodyContract = {
  required: false,
  check: checkUserCreateRequest,
  fields: [
    { name: 'email', kinds: ['null', 'string'], format: 'email' },
    { name: 'custom_properties', kinds: ['null', 'object'] },
  ],
};
const RATE: BodyContract = {
  required: false,
  check: checkPatchedChargingSessionRateRequest,
  fields: [{ name: 'rates', kinds: ['integer', 'null'] }],
};
const BILLING: BodyContract = {
  required: true,
  check: checkBillingDetailsRequest,
  fields: [
    { name: 'line1', kinds: ['string'] },
    { name: 'postal_code', kinds: ['string'] },
    { name: 'city', kinds: ['null', 'string'] },
  ],
};

const bytes = (text: string) => new TextEncoder().encode(text);

async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return { status: (error as ApiFailure).status, body: (error as ApiFailure).body };
}

describe('readBody', () => {
  it('takes JSON as it is, and an empty body as {}', async () => {
    expect(
      await readBody(
        USER,
        'application/json; charset=utf-8',
        bytes('{"email":"a@b.de","extra":1}'),
      ),
    ).toEqual({ email: 'a@b.de', extra: 1 });
    expect(await readBody(USER, undefined, new Uint8Array())).toEqual({});
    expect(await readBody(undefined, 'text/plain', bytes('ignored'))).toBeUndefined();
  });

  it('reads form fields back to the kinds their schema allows', async () => {
    expect(await readBody(RATE, 'application/x-www-form-urlencoded', bytes('rates=3'))).toEqual({
      rates: 3,
    });
    expect(await readBody(RATE, 'application/x-www-form-urlencoded', bytes('rates='))).toEqual({
      rates: null,
    });
    expect(
      await readBody(
        USER,
        'application/x-www-form-urlencoded',
        bytes('email=a%40b.de&custom_properties=%7B%22external_id%22%3A%22x%22%7D'),
      ),
    ).toEqual({ email: 'a@b.de', custom_properties: { external_id: 'x' } });
    expect(
      await readBody(
        BILLING,
        'application/x-www-form-urlencoded',
        bytes('line1=1&postal_code=0001&city='),
      ),
    ).toEqual({ line1: '1', postal_code: '0001', city: null });
  });

  it('reads multipart bodies with the platform parser', async () => {
    const form = new FormData();
    form.append('line1', 'Main St 1');
    form.append('postal_code', '10115');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const raw = new Uint8Array(await request.arrayBuffer());
    expect(await readBody(BILLING, request.headers.get('content-type')!, raw)).toEqual({
      line1: 'Main St 1',
      postal_code: '10115',
    });
    expect(
      (await refusal(readBody(BILLING, 'multipart/form-data; boundary=x', bytes('garbage'))))
        .status,
    ).toBe(400);
  });

  it('refuses what the guard refuses, naming the field', async () => {
    const { status, body } = await refusal(
      readBody(RATE, 'application/json', bytes('{"rates":"high"}')),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      detail: 'Invalid input.',
      error: {
        type: 'validation_error',
        details: 'rates: expected integer from 1 to 5 or null, got string',
      },
    });
    expect((await refusal(readBody(BILLING, 'application/json', bytes('{}')))).body).toMatchObject({
      error: { details: 'line1: expected string, got nothing' },
    });
    expect(
      (await refusal(readBody(USER, 'application/json', bytes('{"email":"nobody"}')))).body,
    ).toMatchObject({ error: { details: 'email: enter a valid email address' } });
    expect((await refusal(readBody(USER, 'application/json', bytes('"text"')))).body).toMatchObject(
      { error: { details: 'body: expected a JSON object' } },
    );
    expect(
      (
        await refusal(
          readBody(
            USER,
            'application/x-www-form-urlencoded',
            bytes('custom_properties=%7Bnot json'),
          ),
        )
      ).body,
    ).toMatchObject({ error: { details: 'custom_properties: expected JSON object text' } });
  });

  it('answers 415 to other media types', async () => {
    expect(await refusal(readBody(USER, 'text/csv', bytes('a,b')))).toEqual({
      status: 415,
      body: { detail: 'Unsupported media type "text/csv" in request.' },
    });
    expect((await refusal(readBody(USER, undefined, bytes('{}')))).status).toBe(415);
  });

  it('keeps undeclared fields as text and repeated array fields as lists', () => {
    expect(
      fromFields(
        [{ name: 'tags', kinds: ['array'] }],
        [
          ['tags', 'a'],
          ['tags', 'b'],
          ['other', '1'],
          ['other', '2'],
        ],
      ),
    ).toEqual({ tags: ['a', 'b'], other: '2' });
  });
});
