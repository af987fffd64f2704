/**
 * Paths and operations → IrOperation. Parameters are merged from the path item and the
 * operation (the operation wins), `$ref`s to components are followed, and each operation
 * gets its place in the client: `x-sdk-method` when the spec gives one, else its first tag.
 */
import type { BodyEncoding, HttpMethod, IrOperation, IrParameter, IrRequestBody, IrResponse, IrType } from './types.js';
import type { RawObject } from './raw.js';
import { asArray, asObject, asString, entries, joinPointer, resolvePointer } from './raw.js';
import { convertSchema, schemaDocs, type SchemaContext } from './schema.js';
import { camelCase, memberName, NameRegistry } from './names.js';

const METHODS: readonly string[] = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

/** Methods a client may resend without asking, when the spec does not say. */
const SAFE_BY_DEFAULT: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

interface Located<T> {
  readonly value: T;
  readonly pointer: string;
}

/** Follows `$ref`s (to any local place) until a non-ref object; cycles give undefined. */
function deref(node: unknown, pointer: string, ctx: SchemaContext): Located<RawObject> | undefined {
  let current: Located<unknown> = { value: node, pointer };
  const seen = new Set<string>();
  for (;;) {
    const object = asObject(current.value);
    const ref = asString(object?.$ref);
    if (!object) return undefined;
    if (ref === undefined) return { value: object, pointer: current.pointer };
    if (seen.has(ref)) {
      ctx.reporter.error('ref-cycle', joinPointer(current.pointer, '$ref'), `reference '${ref}' refers back to itself`);
      return undefined;
    }
    seen.add(ref);
    const target = resolvePointer(ctx.root, ref);
    if (target === undefined) return undefined; // reported by validation
    current = { value: target, pointer: ref.slice(1) };
  }
}

export function buildOperations(ctx: SchemaContext, schemaTypes: ReadonlyMap<string, IrType>): IrOperation[] {
  const functionNames = new NameRegistry();
  const operations: IrOperation[] = [];
  const paths = asObject(asObject(ctx.root)?.paths);
  for (const [path, rawItem] of entries(paths)) {
    const itemPointer = joinPointer('/paths', path);
    const item = deref(rawItem, itemPointer, ctx);
    if (!item) continue;
    for (const [key, rawOperation] of entries(item.value)) {
      if (!METHODS.includes(key)) continue;
      const operation = asObject(rawOperation);
      if (!operation) continue;
      const pointer = joinPointer(item.pointer, key);
      operations.push(
        buildOperation(
          { path, method: key.toUpperCase() as HttpMethod, operation, item: item.value, itemPointer: item.pointer, pointer },
          ctx,
          schemaTypes,
          functionNames,
        ),
      );
    }
  }
  return operations;
}

interface RawOperation {
  readonly path: string;
  readonly method: HttpMethod;
  readonly operation: RawObject;
  readonly item: RawObject;
  readonly itemPointer: string;
  readonly pointer: string;
}

function buildOperation(raw: RawOperation, ctx: SchemaContext, schemaTypes: ReadonlyMap<string, IrType>, names: NameRegistry): IrOperation {
  const { operation, pointer, method, path } = raw;
  const operationId = asString(operation.operationId) ?? fallbackOperationId(method, path);
  const functionName = names.claim(camelCase(operationId));
  const { resourcePath, methodName } = placeInClient(operation, functionName, pointer, ctx);
  const parameters = buildParameters(raw, ctx, schemaTypes);
  const body = buildBody(operation.requestBody, joinPointer(pointer, 'requestBody'), ctx);
  const responses = buildResponses(operation.responses, joinPointer(pointer, 'responses'), ctx);
  const successes = responses.filter((r): r is IrResponse & { status: number } => typeof r.status === 'number' && r.status >= 200 && r.status < 300);
  const successBodies = successes.flatMap((r) => (r.type ? [r.type] : []));
  const successType: IrType | undefined =
    successBodies.length === 0 ? undefined : successBodies.length === 1 ? successBodies[0] : { kind: 'union', members: successBodies };
  const retrySafe = typeof operation['x-retry-safe'] === 'boolean' ? operation['x-retry-safe'] : SAFE_BY_DEFAULT.has(method);
  const summary = asString(operation.summary);
  const description = asString(operation.description);
  const pagination = successType ? detectPagination(successType, schemaTypes) : undefined;
  return {
    operationId,
    functionName,
    resourcePath,
    methodName,
    method,
    path,
    ...(summary !== undefined ? { summary } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(operation.deprecated === true ? { deprecated: true } : {}),
    tags: asArray(operation.tags).filter((t): t is string => typeof t === 'string'),
    pathParameters: orderPathParameters(path, parameters.filter((p) => p.location === 'path')),
    queryParameters: parameters.filter((p) => p.location === 'query'),
    headerParameters: parameters.filter((p) => p.location === 'header'),
    cookieParameters: parameters.filter((p) => p.location === 'cookie'),
    ...(body ? { body } : {}),
    responses,
    successStatuses: successes.map((r) => r.status),
    ...(successType ? { successType } : {}),
    retrySafe,
    ...(pagination ? { pagination } : {}),
  };
}

function fallbackOperationId(method: HttpMethod, path: string): string {
  const segments = path.split('/').filter((s) => s.length > 0 && !/^v\d+$/.test(s) && s !== 'api');
  const words = segments.map((s) => (s.startsWith('{') ? `by ${s.slice(1, -1)}` : s));
  return [method.toLowerCase(), ...words].join(' ');
}

function placeInClient(operation: RawObject, functionName: string, pointer: string, ctx: SchemaContext) {
  const declared = asString(operation['x-sdk-method']);
  if (declared !== undefined) {
    const parts = declared.split('.').filter((p) => p.length > 0);
    if (parts.length >= 2) {
      return { resourcePath: parts.slice(0, -1).map(memberName), methodName: memberName(parts[parts.length - 1]!) };
    }
    ctx.reporter.error('sdk-method', joinPointer(pointer, 'x-sdk-method'), `x-sdk-method '${declared}' must be 'resource.method'`, "for example 'stations.around'");
  }
  const tag = asString(asArray(operation.tags)[0]);
  return { resourcePath: [memberName(tag ?? 'default')], methodName: functionName };
}

function buildParameters(raw: RawOperation, ctx: SchemaContext, schemaTypes: ReadonlyMap<string, IrType>): IrParameter[] {
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

function buildParameter(node: unknown, pointer: string, ctx: SchemaContext, schemaTypes: ReadonlyMap<string, IrType>): IrParameter | undefined {
  const located = deref(node, pointer, ctx);
  if (!located) return undefined;
  const p = located.value;
  const name = asString(p.name);
  const location = asString(p.in);
  if (name === undefined || location === undefined) return undefined;
  if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie') {
    ctx.reporter.error('unsupported-parameter', joinPointer(located.pointer, 'in'), `parameters in '${location}' are not supported`, "'in' must be path, query, header or cookie");
    return undefined;
  }
  const schema = asObject(p.schema) ?? {};
  const type = convertSchema(p.schema, joinPointer(located.pointer, 'schema'), ctx);
  if (location !== 'query' && isStructured(type, schemaTypes, new Set())) {
    // The runtime writes path segments, headers and cookies from single values; the
    // simple/label/matrix serialisations of lists and objects are not implemented.
    ctx.reporter.error(
      'unsupported-parameter',
      joinPointer(located.pointer, 'schema'),
      `${location} parameter '${name}' has a list or object type, which ${location} parameters do not support yet`,
      'declare it as a string (for example comma-separated) or a number',
    );
    return undefined;
  }
  const description = asString(p.description);
  const style = asString(p.style);
  return {
    name,
    identifier: camelCase(name),
    location,
    required: location === 'path' || p.required === true,
    type,
    ...(description !== undefined ? { description } : {}),
    ...(p.deprecated === true ? { deprecated: true } : {}),
    ...('default' in schema ? { default: schema.default } : {}),
    explode: typeof p.explode === 'boolean' ? p.explode : style === undefined || style === 'form',
  };
}

/** Whether values of the type can be arrays or objects. */
function isStructured(type: IrType, schemaTypes: ReadonlyMap<string, IrType>, seen: Set<string>): boolean {
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

function orderPathParameters(path: string, parameters: IrParameter[]): IrParameter[] {
  const order = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return [...parameters].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

const ENCODINGS: readonly [BodyEncoding, (mediaType: string) => boolean][] = [
  ['json', (m) => m === 'application/json' || m.endsWith('+json')],
  ['form', (m) => m === 'application/x-www-form-urlencoded'],
  ['multipart', (m) => m === 'multipart/form-data'],
];

function buildBody(node: unknown, pointer: string, ctx: SchemaContext): IrRequestBody | undefined {
  if (node === undefined) return undefined;
  const located = deref(node, pointer, ctx);
  if (!located) return undefined;
  const content = entries(located.value.content);
  const encodings = ENCODINGS.filter(([, matches]) => content.some(([m]) => matches(m.split(';')[0]!.trim()))).map(([e]) => e);
  if (encodings.length === 0) {
    ctx.reporter.error(
      'unsupported-media-type',
      joinPointer(located.pointer, 'content'),
      `request bodies of type ${content.map(([m]) => `'${m}'`).join(', ') || '(none)'} are not supported yet`,
      'use application/json, application/x-www-form-urlencoded or multipart/form-data',
    );
    return undefined;
  }
  const [mediaType, media] = content.find(([m]) => ENCODINGS.some(([, matches]) => matches(m.split(';')[0]!.trim())))!;
  const docs = schemaDocs(located.value);
  return {
    required: located.value.required === true,
    encodings,
    type: convertSchema(asObject(media)?.schema, joinPointer(located.pointer, 'content', mediaType, 'schema'), ctx),
    ...(docs.description !== undefined ? { description: docs.description } : {}),
  };
}

function buildResponses(node: unknown, pointer: string, ctx: SchemaContext): IrResponse[] {
  const responses: IrResponse[] = [];
  for (const [key, raw] of entries(node)) {
    const status = key === 'default' ? 'default' : /^\d{3}$/.test(key) ? Number(key) : undefined;
    if (status === undefined) {
      ctx.reporter.error('unsupported-status', joinPointer(pointer, key), `status range '${key}' is not supported yet`, 'list the statuses one by one');
      continue;
    }
    const located = deref(raw, joinPointer(pointer, key), ctx);
    if (!located) continue;
    const json = entries(located.value.content).find(([m]) => ENCODINGS[0]![1](m.split(';')[0]!.trim()));
    const description = asString(located.value.description);
    const type = json ? convertSchema(asObject(json[1])?.schema, joinPointer(located.pointer, 'content', json[0], 'schema'), ctx) : undefined;
    responses.push({ status, ...(description !== undefined ? { description } : {}), ...(type ? { type } : {}) });
  }
  return responses;
}

/** Page-number envelopes (`count`, `next`, `previous`, `results`) as Django REST Framework writes them. */
function detectPagination(type: IrType, schemaTypes: ReadonlyMap<string, IrType>) {
  const target = type.kind === 'ref' ? schemaTypes.get(type.name) : type;
  if (target?.kind !== 'object') return undefined;
  const results = target.properties.find((p) => p.name === 'results');
  const hasNext = target.properties.some((p) => p.name === 'next');
  if (!results || !hasNext || results.type.kind !== 'array') return undefined;
  return { item: results.type.items };
}
