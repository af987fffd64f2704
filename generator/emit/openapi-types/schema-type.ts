/**
 * A mirror's IrType → the type openapi-typescript 7 writes for the same schema: literal
 * unions for enums, `components["schemas"]["Pet"]` for a component, an object's declared
 * members apart from its index signature (`{ a?: string } & { [key: string]: number }`),
 * `Record<string, never>` for an object that declares nothing, and no read or write view.
 * Values reach the text only through JSON.stringify, keys through `propertyKey`.
 */
import type { IrObjectType, IrProperty, IrType } from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import { splitPointer } from '../../shared/document/pointer.js';
import type { SettledOpenApiTypesOptions } from './options.js';

export interface MirrorTypeContext {
  readonly options: SettledOpenApiTypesOptions;
  /** Properties with a `default` stay optional (a parameter's or a request body's schema). */
  readonly defaultsOptional: boolean;
}

/** `readonly ` where the options make members immutable. */
export function readonlyMark(options: SettledOpenApiTypesOptions): string {
  return options.immutable ? 'readonly ' : '';
}

/** `components["section"]["key"]`, the way openapi-typescript writes a component ref. */
export function componentAccess(section: string, key: string): string {
  return `components[${JSON.stringify(section)}][${JSON.stringify(key)}]`;
}

export function mirrorType(type: IrType, ctx: MirrorTypeContext): string {
  switch (type.kind) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'unknown':
      return 'unknown';
    case 'literal':
      return JSON.stringify(type.value);
    case 'enum':
      return type.values.map((v) => JSON.stringify(v)).join(' | ');
    case 'array':
      return `${readonlyMark(ctx.options)}(${mirrorType(type.items, ctx)})[]`;
    case 'object':
      return objectType(type, ctx);
    case 'ref':
      return refType(type.name);
    case 'union':
      return type.members.map((m) => grouped(m, ctx)).join(' | ');
    case 'intersection':
      return type.members.map((m) => grouped(m, ctx)).join(' & ');
  }
}

/** A member of a union or intersection, in parentheses where its own operators would bind wrongly. */
function grouped(type: IrType, ctx: MirrorTypeContext): string {
  const text = mirrorType(type, ctx);
  return type.kind === 'union' || type.kind === 'intersection' || type.kind === 'enum'
    ? `(${text})`
    : text;
}

/**
 * A component schema by its id (`/components/schemas/Pet`). A schema the IR hoisted from
 * elsewhere because it recurs has no place under `components`; it is `unknown` here.
 */
function refType(id: string): string {
  const tokens = splitPointer(id) ?? [];
  return tokens.length === 3 && tokens[0] === 'components' && tokens[1] === 'schemas'
    ? componentAccess('schemas', tokens[2]!)
    : 'unknown';
}

function objectType(type: IrObjectType, ctx: MirrorTypeContext): string {
  const ro = readonlyMark(ctx.options);
  const members = type.properties.map(
    (p) => `${ro}${propertyKey(p.name)}${optional(p, ctx) ? '?' : ''}: ${mirrorType(p.type, ctx)};`,
  );
  // Only the members' `readOnly` makes one readonly without the option, as openapi-typescript does.
  const declared = type.properties.map((p, i) =>
    p.readOnly && !ctx.options.immutable ? `readonly ${members[i]!}` : members[i]!,
  );
  const index = indexType(type, ctx);
  const parts = [
    ...(declared.length > 0 ? [`{ ${declared.join(' ')} }`] : []),
    ...(index !== undefined ? [`{ ${ro}[key: string]: ${index}; }`] : []),
  ];
  if (parts.length === 0)
    return `Record<string, ${ctx.options.emptyObjectsUnknown ? 'unknown' : 'never'}>`;
  return parts.join(' & ');
}

function optional(property: IrProperty, ctx: MirrorTypeContext): boolean {
  if (property.required) return false;
  const hasDefault = property.default !== undefined;
  return !(hasDefault && ctx.options.defaultNonNullable && !ctx.defaultsOptional);
}

/** The type of keys the object does not list, or none: openapi-typescript adds one only where the document (or its option) asks. */
function indexType(type: IrObjectType, ctx: MirrorTypeContext): string | undefined {
  if (type.additional === false) return undefined;
  if (type.additional.kind !== 'unknown') return mirrorType(type.additional, ctx);
  return type.additionalDeclared || ctx.options.additionalProperties ? 'unknown' : undefined;
}
