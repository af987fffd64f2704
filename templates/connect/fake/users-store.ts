/**
 * Users of the integrating party and their billing details. Deleting is soft, as the
 * service does it: the record stays, but the user is gone from lists and every lookup
 * answers 404.
 */
import type { BodyValues } from './body.js';
import { notFound } from './errors.js';
import type { SeededRandom } from '../../fake/random.js';

export interface UserRecord {
  readonly id: string;
  email: string | null;
  locale: 'en' | 'de';
  customProperties: Record<string, unknown> | null;
  deleted: boolean;
  billing: BillingRecord | undefined;
}

export interface BillingRecord {
  readonly line1: string;
  readonly postal_code: string;
  readonly country: string | null;
  readonly city: string | null;
  readonly tax_id: string | null;
  readonly account_type: 'personal' | 'business';
  readonly company_name: string | null;
  readonly vat_id: string | null;
  readonly first_name: string | null;
  readonly last_name: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
/** The locale a body names; undefined for none (the guards let no other value through). */
const locale = (value: unknown): UserRecord['locale'] | undefined =>
  value === 'en' || value === 'de' ? value : undefined;
const properties = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : null;

export class UserStore {
  readonly #users = new Map<string, UserRecord>();

  constructor(private readonly ids: SeededRandom) {}

  /** `body` has passed the generated `UserCreateRequest` guard. */
  create(body: BodyValues): UserRecord {
    const user: UserRecord = {
      id: this.ids.uuid(),
      email: text(body['email']),
      // Create and update read the locale alike; a user created without one speaks English.
      locale: locale(body['locale']) ?? 'en',
      customProperties: properties(body['custom_properties']),
      deleted: false,
      billing: undefined,
    };
    this.#users.set(user.id, user);
    return user;
  }

  /** Users not deleted, oldest first; `search` matches the id or the external id, ignoring case. */
  list(search?: string): UserRecord[] {
    const needle = search?.trim().toLowerCase();
    return [...this.#users.values()].filter((user) => {
      if (user.deleted) return false;
      if (!needle) return true;
      const externalId = user.customProperties?.['external_id'];
      return (
        user.id.toLowerCase().includes(needle) ||
        (typeof externalId === 'string' && externalId.toLowerCase().includes(needle))
      );
    });
  }

  /** The user, or 404 when there is none or it was deleted. */
  get(id: string): UserRecord {
    const user = this.#users.get(id);
    if (!user || user.deleted) throw notFound('No User matches the given query.');
    return user;
  }

  /** `body` has passed the generated `PatchedUserRequest` guard; fields left out stay. */
  update(id: string, body: BodyValues): UserRecord {
    const user = this.get(id);
    if ('email' in body) user.email = text(body['email']);
    user.locale = locale(body['locale']) ?? user.locale;
    if ('custom_properties' in body) user.customProperties = properties(body['custom_properties']);
    return user;
  }

  softDelete(id: string): void {
    this.get(id).deleted = true;
  }

  /** Replaces the billing details as a whole; `body` has passed `BillingDetailsRequest`. */
  setBilling(id: string, body: BodyValues): BillingRecord {
    const user = this.get(id);
    user.billing = {
      line1: String(body['line1']),
      postal_code: String(body['postal_code']),
      country: text(body['country']),
      city: text(body['city']),
      tax_id: text(body['tax_id']),
      account_type: body['account_type'] === 'business' ? 'business' : 'personal',
      company_name: text(body['company_name']),
      vat_id: text(body['vat_id']),
      first_name: text(body['first_name']),
      last_name: text(body['last_name']),
    };
    return user.billing;
  }

  getBilling(id: string): BillingRecord {
    const billing = this.get(id).billing;
    if (!billing) throw notFound('The user has no billing details.');
    return billing;
  }

  /** What puts every user back as it is now (see transactions.ts); records keep their identity. */
  snapshot(): () => void {
    const saved = [...this.#users.values()].map((user) => [user, { ...user }] as const);
    return () => {
      this.#users.clear();
      for (const [user, fields] of saved) this.#users.set(user.id, Object.assign(user, fields));
    };
  }
}

/** The `User` body. */
export function userJson(user: UserRecord): Record<string, unknown> {
  return {
    id: user.id,
    email: user.email,
    locale: user.locale,
    custom_properties: user.customProperties,
  };
}
