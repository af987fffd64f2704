/**
 * The Connect fake's control routes, under `/_fake/` (the fakes' library routes them:
 * controls.ts), none of them part of the API: the station data files the data
 * endpoint links to, and the payment provider's part of adding a card, for clients that
 * run the fake as a separate process and cannot call the server handle.
 *
 * - `GET /_fake/files/stations.json`, `GET /_fake/files/partner-stations.json`: no token needed,
 *   like the pre-signed links of the real service.
 * - `POST /_fake/setup-intents/confirm/` with a bearer token and a JSON body
 *   `{"client_secret": "seti_…", "card": {…}}` (card optional, see `TestCard`): attaches the
 *   card to the setup intent's user and answers 201 with the payment method.
 */
import type { ControlRoute } from '../../fake/controls.js';
import type { HttpRequest } from '../../fake/exchange.js';
import { authenticate, type TokenTable } from './auth.js';
import { validationFailure } from './errors.js';
import type { TestCard } from './payments-store.js';
import { DATA_FILES } from './station-handlers.js';
import { stationJson } from './station-model.js';
import type { FakeState } from './state.js';

/** What a control route answers from: the state of the moment and the tokens the fake takes. */
export interface ControlContext {
  readonly state: FakeState;
  readonly tokens: TokenTable;
}

/** The Connect fake's control routes, registered into the fakes' control-route mechanism. */
export const CONTROL_ROUTES: readonly ControlRoute<ControlContext>[] = [
  { method: 'GET', path: DATA_FILES.all, answer: (_, { state }) => dataFile(state, false) },
  { method: 'GET', path: DATA_FILES.partners, answer: (_, { state }) => dataFile(state, true) },
  {
    method: 'POST',
    path: '/_fake/setup-intents/confirm/',
    answer: (request: HttpRequest, { state, tokens }) => {
      authenticate(request.headers['authorization'], tokens);
      const { secret, card } = confirmBody(request.body);
      const method = state.payments.confirmSetupIntent(secret, card);
      return { status: 201, body: state.payments.json(method) };
    },
  },
];

/** Every station as the data files hold them, or the partners' only. */
function dataFile(state: FakeState, partnersOnly: boolean) {
  const now = state.clock.now();
  const stations = state.stations.all.filter((s) => !partnersOnly || s.operator.partner);
  return { status: 200, body: stations.map((s) => stationJson(s, now)) };
}

function confirmBody(raw: Uint8Array): { secret: string; card: TestCard | undefined } {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw validationFailure('body', 'expected a JSON object');
  }
  if (typeof body !== 'object' || body === null)
    throw validationFailure('body', 'expected a JSON object');
  const { client_secret: secret, card } = body as { client_secret?: unknown; card?: unknown };
  if (typeof secret !== 'string') throw validationFailure('client_secret', 'expected string');
  if (card === undefined) return { secret, card };
  if (typeof card !== 'object' || card === null) throw validationFailure('card', 'expected object');
  const fields = card as Record<string, unknown>;
  for (const key of ['brand', 'last4', 'expiration_date'] as const) {
    if (fields[key] !== undefined && typeof fields[key] !== 'string')
      throw validationFailure(`card.${key}`, 'expected string');
  }
  if (
    fields['cardholder_name'] !== undefined &&
    fields['cardholder_name'] !== null &&
    typeof fields['cardholder_name'] !== 'string'
  )
    throw validationFailure('card.cardholder_name', 'expected string or null');
  if (
    fields['type'] !== undefined &&
    !['card', 'apple_pay', 'google_pay'].includes(String(fields['type']))
  )
    throw validationFailure('card.type', 'expected one of "card", "apple_pay", "google_pay"');
  for (const key of ['declines', 'requiresAuthentication'] as const) {
    if (fields[key] !== undefined && typeof fields[key] !== 'boolean')
      throw validationFailure(`card.${key}`, 'expected boolean');
  }
  return { secret, card: fields as TestCard };
}
