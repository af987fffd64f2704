/** The HTTP methods a path item can hold (OpenAPI 3.0 and 3.1), in the specification's order. */
export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

/** One key of a path item that holds an operation. */
export type PathItemMethod = (typeof HTTP_METHODS)[number];

export function isPathItemMethod(key: string): key is PathItemMethod {
  return (HTTP_METHODS as readonly string[]).includes(key);
}
