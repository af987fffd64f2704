/**
 * openapi-typescript's `--enum` (our `openapiTypes: { enum: true }`): an enum schema of string
 * and number values becomes an `export enum` beside `paths`, named after where it sits
 * (`#/components/schemas/Pet/status` → `PetStatus`, a query parameter of
 * `GET /pet/findByStatus` → `PathsPetFindByStatusGetParametersQueryStatus`), and the structure
 * refers to it by name (`status?: PetStatus`). Names and member names follow its
 * `tsEnum`/`tsEnumMember` (lib/ts.ts) so code written against its output finds the same ones.
 *
 * What differs on purpose: two enums that get one name are declared once when their members
 * agree (it writes the declaration twice, which TypeScript refuses), and one whose members
 * disagree with an earlier one's stays a union of literals (where it would merge the two).
 * An enum whose name the package exports already (a named enum schema is the package's own
 * object of its values, `OrderState`) is not declared: it stays a union of its values, which
 * that object's members fit, and the pipeline warns (`openapi-enum-name-taken`).
 */
import { StructureKind, type EnumDeclarationStructure } from 'ts-morph';
import type { IrMirrorEnum } from '../../ir/types.js';
import { splitPointer } from '../../shared/document/pointer.js';

/** One enum the module declares: its name, its members, and the JSON pointer of its schema. */
export interface MirrorEnumDeclaration {
  readonly name: string;
  readonly at: string;
  readonly members: readonly {
    readonly name: string;
    readonly value: string | number;
    readonly description?: string;
  }[];
}

/** The enums met while rendering a document's types, in the order first met. */
export class MirrorEnums {
  private readonly byName = new Map<string, MirrorEnumDeclaration>();
  private readonly withheldByName = new Map<string, MirrorEnumDeclaration>();

  /**
   * `taken`: the names the package exports from its other modules. An enum of such a name is
   * not declared (the index could not export both) and stays a union of its values, which the
   * package's own export of that name (a named enum schema's object of the same values) fits.
   */
  constructor(private readonly taken: ReadonlySet<string>) {}

  /** The enum's name, declaring it on first use; undefined where it stays a union of literals. */
  reference(type: IrMirrorEnum): string | undefined {
    const declaration = {
      name: enumName(pathSegments(type.path)),
      at: type.pointer,
      members: membersOf(type),
    };
    if (this.taken.has(declaration.name)) {
      if (!this.withheldByName.has(declaration.name))
        this.withheldByName.set(declaration.name, declaration);
      return undefined;
    }
    const earlier = this.byName.get(declaration.name);
    if (earlier === undefined) this.byName.set(declaration.name, declaration);
    else if (JSON.stringify(earlier.members) !== JSON.stringify(declaration.members))
      return undefined;
    return declaration.name;
  }

  get declarations(): readonly MirrorEnumDeclaration[] {
    return [...this.byName.values()];
  }

  /** The enums left undeclared, their name taken by the package (see the constructor). */
  get withheld(): readonly MirrorEnumDeclaration[] {
    return [...this.withheldByName.values()];
  }
}

export function enumStructure(declaration: MirrorEnumDeclaration): EnumDeclarationStructure {
  return {
    kind: StructureKind.Enum,
    name: declaration.name,
    isExported: true,
    members: declaration.members.map((m) => ({
      name: m.name,
      value: m.value,
      // openapi-typescript writes a value's description as a line comment above it.
      ...(m.description !== undefined ? { docs: [m.description] } : {}),
    })),
  };
}

/**
 * The members as `tsEnum` writes them: each value named by the extension's name at its
 * position, else by itself; a name already given is left out (a value listed twice), where it
 * writes the member twice, which TypeScript refuses.
 */
function membersOf(type: IrMirrorEnum): MirrorEnumDeclaration['members'] {
  const members = type.members.map(({ value, name, description }) => {
    const text = description?.trim();
    return {
      name: memberName(name ?? String(value)),
      value,
      ...(text ? { description: text } : {}),
    };
  });
  return members.filter((m, i) => members.findIndex((n) => n.name === m.name) === i);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z_$0-9]*$/;
const INVALID_RUN = /[^A-Za-z_$0-9]+/g;
const INVALID_RUN_AND_NEXT = /[^A-Za-z_$0-9]+(.)?/g;
/** The runs of characters `tsEnumMember` spells out rather than replacing with `_`. */
const SPELLED: Readonly<Record<string, string>> = { '+': 'Plus' };

/**
 * `tsEnumMember`'s name for a value: itself where it is an identifier; else a leading digit
 * takes `Value` (its first `.` becomes `_`), a leading `-` becomes `ValueMinus`; a name of
 * nothing but other characters is quoted, and in any other, each run of them becomes `_`.
 */
export function memberName(text: string): string {
  if (IDENTIFIER.test(text)) return text;
  // openapi-typescript writes an empty name as nothing, which does not parse; quoted, it does.
  if (text === '') return '""';
  let name = text;
  if (Number(name[0]) >= 0) name = `Value${name}`.replace('.', '_');
  else if (name[0] === '-') name = `ValueMinus${name.slice(1)}`;
  const runs = name.match(INVALID_RUN);
  if (runs === null) return name;
  if (runs[0] === name) return JSON.stringify(name);
  return name.replace(INVALID_RUN, (run) => SPELLED[run] ?? '_');
}

/**
 * `tsEnum`'s name for a path: the path's segments joined with `/`, its first
 * `components/schemas` dropped, each run of other characters than letters, digits, `_` and
 * `$` dropped with the letter after it upper-cased, and the first letter upper-cased.
 */
export function enumName(path: readonly string[]): string {
  const joined = path.join('/').replace('components/schemas', '');
  let name = joined.replace(INVALID_RUN_AND_NEXT, (run) => {
    const last = run[run.length - 1]!;
    return /[^A-Za-z_$0-9]/.test(last) ? '' : last.toUpperCase();
  });
  // openapi-typescript writes a name starting with a digit as it is, which does not parse, and
  // fails on a path with no letter at all: `Value` before it, as for a member, and `Enum` alone.
  if (/^[0-9]/.test(name) || name === '') name = `Value${name || 'Enum'}`;
  return `${name.slice(0, 1).toUpperCase()}${name.slice(1)}`;
}

/**
 * The mirror's path of an enum schema (openapi-typescript's path of it, ir/mirror-schema.ts) as
 * the segments its enum is named from: read back as a JSON pointer, which drops empty segments
 * and decodes percent escapes, as openapi-typescript's `parseRef` does.
 */
export function pathSegments(path: string): string[] {
  return (splitPointer(path) ?? []).filter((s) => s !== '').map(decoded);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
