/**
 * Compile-time fixture for known-values.test.ts (and `npm run typecheck`): each line after
 * `@ts-expect-error` must fail to compile, every other line must compile. Never run.
 */
import {
  isOneOf,
  type ApiError,
  type ConflictError,
  type ErrorType,
  type Evse,
  type Station,
} from '../../../generated/src/index.js';

export function errorTypes(error: ApiError, conflict: ConflictError): void {
  // `is` narrows `errorType` to the type asked about.
  if (error.is('already_charging')) {
    const narrowed: 'already_charging' = error.errorType;
    void narrowed;
  }
  // @ts-expect-error a misspelt error type
  error.is('already_chargin');
  // @ts-expect-error a misspelt error type, on a status subclass
  conflict.is('already_stoped');
  // @ts-expect-error `is` takes known types only; compare `errorType` for others
  error.is('added_in_2030');

  // `errorType` keeps the known types for completion and stays open to types added later.
  const known: ErrorType | (string & {}) | undefined = error.errorType;
  const text: string | undefined = error.errorType;
  if (error.errorType === 'added_in_2030') void known;
  void text;
  // @ts-expect-error not a plain `string`: the known types are part of it
  const wider: number | undefined = error.errorType;
  void wider;
}

export function openEnums(evse: Evse, station: Station): void {
  if (isOneOf(evse.status, 'AVAILABLE', 'CHARGING')) {
    const narrowed: 'AVAILABLE' | 'CHARGING' = evse.status;
    void narrowed;
  }
  if (isOneOf(station.status, 'free')) {
    const free: 'free' = station.status;
    void free;
  }
  // @ts-expect-error a misspelt status
  isOneOf(evse.status, 'AVAILABEL');
  // @ts-expect-error a misspelt status among right ones
  isOneOf(station.status, 'free', 'bussy');
  // @ts-expect-error a value of another enum
  isOneOf(station.status, 'AVAILABLE');

  // Values added later still type-check where the API may send them …
  const later: Evse = { evse_id: 'DE*VLT*E1', status: 'ADDED_IN_2030' };
  void later;
  // … which is why a plain comparison cannot catch a typo: this compiles, and isOneOf exists.
  if (evse.status === 'AVAILABEL') void evse;
}
