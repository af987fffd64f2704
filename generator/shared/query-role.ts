/**
 * An operation's role in TanStack Query, one rule for the stages that need it: validation (which
 * checks that `x-sdk-invalidates` sits on a write and names reads) and the plan (which names
 * query or mutation options by it).
 */

/** A read gets query options, a write mutation options; HEAD and OPTIONS get neither. */
export type QueryRole = 'read' | 'write';

const BY_METHOD: Readonly<Record<string, QueryRole | undefined>> = {
  GET: 'read',
  QUERY: 'read',
  POST: 'write',
  PUT: 'write',
  PATCH: 'write',
  DELETE: 'write',
  HEAD: undefined,
  OPTIONS: undefined,
};

/**
 * What the document states (`x-sdk-query: read | write`), else what the method gives: QUERY is
 * a read (safe, its body part of its key); a method a 3.2 document adds (`LINK`, `PURGE`) is
 * not known to be safe, so it is a write.
 */
export function queryRole(method: string, declared: unknown): QueryRole | undefined {
  if (declared === 'read' || declared === 'write') return declared;
  const upper = method.toUpperCase();
  return Object.hasOwn(BY_METHOD, upper) ? BY_METHOD[upper] : 'write';
}
