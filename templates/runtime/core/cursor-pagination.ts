/**
 * Cursor pagination, as Stripe, OpenAI and Slack do it: a page is the response as the API
 * sent it (`{ object: 'list', data, has_more }`, `{ channels, response_metadata }`), and the
 * next one is asked for by the same call with one query parameter set to a cursor the page
 * gives (the last item's `id`, `last_id`, `response_metadata.next_cursor`). Where each is
 * read is the operation's `CursorList`, written by the generator.
 *
 * A page has the surface of a link page (`pagination.ts`): awaited, `nextPage()`,
 * `hasNextPage()`, `iterPages()`, `for await` over every item, and `nextPageParams` as plain
 * data (`{ starting_after: 'cus_3' }`, null on the last page) for a page read back from a cache.
 * The list ends at `has_more: false` (where the response has the flag), at an absent or
 * empty cursor, and at a page without items. A cursor already sent in this walk throws
 * PaginationError, as does a walk longer than `maxPages`: a server that loops has lost its
 * place, and stopping would pass off a partial list as complete. A module of its own, named
 * only by the list operations that take cursors, so that other bundles leave it out.
 */
import { ApiPromise } from './api-promise.js';
import { coreState, type ClientCore, type CoreState } from './client-core.js';
import { isRecord } from './guard.js';
import type { OperationDescriptor, OperationInput } from './operation.js';
import type { RequestOptions } from './options.js';
import { isOnTrail, PaginationError, type PageParams, type PageTrail } from './pagination.js';
import { ResponseValidationError } from './request-errors.js';
import { decodeSuccessBody } from '../internal/response-body.js';
import { bindScrubber, SdkError } from './sdk-error.js';
import type { Exchange } from './operation.js';

/** Where a cursor list keeps its items and its next cursor, as property paths of the response. */
export interface CursorList {
  /** The path of the page's items (`['data']`). */
  readonly items: readonly string[];
  /** The query parameter that takes the cursor, by wire name (`starting_after`). */
  readonly parameter: string;
  /** The next cursor: a path of the response (`['last_id']`) or of the page's last item (`['id']`). */
  readonly cursor: { readonly from: 'response' | 'lastItem'; readonly path: readonly string[] };
  /** The `has_more` flag, when the response has one: anything but `true` ends the list. */
  readonly hasMore?: readonly string[];
}

/** A cursor page as data: the response as sent, and the query parameters of the next page. */
export type CursorPageData<Envelope> = Envelope & {
  /**
   * The query parameter to lay over this page's query to ask for the next page
   * (`{ starting_after: 'cus_3' }`), or null when there is none: passed to the list operation
   * with its first query, it asks for what `nextPage()` fetches.
   */
  readonly nextPageParams: PageParams | null;
};

/**
 * One page of a cursor list: the response, and methods that do not show (not enumerable, so
 * the page stays plain data for a cache or JSON). Iterating it with `for await` yields its
 * items and then those of the following pages, fetched as needed.
 */
export type CursorPage<Envelope, Item> = CursorPageData<Envelope> &
  AsyncIterable<Item> & {
    /** The HTTP response of this page; its body has been read. */
    readonly response: Response;
    /** Whether the server offered a next page. */
    readonly hasNextPage: () => boolean;
    /**
     * Fetches the next page with this page's call settings, `options` laid over them (not its
     * `signal`: pass one to cancel this request). Rejects with PaginationError on the last
     * page, on a cursor already sent in this walk, and past `maxPages`.
     */
    readonly nextPage: (options?: RequestOptions) => CursorPagePromise<Envelope, Item>;
    /** This page and each following one, fetched as the loop asks for them. */
    readonly iterPages: () => AsyncGenerator<CursorPage<Envelope, Item>, void, undefined>;
    /** The page as data, what `JSON.stringify` writes. */
    readonly toJSON: () => CursorPageData<Envelope>;
  };

/** An ApiPromise of a cursor page that can also be iterated item by item across pages. */
export class CursorPagePromise<Envelope, Item>
  extends ApiPromise<CursorPage<Envelope, Item>>
  implements AsyncIterable<Item>
{
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    yield* await this;
  }
}

/**
 * How each page made by the client fetches the next in its walk: under the options of the call
 * that fetched it, signal included, which `for await` goes on with.
 */
const WALKS = new WeakMap<object, () => CursorPagePromise<unknown, unknown>>();

/** The value at `path` in `value`, or undefined. */
function at(value: unknown, path: readonly string[]): unknown {
  let here = value;
  for (const name of path) here = isRecord(here) ? here[name] : undefined;
  return here;
}

/** The cursor of the page after this one, or null when the list ends here. */
function nextCursor(body: unknown, list: CursorList, items: readonly unknown[]): string | null {
  if (items.length === 0 || (list.hasMore && at(body, list.hasMore) !== true)) return null;
  const value = at(
    list.cursor.from === 'lastItem' ? items[items.length - 1] : body,
    list.cursor.path,
  );
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The items of a parsed body; they must be an array whatever the validation mode. */
function itemsOf(data: unknown, list: CursorList, exchange: Exchange): unknown[] {
  const items = at(data, list.items);
  if (Array.isArray(items)) return items;
  const { context, descriptor } = exchange.request;
  throw new ResponseValidationError(
    {
      reversedPath: [...list.items].reverse(),
      expected: 'array',
      found: items === null ? 'null' : items === undefined ? 'nothing' : typeof items,
    },
    context,
    descriptor.responseType,
    data,
  );
}

/**
 * Sends a cursor list operation and resolves to its first page; iterate it to walk every
 * item. A function beside the pages rather than a method of `ClientCore`, so that only
 * bundles with such a list carry it.
 */
export function requestCursorPage<Envelope, Item>(
  core: ClientCore,
  descriptor: OperationDescriptor,
  list: CursorList,
  input: OperationInput = {},
  options: RequestOptions = {},
): CursorPagePromise<Envelope, Item> {
  return cursorPageOf(coreState(core), descriptor, list, input, options, undefined);
}

function cursorPageOf<Envelope, Item>(
  state: CoreState,
  descriptor: OperationDescriptor,
  list: CursorList,
  input: OperationInput,
  options: RequestOptions,
  trail: PageTrail | undefined,
): CursorPagePromise<Envelope, Item> {
  const { config } = state;
  type Page = CursorPage<Envelope, Item>;
  return new CursorPagePromise<Envelope, Item>(
    state.send(descriptor, { input }, options),
    (exchange) => {
      const data = decodeSuccessBody(
        config,
        exchange,
        exchange.request.settings.validateResponses,
        true,
      );
      let items: unknown[];
      try {
        items = itemsOf(data, list, exchange);
      } catch (error) {
        if (error instanceof SdkError) bindScrubber(error, (text) => config.scrubber.text(text));
        throw error;
      }
      const cursor = nextCursor(data, list, items);
      const plain = {
        ...(data as object),
        // fromEntries defines the name, so a parameter called `__proto__` stays a parameter.
        nextPageParams: cursor === null ? null : Object.fromEntries([[list.parameter, cursor]]),
      } as CursorPageData<Envelope>;
      const page = plain as Page;
      const { context, settings } = exchange.request;
      const follow = (using: RequestOptions): CursorPagePromise<Envelope, Item> => {
        let nextTrail: PageTrail;
        try {
          if (cursor === null)
            throw new PaginationError(
              `${context.operationId}: this is the last page; check hasNextPage() before nextPage()`,
              { context },
            );
          // Made here rather than with the page: most pages are never followed.
          const here = trail ?? firstTrail(input, list);
          // The same steps as a link page's walk (pagination.ts), written out in each: a shared
          // function costs the link pages' bundles, which every client carries, more bytes.
          const earlier = here.seen.get(cursor);
          if (earlier !== undefined && isOnTrail(earlier, here))
            throw new PaginationError(
              `${context.operationId}: the server's next cursor names a page already fetched; stopping to avoid a loop`,
              { context },
            );
          if (here.depth >= settings.maxPages)
            throw new PaginationError(
              `${context.operationId}: this walk has fetched ${here.depth} pages, the limit (maxPages); not fetching more`,
              { context },
            );
          nextTrail = { depth: here.depth + 1, parent: here, seen: here.seen };
          here.seen.set(cursor, nextTrail);
        } catch (error) {
          return new CursorPagePromise<Envelope, Item>(Promise.reject(error), () => {
            throw error;
          });
        }
        const query = { ...(input.query as object | undefined), ...page.nextPageParams };
        return cursorPageOf(state, descriptor, list, { ...input, query }, using, nextTrail);
      };
      const { signal: _callSignal, ...callSettings } = options;
      const iterPages = async function* (): AsyncGenerator<Page, void, undefined> {
        let here = page;
        yield here;
        while (here.hasNextPage()) {
          here = (await WALKS.get(here)!()) as Page;
          yield here;
        }
      };
      WALKS.set(page, () => follow(options));
      return Object.defineProperties(page, {
        response: { get: () => exchange.response },
        hasNextPage: { value: () => cursor !== null },
        nextPage: { value: (own?: RequestOptions) => follow({ ...callSettings, ...own }) },
        iterPages: { value: iterPages },
        [Symbol.asyncIterator]: {
          value: async function* (): AsyncGenerator<Item, void, undefined> {
            for await (const each of iterPages()) yield* at(each, list.items) as Item[];
          },
        },
        toJSON: { value: () => ({ ...plain }) },
      });
    },
  );
}

/** The trail of a walk's first page, keyed by the cursor it was asked with, if any. */
function firstTrail(input: OperationInput, list: CursorList): PageTrail {
  const trail: PageTrail = { depth: 1, parent: undefined, seen: new Map() };
  const sent = at(input.query, [list.parameter]);
  if (typeof sent === 'string' || typeof sent === 'number') trail.seen.set(String(sent), trail);
  return trail;
}
