/**
 * Finds the operation a request is for, by method and path template. A path matches a template
 * exactly as the spec writes it: `/pets/` is not `/pets` unless the spec has both. Where a path
 * matches several templates, the one with fewer parameters wins (`/pets/mine` before
 * `/pets/{petId}`), as OpenAPI asks; a path that matches only under other methods is 405.
 */
import type { FakeOperation } from './contract.js';
import { define } from './sample.js';

export type RouteMatch =
  | {
      readonly kind: 'operation';
      readonly operation: FakeOperation;
      /** Path parameters by name, percent-decoded. */
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' };

interface Route {
  readonly operation: FakeOperation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

export class Router {
  readonly #routes: readonly Route[];

  constructor(operations: readonly FakeOperation[]) {
    this.#routes = operations
      .map((operation) => {
        const { source, names } = templatePattern(operation.path);
        return { operation, pattern: new RegExp(`^${source}$`), names };
      })
      // Stable: among templates with as many parameters, spec order decides.
      .sort((a, b) => a.names.length - b.names.length);
  }

  match(method: string, path: string): RouteMatch {
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
    return allowed.size > 0
      ? { kind: 'method-not-allowed', allowed: [...allowed] }
      : { kind: 'not-found' };
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
