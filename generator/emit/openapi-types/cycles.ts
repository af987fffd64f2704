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
import { stronglyConnected } from './strongly-connected.js';
import type { RefResolves } from './refs.js';

/** The schemas of the document, by key, as the mirror lists them. */
type Schemas = readonly { readonly key: string; readonly type: IrMirrorSchema }[];

/**
 * Names TypeScript reads in the module besides its own declarations: an alias of one of them
 * would shadow the global the rendered text means.
 */
export const MODULE_GLOBALS = [
  'Array',
  'ReadonlyArray',
  'Omit',
  'Pick',
  'Exclude',
  'Record',
  'Partial',
  'NonNullable',
];

export interface SchemaCycles {
  /** The alias of each schema on a cycle, by key, in document order. */
  readonly aliases: ReadonlyMap<string, string>;
  /**
   * For a schema on a cycle that runs through `Omit<>`'s or `WithRequired<>`'s argument, the
   * cycle's schemas. TypeScript needs that argument's keys before the cycle's alias exists,
   * which no alias can defer (TS2456), so inside such an argument a ref to them is `unknown`.
   */
  readonly cutInGenerics: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * The cycles of `schemas` TypeScript resolves eagerly, with an alias for each schema on one:
 * the key in PascalCase (`Json`), `_2`… where it would repeat a name in `taken` (the module's
 * other declarations) or an earlier alias.
 */
export function schemaCycles(
  schemas: Schemas,
  taken: Iterable<string>,
  resolves?: RefResolves,
): SchemaCycles {
  const used = new Set([...taken, ...MODULE_GLOBALS]);
  const aliases = new Map<string, string>();
  const cycles = eagerCycles(schemas, resolves);
  for (const { key } of schemas) {
    if (!cycles.has(key)) continue;
    const cased = pascalCase(key);
    // An identifier cannot start with a digit, nor be empty.
    const base = /^[^\d]/.test(cased) ? cased : `Schema${cased}`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    aliases.set(key, name);
  }
  const cutInGenerics = new Map(
    [...cycles].flatMap(([key, cycle]) => (cycle.throughGeneric ? [[key, cycle.keys]] : [])),
  );
  return { aliases, cutInGenerics };
}

/** The key of a ref into `components/schemas`, which an alias may stand for. */
export function schemaKeyOf(tokens: readonly string[]): string | undefined {
  return tokens.length >= 3 && tokens[0] === 'components' && tokens[1] === 'schemas'
    ? tokens[2]
    : undefined;
}

interface Cycle {
  readonly keys: Set<string>;
  throughGeneric: boolean;
}

interface Edge {
  readonly target: string;
  readonly inGenericArgument: boolean;
}

/**
 * The cycles through types TypeScript resolves at once, by the keys of their schemas. The
 * graph's nodes are accesses: a schema (`["Deep"]`), or a member a deeper ref reaches
 * (`["Holder", "deep"]`), which resolves its schema and then the member's type. A cycle
 * through a member is broken by an alias of the member's schema (`Holder["deep"]`), so
 * such a node's schema counts as on the cycle.
 */
function eagerCycles(schemas: Schemas, resolves?: RefResolves): Map<string, Cycle> {
  const byKey = new Map(schemas.map((s) => [s.key, s.type]));
  const edges = new Map<string, Edge[]>();
  const pending = schemas.map(({ key }) => [key]);
  for (let access = pending.pop(); access !== undefined; access = pending.pop()) {
    const id = JSON.stringify(access);
    if (edges.has(id)) continue;
    const [key, ...names] = access as [string, ...string[]];
    const targets: Target[] = names.length > 0 ? [{ access: [key], inGenericArgument: false }] : [];
    const type = memberOf(byKey.get(key), names, byKey);
    if (type !== undefined) eagerRefs(type, { resolves, out: targets, inGenericArgument: false });
    const known = targets.filter((t) => byKey.has(t.access[0]!));
    edges.set(
      id,
      known.map((t) => ({
        target: JSON.stringify(t.access),
        inGenericArgument: t.inGenericArgument,
      })),
    );
    pending.push(...known.map((t) => t.access));
  }
  const ownerOf = (id: string) => (JSON.parse(id) as string[])[0]!;
  const components = stronglyConnected(
    [...edges.keys()],
    new Map([...edges].map(([id, out]) => [id, out.map((e) => e.target)])),
  );
  const cycles = new Map<string, Cycle>();
  for (const [id, component] of components) {
    // A schema with accesses on two cycles is on both: one alias serves them.
    const cycle = cycles.get(ownerOf(id)) ?? { keys: new Set<string>(), throughGeneric: false };
    for (const member of component.members) {
      cycle.keys.add(ownerOf(member));
      cycles.set(ownerOf(member), cycle);
    }
    cycle.throughGeneric ||= (edges.get(id) ?? []).some(
      (e) => e.inGenericArgument && component.members.has(e.target),
    );
  }
  return cycles;
}

interface Target {
  readonly access: string[];
  readonly inGenericArgument: boolean;
}

/**
 * The accesses `type` names where TypeScript resolves them at once: anywhere but inside an
 * object's members. A ref `resolves` rejects is written `unknown`, which names nothing.
 */
function eagerRefs(
  type: IrMirrorSchema,
  into: {
    readonly resolves?: RefResolves;
    readonly out: Target[];
    readonly inGenericArgument: boolean;
  },
): void {
  switch (type.kind) {
    case 'ref': {
      const key = schemaKeyOf(type.tokens);
      if (key === undefined || into.resolves?.(type.tokens) === false) return;
      const names = type.tokens.slice(3).filter((t) => t !== 'properties');
      into.out.push({ access: [key, ...names], inGenericArgument: into.inGenericArgument });
      return;
    }
    case 'array':
      return eagerRefs(type.items, into);
    case 'tuple':
    case 'union':
    case 'intersection':
      for (const t of type.kind === 'tuple' ? type.items : type.members) eagerRefs(t, into);
      return;
    case 'omit':
    case 'with-required':
      return eagerRefs(type.type, { ...into, inGenericArgument: true });
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
