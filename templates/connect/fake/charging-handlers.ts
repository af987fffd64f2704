/**
 * Setup intents, payment methods, charging start and stop, sessions, debts and invoices.
 * Starting checks, in this order: the user, the EVSE and the payment method exist (404);
 * the user is not charging already (409 `already_charging`); the user has a payment method
 * (402 `payment_method_error`) and billing details (402 `billing_data_required`); the EVSE
 * is available (424 `station_availability_issue`); the card needs no confirmation (402
 * `payment_error` with a payment intent secret).
 */
import { errorDetailFailure, notFound } from './errors.js';
import { pathParameter, type Handler, type HandlerContext } from './handler.js';
import type { FakeOperationId } from './operation-ids.js';
import { paginate } from './pagination.js';

const userId = (context: HandlerContext) =>
  context.state.users.get(pathParameter(context, 'user_id')).id;

function start(context: HandlerContext): unknown {
  const { state, body } = context;
  const user = userId(context);
  const evseId = String(body['evse_id']);
  const station = state.stations.byEvseId(evseId);
  const evse = station?.evses.find((e) => e.evseId === evseId);
  if (!station || !evse) throw notFound('No EVSE has this id.');
  const methods = state.payments.list(user);
  const paymentMethod = methods.find((m) => m.id === body['payment_method_id']);
  if (methods.length > 0 && !paymentMethod) throw notFound('No such payment method for this user.');
  if (state.charging.active(user))
    throw errorDetailFailure(409, 'already_charging', 'The user is already charging.');
  if (!paymentMethod)
    throw errorDetailFailure(
      402,
      'payment_method_error',
      'The user has no payment method; confirm a setup intent first.',
    );
  if (!state.users.get(user).billing)
    throw errorDetailFailure(
      402,
      'billing_data_required',
      'Billing details are required before charging.',
    );
  if (evse.status !== 'AVAILABLE')
    throw errorDetailFailure(
      424,
      'station_availability_issue',
      `The EVSE ${evse.evseId} is not available (${evse.status}).`,
    );
  if (paymentMethod.requiresAuthentication) {
    const secret = state.payments.paymentIntentSecret();
    throw errorDetailFailure(
      402,
      'payment_error',
      'The pre-authorization needs the card holder to confirm it.',
      'Confirm the payment intent with the payment provider, then start again.',
      secret,
    );
  }
  const session = state.charging.start({ userId: user, station, evse, paymentMethod });
  // Starting is synchronous and slow in the real service; the session exists from the start, so a second start in the meantime is refused.
  context.answerAfter(state.startDelayMs);
  return state.charging.json(session);
}

function stop(context: HandlerContext): unknown {
  const { state } = context;
  const user = userId(context);
  const session = state.charging.get(user, pathParameter(context, 'session_id'));
  state.charging.stop(user, session.id, state.payments.find(user, session.paymentMethodId));
  return undefined;
}

function removePaymentMethod(context: HandlerContext): unknown {
  const { state } = context;
  const user = userId(context);
  const method = state.payments.get(user, pathParameter(context, 'pm'));
  if (state.charging.inUse(user, method.id))
    throw errorDetailFailure(
      400,
      'validation_error',
      'The payment method pays for a charging session that is still running.',
    );
  if (state.payments.list(user).length === 1 && state.charging.debts(user).length > 0) {
    throw errorDetailFailure(
      402,
      'payment_method_error',
      'The last payment method cannot be removed while debts are unpaid.',
    );
  }
  state.payments.remove(user, method.id);
  return undefined;
}

export const chargingHandlers = {
  usersSetupIntentsCreate: (context) => ({
    setup_intent_client_secret: context.state.payments.createSetupIntent(userId(context)),
  }),
  usersPaymentMethodsList: (context) => {
    const { state, query, url } = context;
    const page = paginate(state.payments.list(userId(context)), query, url);
    return { ...page, results: page.results.map((m) => state.payments.json(m)) };
  },
  usersPaymentMethodsSetDefault: (context) =>
    context.state.payments.setDefault(userId(context), pathParameter(context, 'pm')),
  usersPaymentMethodsDelete: removePaymentMethod,
  usersChargingStart: start,
  usersChargingStop: stop,
  usersChargingSessionsList: (context) => {
    const { state, query, url } = context;
    const page = paginate(state.charging.sessions(userId(context)), query, url);
    return { ...page, results: page.results.map((s) => state.charging.json(s)) };
  },
  usersChargingSessionsRetrieve: (context) =>
    context.state.charging.json(
      context.state.charging.get(userId(context), pathParameter(context, 'session_id')),
    ),
  usersChargingSessionsRate: (context) => {
    const { state, body } = context;
    const session = state.charging.get(userId(context), pathParameter(context, 'session_id'));
    if ('rates' in body) session.rates = typeof body['rates'] === 'number' ? body['rates'] : null;
    return state.charging.json(session);
  },
  usersDebtsList: (context) => {
    const { state, query, url } = context;
    const page = paginate(state.charging.debts(userId(context)), query, url);
    return {
      ...page,
      results: page.results.map((d) => ({
        session_id: d.sessionId,
        payment_intent_client_secret: d.paymentIntentClientSecret,
        amount: d.amount,
        currency: d.currency,
      })),
    };
  },
  usersInvoicesList: (context) => {
    const { state, query, url } = context;
    const page = paginate(state.charging.invoices(userId(context)), query, url);
    return {
      ...page,
      results: page.results.map((i) => ({
        link: i.link,
        total: i.total,
        date: i.date,
        refund: i.refund,
        currency: i.currency,
        charging_session_id: i.sessionId,
      })),
    };
  },
} satisfies Partial<Record<FakeOperationId, Handler>>;
