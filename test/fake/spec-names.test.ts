/**
 * The fake names the spec's enum values in its own types (the templates do not depend on
 * any one generated package). The guards of responses accept any string where enums stay
 * open, so these type-level checks are what keeps the two lists equal: each assignment
 * fails to compile when a value is missing on either side.
 */
import { expect, it } from 'vitest';
import {
  ERROR_TYPE_VALUES,
  EVSE_STATUS_VALUES,
  PAYMENT_METHOD_TYPE_VALUES,
  POWER_GROUP_VALUES,
  STATION_STATUS_VALUES,
  type ErrorType,
  type EvseStatus,
  type PaymentMethodType,
  type PowerGroup,
  type StationStatus,
} from '../../generated/src/enums.js';
import type { ErrorTypeName } from '../../templates/connect/fake/errors.js';
import type { PaymentMethodTypeName } from '../../templates/connect/fake/payments-store.js';
import type {
  EvseStatusName,
  PowerGroupName,
  StationStatusName,
} from '../../templates/connect/fake/station-model.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

it("uses exactly the spec's enum values", () => {
  const checks: [
    Same<ErrorTypeName, ErrorType>,
    Same<EvseStatusName, EvseStatus>,
    Same<PowerGroupName, PowerGroup>,
    Same<StationStatusName, StationStatus>,
    Same<PaymentMethodTypeName, PaymentMethodType>,
  ] = [true, true, true, true, true];
  expect(checks).toEqual([true, true, true, true, true]);
  expect([
    ERROR_TYPE_VALUES.length,
    EVSE_STATUS_VALUES.length,
    POWER_GROUP_VALUES.length,
    STATION_STATUS_VALUES.length,
    PAYMENT_METHOD_TYPE_VALUES.length,
  ]).toEqual([11, 9, 3, 4, 3]);
});
