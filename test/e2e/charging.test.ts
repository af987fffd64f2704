/**
 * Payment methods, charging, sessions, debts and invoices through the generated client,
 * against the fake server: the whole flow of an app, and each refusal the spec names.
 */
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  FailedDependencyError,
  NotFoundError,
  PaymentRequiredError,
  type Station,
  type User,
} from '../../generated/src/index.js';
// From the layer's source rather than the package index, so this compiles whether or not
// generated/ has been regenerated since the helper was added; it reads the error's body alone.
import { paymentIntentClientSecretOf } from '../../templates/connect/index.js';
import { apiError, BERLIN, useFakeApi } from './harness.js';

const fake = useFakeApi({ seed: 7 });
const BILLING = { line1: 'Invalidenstraße 1', postal_code: '10115', city: 'Berlin' };

/** EVSEs that are AVAILABLE now, from stations around Berlin, each used once per suite. */
const taken = new Set<string>();
async function availableEvse(): Promise<{ station: Station; evseId: string }> {
  for await (const station of fake.client.stations.around({
    ...BERLIN,
    distance: 3000,
    only_available: true,
    page_size: 50,
  })) {
    const evse = station.evses.find((e) => e.status === 'AVAILABLE' && !taken.has(e.evse_id));
    if (evse) {
      taken.add(evse.evse_id);
      return { station, evseId: evse.evse_id };
    }
  }
  throw new Error('no available EVSE left around Berlin');
}

/** A user with billing details and a card, ready to charge. */
async function readyUser(
  card: Parameters<typeof fake.api.addPaymentMethod>[1] = {},
): Promise<{ user: User; paymentMethodId: string }> {
  const user = await fake.client.users.create({ email: 'driver@example.com' });
  await fake.client.users.billingDetails.update(user.id, BILLING);
  return { user, paymentMethodId: fake.api.addPaymentMethod(user.id, card).id };
}

describe('the whole flow of an app', () => {
  it('user → billing details → setup intent → card → start → stop → sessions → rate → debts → invoices → delete', async () => {
    const { client, api } = fake;
    const user = await client.users.create({
      email: 'flow@example.com',
      custom_properties: { external_id: 'app-7' },
    });
    await client.users.billingDetails.update(user.id, {
      ...BILLING,
      account_type: 'personal',
      first_name: 'Flo',
    });

    const { setup_intent_client_secret: secret } =
      await client.users.paymentMethods.createSetupIntent(user.id, { pm_type: 'card' });
    expect(secret).toMatch(/^seti_\w+_secret_\w+$/);
    // The front end confirms the secret with the payment provider; the fake plays the provider.
    const card = api.confirmSetupIntent(secret, {
      brand: 'mastercard',
      last4: '4444',
      cardholder_name: 'Flo',
    });
    expect(() => api.confirmSetupIntent(secret)).toThrow(/setup intent/);
    const methods = await client.users.paymentMethods.list(user.id);
    expect(methods.results).toEqual([
      {
        id: card.id,
        default: true,
        type: 'card',
        card: {
          brand: 'mastercard',
          last4: '4444',
          expiration_date: '12/34',
          cardholder_name: 'Flo',
        },
        created_at: card.created_at,
      },
    ]);

    const { station, evseId } = await availableEvse();
    const session = await client.users.charging.start(user.id, {
      evse_id: evseId,
      payment_method_id: card.id,
    });
    expect(session).toMatchObject({
      is_active: true,
      evse_id: evseId,
      end_time: null,
      is_partner: station.is_partner,
      station_info: { station_name: station.name },
    });
    expect(
      (await client.stations.details({ id: evseId, type: 'evse_id' })).evses.find(
        (e) => e.evse_id === evseId,
      )!.status,
    ).toBe('CHARGING');

    api.advanceTime(30 * 60_000);
    const running = await client.users.chargingSessions.retrieve(user.id, session.id);
    expect(running.duration).toBe(30 * 60);
    expect(Number(running.consumed_energy)).toBeGreaterThan(0);

    await client.users.charging.stop(user.id, session.id);
    const stopped = await client.users.chargingSessions.retrieve(user.id, session.id);
    expect(stopped).toMatchObject({
      is_active: false,
      duration: 30 * 60,
      consumed_energy: running.consumed_energy,
    });
    expect(stopped.end_time).not.toBeNull();
    expect(
      (await client.stations.details({ id: evseId, type: 'evse_id' })).evses.find(
        (e) => e.evse_id === evseId,
      )!.status,
    ).toBe('AVAILABLE');

    const sessions = await client.users.chargingSessions.list(user.id);
    expect(sessions.results.map((s) => s.id)).toEqual([session.id]);
    expect(
      (await client.users.chargingSessions.rate(user.id, session.id, { rates: 5 })).rates,
    ).toBe(5);
    expect((await client.users.chargingSessions.retrieve(user.id, session.id)).rates).toBe(5);

    expect((await client.users.debts.list(user.id)).count).toBe(0);
    const invoices = await client.users.invoices.list(user.id);
    expect(invoices.results).toEqual([
      {
        link: stopped.session_cost.invoice_download,
        total: stopped.session_cost.invoice_summary,
        date: stopped.end_time,
        refund: false,
        currency: 'EUR',
        charging_session_id: session.id,
      },
    ]);
    expect(Number(invoices.results[0]!.total)).toBeGreaterThan(0);

    await client.users.delete(user.id);
    expect(await apiError(client.users.chargingSessions.list(user.id))).toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('payment methods', () => {
  it('sets the default and deletes, the oldest remaining one taking over', async () => {
    const user = await fake.client.users.create();
    expect((await fake.client.users.paymentMethods.list(user.id)).count).toBe(0);
    const first = fake.api.addPaymentMethod(user.id);
    const second = fake.api.addPaymentMethod(user.id, {
      type: 'google_pay',
      brand: 'visa',
      last4: '1881',
    });
    await fake.client.users.paymentMethods.setDefault(user.id, second.id);
    const defaults = async () =>
      Object.fromEntries(
        (await fake.client.users.paymentMethods.list(user.id)).results.map((m) => [
          m.id,
          m.default,
        ]),
      );
    expect(await defaults()).toEqual({ [first.id]: false, [second.id]: true });
    await fake.client.users.paymentMethods.delete(user.id, second.id);
    expect(await defaults()).toEqual({ [first.id]: true });
    expect(
      await apiError(fake.client.users.paymentMethods.delete(user.id, second.id)),
    ).toBeInstanceOf(NotFoundError);
    expect(
      await apiError(fake.client.users.paymentMethods.setDefault(user.id, 'pm_unknown')),
    ).toBeInstanceOf(NotFoundError);
  });

  it('refuses to delete the card of a running session (400)', async () => {
    const { user, paymentMethodId } = await readyUser();
    const session = await fake.client.users.charging.start(user.id, {
      evse_id: (await availableEvse()).evseId,
      payment_method_id: paymentMethodId,
    });
    const error = await apiError(fake.client.users.paymentMethods.delete(user.id, paymentMethodId));
    expect(error).toBeInstanceOf(BadRequestError);
    await fake.client.users.charging.stop(user.id, session.id);
    await fake.client.users.paymentMethods.delete(user.id, paymentMethodId);
  });
});

describe('charging', () => {
  it('answers 409 already_charging and 409 already_stopped', async () => {
    const { user, paymentMethodId } = await readyUser();
    const session = await fake.client.users.charging.start(user.id, {
      evse_id: (await availableEvse()).evseId,
      payment_method_id: paymentMethodId,
    });
    const again = await apiError(
      fake.client.users.charging.start(user.id, {
        evse_id: (await availableEvse()).evseId,
        payment_method_id: paymentMethodId,
      }),
    );
    expect(again).toBeInstanceOf(ConflictError);
    expect(again.errorType).toBe('already_charging');
    await fake.client.users.charging.stop(user.id, session.id);
    const twice = await apiError(fake.client.users.charging.stop(user.id, session.id));
    expect(twice).toBeInstanceOf(ConflictError);
    expect(twice.errorType).toBe('already_stopped');
  });

  it('answers 402 without a payment method or without billing details', async () => {
    const { evseId } = await availableEvse();
    const user = await fake.client.users.create();
    const noCard = await apiError(
      fake.client.users.charging.start(user.id, { evse_id: evseId, payment_method_id: 'pm_none' }),
    );
    expect(noCard).toBeInstanceOf(PaymentRequiredError);
    expect(noCard.errorType).toBe('payment_method_error');
    const card = fake.api.addPaymentMethod(user.id);
    const noBilling = await apiError(
      fake.client.users.charging.start(user.id, { evse_id: evseId, payment_method_id: card.id }),
    );
    expect(noBilling).toBeInstanceOf(PaymentRequiredError);
    expect(noBilling.errorType).toBe('billing_data_required');
    await fake.client.users.billingDetails.update(user.id, BILLING);
    const session = await fake.client.users.charging.start(
      user.id,
      { evse_id: evseId, payment_method_id: card.id },
      { encoding: 'form' },
    );
    await fake.client.users.charging.stop(user.id, session.id);
  });

  it('answers 402 with a payment intent secret when the card needs confirmation', async () => {
    const { user, paymentMethodId } = await readyUser({ requiresAuthentication: true });
    const error = await apiError(
      fake.client.users.charging.start(user.id, {
        evse_id: (await availableEvse()).evseId,
        payment_method_id: paymentMethodId,
      }),
    );
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error.errorType).toBe('payment_error');
    expect(paymentIntentClientSecretOf(error)).toMatch(/^pi_\w+_secret_\w+$/);
  });

  it('answers 404 for an unknown EVSE, payment method or session, and 424 for an EVSE in use', async () => {
    const { user, paymentMethodId } = await readyUser();
    expect(
      await apiError(
        fake.client.users.charging.start(user.id, {
          evse_id: 'XX*NONE*E1*1',
          payment_method_id: paymentMethodId,
        }),
      ),
    ).toBeInstanceOf(NotFoundError);
    const { evseId } = await availableEvse();
    expect(
      await apiError(
        fake.client.users.charging.start(user.id, {
          evse_id: evseId,
          payment_method_id: 'pm_other',
        }),
      ),
    ).toBeInstanceOf(NotFoundError);
    expect(
      await apiError(fake.client.users.charging.stop(user.id, 'no-such-session')),
    ).toBeInstanceOf(NotFoundError);
    const other = await readyUser();
    const session = await fake.client.users.charging.start(other.user.id, {
      evse_id: evseId,
      payment_method_id: other.paymentMethodId,
    });
    const busy = await apiError(
      fake.client.users.charging.start(user.id, {
        evse_id: evseId,
        payment_method_id: paymentMethodId,
      }),
    );
    expect(busy).toBeInstanceOf(FailedDependencyError);
    expect(busy.errorType).toBe('station_availability_issue');
    // Another user's session is not this user's.
    expect(
      await apiError(fake.client.users.chargingSessions.retrieve(user.id, session.id)),
    ).toBeInstanceOf(NotFoundError);
    await fake.client.users.charging.stop(other.user.id, session.id);
  });

  it('refuses a start body without its required fields', async () => {
    const { user } = await readyUser();
    const error = await apiError(
      fake.client.users.charging.start(user.id, { evse_id: 'x' } as never, {
        validateRequests: false,
      }),
    );
    expect(error.errorDetails).toBe('payment_method_id: expected string, got nothing');
  });
});

describe('sessions, debts and invoices', () => {
  it('rates 1 to 5 or null, and refuses anything else', async () => {
    const { user, paymentMethodId } = await readyUser();
    const session = await fake.client.users.charging.start(user.id, {
      evse_id: (await availableEvse()).evseId,
      payment_method_id: paymentMethodId,
    });
    await fake.client.users.charging.stop(user.id, session.id);
    expect(
      (
        await fake.client.users.chargingSessions.rate(
          user.id,
          session.id,
          { rates: 1 },
          { encoding: 'multipart' },
        )
      ).rates,
    ).toBe(1);
    expect(
      (
        await fake.client.users.chargingSessions.rate(
          user.id,
          session.id,
          { rates: null },
          { encoding: 'form' },
        )
      ).rates,
    ).toBeNull();
    for (const rates of [0, 6, 2.5]) {
      const error = await apiError(
        fake.client.users.chargingSessions.rate(
          user.id,
          session.id,
          { rates },
          { validateRequests: false },
        ),
      );
      expect(error.errorType).toBe('validation_error');
      expect(error.errorDetails).toMatch(/^rates: /);
    }
    expect(
      (await fake.client.users.chargingSessions.rate(user.id, session.id, {})).rates,
    ).toBeNull();
  });

  it('leaves a debt when the card declines, which blocks deleting the user (402)', async () => {
    const { user, paymentMethodId } = await readyUser({ declines: true });
    const session = await fake.client.users.charging.start(user.id, {
      evse_id: (await availableEvse()).evseId,
      payment_method_id: paymentMethodId,
    });
    expect(await apiError(fake.client.users.delete(user.id))).toBeInstanceOf(BadRequestError);
    fake.api.advanceTime(10 * 60_000);
    await fake.client.users.charging.stop(user.id, session.id);
    const debts = await fake.client.users.debts.list(user.id);
    expect(debts.results).toEqual([
      {
        session_id: session.id,
        payment_intent_client_secret: expect.stringMatching(/^pi_/),
        amount: expect.any(String),
        currency: 'EUR',
      },
    ]);
    expect(Number(debts.results[0]!.amount)).toBeGreaterThan(0);
    expect((await fake.client.users.invoices.list(user.id)).count).toBe(0);
    expect(
      (await fake.client.users.chargingSessions.retrieve(user.id, session.id)).session_cost
        .invoice_download,
    ).toBeNull();
    const blocked = await apiError(fake.client.users.delete(user.id));
    expect(blocked).toBeInstanceOf(PaymentRequiredError);
    expect(blocked.errorType).toBe('payment_error');
    expect(
      (await apiError(fake.client.users.paymentMethods.delete(user.id, paymentMethodId))).status,
    ).toBe(402);
  });

  it('pages through many sessions and invoices, newest first', async () => {
    const { user, paymentMethodId } = await readyUser();
    const { evseId } = await availableEvse();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const session = await fake.client.users.charging.start(user.id, {
        evse_id: evseId,
        payment_method_id: paymentMethodId,
      });
      fake.api.advanceTime(60_000);
      await fake.client.users.charging.stop(user.id, session.id);
      ids.unshift(session.id);
    }
    const sessions: string[] = [];
    for await (const s of fake.client.users.chargingSessions.list(user.id, { page_size: 5 }))
      sessions.push(s.id);
    expect(sessions).toEqual(ids);
    const invoices: (string | null | undefined)[] = [];
    for await (const invoice of fake.client.users.invoices.list(user.id, { page_size: 4 }))
      invoices.push(invoice.charging_session_id);
    expect(invoices).toEqual(ids);
    expect((await fake.client.users.debts.list(user.id, { page: 1, page_size: 3 })).count).toBe(0);
    expect(
      await apiError(fake.client.users.invoices.list(user.id, { page: 4, page_size: 4 })),
    ).toBeInstanceOf(NotFoundError);
  });
});
