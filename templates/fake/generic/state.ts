/**
 * The fake's state: the items of each collection (`collections.ts` says which paths are
 * collections), kept per concrete collection path, so `/owners/1/pets` and `/owners/2/pets`
 * are two lists. An item is the request body's members merged over a sample of the item's
 * schema, with a fresh id in its id member: 1, 2, 3… for a number, `"1"`, `"2"`… for a string,
 * a sample of its schema where that text does not fit it (a UUID for a `uuid` string), the
 * first value not taken where the id is an enum. `PUT` and `PATCH` merge the body's members
 * over the stored item (its id stays), `DELETE` removes it, and an id never stored, or
 * removed, is 404. Only members the item's schema declares are taken from a body, so a
 * write-only member (a password) is never answered back.
 */
import { isRecord } from '../../runtime/core/guard.js';
import type { FormNode } from '../../runtime/core/standard-schema.js';
import { issuesOf } from '../../runtime/core/validate.js';
import { collectionRoles, type Collection, type CollectionRole } from './collections.js';
import type { FakeCursorList, FakeOperation, FakeSuccess } from './contract.js';
import { loosen } from './loosen.js';
import { cursorPage, keepPage, writePage } from './pages.js';
import { problem } from './problems.js';
import type { SeededRandom } from '../random.js';
import type { RequestInput } from './request.js';
import { renderTemplate, templatePattern } from '../router.js';
import { define } from '../own.js';
import { sample } from './sample.js';
import { objectView, resolve, type SampleNode } from './sample-node.js';

/** What an operation answers, before the fake shapes, loosens and checks it. */
export interface Answer {
  readonly status: number;
  /** Absent for an answer without a body. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A page of a cursor list: its links are the state's own, consistent with its items, and
   * `keep` puts back what the loosest mode leaves out of it that the client's walk needs.
   */
  readonly page?: { readonly keep: (loosened: Record<string, unknown>) => void };
}

/** An item a collection holds. */
export interface FakeItem {
  /** Its id, as it appears in its path. */
  readonly id: string;
  readonly item: unknown;
}

/** Members of a list envelope that count its items. */
const COUNTS = new Set(['count', 'total', 'totalcount', 'totalitems', 'totalresults']);

export class CollectionState {
  readonly #roles: ReadonlyMap<FakeOperation, CollectionRole>;
  readonly #collections: readonly Collection[];
  readonly #items = new Map<string, Map<string, unknown>>();
  readonly #counters = new Map<string, number>();

  /** @param randomFor a random source for one key, the same for the same key after every reset. */
  constructor(
    operations: readonly FakeOperation[],
    private readonly randomFor: (key: string) => SeededRandom,
  ) {
    this.#roles = collectionRoles(operations);
    this.#collections = [...new Set([...this.#roles.values()].map((r) => r.collection))];
  }

  /**
   * What puts the stored items back as they are now, for a request that fails (the fakes'
   * library: transactions.ts). The id counters go on, as a database's sequences do: an id a
   * failed request drew is not handed out again. An update stores a new item rather than
   * changing the stored one, so copying the lists is enough.
   */
  snapshot(): () => void {
    const saved = [...this.#items].map(([key, items]) => [key, new Map(items)] as const);
    return () => {
      this.#items.clear();
      for (const [key, items] of saved) this.#items.set(key, new Map(items));
    };
  }

  reset(): void {
    this.#items.clear();
    this.#counters.clear();
  }

  /** The answer of an operation that plays a role in a collection; undefined for any other. */
  answer(op: FakeOperation, input: RequestInput): Answer | Response | undefined {
    const found = this.#roles.get(op);
    if (found === undefined) return undefined;
    const { collection, role } = found;
    const key = renderTemplate(collection.path, input.params);
    if (role === 'create') {
      const created = this.#create(collection, key, input.body);
      return {
        status: op.success.status,
        body: this.#shaped(op.success, created.item, collection),
      };
    }
    if (role === 'list')
      return op.cursorList
        ? this.#page(op, op.cursorList, collection, key, input.query)
        : this.#list(op, key);
    const id = input.params[collection.idParameter!]!;
    const items = this.#items.get(key);
    const stored = items?.get(id);
    if (items === undefined || stored === undefined)
      return problem(404, { detail: `No item "${id}" in ${key}.`, collection: key, id });
    if (role === 'remove') {
      items.delete(id);
      return { status: op.success.status, ...this.#made(op.success, `${key}#${id}#deleted`) };
    }
    let item: unknown = stored;
    if (role === 'replace' || role === 'update') {
      item = merged(collection, isRecord(stored) ? { ...stored } : stored, input.body);
      if (isRecord(item) && collection.idProperty !== undefined && isRecord(stored))
        define(item, collection.idProperty, stored[collection.idProperty]);
      items.set(id, item);
    }
    return { status: op.success.status, body: this.#shaped(op.success, item, collection) };
  }

  /** Adds an item to the collection at `path` (`/pets`, `/owners/1/pets`) as a `POST` would, unchecked. */
  add(path: string, fields: Readonly<Record<string, unknown>> = {}): FakeItem {
    for (const collection of this.#collections) {
      const { source, names } = templatePattern(collection.path);
      const found = new RegExp(`^${source}$`).exec(path);
      if (!found) continue;
      // The key a request's path parameters give: decoded, then encoded as the template renders them.
      const params: Record<string, string> = {};
      names.forEach((name, i) => define(params, name, decodeURIComponent(found[i + 1]!)));
      return this.#create(collection, renderTemplate(collection.path, params), fields);
    }
    const known = this.#collections.map((c) => c.path).join(', ') || 'none';
    throw new Error(`${path} is not a collection of this API (collections: ${known})`);
  }

  #create(collection: Collection, key: string, body: unknown): FakeItem {
    const items = this.#items.get(key) ?? new Map<string, unknown>();
    this.#items.set(key, items);
    const { id, value } = this.#freshId(collection, key, items);
    const base = collection.node ? sample(collection.node, this.randomFor(`${key}#${id}`)) : {};
    const item = merged(collection, isRecord(base) ? base : {}, body);
    if (isRecord(item) && collection.idProperty !== undefined)
      define(item, collection.idProperty, value);
    items.set(id, item);
    return { id, item };
  }

  /** The next id of a collection: its value in the id member, and as text in a path. */
  #freshId(
    collection: Collection,
    key: string,
    items: ReadonlyMap<string, unknown>,
  ): { id: string; value: unknown } {
    const member =
      collection.idProperty === undefined || collection.node === undefined
        ? undefined
        : objectView(collection.node)?.properties[collection.idProperty];
    const node = member && resolve(member).node;
    const values = node?.type === 'enum' ? node.values : collection.idValues;
    const free = values?.find((v) => !items.has(String(v)));
    if (free !== undefined) return { id: String(free), value: free };
    for (;;) {
      const n = (this.#counters.get(key) ?? 0) + 1;
      this.#counters.set(key, n);
      let value: unknown = String(n);
      if (node?.type === 'integer' || node?.type === 'number') {
        const least = node.minimum ?? (node.exclusiveMinimum ?? 0) + 1;
        value = Math.max(1, Math.ceil(least)) + n - 1;
      } else if (node?.type === 'string' && issuesOf(node as FormNode, value).length > 0)
        value = sample(node, this.randomFor(`${key}#id#${n}`));
      const id = String(value);
      if (!items.has(id)) return { id, value };
    }
  }

  #list(op: FakeOperation, key: string): Answer | undefined {
    const node = op.success.node;
    if (node === undefined) return undefined;
    const items = [...(this.#items.get(key)?.values() ?? [])];
    // A list the schema says is longer than what is stored is made up, as if there were no state.
    const listed = (list: SampleNode) => {
      const array = resolve(list).node;
      if (array.type !== 'array' || items.length < (array.minItems ?? 0)) return undefined;
      return items.slice(0, array.maxItems ?? Infinity);
    };
    if (resolve(node).node.type === 'array') {
      const body = listed(node);
      return body && { status: op.success.status, body };
    }
    const envelope = objectView(node);
    const listMember = Object.keys(envelope?.properties ?? {}).find(
      (name) => resolve(envelope!.properties[name]!).node.type === 'array',
    );
    if (envelope === undefined || listMember === undefined) return undefined;
    const list = listed(envelope.properties[listMember]!);
    const body = sample(node, this.randomFor(`${key}#list`));
    if (list === undefined || !isRecord(body)) return undefined;
    define(body, listMember, list);
    counted(body, node, items.length);
    return { status: op.success.status, body };
  }

  /** A page of a cursor list (`pages.ts`), or 400 for a cursor no stored item has. */
  #page(
    op: FakeOperation,
    list: FakeCursorList,
    collection: Collection,
    key: string,
    query: Readonly<Record<string, unknown>>,
  ): Answer | Response | undefined {
    const node = op.success.node;
    const body = node && sample(node, this.randomFor(`${key}#list`));
    if (node === undefined || !isRecord(body)) return undefined;
    const items = [...(this.#items.get(key)?.values() ?? [])];
    const page = cursorPage(list, items, query, collection.idProperty);
    if ('unknownCursor' in page) {
      const issue = { field: `query.${list.parameter}`, problem: 'no item has this cursor' };
      return problem(400, {
        detail: `No item of ${key} has the cursor "${page.unknownCursor}".`,
        ...issue,
        issues: [issue],
      });
    }
    writePage(body, node, list, page);
    counted(body, node, items.length);
    return {
      status: op.success.status,
      body,
      page: { keep: (loosened) => keepPage(loosened, node, list, page, loosen) },
    };
  }

  /**
   * The item as the operation answers it: itself where the operation answers the item's
   * schema (or its guard takes the item), else a sample of the operation's own schema with
   * the item's id where that schema has the member.
   */
  #shaped(success: FakeSuccess, item: unknown, collection: Collection): unknown {
    if (success.node === undefined) return undefined;
    const same =
      collection.node !== undefined && resolve(success.node).node === resolve(collection.node).node;
    if (same || success.check?.(item) === undefined) return item;
    const made = sample(success.node, this.randomFor(JSON.stringify(item)));
    const id = collection.idProperty;
    if (isRecord(made) && isRecord(item) && id !== undefined && declares(success.node, id))
      define(made, id, item[id]);
    return made;
  }

  #made(success: FakeSuccess, key: string): { body?: unknown } {
    return success.node === undefined ? {} : { body: sample(success.node, this.randomFor(key)) };
  }
}

/** `base` with the body's members that the item's schema declares. */
function merged(collection: Collection, base: unknown, body: unknown): unknown {
  if (!isRecord(base) || !isRecord(body) || collection.node === undefined) return base;
  for (const [name, value] of Object.entries(body))
    if (declares(collection.node, name)) define(base, name, value);
  return base;
}

/** Sets the members of a list envelope that count its items (`total_count`) to `count`. */
function counted(body: Record<string, unknown>, node: SampleNode, count: number): void {
  const envelope = objectView(node);
  for (const name of Object.keys(envelope?.properties ?? {})) {
    const kind = resolve(envelope!.properties[name]!).node.type;
    if (
      COUNTS.has(name.toLowerCase().replace(/_/g, '')) &&
      (kind === 'integer' || kind === 'number')
    )
      define(body, name, count);
  }
}

function declares(node: SampleNode, name: string): boolean {
  const object = objectView(node);
  return object !== undefined && Object.prototype.hasOwnProperty.call(object.properties, name);
}
