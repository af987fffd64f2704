/**
 * The HTTP methods a path item can hold as keys of its own, in the specification's order
 * (`query` is OpenAPI 3.2's; other methods sit in a 3.2 path item's `additionalOperations`).
 */
export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
  'query',
] as const;

/** One key of a path item that holds an operation. */
export type PathItemMethod = (typeof HTTP_METHODS)[number];

export function isPathItemMethod(key: string): key is PathItemMethod {
  return (HTTP_METHODS as readonly string[]).includes(key);
}

/**
 * Methods the Fetch standard forbids (a cross-site tracing risk, or a tunnel): fetch() throws
 * for them in every runtime, so a generated function could never send one.
 */
export const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Every operation of a path item, by method and by the keys it sits under, in document order:
 * its method keys (`get`, `query`, ...) and, where it is written, its `additionalOperations`
 * (OpenAPI 3.2), whose methods are kept as written (HTTP methods are case-sensitive).
 */
export function pathItemOperations(
  item: Readonly<Record<string, unknown>>,
): { readonly method: string; readonly keys: readonly string[]; readonly operation: unknown }[] {
  const found: { method: string; keys: readonly string[]; operation: unknown }[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (isPathItemMethod(key))
      found.push({ method: key.toUpperCase(), keys: [key], operation: value });
    else if (key === 'additionalOperations' && typeof value === 'object' && value !== null)
      for (const [method, operation] of Object.entries(value))
        found.push({ method, keys: [key, method], operation });
  }
  return found;
}
