/**
 * The generated guards against realistic bodies: every valid sample passes `check`, `is` and
 * `assert`; every spoiler (one mutation that breaks the schema) fails and names the JSON path
 * it broke, in the style typia's tests use.
 */
import { describe, expect, it } from 'vitest';
import * as guards from '../../generated/src/guards.js';
import { describeFailure, GuardError, type Check } from '../../generated/src/runtime/core/guard.js';
import * as samples from './samples.js';

type Json = Record<string, any>;

interface Sample {
  readonly type: string;
  readonly make: () => unknown;
}

const valid: Sample[] = [
  { type: 'Station', make: samples.station },
  { type: 'PaginatedStationList', make: () => samples.stationPage(5) },
  { type: 'MapTile', make: samples.mapTile },
  { type: 'User', make: samples.user },
  { type: 'PaginatedUserList', make: () => samples.page([samples.user(), { id: 'usr_2' }]) },
  { type: 'BillingDetails', make: samples.billingDetails },
  { type: 'BillingDetails', make: () => ({ line1: 'Main St 1', postal_code: '10115' }) },
  { type: 'PaymentMethod', make: samples.paymentMethod },
  { type: 'PaginatedPaymentMethodList', make: () => samples.page([samples.paymentMethod()]) },
  { type: 'ChargingSession', make: samples.chargingSession },
  { type: 'PaginatedChargingSessionList', make: () => samples.page([samples.chargingSession()]) },
  { type: 'Debt', make: samples.debt },
  { type: 'PaginatedDebtList', make: () => samples.page([samples.debt()]) },
  { type: 'Invoice', make: samples.invoice },
  {
    type: 'PaginatedInvoiceList',
    make: () =>
      samples.page([samples.invoice(), { ...samples.invoice(), charging_session_id: null }]),
  },
  { type: 'SetupIntent', make: samples.setupIntent },
  { type: 'Partner', make: samples.partner },
  { type: 'StationDataFile', make: samples.dataFile },
  { type: 'Detail', make: () => ({ detail: 'Not found.' }) },
  {
    type: 'ErrorDetail',
    make: () => ({
      detail: 'Payment failed.',
      error: {
        type: 'payment_error',
        details: 'card declined',
        payment_intent_client_secret: 'pi_secret',
      },
    }),
  },
];

interface Spoiler {
  readonly type: string;
  readonly make: () => unknown;
  readonly spoil: (value: Json) => void;
  readonly path: string;
  readonly expected: string;
}

const spoilers: Spoiler[] = [
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => delete s.name,
    path: '$.name',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.id = 42),
    path: '$.id',
    expected: 'string or null',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.coordinates.latitude = 52.52),
    path: '$.coordinates.latitude',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => delete s.coordinates.longitude,
    path: '$.coordinates.longitude',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.evses[1].status = 7),
    path: '$.evses[1].status',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => delete s.evses[0].evse_id,
    path: '$.evses[0].evse_id',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.opening_times.twentyfourseven = 'yes'),
    path: '$.opening_times.twentyfourseven',
    expected: 'boolean',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.opening_times.regular_hours[1].period_end = 5),
    path: '$.opening_times.regular_hours[1].period_end',
    expected: 'string or null',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.operator.contact.phone = 4930),
    path: '$.operator.contact.phone',
    expected: 'string or null',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.price_groups[0].power = '22'),
    path: '$.price_groups[0].power',
    expected: 'number',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.price_groups[0].prices.kwh_price.default[0].gross_price = 0.45),
    path: '$.price_groups[0].prices.kwh_price.default[0].gross_price',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.price_groups[0].prices.blocking_fee.after_grace_period = {}),
    path: '$.price_groups[0].prices.blocking_fee.after_grace_period',
    expected: 'array',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.price_groups[0].prices.kwh_price.default[0].date_to = 20261231),
    path: '$.price_groups[0].prices.kwh_price.default[0].date_to',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.price_groups[0].local_datetime = null),
    path: '$.price_groups[0].local_datetime',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.amenities[1] = null),
    path: '$.amenities[1]',
    expected: 'string',
  },
  {
    type: 'Station',
    make: samples.station,
    spoil: (s) => (s.is_partner = 'true'),
    path: '$.is_partner',
    expected: 'boolean',
  },
  {
    type: 'PaginatedStationList',
    make: () => samples.stationPage(5),
    spoil: (p) => (p.results[3].evses[0].status = false),
    path: '$.results[3].evses[0].status',
    expected: 'string',
  },
  {
    type: 'PaginatedStationList',
    make: () => samples.stationPage(2),
    spoil: (p) => (p.count = '41'),
    path: '$.count',
    expected: 'integer',
  },
  {
    type: 'PaginatedStationList',
    make: () => samples.stationPage(2),
    spoil: (p) => (p.next = 3),
    path: '$.next',
    expected: 'string or null',
  },
  {
    type: 'PaginatedStationList',
    make: () => samples.stationPage(2),
    spoil: (p) => (p.results = null),
    path: '$.results',
    expected: 'array',
  },
  {
    type: 'MapTile',
    make: samples.mapTile,
    spoil: (t) => delete t.features[0].properties.count,
    path: '$.features[0].properties.count',
    expected: 'integer',
  },
  {
    type: 'MapTile',
    make: samples.mapTile,
    spoil: (t) => (t.features[1].geometry.coordinates[0] = 13.4),
    path: '$.features[1].geometry.coordinates[0]',
    expected: 'string',
  },
  {
    type: 'MapTile',
    make: samples.mapTile,
    spoil: (t) => (t.features[1].custom_properties.is_partner = 1),
    path: '$.features[1].custom_properties.is_partner',
    expected: 'boolean',
  },
  {
    type: 'MapTile',
    make: samples.mapTile,
    spoil: (t) => (t.type = 1),
    path: '$.type',
    expected: 'string',
  },
  { type: 'User', make: samples.user, spoil: (u) => delete u.id, path: '$.id', expected: 'string' },
  {
    type: 'User',
    make: samples.user,
    spoil: (u) => (u.custom_properties.external_id = 42),
    path: '$.custom_properties.external_id',
    expected: 'string of at most 250 characters or null',
  },
  {
    type: 'BillingDetails',
    make: samples.billingDetails,
    spoil: (b) => delete b.postal_code,
    path: '$.postal_code',
    expected: 'string',
  },
  {
    type: 'PaymentMethod',
    make: samples.paymentMethod,
    spoil: (p) => (p.card.last4 = 4242),
    path: '$.card.last4',
    expected: 'string',
  },
  {
    type: 'PaymentMethod',
    make: samples.paymentMethod,
    spoil: (p) => delete p.default,
    path: '$.default',
    expected: 'boolean',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    spoil: (c) => (c.duration = '3600'),
    path: '$.duration',
    expected: 'integer or null',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    spoil: (c) => (c.station_info.connector_power = '22'),
    path: '$.station_info.connector_power',
    expected: 'number or null',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    spoil: (c) => delete c.is_active,
    path: '$.is_active',
    expected: 'boolean',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    spoil: (c) => (c.start_time = 1700000000),
    path: '$.start_time',
    expected: 'string or null',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    spoil: (c) => (c.consumed_energy = 'about 12 kWh'),
    path: '$.consumed_energy',
    expected: String.raw`string matching ^-?\d{0,5}(?:\.\d{0,3})?$ or null`,
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    spoil: (c) => delete c.user_facing_session_prices.blocking_fee,
    path: '$.user_facing_session_prices.blocking_fee',
    expected: 'string or null',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    spoil: (c) => delete c.session_cost.invoice_summary,
    path: '$.session_cost.invoice_summary',
    expected: 'string',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    spoil: (c) => (c.user_facing_session_prices.currency = 'EURO'),
    path: '$.user_facing_session_prices.currency',
    expected: 'string of at most 3 characters',
  },
  {
    type: 'Debt',
    make: samples.debt,
    spoil: (d) => (d.amount = 17.8),
    path: '$.amount',
    expected: 'string',
  },
  {
    type: 'Invoice',
    make: samples.invoice,
    spoil: (i) => (i.refund = 'no'),
    path: '$.refund',
    expected: 'boolean',
  },
  {
    type: 'Invoice',
    make: samples.invoice,
    spoil: (i) => (i.date = null),
    path: '$.date',
    expected: 'string',
  },
  {
    type: 'ErrorDetail',
    make: () => ({ detail: 'x', error: { type: 'validation_error', details: 'y' } }),
    spoil: (e) => delete e.error.details,
    path: '$.error.details',
    expected: 'string',
  },
  {
    type: 'Detail',
    make: () => ({ detail: 'x' }),
    spoil: (d) => (d.detail = ['x']),
    path: '$.detail',
    expected: 'string',
  },
];

function guardsOf(type: string) {
  const table = guards as unknown as Record<string, unknown>;
  const check = table[`check${type}`] as Check;
  const is = table[`is${type}`] as (value: unknown) => boolean;
  const assert = table[`assert${type}`] as (value: unknown) => void;
  expect([typeof check, typeof is, typeof assert], `guards of ${type}`).toEqual([
    'function',
    'function',
    'function',
  ]);
  return { check, is, assert };
}

describe('valid samples pass', () => {
  it.each(valid.map((s, i) => [`${s.type} #${i}`, s] as const))('%s', (_name, { type, make }) => {
    const { check, is, assert } = guardsOf(type);
    const value = make();
    const failure = check(value);
    expect(failure && describeFailure(failure)).toBeUndefined();
    expect(is(value)).toBe(true);
    expect(() => assert(value)).not.toThrow();
  });

  it('let unknown extra properties through, at every depth', () => {
    const value = samples.stationPage(2) as Json;
    value.connectors = [{ standard: 'IEC_62196_T2' }];
    value.results[1].connectors = [{ standard: 'CHADEMO', max_power: 50 }];
    value.results[1].evses[0].connector_count = 2;
    value.results[1].price_groups[0].prices.kwh_price.default[0].note = 'night tariff';
    expect(guards.isPaginatedStationList(value)).toBe(true);
  });

  it('accept enum values the provider adds in later releases, in responses only', () => {
    const value = samples.station() as Json;
    value.status = 'maintenance';
    value.evses[0].status = 'DECOMMISSIONED';
    value.amenities.push('PLAYGROUND');
    expect(guards.isStation(value)).toBe(true);
    expect(
      guards.checkBillingDetailsRequest({
        line1: 'a',
        postal_code: 'b',
        account_type: 'nonprofit',
      }),
    ).toMatchObject({
      reversedPath: ['account_type'],
    });
  });
});

/**
 * What the provider's own contract allows and our guards once refused (issue 13): plain
 * strings where we demanded a decimal or a date, a fractional power, tile `type` values
 * other than the GeoJSON defaults, formats the contract only annotates.
 */
const contractAllows: {
  readonly type: string;
  readonly make: () => unknown;
  readonly change: (value: Json) => void;
  readonly what: string;
}[] = [
  {
    type: 'Station',
    make: samples.station,
    change: (s) => (s.price_groups[0].power = 7.4),
    what: 'a fractional power',
  },
  {
    type: 'Station',
    make: samples.station,
    change: (s) => (s.coordinates.latitude = '52,52'),
    what: 'a latitude that is no decimal',
  },
  {
    type: 'Station',
    make: samples.station,
    change: (s) => (s.coordinates.longitude = 'east'),
    what: 'a longitude that is no decimal',
  },
  {
    type: 'Station',
    make: samples.station,
    change: (s) => (s.price_groups[0].prices.kwh_price.default[0].gross_price = 'free'),
    what: 'a gross price that is no decimal',
  },
  {
    type: 'Station',
    make: samples.station,
    change: (s) => (s.price_groups[0].prices.kwh_price.default[0].date_to = '31.12.2026'),
    what: 'a date that is not YYYY-MM-DD',
  },
  {
    type: 'Station',
    make: samples.station,
    change: (s) => (s.price_groups[0].local_datetime = 'yesterday'),
    what: 'text in a date-time field (a format only annotates)',
  },
  {
    type: 'MapTile',
    make: samples.mapTile,
    change: (t) => (t.type = 'Feature'),
    what: 'another tile type',
  },
  {
    type: 'MapTile',
    make: samples.mapTile,
    change: (t) => (t.features[0].geometry.type = 'MultiPoint'),
    what: 'another geometry type',
  },
  {
    type: 'MapTile',
    make: samples.mapTile,
    change: (t) => (t.features[1].geometry.coordinates[0] = '13,4'),
    what: 'a coordinate that is no decimal',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    change: (c) => (c.start_time = 'soon'),
    what: 'text in a date-time field',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    change: (c) =>
      (c.user_facing_session_prices.blocking_fee = '0.10 EUR/min after 240 min, at most 12 EUR'),
    what: 'merged blocking-fee information',
  },
  {
    type: 'ChargingSession',
    make: samples.chargingSession,
    change: (c) => delete c.user_facing_session_prices.currency,
    what: 'session prices without a currency',
  },
  {
    type: 'Debt',
    make: samples.debt,
    change: (d) => (d.amount = 'n/a'),
    what: 'an amount that is no decimal',
  },
  {
    type: 'Invoice',
    make: samples.invoice,
    change: (i) => ((i.total = '17,80'), (i.date = '1 Nov 2026')),
    what: 'a total and a date as plain strings',
  },
];

describe('responses the contract allows pass', () => {
  it.each(contractAllows.map((c) => [`${c.type}: ${c.what}`, c] as const))(
    '%s',
    (_name, { type, make, change }) => {
      const { check } = guardsOf(type);
      const value = make() as Json;
      change(value);
      const failure = check(value);
      expect(failure && describeFailure(failure)).toBeUndefined();
    },
  );

  it('requests stay strict: a locale outside the list is refused when creating a user', () => {
    expect(guards.checkUserCreateRequest({ email: null, locale: 'en' })).toBeUndefined();
    expect(guards.checkUserCreateRequest({ locale: 'fr' })).toMatchObject({
      reversedPath: ['locale'],
    });
  });
});

describe('spoilers fail and name the path they broke', () => {
  it.each(spoilers.map((s) => [`${s.type} ${s.path}`, s] as const))(
    '%s',
    (_name, { type, make, spoil, path, expected }) => {
      const { check, is, assert } = guardsOf(type);
      const value = make() as Json;
      spoil(value);
      const failure = check(value);
      expect(failure, 'the spoiled value must fail').toBeDefined();
      expect(describeFailure(failure!)).toMatch(
        new RegExp(`^${escape(path)}: expected ${escape(expected)}, got `),
      );
      expect(is(value)).toBe(false);
      let thrown: unknown;
      try {
        assert(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(GuardError);
      expect((thrown as GuardError).path).toBe(path);
      expect((thrown as GuardError).message).toContain(`Invalid ${type}: ${path}`);
    },
  );

  it('never put the offending value itself in the message (it may be a secret)', () => {
    const value = samples.debt() as Json;
    value.payment_intent_client_secret = { secret: 'pi_live_SECRET_VALUE' };
    const failure = guards.checkDebt(value)!;
    expect(describeFailure(failure)).toBe(
      '$.payment_intent_client_secret: expected string, got object',
    );
  });
});

describe('request guards', () => {
  it('enforce required fields, max lengths, enums and rating bounds', () => {
    const describeRequest = (check: Check, value: unknown) => {
      const failure = check(value);
      return failure && describeFailure(failure);
    };
    expect(describeRequest(guards.checkChargingStartRequest, { evse_id: 'E1' })).toMatch(
      /^\$\.payment_method_id: expected string/,
    );
    expect(
      describeRequest(guards.checkBillingDetailsRequest, {
        line1: 'a',
        postal_code: 'b',
        city: 'x'.repeat(51),
      }),
    ).toMatch(/^\$\.city: /);
    expect(
      describeRequest(guards.checkBillingDetailsRequest, {
        line1: 'a',
        postal_code: 'b',
        city: 'x'.repeat(50),
      }),
    ).toBeUndefined();
    expect(describeRequest(guards.checkPatchedChargingSessionRateRequest, { rates: 6 })).toBe(
      '$.rates: expected integer from 1 to 5 or null, got integer',
    );
    expect(describeRequest(guards.checkPatchedChargingSessionRateRequest, { rates: 0 })).toMatch(
      /^\$\.rates: /,
    );
    expect(
      describeRequest(guards.checkPatchedChargingSessionRateRequest, { rates: 5 }),
    ).toBeUndefined();
    expect(
      describeRequest(guards.checkPatchedChargingSessionRateRequest, { rates: null }),
    ).toBeUndefined();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
