/**
 * Control routes: what a fake offers a test besides the API, as requests, for a test that
 * runs the fake as its own process and cannot call its handle (a card the payment provider
 * would add, the files a link points to). They live under one prefix no API path starts
 * with, `/_fake/`, and are routed by the same router and rule as the API's operations, so a
 * wrong method is a 405 with `Allow` and a missing trailing slash a 404 naming the path
 * meant. A layer's fake registers its own; each answers without the API's token checks
 * unless it asks for them.
 */
import type { HttpRequest, HttpResponse } from './exchange.js';
import { Router, type RouteMatch } from './router.js';

export const CONTROL_PREFIX = '/_fake/';

/** One control route: its method, its path under `CONTROL_PREFIX`, and its answer. */
export interface ControlRoute<Context> {
  readonly method: string;
  readonly path: string;
  answer(request: HttpRequest, context: Context): HttpResponse;
}

export class ControlRoutes<Context> {
  readonly #router: Router<ControlRoute<Context>>;

  constructor(routes: readonly ControlRoute<Context>[]) {
    for (const route of routes)
      if (!route.path.startsWith(CONTROL_PREFIX))
        throw new Error(`control route ${route.path} is not under ${CONTROL_PREFIX}`);
    this.#router = new Router(routes);
  }

  /** Whether `pathname` is a control route's rather than the API's. */
  claims(pathname: string): boolean {
    return pathname.startsWith(CONTROL_PREFIX);
  }

  match(method: string, pathname: string): RouteMatch<ControlRoute<Context>> {
    return this.#router.match(method, pathname);
  }
}
