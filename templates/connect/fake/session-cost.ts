/**
 * What a charging session consumed and costs, and its `ChargingSession` body. The car draws
 * 70 % of the EVSE's power (at most 150 kW) until its 75 kWh battery is full; time spent
 * plugged in after that, beyond the grace period, costs the blocking fee up to its cap.
 */
import type { SessionRecord } from './charging-store.js';
import { coordinate, money, type EvseModel, type PriceGroupModel } from './station-model.js';

const BATTERY_KWH = 75;
const DRAW_SHARE = 0.7;
const MAX_DRAW_KW = 150;

export interface SessionCost {
  readonly durationSeconds: number;
  readonly energyKwh: number;
  readonly energyCost: number;
  readonly blockingCost: number;
  readonly sessionFee: number;
  readonly total: number;
  readonly vat: number;
  readonly currency: string;
}

export function sessionCost(
  evse: EvseModel,
  group: PriceGroupModel,
  taxPercent: number,
  currency: string,
  start: Date,
  end: Date,
): SessionCost {
  const durationSeconds = Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000));
  const drawKw = Math.min(evse.powerKw, MAX_DRAW_KW) * DRAW_SHARE;
  const energyKwh =
    Math.round(Math.min((drawKw * durationSeconds) / 3600, BATTERY_KWH) * 1000) / 1000;
  const fullAfterSeconds = (BATTERY_KWH / drawKw) * 3600;
  const idleMinutes = Math.max(
    0,
    (durationSeconds - fullAfterSeconds) / 60 - (group.graceMinutes ?? 0),
  );
  const blockingCost =
    group.blockingFeePerMinute === null
      ? 0
      : Math.min(idleMinutes * group.blockingFeePerMinute, group.blockingCap ?? Infinity);
  const energyCost = energyKwh * group.kwhPrice;
  const sessionFee = group.sessionFee ?? 0;
  const total = round(energyCost) + round(blockingCost) + sessionFee;
  return {
    durationSeconds,
    energyKwh,
    energyCost,
    blockingCost,
    sessionFee,
    total,
    vat: total - total / (1 + taxPercent / 100),
    currency,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The `ChargingSession` body. */
export function sessionJson(
  session: SessionRecord,
  cost: SessionCost,
  invoiceDownload: string | null,
): Record<string, unknown> {
  const { station, evse, group } = session;
  return {
    id: session.id,
    start_time: session.start.toISOString(),
    end_time: session.end?.toISOString() ?? null,
    duration: cost.durationSeconds,
    consumed_energy: cost.energyKwh.toFixed(3),
    is_active: session.end === null,
    evse_id: evse.evseId,
    station_info: {
      station_name: station.name,
      station_address: station.address,
      country: station.countryCode,
      station_speed: station.speed,
      connector_standard: evse.connector,
      connector_power: evse.powerKw,
      support_phone: station.operator.phone,
      latitude: coordinate(station.latitude),
      longitude: coordinate(station.longitude),
    },
    is_partner: station.operator.partner,
    logo_url: station.operator.logoUrl,
    user_facing_session_prices: {
      kwh_price: money(group.kwhPrice),
      time_price: null,
      session_fee: group.sessionFee === null ? null : money(group.sessionFee),
      blocking_fee: group.blockingFeePerMinute === null ? null : money(group.blockingFeePerMinute),
      starting_fee: null,
      blocking_cap: group.blockingCap === null ? null : money(group.blockingCap),
      grace_period_minutes: group.graceMinutes,
      currency: cost.currency,
    },
    session_cost: {
      kwh_cost: money(cost.energyCost),
      time_cost: null,
      session_fee_cost: money(cost.sessionFee),
      blocking_fee_cost: money(cost.blockingCost),
      starting_fee_cost: null,
      invoice_download: invoiceDownload,
      invoice_vat: money(cost.vat),
      invoice_summary: money(cost.total),
      invoice_credits: money(0),
      invoice_discount: money(0),
      currency: cost.currency,
    },
    rates: session.rates,
  };
}
