/**
 * What the fake answers from: the response ("read") view of each schema as data. It is the
 * forms entry's `FormNode` (the same generator, `forms-nodes.ts`, writes both), seen from the
 * other side: read-only members kept, write-only ones left out, and each node may carry the
 * spec's `example` and `default`, which the sampler prefers to values it makes up.
 */
import type {
  FormAllNode,
  FormArrayNode,
  FormEnumNode,
  FormNumberNode,
  FormObjectNode,
  FormOtherNode,
  FormRefNode,
  FormStringNode,
  FormUnionNode,
} from '../../runtime/core/standard-schema.js';

/** What the spec shows of a value besides its constraints. */
export interface SampleHints {
  /** The schema's or member's `example` (or first of its `examples`). */
  readonly example?: unknown;
  /** The member's `default`. */
  readonly default?: unknown;
}

/** A `FormNode` whose nodes may carry hints, all the way down. */
export type SampleNode =
  | (FormStringNode & SampleHints)
  | (FormNumberNode & SampleHints)
  | (FormEnumNode & SampleHints)
  | (FormOtherNode & SampleHints)
  | (Omit<FormArrayNode, 'items'> & { readonly items: SampleNode } & SampleHints)
  | (Omit<FormObjectNode, 'properties' | 'additional'> & {
      readonly properties: Readonly<Record<string, SampleNode>>;
      readonly additional?: SampleNode;
    } & SampleHints)
  | (Omit<FormUnionNode, 'members'> & { readonly members: readonly SampleNode[] } & SampleHints)
  | (Omit<FormAllNode, 'members'> & { readonly members: readonly SampleNode[] } & SampleHints)
  | (Omit<FormRefNode, 'ref'> & { readonly ref: () => SampleNode } & SampleHints);

export type SampleObjectNode = Extract<SampleNode, { readonly type: 'object' }>;

/** Refs followed as far as they go (a ref to a ref is one schema aliasing another), with whether any step allowed null. */
export function resolve(start: SampleNode): { node: SampleNode; nullable: boolean } {
  let node = start;
  let nullable = node.nullable === true;
  for (let hops = 0; node.type === 'ref' && hops < 64; hops++) {
    node = node.ref();
    nullable ||= node.nullable === true;
  }
  return { node, nullable };
}

/**
 * The members of an object, or of every object an `allOf` is made of (refs followed), as one
 * object: a member declared twice takes the later declaration, which in `allOf: [Base, {…}]`
 * is the narrower one. Undefined for a node that is no object.
 */
export function objectView(start: SampleNode): SampleObjectNode | undefined {
  const { node } = resolve(start);
  if (node.type === 'object') return node;
  if (node.type !== 'all') return undefined;
  const parts = node.members.map(objectView).filter((p) => p !== undefined);
  if (parts.length === 0) return undefined;
  const properties: Record<string, SampleNode> = {};
  const required = new Set<string>();
  let additional: SampleNode | undefined;
  for (const part of parts) {
    for (const name of Object.keys(part.properties))
      Object.defineProperty(properties, name, {
        value: part.properties[name],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    for (const name of part.required ?? []) required.add(name);
    additional ??= part.additional;
  }
  return {
    type: 'object',
    properties,
    ...(required.size > 0 ? { required: [...required] } : {}),
    ...(additional !== undefined ? { additional } : {}),
  };
}
