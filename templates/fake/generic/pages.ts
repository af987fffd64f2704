/**
 * Pages of a cursor list (`FakeCursorList`: Stripe's `starting_after`, OpenAI's `after` and
 * `last_id`, Slack's `cursor` and `response_metadata.next_cursor`, next tokens): the stored
 * items in order, as many a page as the request's `limit` asks (else `DEFAULT_PAGE_SIZE`),
 * from the item after the one the cursor names. The cursor of an item is what the client reads
 * back: the member the list's cursor is read from (`id`) where it comes from the last item, else
 * the item's id, else its place in the list. `has_more` and the next cursor agree with what is
 * left, so a client's `for await` over the fake sees every stored item exactly once; a list
 * without `has_more` ends with an empty next cursor, as Slack's does (null where the schema
 * allows it; left out where it is optional and its schema refuses empty text).
 */
import { isRecord } from '../../runtime/core/guard.js';
import type { FormNode } from '../../runtime/core/standard-schema.js';
import { issuesOf } from '../../runtime/core/validate.js';
import type { FakeCursorList } from './contract.js';
import { define } from '../own.js';
import { objectView, resolve, type SampleNode } from './sample-node.js';

/** Items a page holds when the request says no `limit`. */
export const DEFAULT_PAGE_SIZE = 10;

/** Query parameters that say how many items a page holds. */
const PAGE_SIZES = ['limit', 'page_size', 'pageSize', 'per_page', 'perPage', 'max_results'];

export interface CursorPage {
  readonly items: readonly unknown[];
  /** Whether stored items follow this page. */
  readonly more: boolean;
  /** The cursor of the page's last item; undefined for an empty page. */
  readonly last: string | undefined;
}

/**
 * The page a request asks for, or the cursor it gave when no stored item has it.
 * @param idProperty the member holding an item's id, when items have one.
 */
export function cursorPage(
  list: FakeCursorList,
  stored: readonly unknown[],
  query: Readonly<Record<string, unknown>>,
  idProperty: string | undefined,
): CursorPage | { readonly unknownCursor: string } {
  const cursorOf = (item: unknown, index: number): string => {
    const path = list.cursor.from === 'lastItem' ? list.cursor.path : [idProperty ?? ''];
    const value = valueAt(item, path);
    return typeof value === 'string' || typeof value === 'number'
      ? String(value)
      : String(index + 1);
  };
  const given = query[list.parameter];
  let start = 0;
  if (typeof given === 'string' && given !== '') {
    const at = stored.findIndex((item, index) => cursorOf(item, index) === given);
    if (at < 0) return { unknownCursor: given };
    start = at + 1;
  }
  const size = pageSize(query);
  const end = Math.min(stored.length, start + size);
  const items = stored.slice(start, end);
  return {
    items,
    more: end < stored.length,
    last: items.length > 0 ? cursorOf(items[items.length - 1], end - 1) : undefined,
  };
}

function pageSize(query: Readonly<Record<string, unknown>>): number {
  for (const name of PAGE_SIZES) {
    const value = Number(query[name]);
    if (query[name] !== undefined && Number.isSafeInteger(value) && value > 0) return value;
  }
  return DEFAULT_PAGE_SIZE;
}

/**
 * Writes the page into `body`, an answer made from the list's schema (`node`): its items,
 * `has_more`, and the cursor where the answer carries it.
 */
export function writePage(
  body: Record<string, unknown>,
  node: SampleNode,
  list: FakeCursorList,
  page: CursorPage,
): void {
  setAt(body, node, list.items, page.items);
  writeLinks(body, node, list, page);
}

/**
 * Puts back what the loosest mode left out of a page but the client's walk needs: the list
 * (its items loosened by `shape`), `has_more` and the cursor; one left out would end the walk.
 */
export function keepPage(
  body: Record<string, unknown>,
  node: SampleNode,
  list: FakeCursorList,
  page: CursorPage,
  shape: (value: unknown, node: SampleNode) => unknown,
): void {
  if (!Array.isArray(valueAt(body, list.items))) {
    const { member } = memberAt(body, node, list.items);
    setAt(body, node, list.items, member ? shape(page.items, member) : page.items);
  }
  writeLinks(body, node, list, page);
}

/**
 * Makes `body`, a cursor list's answer made from its schema alone (no stored items to page
 * through), a last page: `has_more` false and no next cursor, so that a client's `for await`
 * ends there rather than following a made-up cursor (which would repeat, and loop).
 */
export function writeLastPage(
  body: Record<string, unknown>,
  node: SampleNode,
  list: FakeCursorList,
): void {
  writeLinks(body, node, list, { items: [], more: false, last: undefined });
}

/** Writes `has_more` and the cursor of the page into `body`. */
function writeLinks(
  body: Record<string, unknown>,
  node: SampleNode,
  list: FakeCursorList,
  page: CursorPage,
): void {
  if (list.hasMore) setAt(body, node, list.hasMore, page.more);
  if (list.cursor.from !== 'response') return;
  // With `has_more` the cursor is the last item's (OpenAI's `last_id`); without, it leads on.
  const cursor = list.hasMore || page.more ? page.last : undefined;
  if (cursor !== undefined) return setAt(body, node, list.cursor.path, cursor);
  const { parent, member, name, required } = memberAt(body, node, list.cursor.path);
  if (name === undefined) return;
  if (member !== undefined && resolve(member).nullable) define(parent, name, null);
  else if (member === undefined || required || fits(member, '')) define(parent, name, '');
  else delete parent[name];
}

function fits(node: SampleNode, value: unknown): boolean {
  return issuesOf(resolve(node).node as FormNode, value).length === 0;
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let here = value;
  for (const name of path) here = isRecord(here) ? here[name] : undefined;
  return here;
}

/** The schema of the object holding the member at `path`. */
function parentNode(node: SampleNode, path: readonly string[]): SampleNode | undefined {
  let here: SampleNode | undefined = node;
  for (const name of path.slice(0, -1)) {
    const object: ReturnType<typeof objectView> = here && objectView(here);
    here =
      object && Object.prototype.hasOwnProperty.call(object.properties, name)
        ? object.properties[name]
        : undefined;
  }
  return here;
}

interface MemberPlace {
  readonly parent: Record<string, unknown>;
  readonly name: string | undefined;
  readonly member: SampleNode | undefined;
  readonly required: boolean;
}

/** The object holding the member at `path` in `body` (made where missing), its name and schema. */
function memberAt(
  body: Record<string, unknown>,
  node: SampleNode,
  path: readonly string[],
): MemberPlace {
  let parent = body;
  for (const name of path.slice(0, -1)) {
    let next = parent[name];
    if (!isRecord(next)) {
      next = {};
      define(parent, name, next);
    }
    parent = next as Record<string, unknown>;
  }
  const name = path[path.length - 1];
  const holder = parentNode(node, path);
  const object = holder && objectView(holder);
  const member =
    object && name !== undefined && Object.prototype.hasOwnProperty.call(object.properties, name)
      ? object.properties[name]
      : undefined;
  return {
    parent,
    member,
    name,
    required: name !== undefined && !!object?.required?.includes(name),
  };
}

function setAt(
  body: Record<string, unknown>,
  node: SampleNode,
  path: readonly string[],
  value: unknown,
): void {
  const { parent, name } = memberAt(body, node, path);
  if (name !== undefined) define(parent, name, value);
}
