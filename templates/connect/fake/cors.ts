/**
 * CORS as django-cors-headers answers it with its defaults and every origin allowed
 * (`CORS_ALLOW_ALL_ORIGINS`), since the API runs on Django: a preflight allows a fixed list
 * of request headers whatever the browser asks for, so a client that sends a header outside
 * that list (a custom `x-…-client`, say) is blocked by a browser here as it would be by the
 * API, and a browser test catches it. Preflights are answered before any authentication, as
 * browsers send them without credentials.
 */
import type { RequestHeaders } from '../../fake/exchange.js';
import type { CorsRules } from '../../fake/fetch-handler.js';

/** django-cors-headers' `CORS_ALLOW_HEADERS` default: the request headers a preflight allows. */
export const CORS_ALLOW_HEADERS: readonly string[] = [
  'accept',
  'authorization',
  'content-type',
  'user-agent',
  'x-csrftoken',
  'x-requested-with',
];

/** django-cors-headers' `CORS_ALLOW_METHODS` default. */
export const CORS_ALLOW_METHODS: readonly string[] = [
  'DELETE',
  'GET',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
];

/** A browser's preflight: an `OPTIONS` request naming the method it asks about. */
export function isPreflight(method: string, headers: RequestHeaders): boolean {
  return method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
}

/**
 * The CORS headers of an answer, as django-cors-headers writes them: `Vary: origin` always;
 * the rest only for a request that names its origin. No `Access-Control-Expose-Headers`, its
 * default: a page reads only the headers every response shows (`Content-Type`, …), not
 * `Retry-After`. A preflight also gets the allowed headers, the methods and how long a
 * browser may keep the answer (`CORS_PREFLIGHT_MAX_AGE`, a day).
 */
export function corsHeaders(headers: RequestHeaders, preflight: boolean): Record<string, string> {
  if (headers['origin'] === undefined) return { vary: 'origin' };
  return {
    vary: 'origin',
    'access-control-allow-origin': '*',
    ...(preflight && {
      'access-control-allow-headers': CORS_ALLOW_HEADERS.join(', '),
      'access-control-allow-methods': CORS_ALLOW_METHODS.join(', '),
      'access-control-max-age': '86400',
    }),
  };
}

/** These rules as the fakes' edge takes them (fetch-handler.ts), on a port and in process. */
export const DJANGO_CORS: CorsRules = { isPreflight, headers: corsHeaders };
