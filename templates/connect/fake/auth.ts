/**
 * Bearer tokens of the fake. Every token belongs to the same integrating party (the service
 * allows several live tokens for rotation); a token may lack the permission to download
 * station data, which the data endpoint answers with 403.
 */
import { detailFailure } from './errors.js';

/** What a fake token may do beyond the ordinary operations: `data-files` allows `stations.dataFiles`. */
export type FakePermission = 'data-files';

export const ALL_PERMISSIONS: readonly FakePermission[] = ['data-files'];

/** A bearer token the fake accepts, with what it is allowed to do. */
export interface FakeToken {
  /** The bearer token itself, as clients send it after `Bearer `. */
  readonly token: string;
  /** Defaults to every permission. */
  readonly permissions?: readonly FakePermission[];
}

/** The token a fake server accepts when none are configured. */
export const DEFAULT_TOKEN = 'fake-connect-api-token';

export type TokenTable = ReadonlyMap<string, ReadonlySet<FakePermission>>;

export function tokenTable(tokens: readonly (string | FakeToken)[] = [DEFAULT_TOKEN]): TokenTable {
  const table = new Map<string, ReadonlySet<FakePermission>>();
  for (const entry of tokens) {
    const { token, permissions = ALL_PERMISSIONS } =
      typeof entry === 'string' ? { token: entry } : entry;
    if (!/^[\x21-\x7e]+$/.test(token))
      throw new TypeError(
        `fake server token ${JSON.stringify(token)} must be visible ASCII without spaces`,
      );
    table.set(token, new Set(permissions));
  }
  if (table.size === 0) throw new TypeError('the fake server needs at least one token');
  return table;
}

/** The permissions of the request's token; 401 without a bearer token, 403 for an unknown one. */
export function authenticate(
  authorization: string | undefined,
  table: TokenTable,
): ReadonlySet<FakePermission> {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  if (!match)
    throw detailFailure(401, 'Authentication credentials were not provided.', {
      'www-authenticate': 'Bearer realm="api"',
    });
  const permissions = table.get(match[1]!);
  if (!permissions) throw detailFailure(403, 'Invalid token: it is not one this server issued.');
  return permissions;
}

export function requirePermission(
  permissions: ReadonlySet<FakePermission>,
  permission: FakePermission,
): void {
  if (!permissions.has(permission))
    throw detailFailure(403, 'You do not have permission to perform this action.');
}
