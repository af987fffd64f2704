/**
 * Page-number pagination as Django REST Framework does it: `page` and `page_size`, an
 * envelope `{count, next, previous, results}` whose links are absolute URLs of this server
 * (built from the request's own address, so they point where the client is talking), the
 * first page's link without `page`, and 404 for a page past the end.
 */
import { notFound } from './errors.js';
import { queryNumber, type QueryValues } from './params.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageEnvelope<T> {
  readonly count: number;
  readonly next: string | null;
  readonly previous: string | null;
  readonly results: T[];
}

export function paginate<T>(
  items: readonly T[],
  query: QueryValues,
  requestUrl: URL,
): PageEnvelope<T> {
  const page = queryNumber(query, 'page') ?? 1;
  const size = Math.min(queryNumber(query, 'page_size') ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(items.length / size));
  if (page > pages) throw notFound('Invalid page.');
  return {
    count: items.length,
    next: page < pages ? pageLink(requestUrl, page + 1) : null,
    previous: page > 1 ? pageLink(requestUrl, page - 1) : null,
    results: items.slice((page - 1) * size, page * size),
  };
}

function pageLink(requestUrl: URL, page: number): string {
  const url = new URL(requestUrl.href);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.href;
}
