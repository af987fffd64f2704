/**
 * A mirror's IrMirrorSchema → the type openapi-typescript 7 writes for the same schema, node
 * for node: `components["schemas"]["Pet"]` for a ref (a deeper ref indexes on, skipping
 * `properties`), an object's declared members apart from its index signature
 * (`{ a?: string } & { [key: string]: number }`), `Record<string, never>` for a typed schema
 * that yields nothing, `Omit<>` and `WithRequired<>` where openapi-typescript uses them.
 * Values reach the text only through JSON.stringify, keys through `propertyKey`.
 */
import type {
  IrMirrorEnum,
  IrMirrorObject,
  IrMirrorProperty,
  IrMirrorSchema,
} from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import type { SettledOpenApiTypesOptions } from './options.js';
import type { MirrorEnums } from './enums.js';

export interface MirrorTypeContext {
  readonly options: SettledOpenApiTypesOptions;
  /** Notes the helper types the text uses (`WithRequired`), for the file to declare. */
  readonly useHelper: (name: MirrorHelper) => void;
  /** With the `enum` option: the enums declared so far, which an enum schema refers to by name. */
  readonly enums?: MirrorEnums;
  /** How a ref is written where openapi-typescript's indexed access would not compile. */
  readonly refOverride?: (tokens: readonly string[], inGenericArgument: boolean) => RefOverride;
  /** Whether a ref's type may be `null` or `undefined` (refs.ts). */
  readonly refNullable?: (tokens: readonly string[]) => boolean;
  /** Inside `Omit<>` or `WithRequired<>`'s type argument, which TypeScript resolves at once. */
  readonly inGenericArgument?: boolean;
}

/**
 * A ref through a module-local alias of its schema (`Json`, `Holder["deep"]`, cycles.ts), or
 * `unknown` where the access does not exist (refs.ts) or cannot be resolved (cycles.ts).
 */
export type RefOverride = { readonly alias: string } | 'unknown' | undefined;

export type MirrorHelper = 'WithRequired';

/** The helpers' declarations, as openapi-typescript adds them at the end of its output. */
export const MIRROR_HELPERS: Readonly<Record<MirrorHelper, { parameters: string; type: string }>> =
  {
    WithRequired: { parameters: 'T, K extends keyof T', type: 'T & { [P in K]-?: T[P] }' },
  };

/** `readonly ` where the options make members immutable. */
export function readonlyMark(options: SettledOpenApiTypesOptions): string {
  return options.immutable ? 'readonly ' : '';
}

/** `components["section"]["key"]`, the way openapi-typescript writes a component ref. */
export function componentAccess(section: string, key: string): string {
  return `components[${JSON.stringify(section)}][${JSON.stringify(key)}]`;
}

export function mirrorType(type: IrMirrorSchema, ctx: MirrorTypeContext): string {
  switch (type.kind) {
    case 'keyword':
      return type.keyword;
    case 'literal':
      return JSON.stringify(type.value);
    case 'enum':
      return enumParts(type, ctx).join(' | ');
    case 'ref':
      return refType(type.tokens, ctx);
    case 'array':
      return `${readonlyMark(ctx.options)}(${mirrorType(type.items, ctx)})[]`;
    case 'tuple':
      return `${readonlyMark(ctx.options)}[${type.items.map((t) => mirrorType(t, ctx)).join(', ')}]`;
    case 'object':
      return objectType(type, ctx);
    case 'empty-record':
      return emptyRecord(ctx);
    case 'union':
      return type.members.map((m) => grouped(m, ctx)).join(' | ');
    case 'intersection':
      return type.members.map((m) => grouped(m, ctx)).join(' & ');
    case 'omit':
      return `Omit<${mirrorType(type.type, { ...ctx, inGenericArgument: true })}, ${keysOf(type.keys)}>`;
    case 'with-required': {
      // Keys of a ref written `unknown` (refs.ts, cycles.ts) cannot be required: `keyof unknown`
      // is `never`, which fails the helper's constraint; nothing is known of it either way.
      if (type.type.kind === 'ref' && ctx.refOverride?.(type.type.tokens, true) === 'unknown')
        return 'unknown';
      ctx.useHelper('WithRequired');
      const base = mirrorType(type.type, { ...ctx, inGenericArgument: true });
      // A ref to a member that may be absent (`X["entity"]`) or to a nullable schema is
      // `… | undefined` or `… | null`, whose `keyof` is `never`: openapi-typescript's
      // `K extends keyof T` fails there (TS2344). The keys are required of the object, so
      // NonNullable<> of it, which leaves an object type as it is.
      const member = type.type.kind === 'ref' && ctx.refNullable?.(type.type.tokens) === true;
      return `WithRequired<${member ? `NonNullable<${base}>` : base}, ${keysOf(type.keys)}>`;
    }
  }
}

function keysOf(keys: readonly string[]): string {
  return keys.map((k) => JSON.stringify(k)).join(' | ');
}

function emptyRecord(ctx: MirrorTypeContext): string {
  return `Record<string, ${ctx.options.emptyObjectsUnknown ? 'unknown' : 'never'}>`;
}

/** A member of a union or intersection, in parentheses where its own operators would bind wrongly. */
function grouped(type: IrMirrorSchema, ctx: MirrorTypeContext): string {
  if (type.kind === 'enum') {
    const parts = enumParts(type, ctx);
    return parts.length > 1 ? `(${parts.join(' | ')})` : parts.join('');
  }
  const text = mirrorType(type, ctx);
  return type.kind === 'union' || type.kind === 'intersection' || type.kind === 'object'
    ? `(${text})`
    : text;
}

/**
 * An enum as the members of its type: the name of the enum declared for it (the `enum`
 * option), or its values, each once, and `null` where the schema allows it.
 */
function enumParts(type: IrMirrorEnum, ctx: MirrorTypeContext): string[] {
  const named = ctx.enums?.reference(type);
  if (named !== undefined) return [named];
  const values = [...new Set(type.members.map((m) => JSON.stringify(m.value)))];
  return type.orNull ? [...values, 'null'] : values;
}

/**
 * `components["schemas"]["Pet"]`: the pointer's first token is the type, the next two index
 * it, and the rest index on except `properties`, as openapi-typescript's own refs do. A
 * schema with an alias starts from it instead (`Json`, `Pet["name"]`); an access that does
 * not exist is `unknown`.
 */
function refType(tokens: readonly string[], ctx: MirrorTypeContext): string {
  const override = ctx.refOverride?.(tokens, ctx.inGenericArgument === true);
  if (override === 'unknown') return 'unknown';
  const [root, ...rest] = tokens;
  const indexes = rest.filter((t, i) => i < 2 || t !== 'properties');
  const [base, tail] =
    override === undefined ? [root!, indexes] : [override.alias, indexes.slice(2)];
  return `${base}${tail.map((t) => `[${JSON.stringify(t)}]`).join('')}`;
}

function objectType(type: IrMirrorObject, ctx: MirrorTypeContext): string {
  const ro = readonlyMark(ctx.options);
  // Only a member's `readOnly` makes it readonly without the option, as openapi-typescript does.
  const members = type.properties.map(
    (p) =>
      `${ro || (p.readOnly ? 'readonly ' : '')}${propertyKey(p.name)}${optional(p, ctx) ? '?' : ''}: ${mirrorType(p.type, ctx)};`,
  );
  const index = [
    ...type.index,
    ...(type.openByOption && ctx.options.additionalProperties
      ? [{ kind: 'keyword', keyword: 'unknown' } as const]
      : []),
  ];
  const parts = [
    ...(members.length > 0 ? [`{ ${members.join(' ')} }`] : []),
    ...(index.length > 0
      ? [`{ ${ro}[key: string]: ${index.map((t) => grouped(t, ctx)).join(' | ')}; }`]
      : []),
  ];
  // Nothing declared and the option adds no index: openapi-typescript has no object here.
  if (parts.length === 0) return emptyRecord(ctx);
  return parts.join(' & ');
}

function optional(property: IrMirrorProperty, ctx: MirrorTypeContext): boolean {
  if (property.required) return false;
  return !(property.requiredByDefault && ctx.options.defaultNonNullable);
}
