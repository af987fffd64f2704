/**
 * Schema components that TypeScript cannot resolve in openapi-typescript's shape. A component
 * is written as an indexed access (`components["schemas"]["Json"]`), and TypeScript resolves
 * an indexed access at once, except inside an object type's member, whose type it reads only
 * when asked. So a schema that reaches itself through unions, intersections, arrays, tuples,
 * `Omit<>`/`WithRequired<>` or refs alone, without passing through an object's member
 * (`Json: string | components["schemas"]["Json"][]`), is TS2502 and reads as `any`.
 * A type alias breaks such a cycle: TypeScript defers an array's or tuple's element, and a
 * generic's argument, that names an alias (`type Json = string | Json[]`), so the schemas of
 * each cycle get module-local aliases that the cycle refers to them by.
 */
import type { IrMirrorSchema } from '../../ir/types.js';
import { pascalCase } from './root-types.js';
import { schemaKeyOf } from './schema-type.js';

/** The schemas of the document, by key, as the mirror lists them. */
type Schemas = readonly { readonly key: string; readonly type: IrMirrorSchema }[];

/**
 * Names TypeScript reads in the module besides its own declarations: an alias of one of them
 * would shadow the global the rendered text means.
 */
const GLOBALS = ['Array', 'ReadonlyArray', 'Omit', 'Pick', 'Exclude', 'Record', 'Partial'];

/**
 * The alias of each schema in a cycle TypeScript resolves eagerly, by schema key, in document
 * order; each alias is the key in PascalCase (`Json`), `_2`… where it would repeat a name in
 * `taken` (the module's other declarations) or an earlier alias.
 */
export function cycleAliases(schemas: Schemas, taken: Iterable<string>): Map<string, string> {
  const used = new Set([...taken, ...GLOBALS]);
  const aliases = new Map<string, string>();
  const cyclic = eagerCycleMembers(schemas);
  for (const { key } of schemas) {
    if (!cyclic.has(key)) continue;
    const cased = pascalCase(key);
    // An identifier cannot start with a digit, nor be empty.
    const base = /^[^\d]/.test(cased) ? cased : `Schema${cased}`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    aliases.set(key, name);
  }
  return aliases;
}

/** The keys of schemas that reach themselves through types TypeScript resolves at once. */
export function eagerCycleMembers(schemas: Schemas): Set<string> {
  const byKey = new Map(schemas.map((s) => [s.key, s.type]));
  const edges = new Map<string, string[]>();
  for (const { key, type } of schemas) {
    const out: string[] = [];
    eagerRefs(type, byKey, out, new Set());
    edges.set(
      key,
      out.filter((k) => byKey.has(k)),
    );
  }
  return cyclicNodes(
    schemas.map((s) => s.key),
    edges,
  );
}

/**
 * The schema keys `type` names where TypeScript resolves the name at once: anywhere but inside
 * an object's members. A deeper ref (`components["schemas"]["Pet"]["name"]`) also resolves the
 * member it reaches, so what that member names at once counts too.
 */
function eagerRefs(
  type: IrMirrorSchema,
  schemas: ReadonlyMap<string, IrMirrorSchema>,
  out: string[],
  seen: Set<string>,
): void {
  switch (type.kind) {
    case 'ref': {
      const key = schemaKeyOf(type.tokens);
      if (key === undefined) return;
      out.push(key);
      const rest = type.tokens.slice(3).filter((t) => t !== 'properties');
      const member = memberOf(schemas.get(key), rest, schemas);
      const at = type.tokens.join('/');
      if (member !== undefined && !seen.has(at)) {
        seen.add(at);
        eagerRefs(member, schemas, out, seen);
      }
      return;
    }
    case 'array':
      return eagerRefs(type.items, schemas, out, seen);
    case 'tuple':
    case 'union':
    case 'intersection':
      for (const t of type.kind === 'tuple' ? type.items : type.members)
        eagerRefs(t, schemas, out, seen);
      return;
    case 'omit':
    case 'with-required':
      return eagerRefs(type.type, schemas, out, seen);
    default:
      // A keyword, a literal, an empty record, or an object, whose members TypeScript defers.
      return;
  }
}

/** The schema of a member `names` lead to through objects' properties (and refs), if any. */
function memberOf(
  type: IrMirrorSchema | undefined,
  names: readonly string[],
  schemas: ReadonlyMap<string, IrMirrorSchema>,
  depth = 0,
): IrMirrorSchema | undefined {
  if (type === undefined || names.length === 0 || depth > 64) return type;
  if (type.kind === 'ref') {
    const key = schemaKeyOf(type.tokens);
    if (key === undefined || type.tokens.length > 3) return undefined;
    return memberOf(schemas.get(key), names, schemas, depth + 1);
  }
  if (type.kind !== 'object') return undefined;
  const [name, ...rest] = names;
  const property = type.properties.find((p) => p.name === name);
  return property && memberOf(property.type, rest, schemas, depth + 1);
}

/** The nodes on a cycle of `edges` (a strongly connected component of two or more, or a loop). */
function cyclicNodes(
  nodes: readonly string[],
  edges: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  // Tarjan's algorithm, iterative so that a long chain of schemas cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cyclic = new Set<string>();
  let next = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
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
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const loops = component.length > 1 || targets.includes(frame.node);
      if (loops) for (const m of component) cyclic.add(m);
    }
  }
  return cyclic;
}
