/**
 * The benchmark's payload: a page of 100 stations, each with EVSEs, opening hours and price
 * groups with price items (about 280 KB of JSON), built from a seeded generator so every run
 * and every machine measures the same bytes. Spoilers are corrupted copies, one defect each,
 * that every validator in the comparison must reject.
 */
import type { PaginatedStationList, PriceItem, Station } from '../../generated/src/index.js';
import { SeededRandom } from '../../generated/src/fake/random.js';

const EVSE_STATUSES = ['AVAILABLE', 'CHARGING', 'BLOCKED', 'OUTOFORDER', 'RESERVED'] as const;
const STATION_STATUSES = ['free', 'busy', 'unknown'] as const;
const SPEEDS = ['slow', 'fast', 'turbo'] as const;
const AMENITIES = ['CAFE', 'WIFI', 'SUPERMARKET', 'RESTAURANT', 'HOTEL', 'BUS_STOP'] as const;
const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
const OPERATORS = ['Stadtwerke Nord', 'Ionity', 'EnBW mobility+', 'Allego', 'Fastned'] as const;

function pick<T>(next: () => number, values: readonly T[]): T {
  return values[Math.floor(next() * values.length)]!;
}

function money(next: () => number, max: number): string {
  return (next() * max).toFixed(2);
}

function priceItem(next: () => number, timeFrom: string, timeTo: string): PriceItem {
  return {
    time_from: timeFrom,
    time_to: timeTo,
    date_from: '2026-01-01',
    date_to: '2026-12-31',
    gross_price: money(next, 0.6),
    user_facing_price: money(next, 0.7),
    tax: 19,
    grace_period_minutes: next() < 0.5 ? null : 15,
    blocking_cap: next() < 0.5 ? null : '12.00',
  };
}

function station(next: () => number, index: number): Station {
  const id = String(index).padStart(5, '0');
  const evseIds = [1, 2, 3, 4].map((n) => `DE*CNX*E${id}*${n}`);
  const priceGroup = (power: number, ids: string[]): Station['price_groups'][number] => ({
    type: power > 50 ? 'DC' : 'AC',
    power,
    evse_ids: ids,
    prices: {
      kwh_price: {
        default: [priceItem(next, '00:00', '07:00'), priceItem(next, '07:00', '24:00')],
      },
      time_price: null,
      blocking_fee: power > 50 ? { after_4h: [priceItem(next, '08:00', '20:00')] } : null,
      session_fee: null,
      starting_fee: null,
    },
    local_datetime: '2026-11-22T13:00:00Z',
    currency: 'EUR',
    pre_authorization_amount: '50.00',
    is_fallback: false,
    max_cost: { excl_vat: money(next, 90), incl_vat: money(next, 100) },
    min_cost: { excl_vat: '0.00', incl_vat: '0.00' },
  });
  return {
    id: `st-${id}`,
    name: `Charging park ${index}`,
    address: `Hauptstraße ${index + 1}, 10115 Berlin`,
    coordinates: {
      latitude: (52.4 + next() * 0.2).toFixed(6),
      longitude: (13.3 + next() * 0.2).toFixed(6),
    },
    opening_times: {
      twentyfourseven: false,
      regular_hours: WEEKDAYS.slice(0, 6).map((weekday) => ({
        weekday,
        period_begin: '06:00',
        period_end: '22:00',
      })),
    },
    operator: {
      name: pick(next, OPERATORS),
      contact: next() < 0.7 ? { phone: '+49 30 1234567' } : null,
    },
    evses: evseIds.map((evse_id) => ({ evse_id, status: pick(next, EVSE_STATUSES) })),
    last_updated: '2026-11-22T13:45:10Z',
    price_groups: [priceGroup(22, evseIds.slice(0, 2)), priceGroup(150, evseIds.slice(2))],
    operator_name: pick(next, OPERATORS),
    location_name: `Parking ${index}`,
    speed: pick(next, SPEEDS),
    status: pick(next, STATION_STATUSES),
    amenities: [pick(next, AMENITIES), pick(next, AMENITIES)],
    is_partner: next() < 0.3,
    logo_url: 'https://cdn.example.com/logos/operator.png',
    sold_by: 'Connect',
  };
}

/** The valid page: 100 stations, the same on every run. */
export function stationPage(count = 100): PaginatedStationList {
  const random = new SeededRandom(20261122);
  const next = (): number => random.next();
  const results = Array.from({ length: count }, (_, i) => station(next, i));
  return {
    count: 2400,
    next: 'https://connect.cariqa.com/api/v1/stations/around/?latitude=52.52&longitude=13.405&page=3',
    previous:
      'https://connect.cariqa.com/api/v1/stations/around/?latitude=52.52&longitude=13.405&page=1',
    results,
  };
}

export interface Spoiler {
  /** Where the defect is, as a JSON path. */
  readonly path: string;
  readonly what: string;
  readonly spoil: (page: any) => void;
}

/**
 * One defect each, placed late in the page so a validator has to get there. Only defects
 * every validator in the comparison checks (types, required fields, nulls: what the
 * provider's contract promises), so "rejects" means the same thing for all four.
 */
export const SPOILERS: readonly Spoiler[] = [
  { path: '$.count', what: 'string instead of integer', spoil: (p) => (p.count = '2400') },
  {
    path: '$.results[97].evses[2].status',
    what: 'number instead of string',
    spoil: (p) => (p.results[97].evses[2].status = 3),
  },
  {
    path: '$.results[98].name',
    what: 'required property missing',
    spoil: (p) => delete p.results[98].name,
  },
  {
    path: '$.results[99].opening_times.regular_hours[6]',
    what: 'null instead of object',
    spoil: (p) => (p.results[99].opening_times.regular_hours[6] = null),
  },
  {
    path: '$.results[99].price_groups[1].prices.kwh_price.default[1].tax',
    what: 'string instead of number',
    spoil: (p) => (p.results[99].price_groups[1].prices.kwh_price.default[1].tax = '19'),
  },
  {
    path: '$.results[99].price_groups[1].prices.blocking_fee.after_4h[0].date_to',
    what: 'number instead of string',
    spoil: (p) =>
      (p.results[99].price_groups[1].prices.blocking_fee.after_4h[0].date_to = 20261231),
  },
  {
    path: '$.results[99].price_groups[1].power',
    what: 'string instead of number',
    spoil: (p) => (p.results[99].price_groups[1].power = '22'),
  },
  {
    path: '$.results[99].coordinates',
    what: 'array instead of object',
    spoil: (p) => (p.results[99].coordinates = ['52.5', '13.4']),
  },
];

/** A deep copy of the page with one spoiler applied. */
export function spoiled(page: PaginatedStationList, spoiler: Spoiler): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(page));
  spoiler.spoil(copy);
  return copy;
}
