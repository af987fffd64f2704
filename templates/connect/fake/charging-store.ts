/**
 * Charging sessions, and what stopping one leaves behind: an invoice when the payment goes
 * through, a debt when the card declines. Energy and costs follow from the fake clock, so
 * `advanceTime` on the server handle makes a session last as long as a test needs.
 */
import { errorDetailFailure, notFound } from './errors.js';
import type { PaymentMethodRecord } from './payments-store.js';
import type { SeededRandom } from '../../fake/random.js';
import type { EvseModel, PriceGroupModel, StationModel } from './station-model.js';
import { money } from './station-model.js';
import { sessionCost, sessionJson, type SessionCost } from './session-cost.js';

export interface SessionRecord {
  readonly id: string;
  readonly userId: string;
  readonly station: StationModel;
  readonly evse: EvseModel;
  readonly group: PriceGroupModel;
  readonly paymentMethodId: string;
  readonly start: Date;
  end: Date | null;
  rates: number | null;
  /** Fixed when the session stops; computed from the clock while it runs. */
  final: SessionCost | null;
}

export interface DebtRecord {
  readonly sessionId: string;
  readonly paymentIntentClientSecret: string;
  readonly amount: string;
  readonly currency: string;
}

export interface InvoiceRecord {
  readonly link: string;
  readonly total: string;
  readonly date: string;
  readonly refund: boolean;
  readonly currency: string;
  readonly sessionId: string;
}

export interface StartRequest {
  readonly userId: string;
  readonly station: StationModel;
  readonly evse: EvseModel;
  readonly paymentMethod: PaymentMethodRecord;
}

export class ChargingStore {
  readonly #sessions: SessionRecord[] = [];
  readonly #debts: DebtRecord[] = [];
  readonly #invoices: InvoiceRecord[] = [];

  constructor(
    private readonly ids: SeededRandom,
    private readonly now: () => Date,
  ) {}

  active(userId: string): SessionRecord | undefined {
    return this.#sessions.find((s) => s.userId === userId && s.end === null);
  }

  /** Starts charging; the caller has checked the user, the EVSE, the payment method and the billing details. */
  start({ userId, station, evse, paymentMethod }: StartRequest): SessionRecord {
    const group =
      station.priceGroups.find((g) => g.evseIds.includes(evse.evseId)) ?? station.priceGroups[0]!;
    const session: SessionRecord = {
      id: this.ids.uuid(),
      userId,
      station,
      evse,
      group,
      paymentMethodId: paymentMethod.id,
      start: this.now(),
      end: null,
      rates: null,
      final: null,
    };
    evse.status = 'CHARGING';
    this.#sessions.push(session);
    return session;
  }

  /** Stops the session and settles it: an invoice, or a debt when `paymentMethod` declines. */
  stop(
    userId: string,
    sessionId: string,
    paymentMethod: PaymentMethodRecord | undefined,
  ): SessionRecord {
    const session = this.get(userId, sessionId);
    if (session.end !== null)
      throw errorDetailFailure(409, 'already_stopped', 'The charging session is already stopped.');
    session.end = this.now();
    session.final = this.cost(session);
    session.evse.status = 'AVAILABLE';
    const { total, currency } = session.final;
    if (paymentMethod?.declines) {
      this.#debts.push({
        sessionId,
        paymentIntentClientSecret: `pi_${this.ids.token(24)}_secret_${this.ids.token(24)}`,
        amount: money(total),
        currency,
      });
    } else {
      this.#invoices.push({
        link: invoiceLink(sessionId),
        total: money(total),
        date: session.end.toISOString(),
        refund: false,
        currency,
        sessionId,
      });
    }
    return session;
  }

  get(userId: string, sessionId: string): SessionRecord {
    const session = this.#sessions.find((s) => s.id === sessionId && s.userId === userId);
    if (!session) throw notFound('No charging session matches the given query.');
    return session;
  }

  /** Newest first. */
  sessions(userId: string): SessionRecord[] {
    return this.#sessions.filter((s) => s.userId === userId).reverse();
  }

  debts(userId: string): DebtRecord[] {
    const own = new Set(this.#sessions.filter((s) => s.userId === userId).map((s) => s.id));
    return this.#debts.filter((d) => own.has(d.sessionId)).reverse();
  }

  invoices(userId: string): InvoiceRecord[] {
    const own = new Set(this.#sessions.filter((s) => s.userId === userId).map((s) => s.id));
    return this.#invoices.filter((i) => own.has(i.sessionId)).reverse();
  }

  /** Whether the payment method pays a session that is still running. */
  inUse(userId: string, paymentMethodId: string): boolean {
    return this.active(userId)?.paymentMethodId === paymentMethodId;
  }

  cost(session: SessionRecord): SessionCost {
    return (
      session.final ??
      sessionCost(
        session.evse,
        session.group,
        session.station.taxPercent,
        session.station.currency,
        session.start,
        session.end ?? this.now(),
      )
    );
  }

  /** What puts every session, debt and invoice back as they are now; records keep their identity. */
  snapshot(): () => void {
    const sessions = this.#sessions.map((session) => [session, { ...session }] as const);
    const debts = [...this.#debts];
    const invoices = [...this.#invoices];
    return () => {
      refill(
        this.#sessions,
        sessions.map(([session, fields]) => Object.assign(session, fields)),
      );
      refill(this.#debts, debts);
      refill(this.#invoices, invoices);
    };
  }

  /** The `ChargingSession` body, with the invoice link once the session is paid. */
  json(session: SessionRecord): Record<string, unknown> {
    return sessionJson(
      session,
      this.cost(session),
      this.#invoices.find((i) => i.sessionId === session.id)?.link ?? null,
    );
  }
}

function refill<T>(list: T[], items: readonly T[]): void {
  list.length = 0;
  for (const item of items) list.push(item);
}

function invoiceLink(sessionId: string): string {
  return `https://invoices.example.com/connect/${sessionId}.pdf`;
}
