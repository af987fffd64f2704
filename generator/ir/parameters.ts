/**
 * Parameters of an operation: the path item's and the operation's own merged (the
 * operation's win), `$ref`s followed, and refused where the runtime cannot send them.
 */
import type { IrParameter, IrType } from './types.js';
import { asArray, asObject, asString, joinPointer } from './raw.js';
import { convertSchema, type SchemaContext } from './schema.js';
import { camelCase } from './names.js';
import { deref } from './deref.js';
import type { RawOperation } from './operations.js';

export function buildParameters(
  raw: RawOperation,
  ctx: SchemaContext,
  schemaTypes: ReadonlyMap<string, IrType>,
): IrParameter[] {
  const byKey = new Map<string, IrParameter>();
  const lists: [unknown, string][] = [
    [raw.item.parameters, joinPointer(raw.itemPointer, 'parameters')],
    [raw.operation.parameters, joinPointer(raw.pointer, 'parameters')],
  ];
  for (const [list, listPointer] of lists) {
    asArray(list).forEach((entry, i) => {
      const parameter = buildParameter(entry, joinPointer(listPointer, i), ctx, schemaTypes);
      if (parameter) byKey.set(`${parameter.location}:${parameter.name}`, parameter);
    });
  }
  return [...byKey.values()];
}

function buildParameter(
  node: unknown,
  pointer: string,
  ctx: SchemaContext,
  schemaTypes: ReadonlyMap<string, IrType>,
): IrParameter | undefined {
  const located = deref(node, pointer, ctx);
  if (!located) return undefined;
  const p = located.value;
  const name = asString(p.name);
  const location = asString(p.in);
  if (name === undefined || location === undefined) return undefined;
  if (
    location !== 'path' &&
    location !== 'query' &&
    location !== 'header' &&
    location !== 'cookie'
  ) {
    ctx.reporter.error(
      'unsupported-parameter',
      joinPointer(located.pointer, 'in'),
      `parameters in '${location}' are not supported`,
      "'in' must be path, query, header or cookie",
    );
    return undefined;
  }
  const schema = asObject(p.schema) ?? {};
  const type = convertSchema(p.schema, joinPointer(located.pointer, 'schema'), ctx);
  const style = asString(p.style);
  // Path parameters may be lists of scalars (RFC 6570 simple, label or matrix style, as
  // OpenAPI defines them); objects, and lists and objects elsewhere but the query, are not
  // written by the runtime yet.
  const list = location === 'path' ? scalarList(type, schemaTypes) : undefined;
  if (location !== 'query' && list === undefined && isStructured(type, schemaTypes, new Set())) {
    ctx.reporter.error(
      'unsupported-parameter',
      joinPointer(located.pointer, 'schema'),
      location === 'path'
        ? `path parameter '${name}' has an object type or a list of lists or objects, which path parameters do not support yet`
        : `${location} parameter '${name}' has a list or object type, which ${location} parameters do not support yet`,
      location === 'path'
        ? 'declare it as a string, a number or a list of them'
        : 'declare it as a string (for example comma-separated) or a number',
    );
    return undefined;
  }
  const segment =
    location !== 'path' ? type : list !== undefined ? list : segmentType(type, schemaTypes);
  if (segment === undefined) {
    ctx.reporter.error(
      'unsupported-parameter',
      joinPointer(located.pointer, 'schema'),
      `path parameter '${name}' may be a boolean, null or any value, which a path segment cannot hold yet`,
      'declare it as a string or an integer',
    );
    return undefined;
  }
  const description = asString(p.description);
  const pathStyle =
    location === 'path' && (style === 'label' || style === 'matrix') ? style : undefined;
  return {
    name,
    identifier: camelCase(name),
    location,
    required: location === 'path' || p.required === true,
    type: segment,
    ...(description !== undefined ? { description } : {}),
    ...(p.deprecated === true ? { deprecated: true } : {}),
    ...('default' in schema ? { default: schema.default } : {}),
    // OpenAPI's default: `explode` is true for the form style only (the query's default), so
    // a path list is `a,b` unless the document says otherwise.
    explode:
      typeof p.explode === 'boolean'
        ? p.explode
        : location === 'path'
          ? false
          : style === undefined || style === 'form',
    ...(pathStyle !== undefined ? { style: pathStyle } : {}),
  };
}

/**
 * The type of a path segment: never null (a segment cannot be absent), a string when the
 * schema says nothing, and undefined (refused) when it allows booleans, which the runtime
 * does not write into paths.
 */
function segmentType(type: IrType, schemaTypes: ReadonlyMap<string, IrType>): IrType | undefined {
  const members = (type.kind === 'union' ? type.members : [type])
    .filter((m) => m.kind !== 'null')
    .map((m): IrType => (m.kind === 'unknown' ? { kind: 'string' } : m));
  if (members.length === 0) return { kind: 'string' };
  const resolved = members.map((m) => (m.kind === 'ref' ? (schemaTypes.get(m.name) ?? m) : m));
  const unwritable = (m: IrType) =>
    m.kind === 'boolean' ||
    m.kind === 'unknown' ||
    m.kind === 'null' ||
    (m.kind === 'literal' && typeof m.value === 'boolean');
  if (resolved.some(unwritable)) return undefined;
  return type.kind === 'union' && members.length > 1 ? { ...type, members } : members[0];
}

/**
 * A path parameter's list type with its items made writable (see `segmentType`), or
 * undefined when the type is not a list of strings and numbers. A nullable list is a list: a
 * path segment cannot be absent.
 */
function scalarList(type: IrType, schemaTypes: ReadonlyMap<string, IrType>): IrType | undefined {
  const members = (type.kind === 'union' ? type.members : [type]).filter((m) => m.kind !== 'null');
  const only = members.length === 1 ? members[0]! : undefined;
  const resolved = only?.kind === 'ref' ? schemaTypes.get(only.name) : only;
  if (resolved?.kind !== 'array') return undefined;
  if (isStructured(resolved.items, schemaTypes, new Set())) return undefined;
  const items = segmentType(resolved.items, schemaTypes);
  return items === undefined ? undefined : { ...resolved, items };
}

/** Whether values of the type can be arrays or objects. */
function isStructured(
  type: IrType,
  schemaTypes: ReadonlyMap<string, IrType>,
  seen: Set<string>,
): boolean {
  switch (type.kind) {
    case 'array':
    case 'object':
    case 'intersection':
      return true;
    case 'union':
      return type.members.some((member) => isStructured(member, schemaTypes, seen));
    case 'ref': {
      const target = schemaTypes.get(type.name);
      if (seen.has(type.name) || !target) return false;
      seen.add(type.name);
      return isStructured(target, schemaTypes, seen);
    }
    default:
      return false;
  }
}
