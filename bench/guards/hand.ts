/**
 * The practical limit: one hand-written function that checks a station page exactly as the
 * generated guard does (types, required and nullable fields, integers, open enums as
 * strings; dates and decimals only as the plain strings the provider's contract promises),
 * with every loop inlined and no failure reporting beyond true/false.
 */

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function optionalString(v: unknown): boolean {
  return v === undefined || typeof v === 'string';
}

/** A decimal in practice, but the contract promises only a string. */
function decimal(v: unknown): boolean {
  return typeof v === 'string';
}

function priceItems(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (let i = 0; i < list.length; i++) {
    const p: unknown = list[i];
    if (!isObject(p)) return false;
    if (typeof p.time_from !== 'string' || typeof p.time_to !== 'string') return false;
    if (typeof p.date_from !== 'string' || typeof p.date_to !== 'string') return false;
    if (!decimal(p.gross_price) || !decimal(p.user_facing_price)) return false;
    if (typeof p.tax !== 'number') return false;
    if (p.grace_period_minutes !== null && typeof p.grace_period_minutes !== 'number') return false;
    if (p.blocking_cap !== null && !decimal(p.blocking_cap)) return false;
  }
  return true;
}

function priceMember(m: unknown): boolean {
  if (m === undefined || m === null) return true;
  if (!isObject(m)) return false;
  for (const key in m) {
    if (!priceItems(m[key])) return false;
  }
  return true;
}

function cost(c: unknown): boolean {
  if (c === undefined) return true;
  return isObject(c) && optionalString(c.excl_vat) && optionalString(c.incl_vat);
}

function station(s: unknown): boolean {
  if (!isObject(s)) return false;
  if (s.id !== null && typeof s.id !== 'string') return false;
  if (typeof s.name !== 'string' || typeof s.address !== 'string') return false;
  const c = s.coordinates;
  if (!isObject(c) || !decimal(c.latitude) || !decimal(c.longitude)) return false;
  const o = s.opening_times;
  if (!isObject(o) || typeof o.twentyfourseven !== 'boolean' || !Array.isArray(o.regular_hours))
    return false;
  for (let i = 0; i < o.regular_hours.length; i++) {
    const h: unknown = o.regular_hours[i];
    if (!isObject(h) || !optionalString(h.weekday)) return false;
    if (h.period_begin !== null && typeof h.period_begin !== 'string') return false;
    if (h.period_end !== null && typeof h.period_end !== 'string') return false;
  }
  const op = s.operator;
  if (!isObject(op) || typeof op.name !== 'string') return false;
  if (op.contact !== undefined && op.contact !== null) {
    if (!isObject(op.contact)) return false;
    const phone = op.contact.phone;
    if (phone !== undefined && phone !== null && typeof phone !== 'string') return false;
  }
  if (!Array.isArray(s.evses)) return false;
  for (let i = 0; i < s.evses.length; i++) {
    const e: unknown = s.evses[i];
    if (!isObject(e) || typeof e.evse_id !== 'string' || typeof e.status !== 'string') return false;
  }
  if (typeof s.last_updated !== 'string' || !Array.isArray(s.price_groups)) return false;
  for (let i = 0; i < s.price_groups.length; i++) {
    const g: unknown = s.price_groups[i];
    if (
      !isObject(g) ||
      typeof g.type !== 'string' ||
      typeof g.power !== 'number' ||
      !Array.isArray(g.evse_ids)
    )
      return false;
    for (let j = 0; j < g.evse_ids.length; j++) if (typeof g.evse_ids[j] !== 'string') return false;
    const p = g.prices;
    if (!isObject(p)) return false;
    if (
      !priceMember(p.time_price) ||
      !priceMember(p.kwh_price) ||
      !priceMember(p.blocking_fee) ||
      !priceMember(p.session_fee)
    )
      return false;
    if (!priceMember(p.starting_fee) || !priceMember(p.session_time_price)) return false;
    if (
      !priceMember(p.time_price_while_energy_flow) ||
      !priceMember(p.time_price_while_no_energy_flow)
    )
      return false;
    if (typeof g.local_datetime !== 'string') return false;
    if (typeof g.currency !== 'string' || typeof g.pre_authorization_amount !== 'string')
      return false;
    if (g.is_fallback !== undefined && typeof g.is_fallback !== 'boolean') return false;
    if (!cost(g.max_cost) || !cost(g.min_cost)) return false;
  }
  if (
    !optionalString(s.operator_name) ||
    !optionalString(s.location_name) ||
    !optionalString(s.speed) ||
    !optionalString(s.status)
  )
    return false;
  if (s.amenities !== undefined) {
    if (!Array.isArray(s.amenities)) return false;
    for (let i = 0; i < s.amenities.length; i++)
      if (typeof s.amenities[i] !== 'string') return false;
  }
  if (s.is_partner !== undefined && typeof s.is_partner !== 'boolean') return false;
  return optionalString(s.logo_url) && optionalString(s.sold_by);
}

/** True when `value` is a valid `PaginatedStationList`. */
export function handCheckStationPage(value: unknown): boolean {
  if (!isObject(value) || !Number.isInteger(value.count)) return false;
  if (value.next !== undefined && value.next !== null && typeof value.next !== 'string')
    return false;
  if (value.previous !== undefined && value.previous !== null && typeof value.previous !== 'string')
    return false;
  const results = value.results;
  if (!Array.isArray(results)) return false;
  for (let i = 0; i < results.length; i++) if (!station(results[i])) return false;
  return true;
}
