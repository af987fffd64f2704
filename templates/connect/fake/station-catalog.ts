/**
 * The made-up world the fake's stations live in: real city centres (so that searches around
 * well-known coordinates find something), invented operators and street names. Five of the
 * operators are partners; their names are what `stations.partners` lists and what the
 * `operators` filter takes.
 */
import type { OperatorInfo, PowerGroupName } from './station-model.js';

export interface City {
  readonly name: string;
  readonly countryCode: string;
  readonly postalPrefix: string;
  readonly latitude: number;
  readonly longitude: number;
  /** Stations spread up to this far from the centre, denser towards it. */
  readonly radiusKm: number;
  readonly stations: number;
  readonly streets: readonly string[];
}

export const CITIES: readonly City[] = [
  {
    name: 'Berlin',
    countryCode: 'DE',
    postalPrefix: '10',
    latitude: 52.520008,
    longitude: 13.404954,
    radiusKm: 14,
    stations: 700,
    streets: [
      'Friedrichstraße',
      'Torstraße',
      'Kastanienallee',
      'Karl-Marx-Allee',
      'Sonnenallee',
      'Invalidenstraße',
      'Skalitzer Straße',
      'Schönhauser Allee',
    ],
  },
  {
    name: 'Hamburg',
    countryCode: 'DE',
    postalPrefix: '20',
    latitude: 53.551086,
    longitude: 9.993682,
    radiusKm: 12,
    stations: 450,
    streets: [
      'Mönckebergstraße',
      'Reeperbahn',
      'Elbchaussee',
      'Grindelallee',
      'Osterstraße',
      'Wandsbeker Chaussee',
    ],
  },
  {
    name: 'München',
    countryCode: 'DE',
    postalPrefix: '80',
    latitude: 48.137154,
    longitude: 11.576124,
    radiusKm: 11,
    stations: 500,
    streets: [
      'Leopoldstraße',
      'Sendlinger Straße',
      'Landsberger Straße',
      'Rosenheimer Straße',
      'Dachauer Straße',
      'Ungererstraße',
    ],
  },
  {
    name: 'Köln',
    countryCode: 'DE',
    postalPrefix: '50',
    latitude: 50.937531,
    longitude: 6.960279,
    radiusKm: 9,
    stations: 350,
    streets: [
      'Hohe Straße',
      'Aachener Straße',
      'Venloer Straße',
      'Severinstraße',
      'Deutz-Mülheimer Straße',
    ],
  },
  {
    name: 'Frankfurt am Main',
    countryCode: 'DE',
    postalPrefix: '60',
    latitude: 50.110924,
    longitude: 8.682127,
    radiusKm: 9,
    stations: 350,
    streets: [
      'Zeil',
      'Berger Straße',
      'Mainzer Landstraße',
      'Hanauer Landstraße',
      'Schweizer Straße',
    ],
  },
  {
    name: 'Wien',
    countryCode: 'AT',
    postalPrefix: '1',
    latitude: 48.208176,
    longitude: 16.373819,
    radiusKm: 10,
    stations: 350,
    streets: [
      'Mariahilfer Straße',
      'Praterstraße',
      'Landstraßer Hauptstraße',
      'Favoritenstraße',
      'Währinger Straße',
    ],
  },
  {
    name: 'Amsterdam',
    countryCode: 'NL',
    postalPrefix: '10',
    latitude: 52.367573,
    longitude: 4.904139,
    radiusKm: 9,
    stations: 400,
    streets: ['Damrak', 'Overtoom', 'Ferdinand Bolstraat', 'Javastraat', 'Haarlemmerweg'],
  },
  {
    name: 'Paris',
    countryCode: 'FR',
    postalPrefix: '75',
    latitude: 48.856613,
    longitude: 2.352222,
    radiusKm: 10,
    stations: 500,
    streets: [
      'Rue de Rivoli',
      'Boulevard Voltaire',
      'Rue de la Roquette',
      'Avenue de Clichy',
      'Rue de Vaugirard',
    ],
  },
];

/** VAT in percent, per country. */
export const TAX_PERCENT: Readonly<Record<string, number>> = { DE: 19, AT: 20, NL: 21, FR: 20 };

export interface OperatorProfile extends OperatorInfo {
  /** How often each speed class occurs among its stations. */
  readonly speeds: readonly (readonly [PowerGroupName, number])[];
  /** How often it appears among all stations. */
  readonly weight: number;
  readonly sessionFee: number | null;
}

export const OPERATORS: readonly OperatorProfile[] = [
  {
    id: 'VLT',
    name: 'Voltaris',
    partner: true,
    phone: '+49 30 1234 5670',
    logoUrl: 'https://logos.example.com/voltaris.svg',
    speeds: [
      ['fast', 2],
      ['turbo', 3],
    ],
    weight: 3,
    sessionFee: null,
  },
  {
    id: 'AMP',
    name: 'AmpereNet',
    partner: true,
    phone: '+49 40 2345 6780',
    logoUrl: 'https://logos.example.com/amperenet.svg',
    speeds: [
      ['slow', 3],
      ['fast', 1],
    ],
    weight: 4,
    sessionFee: null,
  },
  {
    id: 'BLZ',
    name: 'Blitzlader',
    partner: true,
    phone: '+49 89 3456 7890',
    logoUrl: 'https://logos.example.com/blitzlader.svg',
    speeds: [['turbo', 1]],
    weight: 2,
    sessionFee: 0.5,
  },
  {
    id: 'EUC',
    name: 'EuroCharge',
    partner: true,
    phone: null,
    logoUrl: 'https://logos.example.com/eurocharge.svg',
    speeds: [
      ['slow', 2],
      ['fast', 2],
      ['turbo', 1],
    ],
    weight: 3,
    sessionFee: null,
  },
  {
    id: 'HWP',
    name: 'Highway Power',
    partner: true,
    phone: '+43 1 456 7890',
    logoUrl: null,
    speeds: [
      ['fast', 1],
      ['turbo', 2],
    ],
    weight: 2,
    sessionFee: 0.99,
  },
  {
    id: 'CPL',
    name: 'CityPlug',
    partner: false,
    phone: '+49 221 567 8901',
    logoUrl: null,
    speeds: [['slow', 1]],
    weight: 5,
    sessionFee: null,
  },
  {
    id: 'SWS',
    name: 'Stadtwerk Strom',
    partner: false,
    phone: '+49 69 678 9012',
    logoUrl: null,
    speeds: [
      ['slow', 3],
      ['fast', 1],
    ],
    weight: 4,
    sessionFee: null,
  },
  {
    id: 'PKC',
    name: 'ParkCharge',
    partner: false,
    phone: null,
    logoUrl: null,
    speeds: [['slow', 1]],
    weight: 3,
    sessionFee: 0.35,
  },
  {
    id: 'SVT',
    name: 'SuperVolt',
    partner: false,
    phone: '+31 20 789 0123',
    logoUrl: null,
    speeds: [['turbo', 1]],
    weight: 1,
    sessionFee: null,
  },
  {
    id: 'LPN',
    name: 'Ladepunkt Nord',
    partner: false,
    phone: '+49 40 890 1234',
    logoUrl: null,
    speeds: [
      ['slow', 2],
      ['fast', 1],
    ],
    weight: 2,
    sessionFee: null,
  },
];

export const LOCATION_KINDS: readonly (readonly [string, readonly string[]])[] = [
  ['Parkhaus', ['MALL', 'CAFE']],
  ['Supermarkt', ['SUPERMARKET', 'CARPOOL_PARKING']],
  ['Hotel', ['HOTEL', 'RESTAURANT', 'WIFI']],
  ['Bahnhof', ['TRAIN_STATION', 'TAXI_STAND', 'BUS_STOP']],
  ['Tankstelle', ['FUEL_STATION', 'CAFE']],
  ['Sportpark', ['SPORT', 'RECREATION_AREA']],
  ['Museum', ['MUSEUM', 'CAFE']],
  ['Stadtpark', ['NATURE', 'RECREATION_AREA']],
  ['Flughafen', ['AIRPORT', 'HOTEL', 'RESTAURANT']],
  ['Straßenrand', []],
];

export interface SpeedProfile {
  readonly type: 'AC' | 'DC';
  readonly powers: readonly number[];
  readonly connectors: readonly string[];
  /** kWh price range, VAT included. */
  readonly price: readonly [number, number];
  readonly evses: readonly [number, number];
  readonly preAuthorization: number;
}

export const SPEEDS: Readonly<Record<PowerGroupName, SpeedProfile>> = {
  slow: {
    type: 'AC',
    powers: [3.7, 7.4, 11, 22],
    connectors: ['IEC_62196_T2', 'IEC_62196_T2', 'DOMESTIC_F'],
    price: [0.39, 0.55],
    evses: [1, 4],
    preAuthorization: 25,
  },
  fast: {
    type: 'DC',
    powers: [50, 75],
    connectors: ['IEC_62196_T2_COMBO', 'CHADEMO', 'IEC_62196_T2'],
    price: [0.49, 0.65],
    evses: [2, 4],
    preAuthorization: 50,
  },
  turbo: {
    type: 'DC',
    powers: [150, 300, 350],
    connectors: ['IEC_62196_T2_COMBO', 'IEC_62196_T2_COMBO', 'TESLA_S'],
    price: [0.59, 0.79],
    evses: [2, 8],
    preAuthorization: 80,
  },
};

/** How often each EVSE status occurs when stations are made. */
export const EVSE_STATUS_WEIGHTS = [
  ['AVAILABLE', 70],
  ['CHARGING', 14],
  ['OUTOFORDER', 4],
  ['UNKNOWN', 3],
  ['INOPERATIVE', 2],
  ['BLOCKED', 2],
  ['RESERVED', 2],
  ['PLANNED', 2],
  ['REMOVED', 1],
] as const;
