/** `ApiError.is` and `isOneOf` at run time: the comparisons whose parameters the types close. */
import { describe, expect, it } from 'vitest';
import { ConflictError, isOneOf } from '../../templates/runtime/index.js';

const context = {
  operationId: 'usersChargingStart',
  method: 'POST',
  url: 'https://connect.example/api/v1/users/u1/charging/start/',
};
const conflict = (type: unknown) =>
  new ConflictError({
    context,
    status: 409,
    headers: {},
    body: { detail: 'no', error: { type, details: 'x' } },
  });

describe('ApiError.is', () => {
  it('is true for the error type the body names, false for others and for none', () => {
    expect(conflict('already_charging').is('already_charging')).toBe(true);
    expect(conflict('already_charging').is('already_stopped')).toBe(false);
    expect(conflict(undefined).is('already_charging')).toBe(false);
    expect(conflict(42).is('42')).toBe(false);
  });

  it('leaves a type added later on errorType', () => {
    expect(conflict('added_in_2030').errorType).toBe('added_in_2030');
  });
});

describe('isOneOf', () => {
  it('is true when the value is one of those given', () => {
    const status = 'busy' as 'free' | 'busy' | (string & {});
    expect(isOneOf(status, 'free', 'busy')).toBe(true);
    expect(isOneOf(status, 'free')).toBe(false);
    expect(isOneOf(undefined as 'free' | undefined, 'free')).toBe(false);
    expect(isOneOf('ADDED_LATER' as 'free' | (string & {}), 'free')).toBe(false);
  });
});
