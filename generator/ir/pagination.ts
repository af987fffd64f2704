/**
 * Which list operations the client walks page by page, and how, read from the response and
 * request shapes:
 *  - `link`: Django REST framework's `{count, next, previous, results}`, followed by its `next` link;
 *  - `cursor`: a cursor query parameter whose next value the response gives —
 *    Stripe (`data`, `has_more`, `starting_after` = the last item's `id`),
 *    OpenAI (`data`, `has_more`, `after` = `last_id`),
 *    Slack (one array, `response_metadata.next_cursor`, `cursor`),
 *    and a next token beside one array (`next_page_token` → `page_token`, `nextCursor` → `cursor`).
 * Shapes are read conservatively: a list is recognised only when the response and the query
 * parameter agree. Where shapes cannot tell, the operation's `x-sdk-pagination` says it:
 * `{ items: '/data', cursor: { parameter: 'after', from: '/last_id' }, hasMore: '/has_more' }`,
 * JSON pointers into the response (`fromLastItem: '/id'` reads the page's last item instead).
 * Its shape is checked by validate (`sdk-extensions.ts`); what it names is checked here
 * against the operation, with a located warning for what does not fit.
 */
import { splitPointer } from '../shared/document/pointer.js';
import { warnOnce } from './left-out.js';
import { asObject, asString, joinPointer, type RawObject, type Reporter } from './raw.js';
import type { IrCursorPagination, IrParameter, IrPagination, IrType } from './types.js';

export const PAGINATION_EXTENSION = 'x-sdk-pagination';

interface Shapes {
  readonly operation: RawObject;
  /** JSON pointer of the operation, for warnings. */
  readonly pointer: string;
  readonly successType: IrType;
  readonly queryParameters: readonly IrParameter[];
  readonly schemaTypes: ReadonlyMap<string, IrType>;
  readonly reporter: Reporter;
}

/** How the operation's list is walked, or undefined when it is not one the client walks. */
export function paginationOf(shapes: Shapes): IrPagination | undefined {
  if (shapes.operation[PAGINATION_EXTENSION] !== undefined) return declared(shapes);
  const body = objectOf(shapes.successType, shapes.schemaTypes);
  if (!body) return undefined;
  const link = property(body, 'results');
  if (link?.kind === 'array' && property(body, 'next')) return { kind: 'link', item: link.items };
  return cursorShape(body, shapes);
}

type ObjectType = Extract<IrType, { kind: 'object' }>;

function objectOf(type: IrType | undefined, types: ReadonlyMap<string, IrType>) {
  const target = type?.kind === 'ref' ? types.get(type.name) : type;
  return target?.kind === 'object' ? target : undefined;
}

function property(type: ObjectType, name: string): IrType | undefined {
  return type.properties.find((p) => p.name === name)?.type;
}

/** The query parameter `name` when it can take a cursor: optional (the first page sends none) and a string. */
function cursorParameter(shapes: Shapes, name: string): IrParameter | undefined {
  const found = shapes.queryParameters.find((p) => p.name === name);
  return found && !found.required && stringLike(found.type) ? found : undefined;
}

function stringLike(type: IrType): boolean {
  return (
    type.kind === 'string' ||
    (type.kind === 'union' && type.members.every((m) => m.kind === 'string' || m.kind === 'null'))
  );
}

/** Generic next-token names of a response, each with the query parameter it goes back in. */
const NEXT_TOKENS: readonly (readonly [string, string])[] = [
  ['next_cursor', 'cursor'],
  ['nextCursor', 'cursor'],
  ['next_page_token', 'page_token'],
  ['nextPageToken', 'pageToken'],
];

function cursorShape(body: ObjectType, shapes: Shapes): IrCursorPagination | undefined {
  const data = property(body, 'data');
  const hasMore = property(body, 'has_more')?.kind === 'boolean' ? ['has_more'] : undefined;
  if (data?.kind === 'array' && hasMore) {
    const item = data.items;
    const itemHasId = objectOf(item, shapes.schemaTypes)?.properties.some((p) => p.name === 'id');
    // OpenAI: `after` takes `last_id` (or the last item's id when the response has no `last_id`).
    if (cursorParameter(shapes, 'after') && (property(body, 'last_id') || itemHasId))
      return {
        kind: 'cursor',
        item,
        items: ['data'],
        parameter: 'after',
        cursor: property(body, 'last_id')
          ? { from: 'response', path: ['last_id'] }
          : { from: 'lastItem', path: ['id'] },
        hasMore,
      };
    // Stripe: `starting_after` takes the last item's id.
    if (cursorParameter(shapes, 'starting_after') && itemHasId)
      return {
        kind: 'cursor',
        item,
        items: ['data'],
        parameter: 'starting_after',
        cursor: { from: 'lastItem', path: ['id'] },
        hasMore,
      };
  }
  // One array beside the token, so which list the pages hold is not a guess.
  const arrays = body.properties.filter((p) => p.type.kind === 'array');
  if (arrays.length !== 1) return undefined;
  const list = arrays[0]!;
  const item = (list.type as Extract<IrType, { kind: 'array' }>).items;
  const metadata = objectOf(property(body, 'response_metadata'), shapes.schemaTypes);
  if (metadata && property(metadata, 'next_cursor') && cursorParameter(shapes, 'cursor'))
    return {
      kind: 'cursor',
      item,
      items: [list.name],
      parameter: 'cursor',
      cursor: { from: 'response', path: ['response_metadata', 'next_cursor'] },
    };
  for (const [token, parameter] of NEXT_TOKENS)
    if (property(body, token) && cursorParameter(shapes, parameter))
      return {
        kind: 'cursor',
        item,
        items: [list.name],
        parameter,
        cursor: { from: 'response', path: [token] },
      };
  return undefined;
}

/**
 * The list `x-sdk-pagination` declares, when what it names is in the operation: the query
 * parameter, and an array at `items` in the response schema. Otherwise a warning, and the
 * operation is an ordinary call (its shape was checked by validate).
 */
function declared(shapes: Shapes): IrCursorPagination | undefined {
  const pointer = joinPointer(shapes.pointer, PAGINATION_EXTENSION);
  const value = asObject(shapes.operation[PAGINATION_EXTENSION]);
  const cursor = asObject(value?.['cursor']);
  const items = splitPointer(asString(value?.['items']) ?? '');
  const parameter = asString(cursor?.['parameter']);
  const fromLastItem = asString(cursor?.['fromLastItem']);
  const from = splitPointer(asString(cursor?.['from']) ?? fromLastItem ?? '');
  const hasMoreText = asString(value?.['hasMore']);
  const hasMore = hasMoreText === undefined ? undefined : splitPointer(hasMoreText);
  if (!items || !parameter || !from || (hasMoreText !== undefined && !hasMore)) return undefined;
  const list = arrayAt(shapes.successType, items, shapes.schemaTypes);
  const problem = !cursorParameter(shapes, parameter)
    ? `the cursor parameter '${parameter}' is not an optional string query parameter of the operation`
    : !list
      ? `the response has no array at '${asString(value?.['items'])}'`
      : undefined;
  if (problem) {
    warnOnce(
      shapes.reporter,
      'pagination-not-followed',
      pointer,
      `${problem}, so the client returns the response as it is and does not walk its pages`,
      'name an optional query parameter in cursor.parameter, and a JSON pointer to the list of items in items',
    );
    return undefined;
  }
  return {
    kind: 'cursor',
    item: list!,
    items,
    parameter,
    cursor: { from: fromLastItem !== undefined ? 'lastItem' : 'response', path: from },
    ...(hasMore ? { hasMore } : {}),
  };
}

/** The item type of the array at `path` in `type`, following references. */
function arrayAt(
  type: IrType | undefined,
  path: readonly string[],
  types: ReadonlyMap<string, IrType>,
): IrType | undefined {
  let at = type;
  for (const name of path) {
    const object = objectOf(at, types);
    at = object ? property(object, name) : undefined;
  }
  const resolved = at?.kind === 'ref' ? types.get(at.name) : at;
  return resolved?.kind === 'array' ? resolved.items : undefined;
}
