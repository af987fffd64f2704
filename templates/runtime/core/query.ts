/**
 * What the generated query options (`query.ts`, the `./query` entry point) share: the error type TanStack Query
 * infers for each operation, the retry setting that leaves retries to the client, the page
 * parameter of an infinite list read off the server's `next` link, and the invalidation after a
 * mutation. Types only where TanStack's own would be needed: the options are plain objects that
 * TanStack's generics infer, so a package without TanStack installed still type-checks, and an
 * app that imports no query options ships none of this.
 */
import type { ApiError } from './errors.js';
import type { RequestOptions } from './options.js';
import type { SdkError } from './sdk-error.js';

/**
 * An `ApiError` of one operation: `is` takes only the error types that operation declares, so
 * `error.is('already_stopped')` on an operation that never answers it does not compile.
 * `errorType` stays open to types the API adds later. Checked with `instanceof ApiError`, the
 * narrowing is kept; narrowed to a status class (`instanceof ConflictError`), `is` takes every
 * type the API lists again.
 */
export interface OperationApiError<T extends string> extends ApiError {
  readonly errorType: T | (string & {}) | undefined;
  /** Whether `errorType` is `type`, narrowing it; `type` is one of the operation's declared error types. */
  is<const U extends T>(type: U): this is this & { readonly errorType: U };
  /**
   * Takes `never`, so no call resolves to it: it keeps this type an `ApiError` (whose `is`
   * takes every listed type), which is what keeps the narrowing through `instanceof ApiError`.
   */
  is(type: never): this is ApiError & { readonly errorType: never };
}

/**
 * Any other error the client throws for a call: the connection failed or timed out, the
 * response was not what the spec says, the input was refused before sending. It has no `is`,
 * so `error.is?.(…)` reads the same on every error of an operation.
 */
export type NonApiError = SdkError & { readonly is?: undefined };

/**
 * Everything a call of one operation rejects with: its `ApiError` (`is` taking the error types
 * it declares) or another `SdkError`. The generated options type TanStack Query's `error` as this.
 */
export type OperationError<T extends string> = OperationApiError<T> | NonApiError;

/**
 * The `retry` of every generated option: never, because the client owns retries. It already
 * retries what is safe to repeat (network failures, 429 and 5xx on retry-safe operations, with
 * backoff and Retry-After) and never a 4xx; TanStack's default of 3 retries on top multiplied the
 * attempts (2 × 3 made up to 12) and retried 404s. Typed by the operation's error, which is how
 * TanStack infers `error` from the options.
 */
export function leaveRetriesToClient<E>(_failureCount: number, _error: E): boolean {
  return false;
}

/** Per-call settings of a query option; TanStack passes its own `signal`, for cancellation. */
export type QueryRequestOptions = Omit<RequestOptions, 'signal'>;

/** What an infinite list reads of a page: its `next` link and whether it had items. */
export interface PageLinks {
  /** The link to the next page, as the API wrote it; null on the last page. */
  readonly next: string | null;
  /** The page's items: a page without any ends the list. */
  readonly results: readonly unknown[];
}

/**
 * The value of query parameter `name` in `link`, or undefined. Parsed by hand rather than with
 * `URL`, whose `searchParams` React Native lacks without a polyfill.
 */
function queryValue(link: string, name: string): string | undefined {
  const start = link.indexOf('?');
  if (start < 0) return undefined;
  const end = link.indexOf('#', start);
  for (const pair of link.slice(start + 1, end < 0 ? undefined : end).split('&')) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return undefined;
      }
    };
    if (decode(key) === name) return at < 0 ? '' : decode(pair.slice(at + 1));
  }
  return undefined;
}

/**
 * The `next` link to read, or undefined where the walk stops as the client's paginator stops
 * it: no link, or a page without items (a server handing out empty pages for ever would
 * otherwise be asked for them for ever).
 */
function nextLink(page: PageLinks): string | undefined {
  return page.next === null || page.results.length === 0 ? undefined : page.next;
}

/**
 * The page number (or offset) the server's `next` link asks for, as `getNextPageParam` returns
 * it: undefined when there is no next page, and when the link names a page already fetched (a
 * server that loops has lost its place; the paginator throws there, an option can only stop).
 * Page 0 is a page, not "none".
 */
export function nextPageNumber(
  page: PageLinks,
  name: string,
  fetched: readonly (number | null)[],
): number | undefined {
  const link = nextLink(page);
  const value = link === undefined ? undefined : queryValue(link, name);
  if (value === undefined || !/^-?\d+$/.test(value)) return undefined;
  const number = Number(value);
  return fetched.includes(number) ? undefined : number;
}

/** Like {@link nextPageNumber}, for an opaque page token (a cursor). */
export function nextPageToken(
  page: PageLinks,
  name: string,
  fetched: readonly (string | null)[],
): string | undefined {
  const link = nextLink(page);
  const value = link === undefined ? undefined : queryValue(link, name);
  return value === undefined || value === '' || fetched.includes(value) ? undefined : value;
}

/** What an infinite cursor list reads of a page: the query parameters of the next page. */
export interface CursorLinks {
  /** `{ starting_after: 'cus_3' }`, or null on the last page. */
  readonly nextPageParams: Readonly<Record<string, unknown>> | null;
}

/**
 * The cursor of the next page of a cursor list, as `getNextPageParam` returns it: undefined on
 * the last page and for a cursor already fetched (the paginator throws there, an option can only stop).
 */
export function nextPageCursor(
  page: CursorLinks,
  name: string,
  fetched: readonly (string | null)[],
): string | undefined {
  const value = page.nextPageParams?.[name];
  const cursor = typeof value === 'number' ? String(value) : value;
  return typeof cursor === 'string' && cursor !== '' && !fetched.includes(cursor)
    ? cursor
    : undefined;
}

/** A query key, as TanStack takes it for a filter: the keys the generated key builders return start with the API's root. */
export type QueryKeyPrefix = readonly unknown[];

/** Per-hook settings of a mutation option. */
export interface MutationSettings<Variables> {
  /** Per-call settings (timeout, headers, retries of the client) of every call the mutation makes. */
  readonly request?: RequestOptions;
  /**
   * The query keys to invalidate after a success, instead of the ones the option names: a list,
   * or a function of the variables and those keys (`(v, keys) => [...keys, other]` to add one).
   * Each key invalidates every query whose key starts with it.
   */
  readonly invalidates?:
    | readonly QueryKeyPrefix[]
    | ((variables: Variables, keys: readonly QueryKeyPrefix[]) => readonly QueryKeyPrefix[]);
}

/**
 * What `onSuccess` needs of the fourth argument TanStack Query (5.80 and later) passes it, the
 * `MutationFunctionContext`: the `QueryClient` the mutation runs in.
 */
export interface InvalidationContext {
  /** The `QueryClient` that owns the mutation (TanStack Query 5.80 and later pass it). */
  readonly client: {
    invalidateQueries(filters: { readonly queryKey: QueryKeyPrefix }): Promise<void>;
  };
}

/**
 * Invalidates `keys` (or what `settings.invalidates` makes of them) in the mutation's client,
 * and resolves once the active queries among them have refetched, so the mutation stays pending
 * until the screen shows the change.
 */
export async function invalidateAfter<Variables>(
  context: InvalidationContext,
  variables: Variables,
  keys: readonly QueryKeyPrefix[],
  settings: MutationSettings<Variables> | undefined,
): Promise<void> {
  const chosen = settings?.invalidates;
  const targets =
    chosen === undefined ? keys : typeof chosen === 'function' ? chosen(variables, keys) : chosen;
  await Promise.all(targets.map((queryKey) => context.client.invalidateQueries({ queryKey })));
}
