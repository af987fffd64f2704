/**
 * Query keys and invalidation, derived from the operations' path templates: the data the query
 * options module (`query.ts`, the `./query` entry point) renders, kept apart so the rules can be tested as values.
 *
 * A read's key is `[api, ...segments, params]`: the API's root (`'connect-api'`), the path's
 * segments with each path parameter's value in its place (`'users', userId, 'billing-details'`),
 * and last an object, the query parameters (`{}` when there are none). So two filters reach two
 * scopes: `[api, 'users', userId]` every read at or under that user (a prefix), and
 * `[api, 'users', userId, {}]` the reads of that very path with any query (TanStack matches an
 * object in a filter partially, and never against a string or number, so the trailing `{}`
 * stops at the path). An infinite read appends `'infinite'` after the query, which holds no
 * page parameter: the pages are the query's data, not part of what identifies it. A streamed
 * query appends `'stream'` (after a write's body, which is what identifies its answer).
 */
import type { HttpMethod, IrOperation, IrParameter, IrType } from '../ir/types.js';
import { dedupe } from '../ir/schema.js';
import { queryRole } from '../shared/query-role.js';

/** One element of a key: a word of the path, a path parameter's value, or a segment mixing both. */
export type KeySegment =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'parameter'; readonly name: string }
  | { readonly kind: 'template'; readonly parts: readonly (string | { readonly name: string })[] };

/** What a filter reaches: the reads of one path (`[..., {}]`), or everything at and under it (a prefix). */
export type InvalidationScope = 'reads' | 'subtree';

export interface Invalidation {
  readonly segments: readonly KeySegment[];
  readonly scope: InvalidationScope;
}

/** Whether an operation gets query options (a read) or mutation options (a write): `queryRole`'s rule. */
export function queryRoleOf(
  op: Pick<IrOperation, 'method' | 'queryRole'>,
): 'read' | 'write' | undefined {
  return queryRole(op.method, op.queryRole);
}

/**
 * How a streamed query asks for its operation's stream: the answer is always one, or the
 * request's flag (`stream: true` in the body) asks for it. None when the operation cannot
 * answer a stream, or when its flag has no body to go in (the call then answers either, and
 * nothing the query could set chooses the stream). HEAD and OPTIONS get no query options.
 */
export function streamedQueryOf(
  op: Pick<IrOperation, 'method' | 'queryRole' | 'successStream' | 'successType' | 'body'>,
): 'always' | 'flag' | undefined {
  const stream = op.successStream;
  if (!stream || queryRoleOf(op) === undefined) return undefined;
  if (stream.flag !== undefined && op.body) return 'flag';
  return op.successType === undefined ? 'always' : undefined;
}

/** Whether the call takes anything besides the client and its options, so that a mutation has variables. */
export function takesArguments(
  op: Pick<
    IrOperation,
    'pathParameters' | 'queryParameters' | 'headerParameters' | 'cookieParameters' | 'body'
  >,
): boolean {
  return (
    op.pathParameters.length +
      op.queryParameters.length +
      op.headerParameters.length +
      op.cookieParameters.length >
      0 || op.body !== undefined
  );
}

/**
 * The query parameter that picks a page of a paginated list, and how its value reads: the names
 * Django REST framework's paginators use (`page` for page numbers, `offset` for limit and
 * offset, `cursor` for cursors), which are what a `next` link of the envelope the IR recognises
 * sets; for a cursor list, its cursor parameter. None for a link list that declares none of them, or declares it required (the first page
 * would have to be guessed); such a list gets no infinite options.
 */
export function pageParameterOf(
  op: Pick<IrOperation, 'pagination' | 'queryParameters'>,
): { readonly parameter: IrParameter; readonly value: 'number' | 'token' | 'cursor' } | undefined {
  if (!op.pagination) return undefined;
  // A cursor list names its parameter (optional and a string, see ir/pagination.ts); its page gives the next value.
  if (op.pagination.kind === 'cursor') {
    const name = op.pagination.parameter;
    const parameter = op.queryParameters.find((p) => p.name === name);
    return parameter && !parameter.required ? { parameter, value: 'cursor' } : undefined;
  }
  for (const name of ['page', 'offset', 'cursor']) {
    const parameter = op.queryParameters.find((p) => p.name === name);
    if (!parameter || parameter.required) continue;
    const value = scalarKind(parameter.type);
    if (value === 'number' && name !== 'cursor') return { parameter, value };
    if (value === 'string') return { parameter, value: 'token' };
  }
  return undefined;
}

function scalarKind(type: IrType): 'number' | 'string' | undefined {
  if (type.kind === 'number') return 'number';
  if (type.kind === 'string') return 'string';
  if (type.kind === 'union') {
    const kinds = new Set(
      type.members.filter((m) => m.kind !== 'null').map((m) => scalarKind(m) ?? 'other'),
    );
    return kinds.size === 1 ? ([...kinds][0] as 'number' | 'string' | undefined) : undefined;
  }
  return undefined;
}

const split = (path: string) => path.split('/').filter((s) => s.length > 0);

/** `api` and versions (`v1`, `v2.1`), the words a path prefix of every operation carries without naming a resource. */
const PREFIX_WORD = /^(api|v\d+(\.\d+)*)$/i;

/**
 * How many leading segments every key leaves out: the run of `api` and version words that
 * every path of the document starts with (`/api/v1/`), and no more, so that two paths that
 * differ there (`/v1/users`, `/v2/users`) keep distinct keys.
 */
export function sharedPrefixLength(paths: readonly string[]): number {
  const lists = paths.map(split);
  let length = 0;
  for (;;) {
    const word = lists[0]?.[length];
    if (word === undefined || word.includes('{') || !PREFIX_WORD.test(word)) return length;
    // A path that is only the prefix keeps it: its key would otherwise be the root's alone.
    if (lists.some((l) => l[length] !== word || l.length === length + 1)) return length;
    length++;
  }
}

/** The key segments of a path template, without the shared prefix. */
export function keySegments(path: string, prefixLength: number): KeySegment[] {
  return split(path)
    .slice(prefixLength)
    .map((segment): KeySegment => {
      const whole = /^\{([^{}]+)\}$/.exec(segment);
      if (whole) return { kind: 'parameter', name: whole[1]! };
      if (!segment.includes('{')) return { kind: 'literal', value: segment };
      const parts = segment
        .split(/(\{[^{}]+\})/)
        .filter((p) => p.length > 0)
        .map((p) => (/^\{[^{}]+\}$/.test(p) ? { name: p.slice(1, -1) } : p));
      return { kind: 'template', parts };
    });
}

/** Whether two segment lists are the same path shape: equal words, a parameter wherever the other has one. */
function sameShape(a: readonly KeySegment[], b: readonly KeySegment[]): boolean {
  return a.length === b.length && a.every((s, i) => segmentsMatch(s, b[i]!, false));
}

/**
 * Whether `a` and `b` can stand for the same key element: equal words, or two parameters, or
 * (with `loose`) a parameter against a word it may take at run time (`{user_id}` and `me`).
 */
function segmentsMatch(a: KeySegment, b: KeySegment, loose: boolean): boolean {
  if (a.kind === 'literal' && b.kind === 'literal') return a.value === b.value;
  if (a.kind === 'literal' || b.kind === 'literal') return loose;
  return true;
}

/** Whether some read's key can start with `prefix`. */
function holdsRead(prefix: readonly KeySegment[], reads: readonly (readonly KeySegment[])[]) {
  return reads.some(
    (read) =>
      read.length >= prefix.length && prefix.every((s, i) => segmentsMatch(s, read[i]!, true)),
  );
}

/**
 * The keys a successful write invalidates, from the path hierarchy and the document's reads:
 *
 * 1. the reads of the path written (a create lists it, an update shows it), or for a DELETE
 *    everything at and under it (nothing there exists any more);
 * 2. the reads of its parent, the collection that lists it or the resource that shows it
 *    (`PUT /users/{id}/billing-details/` → that user);
 * 3. when neither names a read, as for an action (`POST /users/{id}/charging/start/`): all of
 *    the nearest resource above it that is named by a path parameter and holds reads, the thing
 *    the action acts on (that user: sessions, debts, the user), else nothing.
 *
 * Entries no read can match are dropped. Reads (`reads`) are the key segments of every GET.
 */
export function invalidationsOf(
  method: HttpMethod,
  segments: readonly KeySegment[],
  reads: readonly (readonly KeySegment[])[],
): Invalidation[] {
  const isRead = (path: readonly KeySegment[]) => reads.some((r) => sameShape(r, path));
  const found: Invalidation[] = [];
  if (method === 'DELETE' ? holdsRead(segments, reads) : isRead(segments))
    found.push({ segments, scope: method === 'DELETE' ? 'subtree' : 'reads' });
  const parent = segments.slice(0, -1);
  if (parent.length > 0 && isRead(parent)) found.push({ segments: parent, scope: 'reads' });
  if (found.length > 0) return found;
  for (let end = segments.length - 1; end > 0; end--) {
    const owner = segments.slice(0, end);
    if (owner[end - 1]!.kind !== 'literal' && holdsRead(owner, reads))
      return [{ segments: owner, scope: 'subtree' }];
  }
  return [];
}

/** The API's name at the root of every key: the document's title in kebab case (`connect-api`). */
export function rootKeyOf(title: string): string {
  const words = title
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  return words.length > 0 ? words.join('-') : 'api';
}

/** A read's key segments and a write's invalidations, for every operation of a document. */
export interface QueryKeyPlan {
  readonly reads: ReadonlyMap<IrOperation, readonly KeySegment[]>;
  /** The path segments of an operation that gets a streamed query, a read's as its key has them. */
  readonly streams: ReadonlyMap<IrOperation, readonly KeySegment[]>;
  readonly invalidations: ReadonlyMap<IrOperation, readonly Invalidation[]>;
}

/**
 * Keys for the document's operations. Two reads whose paths differ only by a trailing slash
 * (`/users`, `/users/`) would share a key and so each other's data; the later one keeps its
 * operation id as one more segment.
 */
export function queryKeyPlan(operations: readonly IrOperation[]): QueryKeyPlan {
  const prefix = sharedPrefixLength(operations.map((op) => op.path));
  const reads = new Map<IrOperation, readonly KeySegment[]>();
  for (const op of operations.filter((o) => queryRoleOf(o) === 'read')) {
    const segments = keySegments(op.path, prefix);
    const taken = [...reads.values()].some((r) => sameShape(r, segments));
    reads.set(op, taken ? [...segments, { kind: 'literal', value: op.operationId }] : segments);
  }
  const readSegments = [...reads.values()];
  // A write's streamed key on a read's path keeps its operation id, as a second read would.
  const writeSegments = (op: IrOperation, segments: KeySegment[]): readonly KeySegment[] =>
    readSegments.some((r) => sameShape(r, segments))
      ? [...segments, { kind: 'literal', value: op.operationId }]
      : segments;
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const invalidations = new Map(
    operations
      .filter((op) => queryRoleOf(op) === 'write')
      .map((op) => {
        const own = invalidationsOf(op.method, keySegments(op.path, prefix), readSegments);
        const declared = (op.invalidates ?? []).flatMap((id) => {
          const target = byId.get(id);
          const segments = target && reads.get(target);
          return segments ? [declaredInvalidation(op, segments)] : [];
        });
        // A declared read may be one the path gives already: each once.
        return [op, dedupe([...own, ...declared])];
      }),
  );
  const streams = new Map(
    operations
      .filter((op) => streamedQueryOf(op) !== undefined)
      .map((op) => [op, reads.get(op) ?? writeSegments(op, keySegments(op.path, prefix))]),
  );
  return { reads, invalidations, streams };
}

/**
 * A read a write names (`x-sdk-invalidates`): the reads of its path, whatever their query; or,
 * where its path has a parameter the write does not (`stationsDetails` of some other station),
 * everything under the part before it, since which one changed is not known.
 */
function declaredInvalidation(
  write: Pick<IrOperation, 'pathParameters'>,
  segments: readonly KeySegment[],
): Invalidation {
  const known = new Set(write.pathParameters.map((p) => p.name));
  const unknown = segments.findIndex(
    (s) =>
      (s.kind === 'parameter' && !known.has(s.name)) ||
      (s.kind === 'template' && s.parts.some((p) => typeof p !== 'string' && !known.has(p.name))),
  );
  return unknown < 0
    ? { segments, scope: 'reads' }
    : { segments: segments.slice(0, unknown), scope: 'subtree' };
}
