/**
 * OpenAPI 3.2 nests tags: a tag's `parent` names the tag it sits under. The client groups
 * operations by their first tag, so a nested tag's operations go under its parent's resource:
 * tag `photos` with parent `pets` → `client.pets.photos.list`. (A tag's `kind` — `nav`, `badge`,
 * `audience` — says how documentation shows it; the client has no use for it.)
 */
import { asArray, asObject, asString, type Reporter } from './raw.js';
import { warnOnce } from './left-out.js';

/** For each tag that has a parent, where its `parent` field is and what it names. */
type Parents = ReadonlyMap<string, { readonly parent: string; readonly pointer: string }>;

const parentsByRoot = new WeakMap<object, Parents>();

function parentsOf(root: unknown): Parents {
  const object = asObject(root);
  if (!object) return new Map();
  let parents = parentsByRoot.get(object);
  if (!parents) {
    const found = new Map<string, { parent: string; pointer: string }>();
    asArray(object.tags).forEach((raw, i) => {
      const tag = asObject(raw);
      const name = asString(tag?.name);
      const parent = asString(tag?.parent);
      if (name !== undefined && parent !== undefined)
        found.set(name, { parent, pointer: `/tags/${i}/parent` });
    });
    parentsByRoot.set(object, (parents = found));
  }
  return parents;
}

/**
 * The tags above `tag`, outermost first (`[]` for a top-level tag). A parent that no tag is
 * named, or a loop of parents, is warned of where it is written and the chain stops there.
 */
export function tagAncestors(root: unknown, tag: string, reporter: Reporter): string[] {
  const parents = parentsOf(root);
  const names = new Set(
    asArray(asObject(root)?.tags).flatMap((t) => asString(asObject(t)?.name) ?? []),
  );
  const chain: string[] = [];
  const seen = new Set([tag]);
  for (let at = parents.get(tag); at; at = parents.get(at.parent)) {
    if (!names.has(at.parent)) {
      warnOnce(
        reporter,
        'tag-parent',
        at.pointer,
        `tag parent '${at.parent}' is no tag of the document; the tag is placed at the top of the client`,
        `declare a tag named '${at.parent}' under tags, or correct the name`,
      );
      break;
    }
    if (seen.has(at.parent)) {
      warnOnce(
        reporter,
        'tag-parent',
        at.pointer,
        `tag parent '${at.parent}' makes a loop of parents; the tags of the loop are placed without it`,
        'make one tag of the loop a top-level tag (no parent)',
      );
      break;
    }
    seen.add(at.parent);
    chain.unshift(at.parent);
  }
  return chain;
}
