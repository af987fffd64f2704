/**
 * Realistic response bodies of the Connect API, shaped as the spec and the facts sheet
 * describe them. Each factory returns a fresh copy, so a test may mutate what it gets.
 */
import type {
  BillingDetails,
  ChargingSession,
  Debt,
  Invoice,
  MapTile,
  Partner,
  PaymentMethod,
  SetupIntent,
  Station,
  StationDataFile,
  User,
} from '../../generated/src/index.js';

export const priceItem = () => ({
  time_from: '00:00',
  time_to: '23:59',
  date_from: '2026-01-01',
  date_to: '2026-12-31',
  gross_price: '0.4958',
  user_facing_price: '0.59',
  tax: 19,
  grace_period_minutes: null,
  blocking_cap: '12.00',
});

export const station = (): Station => ({
  id: 'st_berlin_0001',
  name: 'Alexanderplatz Parkhaus',
  address: 'Alexanderstraße 7, 10178 Berlin',
  coordinates: { latitude: '52.521918', longitude: '13.413215' },
  opening_times: {
    twentyfourseven: false,
    regular_hours: [
      { weekday: 'MONDAY', period_begin: '07:00', period_end: '22:00' },
      { weekday: 'SUNDAY', period_begin: null, period_end: null },
    ],
  },
  operator: { name: 'Stadtwerk Energie', contact: { phone: '+49 30 1234567' } },
  evses: [
    { evse_id: 'DE*SWE*E0001*1', status: 'AVAILABLE' },
    { evse_id: 'DE*SWE*E0001*2', status: 'CHARGING' },
  ],
  last_updated: '2026-11-20T09:15:00Z',
  price_groups: [
    {
      type: 'AC',
      power: 7.4,
      evse_ids: ['DE*SWE*E0001*1', 'DE*SWE*E0001*2'],
      prices: {
        kwh_price: { default: [priceItem()] },
        time_price: null,
        blocking_fee: { after_grace_period: [{ ...priceItem(), grace_period_minutes: 240 }] },
      },
      local_datetime: '2026-11-20T10:15:00+01:00',
      currency: 'EUR',
      pre_authorization_amount: '50.00',
      is_fallback: false,
      max_cost: { excl_vat: '42.02', incl_vat: '50.00' },
      min_cost: { excl_vat: '0.00', incl_vat: '0.00' },
    },
  ],
  operator_name: 'Stadtwerk Energie',
  location_name: 'Parkhaus Alexa',
  speed: 'fast',
  status: 'free',
  amenities: ['MALL', 'CAFE'],
  is_partner: true,
  logo_url: 'https://cdn.example.com/logos/swe.png',
  sold_by: 'Connect',
});

export const stationPage = (count = 3) => ({
  count: 41,
  next: 'http://127.0.0.1:1/api/v1/stations/around/?latitude=52.52&longitude=13.4&page=2',
  previous: null,
  results: Array.from({ length: count }, (_, i) => ({ ...station(), id: `st_${i}` })),
});

export const mapTile = (): MapTile => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: ['13.404954', '52.520008'] },
      properties: { count: 12, expansion_zoom: 14 },
      cluster_id: 'c_8127',
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: ['13.413215', '52.521918'] },
      properties: { count: 1, speed: 'turbo', status: 'busy', operator_id: 'op_7' },
      station_id: 'st_berlin_0001',
      custom_properties: { is_partner: true },
      price_properties: { price: '0.59', type: 'charging_price', currency: 'EUR' },
    },
  ],
});

export const user = (): User => ({
  id: 'usr_5f1c',
  email: 'driver@example.com',
  locale: 'de',
  custom_properties: { external_id: 'crm-42' },
});

export const billingDetails = (): BillingDetails => ({
  line1: 'Invalidenstraße 117',
  postal_code: '10115',
  country: 'DE',
  city: 'Berlin',
  tax_id: null,
  account_type: 'business',
  company_name: 'Fleet GmbH',
  vat_id: 'DE123456789',
  first_name: 'Ada',
  last_name: 'Lovelace',
});

export const paymentMethod = (): PaymentMethod => ({
  id: 'pm_1Q2w3E',
  default: true,
  type: 'card',
  card: { brand: 'visa', last4: '4242', expiration_date: '08/29', cardholder_name: null },
  created_at: '2026-10-01T12:00:00Z',
});

export const chargingSession = (): ChargingSession => ({
  id: 'cs_9001',
  start_time: '2026-11-20T10:00:00Z',
  end_time: null,
  duration: null,
  consumed_energy: '12.345',
  is_active: true,
  evse_id: 'DE*SWE*E0001*1',
  station_info: {
    station_name: 'Alexanderplatz Parkhaus',
    station_address: 'Alexanderstraße 7, 10178 Berlin',
    country: 'DEU',
    station_speed: 'fast',
    connector_standard: 'IEC_62196_T2',
    connector_power: 22,
    support_phone: null,
    latitude: '52.521918',
    longitude: '13.413215',
  },
  is_partner: true,
  logo_url: null,
  user_facing_session_prices: {
    kwh_price: '0.59',
    time_price: null,
    session_fee: null,
    blocking_fee: '0.10',
    starting_fee: null,
    blocking_cap: '12.00',
    grace_period_minutes: 240,
    currency: 'EUR',
  },
  session_cost: {
    kwh_cost: '7.28',
    time_cost: null,
    session_fee_cost: null,
    blocking_fee_cost: null,
    starting_fee_cost: null,
    invoice_download: null,
    invoice_vat: '1.16',
    invoice_summary: '7.28',
    invoice_credits: '0.00',
    invoice_discount: '0.00',
    currency: 'EUR',
  },
  rates: null,
});

export const debt = (): Debt => ({
  session_id: 'cs_8000',
  payment_intent_client_secret: 'pi_3_secret_abc',
  amount: '17.80',
  currency: 'EUR',
});

export const invoice = (): Invoice => ({
  link: 'https://files.example.com/invoices/inv_1.pdf',
  total: '17.80',
  date: '2026-11-01T00:00:00Z',
  refund: false,
  currency: 'EUR',
  charging_session_id: 'cs_8000',
});

export const setupIntent = (): SetupIntent => ({ setup_intent_client_secret: 'seti_1_secret_xyz' });
export const partner = (): Partner => ({ name: 'Stadtwerk Energie', logo_url: null });
export const dataFile = (): StationDataFile => ({
  link: 'https://files.example.com/stations.json.gz',
  last_updated: '2026-11-22T03:00:00Z',
});

export const page = <T>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});
