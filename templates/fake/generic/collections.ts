/**
 * Which paths are collections, read from the path templates and the items' schema. A path `P`
 * is a collection when the spec also has `P/{name}` (`/pets` and `/pets/{petId}`; `/users/`
 * and `/users/{id}/` where paths end with a slash) and `P` has a `GET` or a `POST`, and what
 * `P/{name}` answers is an object (or nothing): then `POST P` creates an item, `GET P` lists
 * them, and `GET`, `PUT`, `PATCH` and `DELETE` of `P/{name}` read, replace, update and remove
 * one. (`GET /reports/{year}` answering a list is a lookup, not an item.) A cursor list with
 * no item path (Slack's `users.list`) is a collection too, that only lists: its items are the
 * ones a test adds, walked page by page. Every other operation is answered from its response
 * schema alone.
 */
import type { FakeOperation } from './contract.js';
import { objectView, resolve, type SampleNode } from './sample-node.js';

export interface Collection {
  /** The collection's path template: `/pets`, `/owners/{ownerId}/pets`. */
  readonly path: string;
  /** Its items' path template: `/pets/{petId}`; absent for a list alone. */
  readonly itemPath?: string;
  /** The parameter that names an item in `itemPath`: `petId`. */
  readonly idParameter?: string;
  /** An item's schema: what `GET` of an item answers, else what `PUT`, `PATCH` or `POST` do. */
  readonly node: SampleNode | undefined;
  /**
   * The member of an item that holds its id: the one named like `idParameter` (case, `_` and
   * `-` aside: `petId`, `pet_id`), else `id`; none when the item has neither.
   */
  readonly idProperty: string | undefined;
  /** The values an id may take where the item path's parameter is an enum: ids are taken from them. */
  readonly idValues?: readonly (string | number | boolean)[];
}

export type Role = 'create' | 'list' | 'read' | 'replace' | 'update' | 'remove';

export interface CollectionRole {
  readonly collection: Collection;
  readonly role: Role;
}

const COLLECTION_ROLES: Readonly<Record<string, Role>> = { POST: 'create', GET: 'list' };
const ITEM_ROLES: Readonly<Record<string, Role>> = {
  GET: 'read',
  PUT: 'replace',
  PATCH: 'update',
  DELETE: 'remove',
};

/** The role each operation plays in a collection; operations of none are not in the map. */
export function collectionRoles(
  operations: readonly FakeOperation[],
): Map<FakeOperation, CollectionRole> {
  const byPath = new Map<string, FakeOperation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const roles = new Map<FakeOperation, CollectionRole>();
  for (const [itemPath, itemOperations] of byPath) {
    const found = /^(.+)\/\{([^{}/]+)\}(\/?)$/.exec(itemPath);
    if (!found) continue;
    const path = `${found[1]}${found[3]}`;
    const parent = byPath.get(path) ?? [];
    if (!parent.some((op) => op.method in COLLECTION_ROLES)) continue;
    const ofMethod = (list: readonly FakeOperation[], method: string) =>
      list.find((op) => op.method === method && op.success.media === undefined)?.success.node;
    const answered =
      ofMethod(itemOperations, 'GET') ??
      ofMethod(itemOperations, 'PUT') ??
      ofMethod(itemOperations, 'PATCH') ??
      ofMethod(parent, 'POST');
    const node = answered === undefined ? undefined : itemObject(answered);
    if (node === null) continue;
    const idParameter = found[2]!;
    const parameter = itemOperations.find((op) => op.checks?.path)?.checks?.path?.fields[
      idParameter
    ];
    const collection: Collection = {
      path,
      itemPath,
      idParameter,
      node,
      idProperty: idMember(node, idParameter),
      ...(parameter?.type === 'enum' && parameter.values ? { idValues: parameter.values } : {}),
    };
    for (const op of parent) {
      const role = COLLECTION_ROLES[op.method];
      if (role) roles.set(op, { collection, role });
    }
    for (const op of itemOperations) {
      const role = ITEM_ROLES[op.method];
      if (role) roles.set(op, { collection, role });
    }
  }
  const alone = new Map<string, Collection>();
  for (const op of operations) {
    if (op.cursorList === undefined || roles.has(op)) continue;
    // Items must be objects to be stored (Slack's older document types a conversation as a
    // list): a list of anything else is answered from its schema alone.
    const listed = listItem(op);
    const node = listed === undefined ? undefined : itemObject(listed);
    if (node === null) continue;
    const collection = alone.get(op.path) ?? {
      path: op.path,
      node,
      idProperty: idMember(node, 'id'),
    };
    alone.set(op.path, collection);
    roles.set(op, { collection, role: 'list' });
  }
  return roles;
}

/**
 * The object an item is: the answer itself, or where an item path answers one of several
 * objects (Stripe's `anyOf: [customer, deleted_customer]`), the first of them, which is what a
 * create stores and every member's guard of the union accepts. Null for an answer that is no
 * object: such a path is a lookup, not an item.
 */
function itemObject(answer: SampleNode): SampleNode | null {
  if (objectView(answer) !== undefined) return answer;
  const { node } = resolve(answer);
  if (node.type !== 'union') return null;
  return node.members.find((member) => objectView(member) !== undefined) ?? null;
}

/** The schema of one item of a cursor list's page. */
function listItem(op: FakeOperation): SampleNode | undefined {
  let node = op.success.node;
  for (const name of op.cursorList?.items ?? []) {
    const object = node && objectView(node);
    node =
      object && Object.prototype.hasOwnProperty.call(object.properties, name)
        ? object.properties[name]
        : undefined;
  }
  const list = node && resolve(node).node;
  return list?.type === 'array' ? list.items : undefined;
}

function idMember(node: SampleNode | undefined, parameter: string): string | undefined {
  const object = node && objectView(node);
  if (object === undefined) return undefined;
  const plain = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
  const names = Object.keys(object.properties);
  return names.find((name) => plain(name) === plain(parameter)) ?? names.find((n) => n === 'id');
}
