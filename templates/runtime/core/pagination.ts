/**
 * Page-number pagination as Django REST framework APIs do it: `{count, next, previous, results}` with
 * absolute `next`/`previous` links. A page can be awaited, asked for its successor, or
 * iterated item by item across pages with `for await`.
 *
 * Following `next` sends the token, so the link is checked first: it must point at the
 * client's own origin (the one exception: `http://` for the same host of an `https://` base
 * is upgraded, the usual sign of Django behind a TLS-terminating proxy), and it must not be
 * a page already fetched in this walk. A repeated link throws PaginationError rather than
 * ending quietly: a server that loops has lost its place, and stopping would pass off a
 * partial list as complete. So does a walk longer than `maxPages`. Iterating ends at a page
 * without items even when it offers a `next` link, as openai-node's does: a server that
 * hands out empty pages for ever would otherwise be asked for them for ever, yielding nothing.
 *
 * A page is plain data, so that it can live in a cache: an object of `Object.prototype` whose
 * enumerable properties are the envelope and `nextPageParams`, the query parameters of the
 * next page. TanStack Query's structural sharing keeps unchanged parts of plain objects and
 * arrays (a class instance would be replaced whole on every refetch), and JSON (a persisted
 * cache, server-side rendering) writes exactly those properties. The methods (`nextPage()`,
 * `for await` …) are non-enumerable properties of a page fresh from the client; a copy of its
 * data goes on by passing `nextPageParams` to the list operation.
 */
import { ApiPromise } from './api-promise.js';
import { coreState, type ClientCore, type CoreState } from './client-core.js';
import type { OperationDescriptor, OperationInput } from './operation.js';
import type { RequestOptions } from './options.js';
import type { RequestTarget } from '../internal/prepare.js';
import { decodeSuccessBody } from '../internal/response-body.js';
import { bindScrubber, SdkError, type RequestContext } from './sdk-error.js';
import { isRecord } from './guard.js';
import { ResponseValidationError } from './request-errors.js';
import { safeUrl, shortUrl } from '../internal/redact.js';
import type { Exchange } from './operation.js';
import { pageUrlKey } from './url.js';

/**
 * A page cannot be followed: there is no next page, `next` points off-origin, or it repeats.
 * Defined beside the pages (not with the other errors) so that it leaves bundles with them.
 */
export class PaginationError extends SdkError {
  static {
    this.prototype.name = 'PaginationError';
  }
}

/** The envelope of every list response. */
export interface PageEnvelope<Item> {
  /** Total number of items across all pages. */
  count: number;
  /** Absolute URL of the next page, or null on the last page. */
  next: string | null;
  /** Absolute URL of the previous page, or null on the first page. */
  previous: string | null;
  /** The items of this page. */
  results: Item[];
}

/**
 * @internal Where a page stands in its walk: the page before it, and how many pages the walk
 * has fetched. Each page adds one link to its parent's trail, so a walk of n
 * pages costs n links, not the n² of a visited set copied per page. `seen` is the walk's
 * latest trail for each key, shared along it: a repeat is a key whose trail is this page's
 * own or one before it. `nextPage()` asked twice of one page (a retry after a failure) makes
 * a sibling, not a repeat.
 */
export interface PageTrail {
  readonly depth: number;
  readonly parent: PageTrail | undefined;
  readonly seen: Map<string, PageTrail>;
}

/** @internal Whether `earlier` is `trail` itself or lies before it on its walk. */
export function isOnTrail(earlier: PageTrail, trail: PageTrail): boolean {
  let at: PageTrail | undefined = trail;
  while (at !== undefined && at.depth >= earlier.depth) {
    if (at === earlier) return true;
    at = at.parent;
  }
  return false;
}

/**
 * Query parameters by wire name that ask for one page: `{ page: 2 }`, `{ offset: 40 }`,
 * `{ cursor: 'cD0yMDI0' }`. A value written as a whole number in decimal is read as a number
 * (a page, an offset, a limit), any other as a string; a parameter given more than once is a list.
 */
export type PageParams = Readonly<Record<string, string | number | readonly (string | number)[]>>;

/** A page as data: the envelope the API sent, and the parameters of the next page. */
export interface PageData<Item> extends PageEnvelope<Item> {
  /**
   * The query parameters to lay over this page's query to ask for the next page (those the
   * `next` link sets differently), or null when there is no next page. Passed to the list
   * operation with its first query (`{ ...query, ...page.nextPageParams }`), they ask for
   * what `nextPage()` fetches. This is how a page read
   * back from a cache or JSON, which has no methods, goes on. Null too when the link drops a
   * parameter of this page's request or changes none, which no merge can say; the link's
   * origin and path are not read, so it holds behind a proxy that passes the API's links on.
   */
  readonly nextPageParams: PageParams | null;
}

/**
 * One page of a list. Iterating it with `for await` yields its items and then those of the
 * following pages, fetched as needed.
 *
 * A page is plain data with methods that do not show (see the module's comment): its
 * enumerable properties are those of {@link PageData}, and `page instanceof Page` holds for
 * a page fresh from the client, not for a copy of its data.
 */
export class Page<Item> implements AsyncIterable<Item>, PageData<Item> {
  /** Total number of items across all pages. */
  declare readonly count: number;
  /** The items of this page. */
  declare readonly results: Item[];
  /** Absolute URL of the next page, or null on the last page. */
  declare readonly next: string | null;
  /** Absolute URL of the previous page, or null on the first page. */
  declare readonly previous: string | null;
  /** The query parameters of the next page, or null; see {@link PageData.nextPageParams}. */
  declare readonly nextPageParams: PageParams | null;
  /** The HTTP response of this page; its body has not been read and can still be consumed. */
  declare readonly response: Response;
  /** Whether the server offered a next page. */
  declare readonly hasNextPage: () => boolean;
  /**
   * Fetches the next page with this page's call settings, `options` laid over them. The
   * call's `signal` is not carried over (it may belong to a request long finished, such as a
   * query function's): pass one to cancel this request. Rejects with PaginationError on the
   * last page, on a link to a page already fetched in this walk, and past `maxPages`.
   */
  declare readonly nextPage: (options?: RequestOptions) => PagePromise<Item>;
  /**
   * This page and each following one, fetched as the loop asks for them, under the call's
   * options, its signal included. Ends after a page without items, even one that offers a
   * `next` link (see the module's comment).
   */
  declare readonly iterPages: () => AsyncGenerator<Page<Item>, void, undefined>;
  /** Every item of this page and the pages after it. */
  declare readonly [Symbol.asyncIterator]: () => AsyncGenerator<Item, void, undefined>;
  /** The page as data: the envelope and `nextPageParams`, what `JSON.stringify` writes. */
  declare readonly toJSON: () => PageData<Item>;

  /** Pages are made by the client (`requestPage`), as plain objects. */
  private constructor() {}

  /** Whether `value` is a page fresh from the client, with its methods. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return WALKS.has(value as object);
  }
}

/**
 * The pages the client made, each with how it fetches the next page in its walk: under the
 * options of the call that fetched it, signal included, which `for await` goes on with.
 */
const WALKS = new WeakMap<object, () => PagePromise<unknown>>();

/** A query value as data: a whole number in decimal (a page, an offset) is read as a number. */
const paramValue = (text: string): string | number =>
  /^(0|[1-9]\d{0,14})$/.test(text) ? Number(text) : text;

/**
 * The query parameters `next` sets differently from `current` (the URL of the request that
 * fetched the page), or null: no link, a link that drops a parameter or changes none, or
 * one that is not a URL. Parsed from strings, never assigned to a URL (React Native's has
 * getters only), and read by `getAll`, which React Native's URLSearchParams has too.
 */
export function nextPageParams(next: string | null, current: string): PageParams | null {
  if (next === null) return null;
  let to: URLSearchParams;
  let from: URLSearchParams;
  try {
    to = new URLSearchParams(new URL(next, current).search);
    from = new URLSearchParams(new URL(current).search);
  } catch {
    return null;
  }
  for (const name of from.keys()) if (!to.has(name)) return null;
  const changed: [string, string | number | (string | number)[]][] = [];
  for (const name of new Set(to.keys())) {
    const values = to.getAll(name);
    if (JSON.stringify(values) === JSON.stringify(from.getAll(name))) continue;
    changed.push([name, values.length === 1 ? paramValue(values[0]!) : values.map(paramValue)]);
  }
  // fromEntries defines each name, so a parameter called `__proto__` stays a parameter.
  return changed.length > 0 ? Object.fromEntries(changed) : null;
}

/**
 * Makes `data` a page: its methods are added as non-enumerable properties that use no
 * `this`, so a page keeps working when its methods are taken off it. `follow` fetches the
 * next page under the options it is given; `options` are those of the call that fetched it.
 */
function pageOfData<Item>(
  data: PageData<Item>,
  exchange: Exchange,
  options: RequestOptions,
  follow: (options: RequestOptions) => PagePromise<Item>,
): Page<Item> {
  const page = data as Page<Item>;
  const { signal: _callSignal, ...settings } = options;
  const iterPages = async function* (): AsyncGenerator<Page<Item>, void, undefined> {
    let at = page;
    yield at;
    while (at.next !== null && at.results.length > 0) {
      at = (await WALKS.get(at)!()) as Page<Item>;
      yield at;
    }
  };
  WALKS.set(page, () => follow(options));
  return Object.defineProperties(page, {
    response: { get: () => exchange.response },
    hasNextPage: { value: () => page.next !== null },
    nextPage: { value: (own?: RequestOptions) => follow({ ...settings, ...own }) },
    iterPages: { value: iterPages },
    [Symbol.asyncIterator]: {
      value: async function* (): AsyncGenerator<Item, void, undefined> {
        for await (const each of iterPages()) yield* each.results;
      },
    },
    toJSON: { value: (): PageData<Item> => ({ ...data }) },
  });
}

/** The trail of a walk's first page. */
function firstTrail(url: string): PageTrail {
  const trail: PageTrail = { depth: 1, parent: undefined, seen: new Map() };
  trail.seen.set(pageUrlKey(url), trail);
  return trail;
}

/** An ApiPromise of a page that can also be iterated item by item across pages. */
export class PagePromise<Item> extends ApiPromise<Page<Item>> implements AsyncIterable<Item> {
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const page = await this;
    yield* page;
  }

  /** @internal A PagePromise that fails without sending anything. */
  static rejected<Item>(error: unknown): PagePromise<Item> {
    return new PagePromise<Item>(Promise.reject(error), () => {
      throw error;
    });
  }
}

/**
 * Checks a `next` link and returns the URL to request; throws PaginationError when it may not
 * be followed. With `rebase` (a client without a token, behind the app's own backend), a link
 * to another origin is the API's own, passed on by a proxy that does not rewrite links: its
 * query is asked of this page's URL instead, so the request still goes to the backend.
 * The URL is built from parts, never assigned to (React Native's URL has getters only).
 */
export function followableNext(
  next: string,
  current: string,
  base: URL,
  context: RequestContext,
  rebase = false,
): string {
  let url: URL;
  try {
    url = new URL(next, current);
  } catch {
    throw new PaginationError(`${context.operationId}: the server's next link is not a URL`, {
      context,
    });
  }
  // Django behind a TLS-terminating proxy writes http:// links for its https:// address.
  const origin =
    url.protocol === 'http:' &&
    base.protocol === 'https:' &&
    url.hostname === base.hostname &&
    (url.port === '' || url.port === '80') &&
    base.port === ''
      ? base.origin
      : url.origin;
  if (origin !== base.origin && rebase) {
    const here = new URL(current);
    return `${here.origin}${here.pathname}${url.search}`;
  }
  if (origin !== base.origin || url.username !== '' || url.password !== '') {
    throw new PaginationError(
      `${context.operationId}: the server's next link points at ${safeUrl(url.origin)}, not ${base.origin}; not following it, as that would send the token elsewhere`,
      { context },
    );
  }
  return `${origin}${url.pathname}${url.search}`;
}

/** A `next` or `previous` link as sent, or null for none (absent, null or empty). */
const link = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The page envelope out of a parsed body; needs `results` to be an array whatever the validation mode. */
export function readEnvelope<Item>(data: unknown, exchange: Exchange): PageEnvelope<Item> {
  const { context, descriptor } = exchange.request;
  if (!isRecord(data) || !Array.isArray(data['results'])) {
    const found = !isRecord(data)
      ? Array.isArray(data)
        ? 'array'
        : data === null
          ? 'null'
          : typeof data
      : data['results'] === undefined
        ? 'nothing'
        : typeof data['results'];
    throw new ResponseValidationError(
      {
        reversedPath: isRecord(data) ? ['results'] : [],
        expected: isRecord(data) ? 'array' : 'a page object',
        found,
      },
      context,
      descriptor.responseType,
      data,
    );
  }
  return {
    count:
      typeof data['count'] === 'number' ? data['count'] : (data['results'] as unknown[]).length,
    next: link(data['next']),
    previous: link(data['previous']),
    results: data['results'] as Item[],
  };
}

/**
 * Sends a list operation and resolves to its first page; iterate it to walk every item. A
 * function beside the pages rather than a method of `ClientCore`, so that only bundles with a
 * list operation carry pagination.
 */
export function requestPage<Item>(
  core: ClientCore,
  descriptor: OperationDescriptor,
  input: OperationInput = {},
  options: RequestOptions = {},
): PagePromise<Item> {
  return pageOf<Item>(coreState(core), descriptor, { input }, options, undefined);
}

function pageOf<Item>(
  state: CoreState,
  descriptor: OperationDescriptor,
  target: RequestTarget,
  options: RequestOptions,
  trail: PageTrail | undefined,
): PagePromise<Item> {
  const { config } = state;
  return new PagePromise<Item>(state.send(descriptor, target, options), (exchange) => {
    const data = decodeSuccessBody(
      config,
      exchange,
      exchange.request.settings.validateResponses,
      true,
    );
    let envelope: PageEnvelope<Item>;
    try {
      envelope = readEnvelope<Item>(data, exchange);
    } catch (error) {
      if (error instanceof SdkError) bindScrubber(error, (text) => config.scrubber.text(text));
      throw error;
    }
    const { url: current, context, settings } = exchange.request;
    const page: PageData<Item> = {
      ...envelope,
      nextPageParams: nextPageParams(envelope.next, current),
    };
    return pageOfData(page, exchange, options, (using) => {
      let url: string;
      let nextTrail: PageTrail;
      try {
        if (page.next === null)
          throw new PaginationError(
            `${context.operationId}: this is the last page; check hasNextPage() before nextPage()`,
            { context },
          );
        // No token to keep from another origin: a link there is rebased (see followableNext).
        const rebase = config.token === undefined && config.provide === undefined;
        url = followableNext(page.next, current, config.baseUrl, context, rebase);
        // Made here rather than with the page: most pages are never followed.
        const here = trail ?? firstTrail(current);
        const key = pageUrlKey(url);
        const earlier = here.seen.get(key);
        if (earlier !== undefined && isOnTrail(earlier, here))
          throw new PaginationError(
            `${context.operationId}: the server's next link ${shortUrl(safeUrl(url))} points at a page already fetched; stopping to avoid a loop`,
            { context },
          );
        if (here.depth >= settings.maxPages)
          throw new PaginationError(
            `${context.operationId}: this walk has fetched ${here.depth} pages, the limit (maxPages); not fetching more`,
            { context },
          );
        nextTrail = { depth: here.depth + 1, parent: here, seen: here.seen };
        here.seen.set(key, nextTrail);
      } catch (error) {
        return PagePromise.rejected<Item>(error);
      }
      return pageOf<Item>(state, descriptor, { url }, using, nextTrail);
    });
  });
}
