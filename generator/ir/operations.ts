/**
 * Paths and operations → IrOperation. Parameters are merged from the path item and the
 * operation (the operation wins), `$ref`s to components are followed, and each operation
 * gets its place in the client: `x-sdk-method` when the spec gives one, else one read from its
 * tag, operationId and path (`places.ts`). The names that place asks for are settled against
 * every other name by the plan stage.
 */
import type {
  HttpMethod,
  IrOperation,
  IrParameter,
  IrRequestBody,
  IrResponse,
  IrSuccessStream,
  IrType,
} from './types.js';
import { streamFraming } from './media-types.js';
import type { RawObject } from './raw.js';
import { asArray, asObject, asString, entries, joinPointer } from './raw.js';
import type { SchemaContext } from './schema.js';
import { buildBody, buildResponses, isSuccess } from './bodies.js';
import { deref } from './deref.js';
import { buildParameters } from './parameters.js';
import { camelCase, memberName, type ClientPlace } from './names.js';
import { pathTreeOf, placeOperation, type PathTree } from './places.js';
import { FORBIDDEN_METHODS, pathItemOperations } from '../shared/document/methods.js';
import { tagAncestors } from './tag-tree.js';
import { reportCallbacks, reportParameter, reportWebhooks, warnOnce } from './left-out.js';
import { paginationOf } from './pagination.js';

/** Methods a client may resend without asking, when the spec does not say. */
const SAFE_BY_DEFAULT: ReadonlySet<HttpMethod> = new Set([
  'GET',
  'HEAD',
  'OPTIONS',
  'PUT',
  'DELETE',
  // QUERY (OpenAPI 3.2) is safe and idempotent by definition: a read whose input is a body.
  'QUERY',
]);

export function buildOperations(
  ctx: SchemaContext,
  schemaTypes: ReadonlyMap<string, IrType>,
): IrOperation[] {
  const raws: RawOperation[] = [];
  // A 3.1 document's webhooks are operations too, but ones the API sends: said once, left out.
  reportWebhooks(ctx.root, ctx.reporter);
  const paths = asObject(asObject(ctx.root)?.paths);
  for (const [path, rawItem] of entries(paths)) {
    const itemPointer = joinPointer('/paths', path);
    const item = deref(rawItem, itemPointer, ctx);
    if (!item) continue;
    for (const { method, keys, operation: rawOperation } of pathItemOperations(item.value)) {
      const operation = asObject(rawOperation);
      if (!operation) continue;
      const pointer = joinPointer(item.pointer, ...keys);
      if (FORBIDDEN_METHODS.has(method.toUpperCase())) {
        // The Fetch standard forbids these (TRACE and TRACK a cross-site tracing risk, CONNECT a
        // tunnel): fetch() throws for them in every runtime, so a generated function could never send one.
        ctx.reporter.warning(
          'unsendable-method',
          pointer,
          `${method} operations are left out of the client: fetch() refuses the ${method} method in every runtime`,
          'serve the same information under GET if clients need it',
        );
        continue;
      }
      raws.push({
        ...splitPathKey(path),
        method,
        operation,
        item: item.value,
        itemPointer: item.pointer,
        pointer,
      });
    }
  }
  // Every place is known before any is named, so collisions are settled over the whole client at once.
  const ids = raws.map(
    (raw) => asString(raw.operation.operationId) ?? fallbackOperationId(raw.method, raw.path),
  );
  let tree: PathTree | undefined;
  const treeOnce = () =>
    (tree ??= pathTreeOf(entries(paths).map(([path]) => splitPathKey(path).path)));
  return raws.map((raw, i) =>
    buildOperation(raw, ids[i]!, placeInClient(raw, ids[i]!, treeOnce, ctx), ctx, schemaTypes),
  );
}

/**
 * A path key that carries a query (OpenAI's `/responses/{id}?beta=true`): the path part is the
 * template, the query part a fixed query sent with every call beside the call's own. A query
 * part with a `{placeholder}` is refused by validate (`path-query-template`).
 */
export function splitPathKey(key: string): { path: string; fixedQuery?: string } {
  const at = key.indexOf('?');
  if (at < 0) return { path: key };
  const fixedQuery = key.slice(at + 1);
  return { path: key.slice(0, at), ...(fixedQuery !== '' ? { fixedQuery } : {}) };
}

export interface RawOperation {
  /** The path template, without the query a path key may carry (`fixedQuery`). */
  readonly path: string;
  readonly fixedQuery?: string;
  readonly method: HttpMethod;
  readonly operation: RawObject;
  readonly item: RawObject;
  readonly itemPointer: string;
  readonly pointer: string;
}

function buildOperation(
  raw: RawOperation,
  operationId: string,
  place: ClientPlace,
  ctx: SchemaContext,
  schemaTypes: ReadonlyMap<string, IrType>,
): IrOperation {
  const { operation, pointer, method, path } = raw;
  const { resourcePath, methodName, idPlace } = place;
  // What the place asks for; the plan settles collisions (`nameOperations`).
  const functionName = camelCase([...resourcePath, methodName].join(' '));
  const parameters = buildParameters(raw, ctx, schemaTypes);
  reportLooseParameters(raw, ctx);
  reportCallbacks(operation, pointer, ctx.reporter);
  const body = sendsBody(raw, ctx)
    ? buildBody(operation.requestBody, joinPointer(pointer, 'requestBody'), ctx)
    : undefined;
  const responses = buildResponses(operation.responses, joinPointer(pointer, 'responses'), ctx);
  const { successStatuses, successType, successMedia, successStream } = successOf(responses);
  const stream =
    successStream && streamWithFlag(successStream, successType, raw, body, ctx, schemaTypes);
  const retrySafe =
    typeof operation['x-retry-safe'] === 'boolean'
      ? operation['x-retry-safe']
      : SAFE_BY_DEFAULT.has(method);
  const summary = asString(operation.summary);
  const description = asString(operation.description);
  const queryParameters = parameters.filter((p) => p.location === 'query');
  const pagination =
    successType && !successMedia && !successStream
      ? paginationOf({
          operation,
          pointer,
          successType,
          queryParameters,
          schemaTypes,
          reporter: ctx.reporter,
        })
      : undefined;
  return {
    operationId,
    functionName,
    resourcePath,
    methodName,
    ...(idPlace ? { idPlace } : {}),
    method,
    path,
    ...(sendsFixedQuery(raw, queryParameters, ctx) ? { fixedQuery: raw.fixedQuery } : {}),
    ...(summary !== undefined ? { summary } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(operation.deprecated === true ? { deprecated: true } : {}),
    tags: asArray(operation.tags).filter((t): t is string => typeof t === 'string'),
    pathParameters: orderPathParameters(
      path,
      parameters.filter((p) => p.location === 'path'),
    ),
    queryParameters,
    headerParameters: parameters.filter((p) => p.location === 'header'),
    cookieParameters: parameters.filter((p) => p.location === 'cookie'),
    ...(body ? { body } : {}),
    responses,
    successStatuses,
    ...(successType ? { successType } : {}),
    ...(successMedia ? { successMedia } : {}),
    ...(stream ? { successStream: stream } : {}),
    retrySafe,
    ...(pagination ? { pagination } : {}),
    ...queryExtensions(operation),
  };
}

/**
 * `x-sdk-query` and `x-sdk-invalidates` as validation has checked them
 * (validate/query-extensions.ts): a role and a list of operationIds.
 */
function queryExtensions(operation: RawObject): Pick<IrOperation, 'queryRole' | 'invalidates'> {
  const role = operation['x-sdk-query'];
  const invalidates = asArray(operation['x-sdk-invalidates']).filter(
    (id): id is string => typeof id === 'string',
  );
  return {
    ...(role === 'read' || role === 'write' ? { queryRole: role } : {}),
    ...(invalidates.length > 0 ? { invalidates } : {}),
  };
}

/**
 * Whether the query a path key carries (`beta=true` of `/responses/{id}?beta=true`) is sent. It
 * is not beside a 3.2 querystring parameter in JSON or text, whose value is the whole query
 * string: the two cannot be joined into one the server reads, so the key's query is left out,
 * with a warning at the operation.
 */
function sendsFixedQuery(
  raw: RawOperation,
  queryParameters: readonly IrParameter[],
  ctx: SchemaContext,
): boolean {
  if (raw.fixedQuery === undefined) return false;
  const whole = queryParameters.find((p) => p.querystring !== undefined);
  if (!whole) return true;
  warnOnce(
    ctx.reporter,
    'parameter-left-out',
    raw.pointer,
    `the query of the path key ('${raw.fixedQuery}') is not sent: querystring parameter '${whole.name}' is the whole query string`,
    `declare '${raw.fixedQuery}' among the querystring parameter's content, or drop it from the path key`,
  );
  return false;
}

/** Methods whose requests carry no body: fetch() throws for one (`Request with GET/HEAD method cannot have body`). */
const BODYLESS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

/**
 * Whether the operation's declared body (if any) can be sent. A body on a GET or HEAD (Stripe's
 * older document declares form bodies on GETs) is left out with a warning, so that the function
 * never asks for an argument that every call would fail to send.
 */
function sendsBody(raw: RawOperation, ctx: SchemaContext): boolean {
  if (raw.operation.requestBody === undefined || !BODYLESS.has(raw.method)) return true;
  ctx.reporter.warning(
    'body-not-sent',
    joinPointer(raw.pointer, 'requestBody'),
    `the request body of ${raw.method} ${raw.path} is left out of the client: HTTP ${raw.method} requests carry no body (fetch() refuses one), so the function takes none`,
    `HTTP ${raw.method} carries no body: send what it holds as query parameters, or declare the operation under POST`,
  );
  return false;
}

/** The path item's and the operation's parameters whose wire form the client does not write as described. */
function reportLooseParameters(raw: RawOperation, ctx: SchemaContext): void {
  const lists: [unknown, string][] = [
    [raw.item.parameters, joinPointer(raw.itemPointer, 'parameters')],
    [raw.operation.parameters, joinPointer(raw.pointer, 'parameters')],
  ];
  for (const [list, listPointer] of lists)
    asArray(list).forEach((entry, i) => reportParameter(entry, joinPointer(listPointer, i), ctx));
}

/**
 * What a call returns. The first success response with a body decides how it is read: JSON
 * (the union of the JSON bodies), text (a string) or bytes (a Blob, with no IR type).
 */
function successOf(
  responses: readonly IrResponse[],
): Pick<IrOperation, 'successStatuses' | 'successType' | 'successMedia' | 'successStream'> {
  const successes = responses.filter(isSuccess);
  const successStatuses = successes.flatMap((r) =>
    typeof r.status === 'number' ? [r.status] : [],
  );
  const first = successes.find(
    (r) => r.type !== undefined || r.media !== undefined || r.stream !== undefined,
  );
  const stream = first?.stream;
  const successStream: IrSuccessStream | undefined = stream && {
    accept: [...new Set(successes.flatMap((r) => (r.stream ? [r.stream.mediaType] : [])))].join(
      ', ',
    ),
    framing: streamFraming(stream.mediaType),
    item: stream.item,
  };
  // Only a stream: the call gives it, and no body type besides.
  if (successStream && first?.type === undefined) return { successStatuses, successStream };
  if (first?.media) {
    const accept = [
      ...new Set(successes.filter((r) => r.media === first.media).map((r) => r.mediaType!)),
    ].join(', ');
    return {
      successStatuses,
      ...(first.media === 'text' ? { successType: first.type! } : {}),
      successMedia: { kind: first.media, accept },
    };
  }
  const bodies = successes.flatMap((r) => (r.type && !r.media ? [r.type] : []));
  const successType: IrType | undefined =
    bodies.length === 0
      ? undefined
      : bodies.length === 1
        ? bodies[0]
        : // One body that is anything (`{}`) makes the union anything, as in a schema's anyOf.
          bodies.some((b) => b.kind === 'unknown')
          ? { kind: 'unknown' }
          : { kind: 'union', members: bodies };
  return {
    successStatuses,
    ...(successType ? { successType } : {}),
    ...(successStream ? { successStream } : {}),
  };
}

/**
 * An answer that may be JSON or a stream is chosen by a boolean body property: the
 * operation's `x-sdk-stream-flag`, else a body property named `stream` (OpenAI's). The call's
 * type then follows the flag; without one it is either, and a located warning says so.
 */
function streamWithFlag(
  stream: IrSuccessStream,
  successType: IrType | undefined,
  raw: RawOperation,
  body: IrRequestBody | undefined,
  ctx: SchemaContext,
  schemaTypes: ReadonlyMap<string, IrType>,
): IrSuccessStream {
  if (successType === undefined) return stream;
  const declared = asString(raw.operation['x-sdk-stream-flag']);
  const name = declared ?? 'stream';
  const flag = hasBooleanProperty(body?.type, name, schemaTypes) ? name : undefined;
  if (declared !== undefined && flag === undefined)
    ctx.reporter.warning(
      'media-type-stream',
      joinPointer(raw.pointer, 'x-sdk-stream-flag'),
      `x-sdk-stream-flag names '${declared}', which is not a boolean property of the request body: the call's type is the JSON answer or the stream, whichever the server sends`,
      'name a boolean property of the JSON request body',
    );
  else if (flag === undefined)
    ctx.reporter.warning(
      'media-type-stream',
      joinPointer(raw.pointer, 'responses'),
      `the answer may be JSON or a stream (${stream.accept}) and no request flag chooses: the call's type is either, by the response's Content-Type`,
      'name the boolean body property that asks for the stream with x-sdk-stream-flag on the operation',
    );
  return flag !== undefined ? { ...stream, flag } : stream;
}

/** Whether an object body (or one of its `allOf` parts) has a boolean property `name`. */
function hasBooleanProperty(
  type: IrType | undefined,
  name: string,
  schemaTypes: ReadonlyMap<string, IrType>,
): boolean {
  const target = type?.kind === 'ref' ? schemaTypes.get(type.name) : type;
  if (target?.kind === 'intersection')
    return target.members.some((m) => hasBooleanProperty(m, name, schemaTypes));
  if (target?.kind !== 'object') return false;
  const property = target.properties.find((p) => p.name === name);
  const boolean = (t: IrType): boolean =>
    t.kind === 'boolean' ||
    (t.kind === 'literal' && typeof t.value === 'boolean') ||
    (t.kind === 'union' && t.members.every((m) => m.kind === 'null' || boolean(m)));
  return property !== undefined && boolean(property.type);
}

function fallbackOperationId(method: HttpMethod, path: string): string {
  const segments = path.split('/').filter((s) => s.length > 0 && !/^v\d+$/.test(s) && s !== 'api');
  const words = segments.map((s) => (s.startsWith('{') ? `by ${s.slice(1, -1)}` : s));
  return [method.toLowerCase(), ...words].join(' ');
}

/** The operation's first tag and the tags above it (OpenAPI 3.2's `parent`). */
function placeOfTag(tag: string | undefined, ctx: SchemaContext) {
  if (tag === undefined) return { tag };
  const parents = tagAncestors(ctx.root, tag, ctx.reporter);
  return parents.length > 0 ? { tag, tagParents: parents } : { tag };
}

/** `x-sdk-method` when the spec gives one; else the place its tag, operationId and path make (`placeOperation`). */
function placeInClient(
  raw: RawOperation,
  fallbackId: string,
  tree: () => PathTree,
  ctx: SchemaContext,
): ClientPlace {
  const { operation, pointer } = raw;
  const declared = asString(operation['x-sdk-method']);
  if (declared !== undefined) {
    const parts = declared.split('.').filter((p) => p.length > 0);
    if (parts.length >= 2) {
      return {
        resourcePath: parts.slice(0, -1).map(memberName),
        methodName: memberName(parts[parts.length - 1]!),
      };
    }
    ctx.reporter.error(
      'sdk-method',
      joinPointer(pointer, 'x-sdk-method'),
      `x-sdk-method '${declared}' must be 'resource.method'`,
      "for example 'stations.around'",
    );
  }
  return placeOperation({
    method: raw.method,
    path: raw.path,
    operationId: asString(operation.operationId),
    fallbackId,
    ...placeOfTag(asString(asArray(operation.tags)[0]), ctx),
    siblings: new Set(pathItemOperations(raw.item).map((o) => o.method)),
    tree,
  });
}

function orderPathParameters(path: string, parameters: IrParameter[]): IrParameter[] {
  const order = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return [...parameters].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}
