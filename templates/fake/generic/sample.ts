/**
 * Values made from a response node: what the fake answers with when its state has nothing to
 * say. The spec's own `example` and `default` come first, when they are valid for the node;
 * otherwise each kind of node is sampled within its constraints, with every optional member
 * present near the root and only the required ones deeper down, so recursive schemas end.
 * Deterministic: the same node and random source give the same value.
 */
import { isRecord } from '../../runtime/core/guard.js';
import type { FormNode } from '../../runtime/core/standard-schema.js';
import { issuesOf } from '../../runtime/core/validate.js';
import { define } from '../own.js';
import type { SeededRandom } from '../random.js';
import { objectView, resolve, type SampleNode, type SampleObjectNode } from './sample-node.js';
import { sampleNumber, sampleString, sampleWord } from './scalars.js';

/** Up to this depth optional members are filled and lists get items; beyond it, only what is required. */
const RICH_DEPTH = 3;
/** Where a schema that cannot end (a required member of its own type, all the way down) gives up. */
const MAX_DEPTH = 32;

export function sample(node: SampleNode, random: SeededRandom, depth = 0): unknown {
  const hinted = hint(node);
  if (hinted !== undefined) return hinted.value;
  if (node.nullable && depth > RICH_DEPTH) return null;
  if (depth > MAX_DEPTH) return undefined;
  switch (node.type) {
    case 'ref':
      return sample(node.ref(), random, depth);
    case 'string':
      return sampleString(node, random);
    case 'number':
    case 'integer':
      return sampleNumber(node, random);
    case 'boolean':
      return random.next() < 0.5;
    case 'null':
      return null;
    case 'any':
      return sampleWord(random);
    case 'enum':
      return node.values.length > 0 ? random.pick(node.values) : null;
    case 'array':
      return sampleArray(node, random, depth);
    case 'object':
      return sampleObject(node, random, depth);
    case 'all': {
      const object = objectView(node);
      return object ? sampleObject(object, random, depth) : sample(node.members.at(-1)!, random);
    }
    case 'union':
      return sampleUnion(node, random, depth);
  }
}

/** The node's example, else its default, when the node accepts it (spec examples are not always valid); a copy. */
function hint(node: SampleNode): { value: unknown } | undefined {
  for (const value of [node.example, node.default]) {
    if (value === undefined) continue;
    if (issuesOf(node as FormNode, value).length === 0)
      return { value: JSON.parse(JSON.stringify(value)) as unknown };
  }
  return undefined;
}

function sampleArray(
  node: Extract<SampleNode, { type: 'array' }>,
  random: SeededRandom,
  depth: number,
): unknown[] {
  const min = node.minItems ?? 0;
  const max = node.maxItems ?? Infinity;
  const wanted = depth >= RICH_DEPTH ? min : Math.min(max, Math.max(min, random.int(1, 2)));
  const items: unknown[] = [];
  const seen = new Set<string>();
  for (let tries = 0; items.length < wanted && tries < wanted * 4 + 4; tries++) {
    const item = sample(node.items, random, depth + 1);
    if (node.uniqueItems) {
      const key = JSON.stringify(item);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    items.push(item);
  }
  return items;
}

function sampleObject(
  node: SampleObjectNode,
  random: SeededRandom,
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(node.required ?? []);
  for (const name of Object.keys(node.properties)) {
    if (!required.has(name) && depth >= RICH_DEPTH) continue;
    const value = sample(node.properties[name]!, random, depth + 1);
    if (value !== undefined) define(out, name, value);
  }
  // A map (`additionalProperties` with a schema and no members of its own) gets an entry or two.
  if (node.additional !== undefined && Object.keys(node.properties).length === 0) {
    const count = depth >= RICH_DEPTH ? 0 : random.int(1, 2);
    for (let i = 1; i <= count; i++)
      define(out, `${sampleWord(random)}${i}`, sample(node.additional, random, depth + 1));
  }
  return out;
}

function sampleUnion(
  node: Extract<SampleNode, { type: 'union' }>,
  random: SeededRandom,
  depth: number,
): unknown {
  const { members, discriminator } = node;
  const index =
    depth >= RICH_DEPTH ? simplest(members) : random.int(0, Math.max(0, members.length - 1));
  const value = sample(members[index]!, random, depth + 1);
  if (discriminator && isRecord(value)) {
    const key = Object.keys(discriminator.mapping).find((k) => discriminator.mapping[k] === index);
    if (key !== undefined) define(value, discriminator.property, key);
  }
  return value;
}

/** The member that ends soonest: a scalar before a list or an object. */
function simplest(members: readonly SampleNode[]): number {
  const rank = (member: SampleNode) => {
    const { node } = resolve(member);
    return node.type === 'null'
      ? 0
      : ['array', 'object', 'all', 'union'].includes(node.type)
        ? 2
        : 1;
  };
  let best = 0;
  members.forEach((member, i) => {
    if (rank(member) < rank(members[best]!)) best = i;
  });
  return best;
}
