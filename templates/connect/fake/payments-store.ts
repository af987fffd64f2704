/**
 * Setup intents and payment methods. The API has no operation that creates a payment
 * method: the front end confirms a setup intent's client secret with the payment provider's
 * SDK, and the provider attaches the card. The fake stands in for the provider with
 * `confirmSetupIntent(secret, card?)` (on the server handle, and as
 * `POST /_fake/setup-intents/confirm/`), plus `addPaymentMethod(userId, card?)` as a shortcut.
 * A user's first payment method becomes the default.
 */
import { notFound } from './errors.js';
import type { SeededRandom } from '../../fake/random.js';

export type PaymentMethodTypeName = 'card' | 'apple_pay' | 'google_pay';

/** The test card a confirmed setup intent attaches; every field has a default. */
export interface TestCard {
  /** Payment method type; default `card`. */
  readonly type?: PaymentMethodTypeName;
  /** Card brand; default `visa`. */
  readonly brand?: string;
  /** Last four digits; default `4242`. */
  readonly last4?: string;
  /** `MM/YY`. */
  readonly expiration_date?: string;
  /** Name on the card; default none (`null`). */
  readonly cardholder_name?: string | null;
  /** Payments with this card fail when a session is stopped, which leaves a debt. */
  readonly declines?: boolean;
  /** Starting a session with this card answers 402 with a payment intent secret (strong customer authentication). */
  readonly requiresAuthentication?: boolean;
}

/** The `PaymentMethod` body. */
export interface FakePaymentMethod {
  /** The payment method's id, to pass as `payment_method_id` when charging starts. */
  readonly id: string;
  /** Whether it is the user's default payment method. */
  readonly default: boolean;
  /** Payment method type. */
  readonly type: PaymentMethodTypeName;
  /** The card's public details. */
  readonly card: {
    readonly brand: string;
    readonly last4: string;
    readonly expiration_date: string;
    readonly cardholder_name: string | null;
  };
  /** When it was attached, as an ISO 8601 date-time. */
  readonly created_at: string;
}

export interface PaymentMethodRecord {
  readonly id: string;
  readonly userId: string;
  readonly type: PaymentMethodTypeName;
  readonly card: FakePaymentMethod['card'];
  readonly createdAt: string;
  readonly declines: boolean;
  readonly requiresAuthentication: boolean;
}

export class PaymentStore {
  readonly #methods = new Map<string, PaymentMethodRecord[]>();
  readonly #defaults = new Map<string, string>();
  /** Unconfirmed setup intents: client secret → user id. */
  readonly #intents = new Map<string, string>();

  constructor(
    private readonly ids: SeededRandom,
    private readonly now: () => Date,
  ) {}

  createSetupIntent(userId: string): string {
    const secret = `seti_${this.ids.token(24)}_secret_${this.ids.token(24)}`;
    this.#intents.set(secret, userId);
    return secret;
  }

  /** What the provider does when the front end confirms the intent: attaches the card. Each secret works once. */
  confirmSetupIntent(secret: string, card: TestCard = {}): PaymentMethodRecord {
    const userId = this.#intents.get(secret);
    if (userId === undefined) throw notFound('No unconfirmed setup intent has this client secret.');
    this.#intents.delete(secret);
    return this.add(userId, card);
  }

  /** A client secret of a payment intent the end user must confirm (strong customer authentication), or pay a debt with. */
  paymentIntentSecret(): string {
    return `pi_${this.ids.token(24)}_secret_${this.ids.token(24)}`;
  }

  add(userId: string, card: TestCard = {}): PaymentMethodRecord {
    const record: PaymentMethodRecord = {
      id: `pm_${this.ids.token(24)}`,
      userId,
      type: card.type ?? 'card',
      card: {
        brand: card.brand ?? 'visa',
        last4: card.last4 ?? '4242',
        expiration_date: card.expiration_date ?? '12/34',
        cardholder_name: card.cardholder_name ?? null,
      },
      createdAt: this.now().toISOString(),
      declines: card.declines ?? false,
      requiresAuthentication: card.requiresAuthentication ?? false,
    };
    this.#methods.set(userId, [...this.list(userId), record]);
    if (!this.#defaults.has(userId)) this.#defaults.set(userId, record.id);
    return record;
  }

  list(userId: string): readonly PaymentMethodRecord[] {
    return this.#methods.get(userId) ?? [];
  }

  find(userId: string, id: string): PaymentMethodRecord | undefined {
    return this.list(userId).find((m) => m.id === id);
  }

  get(userId: string, id: string): PaymentMethodRecord {
    const method = this.find(userId, id);
    if (!method) throw notFound('No such payment method for this user.');
    return method;
  }

  setDefault(userId: string, id: string): void {
    this.#defaults.set(userId, this.get(userId, id).id);
  }

  /** Removes the method; when it was the default, the oldest remaining one takes over. */
  remove(userId: string, id: string): void {
    const remaining = this.list(userId).filter((m) => m.id !== this.get(userId, id).id);
    this.#methods.set(userId, remaining);
    if (this.#defaults.get(userId) === id) {
      if (remaining[0]) this.#defaults.set(userId, remaining[0].id);
      else this.#defaults.delete(userId);
    }
  }

  /** What puts every payment method, default and open setup intent back as they are now. */
  snapshot(): () => void {
    const methods = [...this.#methods].map(([user, list]) => [user, [...list]] as const);
    const defaults = [...this.#defaults];
    const intents = [...this.#intents];
    return () => {
      refill(this.#methods, methods);
      refill(this.#defaults, defaults);
      refill(this.#intents, intents);
    };
  }

  json(method: PaymentMethodRecord): FakePaymentMethod {
    return {
      id: method.id,
      default: this.#defaults.get(method.userId) === method.id,
      type: method.type,
      card: { ...method.card },
      created_at: method.createdAt,
    };
  }
}

function refill<K, V>(map: Map<K, V>, entries: readonly (readonly [K, V])[]): void {
  map.clear();
  for (const [key, value] of entries) map.set(key, value);
}
