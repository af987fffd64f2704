/**
 * The operations the fake implements, by the spec's operationId. The generator reads this
 * list as data (so it stays an array of string literals) and ships the fake only with a
 * client whose spec has all of them; an operation the spec adds later is still checked
 * against the spec and then answered with 501.
 */
export const FAKE_OPERATION_IDS = [
  'stationsDataFiles',
  'stationsAround',
  'stationsTile',
  'stationsPartners',
  'stationsDetails',
  'usersCreate',
  'usersList',
  'usersRetrieve',
  'usersUpdate',
  'usersDelete',
  'usersBillingDetailsRetrieve',
  'usersBillingDetailsUpdate',
  'usersSetupIntentsCreate',
  'usersPaymentMethodsList',
  'usersPaymentMethodsSetDefault',
  'usersPaymentMethodsDelete',
  'usersChargingStart',
  'usersChargingStop',
  'usersChargingSessionsList',
  'usersChargingSessionsRetrieve',
  'usersChargingSessionsRate',
  'usersDebtsList',
  'usersInvoicesList',
] as const;

export type FakeOperationId = (typeof FAKE_OPERATION_IDS)[number];
