/**
 * Matches a request's method and path against the contract's path templates. A path that
 * matches with another method gets 405 and an `Allow` list, as Django REST Framework does.
 * A path that lacks only its trailing slash is still 404 (the real service does not
 * redirect either), but the match says which path was meant, for the 404's detail.
 */
import type { OperationContract } from './contract.js';

export type RouteMatch =
  | {
      readonly kind: 'operation';
      readonly operation: OperationContract;
      readonly path: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | {
      readonly kind: 'not-found';
      /** The path with a trailing slash, when that one would have matched. */
      readonly withSlash?: string;
    };

interface Route {
  readonly operation: OperationContract;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

export class Router {
  readonly #routes: readonly Route[];

  constructor(operations: readonly OperationContract[]) {
    this.#routes = operations.map((operation) => {
      const names: string[] = [];
      const source = operation.path
        .split(/(\{[^{}]+\})/)
        .map((part) => {
          const name = /^\{([^{}]+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return '([^/]+)';
        })
        .join('');
      return { operation, pattern: new RegExp(`^${source}$`), names };
    });
  }

  match(method: string, pathname: string): RouteMatch {
    const allowed: string[] = [];
    for (const route of this.#routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      const path = decodeParameters(route.names, found.slice(1));
      if (path === undefined) continue;
      if (route.operation.method === method)
        return { kind: 'operation', operation: route.operation, path };
      allowed.push(route.operation.method);
    }
    if (allowed.length > 0) return { kind: 'method-not-allowed', allowed: [...allowed, 'OPTIONS'] };
    const withSlash = `${pathname}/`;
    return !pathname.endsWith('/') && this.match(method, withSlash).kind !== 'not-found'
      ? { kind: 'not-found', withSlash }
      : { kind: 'not-found' };
  }
}

function decodeParameters(
  names: readonly string[],
  raw: readonly (string | undefined)[],
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    try {
      out[names[i]!] = decodeURIComponent(raw[i] ?? '');
    } catch {
      // Malformed percent-encoding names no resource.
      return undefined;
    }
  }
  return out;
}
