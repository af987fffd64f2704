/**
 * The fakes' one router: finds the operation a request is for by method and path template.
 * Both fakes follow one rule, OpenAPI's: a path matches a template exactly as the spec writes
 * it (`/pets/` is not `/pets`), concrete paths before templated ones (a template with fewer
 * parameters first: `/pets/mine` before `/pets/{petId}`), then spec order. A path that
 * matches only under other methods is 405, with the methods it has for `Allow`. A path that
 * lacks only its trailing slash is still 404 (as the real services do not redirect), but the
 * match says which path was meant, so a 404 can name it.
 */
import { define } from './own.js';

/** What the router needs of an operation: its method (upper-case) and path template. */
export interface RoutedOperation {
  readonly method: string;
  readonly path: string;
}

export type RouteMatch<Operation extends RoutedOperation> =
  | {
      readonly kind: 'operation';
      readonly operation: Operation;
      /** Path parameters by name, percent-decoded. */
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | {
      readonly kind: 'not-found';
      /** The path with a trailing slash, when that one would have matched. */
      readonly withSlash?: string;
    };

interface Route<Operation> {
  readonly operation: Operation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

export class Router<Operation extends RoutedOperation> {
  readonly #routes: readonly Route<Operation>[];

  constructor(operations: readonly Operation[]) {
    this.#routes = operations
      .map((operation) => {
        const { source, names } = templatePattern(operation.path);
        return { operation, pattern: new RegExp(`^${source}$`), names };
      })
      // Stable: among templates with as many parameters, spec order decides.
      .sort((a, b) => a.names.length - b.names.length);
  }

  match(method: string, path: string): RouteMatch<Operation> {
    const allowed = new Set<string>();
    for (const route of this.#routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params = decodeParameters(route.names, found.slice(1));
      if (params === undefined) continue;
      if (route.operation.method === method)
        return { kind: 'operation', operation: route.operation, params };
      allowed.add(route.operation.method);
    }
    if (allowed.size > 0) return { kind: 'method-not-allowed', allowed: [...allowed] };
    const withSlash = `${path}/`;
    return !path.endsWith('/') && this.#matchesAny(withSlash)
      ? { kind: 'not-found', withSlash }
      : { kind: 'not-found' };
  }

  #matchesAny(path: string): boolean {
    return this.#routes.some((route) => route.pattern.test(path));
  }
}

/** A path template as a regular expression's source, each `{name}` one segment's worth of text. */
export function templatePattern(template: string): { source: string; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const name = /^\{([^{}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { source, names };
}

/** A template with its parameters filled in, percent-encoded. */
export function renderTemplate(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? encodeURIComponent(params[name]!) : whole,
  );
}

function decodeParameters(
  names: readonly string[],
  raw: readonly (string | undefined)[],
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    try {
      define(out, names[i]!, decodeURIComponent(raw[i] ?? ''));
    } catch {
      // Malformed percent-encoding names no resource.
      return undefined;
    }
  }
  return out;
}
