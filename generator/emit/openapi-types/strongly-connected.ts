/**
 * The cycles of a directed graph: Tarjan's strongly connected components, iterative so that a
 * long chain of schemas cannot overflow the stack.
 */

export interface StronglyConnected {
  readonly members: ReadonlySet<string>;
}

/**
 * Each node on a cycle (a component of two or more nodes, or one with an edge to itself), with
 * its component; nodes on no cycle are left out.
 */
export function stronglyConnected(
  nodes: readonly string[],
  edges: ReadonlyMap<string, readonly string[]>,
): Map<string, StronglyConnected> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cyclic = new Map<string, StronglyConnected>();
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
  };
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    visit(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!index.has(target)) {
          visit(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const members = new Set<string>();
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.add(member);
      } while (member !== frame.node);
      if (members.size > 1 || targets.includes(frame.node))
        for (const m of members) cyclic.set(m, { members });
    }
  }
  return cyclic;
}
