/**
 * Where an operation goes in the client when the document does not say (`x-sdk-method`), read
 * from its tag, its operationId and its path. The names asked for here are settled against
 * each other by the plan stage (`nameOperations`), which numbers a name already taken.
 */
import type { HttpMethod } from './types.js';
import { memberName, memberWords, type ClientPlace } from './names.js';

/** What placing one operation needs to know about it. */
export interface PlaceQuery {
  readonly method: HttpMethod;
  readonly path: string;
  /** Its declared operationId; undefined when the document gives none. */
  readonly operationId: string | undefined;
  /** The name used when the document gives no operationId (`get users by id`). */
  readonly fallbackId: string;
  readonly tag: string | undefined;
  /** The tags above `tag` (OpenAPI 3.2's tag `parent`), outermost first; absent for a top-level tag. */
  readonly tagParents?: readonly string[];
  /** The other methods of its path item: a PUT beside a PATCH is a `replace`. */
  readonly siblings: ReadonlySet<HttpMethod>;
  /**
   * What the document's other paths say of this one's words ({@link pathTreeOf}); asked for
   * only when the operationId is read from the path, so a document whose ids all say more
   * (GitHub's) never pays for it.
   */
  readonly tree: () => PathTree;
}

/** Paths (as {@link segmentsKey} writes them) by what other paths make of them. */
export interface PathTree {
  /** Continued by an item (`/boxes/incoming` beside `/boxes/incoming/{id}`): a collection, plural or not. */
  readonly collections: ReadonlySet<string>;
  /** Continued by anything (`/v1/charges/{charge}/dispute` beside `…/dispute/close`): a resource of its own. */
  readonly parents: ReadonlySet<string>;
}

/** A path segment as the client reads it: a literal word group, or a parameter. */
interface Segment {
  readonly text: string;
  readonly parameter: boolean;
}

/** The resource a document without a tag on this operation gets when its path has no word either (`/`). */
const NO_RESOURCE = 'default';

/**
 * - An operation whose operationId is only its method and path (`GetCustomersCustomer` for
 *   `GET /v1/customers/{customer}`, as Stripe writes them), or which has none, is named from
 *   them, as Stainless's SDKs name such calls: its resource is the path's words
 *   (`customers.sources` for `/v1/customers/{customer}/sources`) and its method the verb the
 *   method and path make plain ({@link plainPlace}), with the place its id names beside it for
 *   the plan to take should two operations ask for the same place. A tag that is not the
 *   path's first word wins over the path: the next rule places the operation then.
 * - Otherwise the resource is the first tag, or, without one, the path's first word (a version
 *   or `api` skipped: `/v1/customers/…` → `customers`), and the method the operationId without
 *   the resource's words when it starts with them (`sites_retrieve` tagged `sites` →
 *   `client.sites.retrieve`).
 */
export function placeOperation(query: PlaceQuery): ClientPlace {
  const segments = pathSegments(query.path);
  const literals = segments.filter((s) => !s.parameter).map((s) => s.text);
  const resource = query.tag ?? literals[0] ?? NO_RESOURCE;
  const parents = query.tagParents ?? [];
  // A nested tag that repeats its parent's words drops them (`pets-photos` under `pets` → `photos`).
  const own = parents.length > 0 ? withoutPrefix(resource, parents[parents.length - 1]!) : resource;
  const idPlace = {
    resourcePath: [...parents.map(memberName), memberName(own)],
    methodName: memberName(withoutPrefix(query.operationId ?? query.fallbackId, resource)),
  };
  const plain = query.operationId === undefined || isMethodAndPath(query, segments);
  const place = plain ? plainPlace(query, segments) : undefined;
  const tagIsPath =
    query.tag === undefined ||
    (parents.length === 0 && memberName(query.tag) === place?.resourcePath[0]);
  if (place && tagIsPath) return { ...place, idPlace };
  return idPlace;
}

/**
 * A path's segments without those that name a version or the API itself (`v1`, `v2023-01`,
 * `2.0`, `api`), which no SDK makes a resource of, nor a file extension (`users.json`).
 */
function pathSegments(path: string): Segment[] {
  return path
    .split('/')
    .filter((s) => s.length > 0 && !isVersionLike(s))
    .map((s) => s.replace(/\.(json|xml|ya?ml|csv|txt)$/i, ''))
    .map((s) =>
      /^\{[^}]*\}$/.test(s)
        ? { text: s.slice(1, -1), parameter: true }
        : { text: s, parameter: false },
    )
    .filter((s) => s.parameter || /[A-Za-z0-9]/.test(s.text));
}

/** The collections and parents among a document's paths. */
export function pathTreeOf(paths: Iterable<string>): PathTree {
  const collections = new Set<string>();
  const parents = new Set<string>();
  for (const path of paths) {
    const segments = pathSegments(path);
    segments.forEach((s, i) => {
      if (i === 0) return;
      const key = segmentsKey(segments.slice(0, i));
      parents.add(key);
      if (s.parameter) collections.add(key);
    });
  }
  return { collections, parents };
}

function segmentsKey(segments: readonly Segment[]): string {
  return segments.map((s) => (s.parameter ? '{}' : s.text)).join('/');
}

/** `v1`, `v2.1`, `v1beta1`, `v3-preview`, `v2023-01`, `2023-01-01`, `2`, `1.1`, `api`. */
export function isVersionLike(segment: string): boolean {
  // Most segments are words: only those starting with `v`, a digit or `api` can be versions.
  if (!/^(?:[vV0-9]|api$)/i.test(segment)) return false;
  return (
    /^api$/i.test(segment) ||
    /^v[0-9]+([._-][0-9]+)*([._-]?(alpha|beta|preview|rc)[0-9]*)?$/i.test(segment) ||
    /^v?[0-9]{4}-[0-9]{2}(-[0-9]{2})?([._-]?(alpha|beta|preview)[0-9]*)?$/i.test(segment) ||
    /^[0-9]+(\.[0-9]+)*$/.test(segment)
  );
}

/**
 * Whether the operationId says nothing but the method and the path's words, in order
 * (`GetCustomersCustomer`, `get_v1_customers_customer`, `getUsersById`): such an id carries no
 * name of its own to keep.
 */
function isMethodAndPath(query: PlaceQuery, segments: readonly Segment[]): boolean {
  const id = memberWords(query.operationId ?? '');
  // Most ids (`repos/get`, `listPets`) do not start with the method: nothing more to compare.
  if (id[0] !== query.method.toLowerCase()) return false;
  const spoken = id.slice(1).join(' ');
  const withVersions = query.path
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => ({ text: s.replace(/^\{|\}$/g, ''), parameter: s.startsWith('{') }));
  return [segments, withVersions].some((list) => {
    const spelled = list.map((s) => ({ ...s, words: memberWords(s.text).join(' ') }));
    return [false, true].some(
      (by) =>
        spelled
          .map((s) => (by && s.parameter ? `by ${s.words}` : s.words))
          .filter((w) => w.length > 0)
          .join(' ') === spoken,
    );
  });
}

/** `sources` and `people`'s kind of word: a collection's name is plural. */
function isPlural(word: string): boolean {
  return /s$/i.test(word) && !/(ss|us|is)$/i.test(word);
}

const PLAIN_VERB_METHODS: ReadonlySet<HttpMethod> = new Set([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
]);

/**
 * The place of an operation named by its method and path alone, as Stainless names them:
 * - on an item (the path ends in a parameter): GET → `retrieve`, DELETE → `delete`, PATCH,
 *   POST and PUT → `update` (a PUT beside a PATCH → `replace`);
 * - on a collection (the path ends in a plural word, or in one another path follows with an
 *   item, as `/boxes/incoming` beside `/boxes/incoming/{id}`): GET → `list`, POST → `create`, PUT and
 *   PATCH → `update`, DELETE → `delete`;
 * - on a singleton (a singular word that other paths continue, `/v1/charges/{charge}/dispute`
 *   beside `…/dispute/close`, or the path's only word, `/v1/balance`): GET → `retrieve`, POST,
 *   PUT and PATCH → `update`, DELETE → `delete`; a POST on a lone word (`/post`) may create or
 *   update, so its id stays;
 * - on a singular word under a resource, which names an action, a view or a part of it: a
 *   method of that resource. POST → the word (`/v1/payment_intents/{intent}/confirm` →
 *   `paymentIntents.confirm`); GET → the word after a collection (`/v1/customers/search` →
 *   `customers.search`), `retrieve` and the word after an item
 *   (`/v1/customers/{customer}/discount` → `customers.retrieveDiscount`); DELETE, PUT and
 *   PATCH → `delete`, `update` and the word (`customers.deleteDiscount`).
 * Undefined where no verb is plain: a path without words, HEAD and OPTIONS.
 */
function plainPlace(query: PlaceQuery, segments: readonly Segment[]): ClientPlace | undefined {
  const literals = segments.filter((s) => !s.parameter).map((s) => memberName(s.text));
  const last = segments.at(-1);
  const { method } = query;
  // Only the CRUD methods have a plain verb; HEAD, OPTIONS, QUERY and a 3.2 document's other
  // methods (`LINK`) keep the name their operationId gives.
  if (!last || literals.length === 0 || !PLAIN_VERB_METHODS.has(method)) return undefined;
  const change = method === 'PUT' && query.siblings.has('PATCH') ? 'replace' : 'update';
  if (last.parameter) {
    const verb = method === 'GET' ? 'retrieve' : method === 'DELETE' ? 'delete' : change;
    return { resourcePath: literals, methodName: verb };
  }
  const key = segmentsKey(segments);
  if (isPlural(last.text) || query.tree().collections.has(key)) {
    const verb =
      method === 'GET'
        ? 'list'
        : method === 'POST'
          ? 'create'
          : method === 'DELETE'
            ? 'delete'
            : change;
    return { resourcePath: literals, methodName: verb };
  }
  const parent = query.tree().parents.has(key);
  if (literals.length === 1 || parent) {
    if (method === 'POST' && !parent) return undefined;
    const verb = method === 'GET' ? 'retrieve' : method === 'DELETE' ? 'delete' : change;
    return { resourcePath: literals, methodName: verb };
  }
  const word = literals.at(-1)!;
  const afterItem = segments.at(-2)?.parameter === true;
  const methodName =
    method === 'POST' || (method === 'GET' && !afterItem)
      ? word
      : memberName(
          `${method === 'GET' ? 'retrieve' : method === 'DELETE' ? 'delete' : change} ${word}`,
        );
  return { resourcePath: literals.slice(0, -1), methodName };
}

/** `sites_retrieve` without `sites` is `retrieve`; an id that is only the resource's words, or does not start with them, stays whole. */
function withoutPrefix(operationId: string, resource: string): string {
  const id = memberWords(operationId);
  const prefix = memberWords(resource);
  const starts =
    prefix.length > 0 && id.length > prefix.length && prefix.every((w, i) => w === id[i]);
  return (starts ? id.slice(prefix.length) : id).join(' ');
}
