/**
 * Examples the README takes from the document it was generated from, so that a package of any
 * document shows its own names: the JSON path a response-validation message names. (The path
 * its backend proxy is mounted at, which the fake's docs name too, is in common/samples.ts.)
 */
import type { Ir, IrOperation, IrType } from '../../ir/types.js';
import type { SchemaIndex } from '../common/type-expr.js';

/** The JSON type a mismatch at a leaf expects, and a plausible wrong one the server sent. */
function leafMismatch(type: IrType): string | undefined {
  switch (type.kind) {
    case 'string':
      return 'expected string, got number';
    case 'enum':
      return typeof type.values[0] === 'number'
        ? 'expected number, got string'
        : 'expected string, got number';
    case 'number':
      return 'expected number, got string';
    case 'boolean':
      return 'expected boolean, got string';
    default:
      return undefined;
  }
}

/**
 * A response-validation message as a strict client would throw it for one of the document's
 * responses (`$.results[3].evses[0].status: expected string, got number`): from the first list
 * operation's (else the first read's) success type, down through lists of objects where there
 * are some (the first list at item 3, so the index reads as any item's), to an enum where there
 * is one, else the first scalar. Undefined when no response has such a path.
 */
export function mismatchExample(ir: Ir, index: SchemaIndex): string | undefined {
  const operations: IrOperation[] = [
    ...ir.operations.filter((op) => op.pagination),
    ...ir.operations.filter((op) => op.method === 'GET'),
    ...ir.operations,
  ];
  for (const op of operations) {
    if (!op.successType || op.successMedia) continue;
    const found = walk(op.successType, '$', false, index, new Set());
    if (found) return found;
  }
  return undefined;
}

function walk(
  type: IrType,
  path: string,
  indexed: boolean,
  index: SchemaIndex,
  seen: Set<string>,
): string | undefined {
  const resolved = resolve(type, index, seen);
  if (!resolved) return undefined;
  if (resolved.kind === 'array') {
    const item = `${path}[${indexed ? 0 : 3}]`;
    return walk(resolved.items, item, true, index, seen);
  }
  if (resolved.kind !== 'object') {
    const mismatch = leafMismatch(resolved);
    return mismatch && path !== '$' ? `${path}: ${mismatch}` : undefined;
  }
  const members = resolved.properties.map((p) => ({
    path: `${path}.${p.name}`,
    type: resolve(p.type, index, new Set(seen)),
  }));
  const listOfObjects = members.find(
    (m) =>
      m.type?.kind === 'array' && resolve(m.type.items, index, new Set(seen))?.kind === 'object',
  );
  if (listOfObjects) {
    const deeper = walk(listOfObjects.type!, listOfObjects.path, indexed, index, seen);
    if (deeper) return deeper;
  }
  const leaf =
    members.find((m) => m.type?.kind === 'enum') ??
    members.find((m) => m.type !== undefined && leafMismatch(m.type) !== undefined);
  return leaf ? `${leaf.path}: ${leafMismatch(leaf.type!)!}` : undefined;
}

/** The type behind refs (each followed once) and a nullable union's non-null member. */
function resolve(type: IrType, index: SchemaIndex, seen: Set<string>): IrType | undefined {
  let current: IrType | undefined = type;
  for (;;) {
    if (current?.kind === 'ref') {
      if (seen.has(current.name)) return undefined;
      seen.add(current.name);
      current = index.get(current.name)?.type;
      continue;
    }
    if (current?.kind === 'union') {
      const members = current.members.filter((m) => m.kind !== 'null');
      if (members.length !== 1) return current;
      current = members[0];
      continue;
    }
    return current;
  }
}
