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
 */
import { ApiPromise } from './api-promise.js';
import { coreState, type ClientCore, type CoreState } from './client-core.js';
import type { OperationDescriptor, OperationInput } from './operation.js';
import type { RequestOptions } from './options.js';
import type { RequestTarget } from './prepare.js';
import { decodeSuccessBody } from './response-body.js';
import { bindScrubber, SdkError, type RequestContext } from './sdk-error.js';
import { isRecord } from './guard.js';
import { ResponseValidationError } from './request-errors.js';
import { safeUrl, shortUrl } from './redact.js';
import type { Exchange } from './send.js';
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

/** Whether `earlier` is `trail` itself or lies before it on its walk. */
function isOnTrail(earlier: PageTrail, trail: PageTrail): boolean {
  let at: PageTrail | undefined = trail;
  while (at !== undefined && at.depth >= earlier.depth) {
    if (at === earlier) return true;
    at = at.parent;
  }
  return false;
}

/** @internal How a page fetches another: the owning client's request machinery. */
export type FetchPage<Item> = (url: string, trail: PageTrail) => PagePromise<Item>;

/**
 * One page of a list. Iterating it with `for await` yields its items and then those of the
 * following pages, fetched as needed.
 */
export class Page<Item> implements AsyncIterable<Item> {
  /** Total number of items across all pages. */
  readonly count: number;
  /** The items of this page. */
  readonly results: Item[];
  /** Absolute URL of the next page, or null on the last page. */
  readonly next: string | null;
  /** Absolute URL of the previous page, or null on the first page. */
  readonly previous: string | null;
  // Few fields, since every page makes one: the URL and context are the exchange's.
  readonly #exchange: Exchange;
  readonly #base: URL;
  /** Where this page stands in its walk; undefined for a first page (see `nextPage`). */
  readonly #trail: PageTrail | undefined;
  readonly #fetchPage: FetchPage<Item>;

  /** @internal Built by {@link requestPage}. */
  constructor(
    envelope: PageEnvelope<Item>,
    exchange: Exchange,
    base: URL,
    trail: PageTrail | undefined,
    fetchPage: FetchPage<Item>,
  ) {
    this.count = envelope.count;
    this.results = envelope.results;
    this.next = envelope.next;
    this.previous = envelope.previous;
    this.#exchange = exchange;
    this.#base = base;
    this.#trail = trail;
    this.#fetchPage = fetchPage;
  }

  /** The HTTP response of this page; its body has not been read and can still be consumed. */
  get response(): Response {
    return this.#exchange.response;
  }

  /** Whether the server offered a next page. */
  hasNextPage(): boolean {
    return this.next !== null;
  }

  /**
   * Fetches the next page with the same settings; rejects with PaginationError on the last
   * page, on a link to a page already fetched in this walk, and past `maxPages`.
   */
  nextPage(): PagePromise<Item> {
    const { url: current, context, settings } = this.#exchange.request;
    let url: string;
    let trail: PageTrail;
    try {
      if (this.next === null)
        throw new PaginationError(
          `${context.operationId}: this is the last page; check hasNextPage() before nextPage()`,
          { context },
        );
      url = followableNext(this.next, current, this.#base, context);
      // Made here rather than with the page: most pages are never followed.
      const here = this.#trail ?? firstTrail(current);
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
      trail = { depth: here.depth + 1, parent: here, seen: here.seen };
      here.seen.set(key, trail);
    } catch (error) {
      return PagePromise.rejected<Item>(error);
    }
    return this.#fetchPage(url, trail);
  }

  /**
   * This page and each following one, fetched as the loop asks for them. Ends after a page
   * without items, even one that offers a `next` link (see the module's comment).
   */
  async *iterPages(): AsyncGenerator<Page<Item>, void, undefined> {
    let page: Page<Item> = this;
    yield page;
    while (page.hasNextPage() && page.results.length > 0) {
      page = await page.nextPage();
      yield page;
    }
  }

  /** Every item of this page and the pages after it. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.iterPages()) yield* page.results;
  }

  /** The page as the API sent it (count, next, previous, results). */
  toJSON(): PageEnvelope<Item> {
    return { count: this.count, next: this.next, previous: this.previous, results: this.results };
  }
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

/** Checks a `next` link and returns the URL to request; throws PaginationError when it may not be followed. */
export function followableNext(
  next: string,
  current: string,
  base: URL,
  context: RequestContext,
): string {
  let url: URL;
  try {
    url = new URL(next, current);
  } catch {
    throw new PaginationError(`${context.operationId}: the server's next link is not a URL`, {
      context,
    });
  }
  if (
    url.protocol === 'http:' &&
    base.protocol === 'https:' &&
    url.hostname === base.hostname &&
    (url.port === '' || url.port === '80') &&
    base.port === ''
  ) {
    url.protocol = 'https:';
    url.port = '';
  }
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') {
    throw new PaginationError(
      `${context.operationId}: the server's next link points at ${safeUrl(url.origin)}, not ${base.origin}; not following it, as that would send the token elsewhere`,
      { context },
    );
  }
  return url.href;
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
    return new Page<Item>(envelope, exchange, config.baseUrl, trail, (url, nextTrail) =>
      pageOf<Item>(state, descriptor, { url }, options, nextTrail),
    );
  });
}
