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
import { queryStringParameters } from './query-string.js';

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
      const pointer = joinPointer(listPointer, i);
      const located = deref(entry, pointer, ctx);
      // OpenAPI 3.2's whole query string stands for query parameters (query-string.ts).
      const found = !located
        ? []
        : located.value.in === 'querystring'
          ? queryStringParameters(located.value, located.pointer, ctx, schemaTypes)
          : [buildParameter(entry, pointer, ctx, schemaTypes)];
      for (const parameter of found)
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
  const schemaPointer = joinPointer(located.pointer, 'schema');
  // Lists and objects have a wire form in every location (OpenAPI's style table): `a,b` or
  // `k,v` in a header, `name=a,b` or `name=a; name=b` in a cookie, and the RFC 6570 styles
  // in a path. What has none is a list or object inside one of them.
  const shape = location === 'query' ? undefined : wireShape(type, schemaTypes);
  if (shape === undefined && location !== 'query') {
    const required = location === 'path' || p.required === true;
    const what = `${location} parameter '${name}' is a list or object holding lists or objects, which has no form in a ${location === 'path' ? 'path segment' : location}`;
    if (required) {
      ctx.reporter.error(
        'unsupported-parameter',
        schemaPointer,
        what,
        location === 'path'
          ? 'a path parameter can be a string, a number, a list of them or an object of them; ask the API provider for the intended form of this one'
          : `this required ${location} cannot be sent by the generated client; ask the API provider for its intended form`,
      );
      return undefined;
    }
    // An optional parameter the client cannot write is left out, not the whole operation:
    // the caller can still send it by hand.
    ctx.reporter.warning(
      'parameter-left-out',
      schemaPointer,
      `${what}; the operation is generated without it`,
      location === 'header'
        ? `to send it anyway, pass it in the call's \`headers\` option as text`
        : "to send it anyway, set the Cookie header in the call's `headers` option",
    );
    return undefined;
  }
  const segment =
    location !== 'path'
      ? type
      : shape === 'list'
        ? scalarList(type, schemaTypes)
        : shape === 'object'
          ? withoutNull(type)
          : segmentType(type, schemaTypes);
  if (segment === undefined) {
    ctx.reporter.error(
      'unsupported-parameter',
      schemaPointer,
      `path parameter '${name}' may be a boolean, null or any value, which a path segment cannot hold yet`,
      'declare it as a string or an integer',
    );
    return undefined;
  }
  const description = asString(p.description);
  const pathStyle =
    location === 'path' && (style === 'label' || style === 'matrix') ? style : undefined;
  const query = location === 'query' ? queryWire(p, style, type, schemaTypes, ctx.root) : {};
  return {
    name,
    identifier: camelCase(name),
    location,
    required: location === 'path' || p.required === true,
    type: segment,
    ...(description !== undefined ? { description } : {}),
    ...(p.deprecated === true ? { deprecated: true } : {}),
    ...('default' in schema ? { default: schema.default } : {}),
    explode: explodes(
      location,
      pathStyle,
      shape,
      typeof p.explode === 'boolean' ? p.explode : undefined,
      style,
    ),
    ...(pathStyle !== undefined ? { style: pathStyle } : {}),
    ...(location === 'cookie' && style === 'cookie' ? { style: 'cookie' as const } : {}),
    ...(shape === 'list' || shape === 'object' ? { form: shape } : {}),
    ...query,
  };
}

/**
 * What a query parameter's wire form needs beyond the form style of scalars and lists: its
 * style, `allowReserved`, whether it can be an object (which `encodeQuery` does not write),
 * and for deepObject how lists go (the document's `x-sdk-deep-object-arrays`: `brackets`,
 * the default, `expand[]=a` as Stripe, Rails and PHP read it; or `indices`, `expand[0]=a`).
 */
export function queryWire(
  p: Readonly<Record<string, unknown>>,
  style: string | undefined,
  type: IrType,
  schemaTypes: ReadonlyMap<string, IrType>,
  root: unknown,
): Pick<IrParameter, 'style' | 'allowReserved' | 'arrays' | 'form'> {
  const queryStyle =
    style === 'spaceDelimited' || style === 'pipeDelimited' || style === 'deepObject'
      ? style
      : undefined;
  const arrays =
    queryStyle === 'deepObject' && asObject(root)?.['x-sdk-deep-object-arrays'] === 'indices'
      ? 'indices'
      : undefined;
  return {
    ...(queryStyle !== undefined ? { style: queryStyle } : {}),
    ...(p.allowReserved === true ? { allowReserved: true } : {}),
    ...(arrays !== undefined ? { arrays } : {}),
    ...(mayBeObject(type, schemaTypes) ? { form: 'object' } : {}),
  };
}

/** Whether values of the type can be objects (not lists): a query object needs the styled writer. */
function mayBeObject(type: IrType, schemaTypes: ReadonlyMap<string, IrType>): boolean {
  const resolved = resolve(type, schemaTypes);
  if (resolved.kind === 'union') return resolved.members.some((m) => mayBeObject(m, schemaTypes));
  return resolved.kind === 'object' || resolved.kind === 'intersection';
}

/**
 * Whether a parameter's lists or objects are exploded, as the document says or as OpenAPI's
 * defaults have it (true for the form style only: query and cookie; false for headers and
 * paths). Where explode changes nothing on the wire (scalars; lists in a header or a simple
 * path) it is the location's default, so that descriptors carry it only where it matters.
 */
function explodes(
  location: IrParameter['location'],
  pathStyle: 'label' | 'matrix' | undefined,
  shape: WireShape | undefined,
  declared: boolean | undefined,
  style: string | undefined,
): boolean {
  switch (location) {
    case 'query':
      // deepObject writes the same either way: the default, so its descriptor does not carry it.
      if (style === 'deepObject') return true;
      return declared ?? (style === undefined || style === 'form');
    case 'path':
      // Label and matrix paths keep what the document says (`{.id*}` as it always was).
      if (pathStyle !== undefined || shape === 'object') return declared ?? false;
      return false;
    case 'header':
      return shape === 'object' ? (declared ?? false) : false;
    case 'cookie':
      return shape === 'scalar' ? true : (declared ?? true);
  }
}

/**
 * How a header, cookie or path parameter's values go on the wire: as one text, as a list of
 * texts, or as key-value pairs; undefined when they can be lists or objects of lists or objects
 * (or both a list and an object), which no style writes. Null is ignored: an absent value is
 * not sent.
 */
type WireShape = 'scalar' | 'list' | 'object';

function wireShape(type: IrType, schemaTypes: ReadonlyMap<string, IrType>): WireShape | undefined {
  const members = (type.kind === 'union' ? type.members : [type])
    .filter((m) => m.kind !== 'null')
    .map((m) => resolve(m, schemaTypes));
  const shapes = new Set<WireShape>();
  for (const member of members) {
    if (!isStructured(member, schemaTypes, new Set())) continue;
    if (member.kind === 'array' && !isStructured(member.items, schemaTypes, new Set()))
      shapes.add('list');
    else if (flatObject(member, schemaTypes)) shapes.add('object');
    else return undefined;
  }
  if (shapes.size > 1) return undefined;
  return shapes.size === 0 ? 'scalar' : [...shapes][0];
}

/** Whether a type is an object (or all of objects) whose members are not lists or objects. */
function flatObject(type: IrType, schemaTypes: ReadonlyMap<string, IrType>): boolean {
  const resolved = resolve(type, schemaTypes);
  if (resolved.kind === 'intersection')
    return resolved.members.every((m) => flatObject(m, schemaTypes));
  if (resolved.kind !== 'object') return false;
  const flat = (t: IrType) => !isStructured(t, schemaTypes, new Set());
  return (
    resolved.properties.every((property) => flat(property.type)) &&
    (resolved.additional === false || flat(resolved.additional))
  );
}

function resolve(type: IrType, schemaTypes: ReadonlyMap<string, IrType>): IrType {
  // A chain of aliases ends; a cycle of them is cut after as many steps as there are schemas.
  let current = type;
  for (let i = 0; current.kind === 'ref' && i <= schemaTypes.size; i++) {
    const target = schemaTypes.get(current.name);
    if (target === undefined) break;
    current = target;
  }
  return current;
}

/** The type without its null member: a path segment cannot be absent. */
function withoutNull(type: IrType): IrType {
  if (type.kind !== 'union') return type;
  const members = type.members.filter((m) => m.kind !== 'null');
  return members.length === 1 ? members[0]! : { ...type, members };
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
