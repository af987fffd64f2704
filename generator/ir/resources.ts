/** The client's resource tree, grouped from the operations' places. */
import type { IrOperation, IrResource } from './types.js';

/** Builds the resource tree in first-seen order, so `client.stations` comes before `client.users`. */
export function groupResources(operations: readonly IrOperation[]): IrResource {
  interface Node {
    name: string;
    path: string[];
    operations: IrOperation[];
    children: Map<string, Node>;
  }
  const root: Node = { name: '', path: [], operations: [], children: new Map() };
  for (const operation of operations) {
    let node = root;
    for (const segment of operation.resourcePath) {
      let child = node.children.get(segment);
      if (!child) {
        child = {
          name: segment,
          path: [...node.path, segment],
          operations: [],
          children: new Map(),
        };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.operations.push(operation);
  }
  const freeze = (node: Node): IrResource => ({
    name: node.name,
    path: node.path,
    operations: node.operations,
    children: [...node.children.values()].map(freeze),
  });
  return freeze(root);
}
