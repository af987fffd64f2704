/**
 * The fake's own model of a station (numbers, not the decimal strings of the wire format),
 * and its conversion to the `Station` body the spec describes. EVSE statuses are the only
 * mutable part: charging sessions move an EVSE to CHARGING and back.
 */

export type PowerGroupName = 'slow' | 'fast' | 'turbo';

export type EvseStatusName =
  | 'AVAILABLE'
  | 'BLOCKED'
  | 'CHARGING'
  | 'INOPERATIVE'
  | 'OUTOFORDER'
  | 'PLANNED'
  | 'REMOVED'
  | 'RESERVED'
  | 'UNKNOWN';

export type StationStatusName = 'free' | 'busy' | 'unknown' | 'error';

export interface OperatorInfo {
  /** Short code, also the middle part of EVSE ids (`DE*VLT*E000123*1`). */
  readonly id: string;
  readonly name: string;
  readonly partner: boolean;
  readonly phone: string | null;
  readonly logoUrl: string | null;
}

export interface EvseModel {
  readonly evseId: string;
  status: EvseStatusName;
  readonly connector: string;
  readonly powerKw: number;
}

export interface PriceGroupModel {
  readonly type: 'AC' | 'DC';
  readonly powerKw: number;
  readonly evseIds: readonly string[];
  /** Per kWh, VAT included. */
  readonly kwhPrice: number;
  /** Per minute after the grace period, VAT included; null when there is no blocking fee. */
  readonly blockingFeePerMinute: number | null;
  readonly graceMinutes: number | null;
  readonly blockingCap: number | null;
  readonly sessionFee: number | null;
  readonly preAuthorization: number;
}

export interface StationModel {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly locationName: string;
  readonly countryCode: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly operator: OperatorInfo;
  readonly speed: PowerGroupName;
  readonly amenities: readonly string[];
  readonly twentyfourseven: boolean;
  readonly evses: readonly EvseModel[];
  readonly priceGroups: readonly PriceGroupModel[];
  readonly lastUpdated: string;
  readonly taxPercent: number;
  readonly currency: string;
  readonly connectorTypes: ReadonlySet<string>;
  /** The price shown on the map and compared with `max_price`: the lowest kWh price. */
  readonly price: number;
}

export function money(value: number): string {
  return value.toFixed(2);
}

export function coordinate(value: number): string {
  return value.toFixed(6);
}

export function stationStatus(evses: readonly EvseModel[]): StationStatusName {
  if (evses.some((e) => e.status === 'AVAILABLE')) return 'free';
  if (
    evses.some((e) => e.status === 'CHARGING' || e.status === 'BLOCKED' || e.status === 'RESERVED')
  )
    return 'busy';
  if (
    evses.every(
      (e) => e.status === 'OUTOFORDER' || e.status === 'INOPERATIVE' || e.status === 'REMOVED',
    )
  )
    return 'error';
  return 'unknown';
}

export function isAvailable(station: StationModel): boolean {
  return station.evses.some((e) => e.status === 'AVAILABLE');
}

const REGULAR_HOURS = [
  ...(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const).map(
    (weekday) => ({ weekday, period_begin: '07:00', period_end: '22:00' }),
  ),
  { weekday: 'SUNDAY', period_begin: '09:00', period_end: '20:00' },
];

/** The `Station` body. `now` gives the price groups' local time. */
export function stationJson(station: StationModel, now: Date): Record<string, unknown> {
  const { operator } = station;
  return {
    id: station.id,
    name: station.name,
    address: station.address,
    coordinates: {
      latitude: coordinate(station.latitude),
      longitude: coordinate(station.longitude),
    },
    opening_times: {
      twentyfourseven: station.twentyfourseven,
      regular_hours: station.twentyfourseven ? [] : REGULAR_HOURS,
    },
    operator: {
      name: operator.name,
      contact: operator.phone === null ? null : { phone: operator.phone },
    },
    evses: station.evses.map((e) => ({ evse_id: e.evseId, status: e.status })),
    last_updated: station.lastUpdated,
    price_groups: station.priceGroups.map((group) => priceGroupJson(group, station, now)),
    operator_name: operator.name,
    location_name: station.locationName,
    speed: station.speed,
    status: stationStatus(station.evses),
    amenities: station.amenities,
    is_partner: operator.partner,
    logo_url: operator.logoUrl ?? `https://logos.example.com/${operator.id.toLowerCase()}.svg`,
    sold_by: operator.name,
  };
}

function priceGroupJson(
  group: PriceGroupModel,
  station: StationModel,
  now: Date,
): Record<string, unknown> {
  const year = now.getUTCFullYear();
  const item = (
    userFacing: number,
    extra: { grace?: number | null; cap?: number | null } = {},
  ) => ({
    time_from: '00:00',
    time_to: '23:59',
    date_from: `${year}-01-01`,
    date_to: `${year}-12-31`,
    gross_price: (userFacing / (1 + station.taxPercent / 100)).toFixed(4),
    user_facing_price: money(userFacing),
    tax: station.taxPercent,
    grace_period_minutes: extra.grace ?? null,
    blocking_cap: extra.cap === undefined || extra.cap === null ? null : money(extra.cap),
  });
  // A price member maps a day selector to its price items; the fake's prices hold all week.
  const member = (items: ReturnType<typeof item>[]) => ({ ALL: items });
  return {
    type: group.type,
    power: group.powerKw,
    evse_ids: group.evseIds,
    prices: {
      time_price: null,
      kwh_price: member([item(group.kwhPrice)]),
      // A blocking fee is charged per hour on the wire (gross) and per minute to the user.
      blocking_fee:
        group.blockingFeePerMinute === null
          ? null
          : member([
              {
                ...item(group.blockingFeePerMinute, {
                  grace: group.graceMinutes,
                  cap: group.blockingCap,
                }),
                gross_price: (
                  (group.blockingFeePerMinute * 60) /
                  (1 + station.taxPercent / 100)
                ).toFixed(4),
              },
            ]),
      session_fee: group.sessionFee === null ? null : member([item(group.sessionFee)]),
      starting_fee: null,
      session_time_price: null,
      time_price_while_energy_flow: null,
      time_price_while_no_energy_flow: null,
    },
    local_datetime: now.toISOString(),
    currency: station.currency,
    pre_authorization_amount: money(group.preAuthorization),
    is_fallback: false,
    min_cost: { excl_vat: money(0), incl_vat: money(0) },
    max_cost: {
      excl_vat: money(group.preAuthorization / (1 + station.taxPercent / 100)),
      incl_vat: money(group.preAuthorization),
    },
  };
}
