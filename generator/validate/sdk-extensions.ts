/**
 * The `x-sdk-*` extensions on `info`, which tell the generator what the document alone
 * cannot: the environment variable the token is read from, the header naming the client
 * (browsers cannot set `User-Agent`), the hand-written layer the package also gets, and the
 * revision of a hand-kept description of the API (`x-sdk-spec-revision`, read by the release
 * step's `api-version` warning). Each is optional; a value of the wrong shape is refused here,
 * at its own line.
 */
import type { Diagnostic } from '../shared/diagnostics.js';
import { isObject, member } from '../shared/document/read.js';
import type { SourceDocument } from '../load/load.js';
import { joinPointer } from '../shared/document/pointer.js';
import { errorAt } from './report.js';
import { indexDocument, type OperationSite } from './document-index.js';
import { sdkLayers } from '../shared/templates/dirs.js';
import { queryExtensions } from './query-extensions.js';

interface ExtensionRule {
  readonly name: string;
  /** Why the value cannot be used, or undefined when it can. */
  readonly problem: (value: string) => string | undefined;
  readonly hint: string;
}

const RULES: readonly ExtensionRule[] = [
  {
    name: 'x-sdk-token-env',
    problem: (v) =>
      /^[A-Z_][A-Z0-9_]*$/.test(v) ? undefined : `'${v}' is not an environment variable name`,
    hint: 'upper-case letters, digits and underscores, not starting with a digit, for example PETSTORE_API_TOKEN',
  },
  {
    name: 'x-sdk-client-header',
    // An HTTP token (RFC 9110), and not one the client or the browser already owns.
    problem: (v) =>
      !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(v)
        ? `'${v}' is not a header name`
        : ['authorization', 'user-agent', 'accept', 'content-type', 'cookie', 'host'].includes(
              v.toLowerCase(),
            )
          ? `'${v}' is a header the client already sets`
          : undefined,
    hint: 'a header name of its own, for example x-petstore-client',
  },
  {
    name: 'x-sdk-lib',
    problem: (v) =>
      sdkLayers().includes(v) ? undefined : `'${v}' is not a layer the generator has`,
    hint: `one of ${sdkLayers()
      .map((l) => `'${l}'`)
      .join(', ')} (a folder under templates/)`,
  },
];

/** `info.x-sdk-token-env`, `info.x-sdk-client-header` and `info.x-sdk-lib`: strings of the right shape when present; `info.x-sdk-spec-revision`: a count; an operation's `x-sdk-pagination`: a cursor list; its `x-sdk-query` and `x-sdk-invalidates` (`query-extensions.ts`). */
export function sdkExtensions(doc: SourceDocument): Diagnostic[] {
  const info = member(doc.value, 'info');
  return [
    ...(isObject(info) ? [...stringExtensions(doc, info), ...specRevision(doc, info)] : []),
    ...indexDocument(doc).operations.flatMap((site) => paginationExtension(doc, site)),
    ...queryExtensions(doc, indexDocument(doc).operations),
  ];
}

const PAGINATION = 'x-sdk-pagination';
const PAGINATION_HINT =
  "an object such as { items: '/data', cursor: { parameter: 'after', from: '/last_id' }, hasMore: '/has_more' }: JSON pointers into the response, and the query parameter that takes the cursor (cursor.fromLastItem: '/id' reads the page's last item instead of cursor.from)";

/**
 * An operation's `x-sdk-pagination` (see generator/ir/pagination.ts): `items` and `hasMore`
 * JSON pointers into the response, `cursor.parameter` a name, and exactly one of
 * `cursor.from` (a pointer into the response) and `cursor.fromLastItem` (into the last item).
 * Whether they name what the operation has is checked when the client is built.
 */
function paginationExtension(doc: SourceDocument, site: OperationSite): Diagnostic[] {
  if (!Object.prototype.hasOwnProperty.call(site.operation, PAGINATION)) return [];
  const value = member(site.operation, PAGINATION);
  const at = joinPointer(site.pointer, PAGINATION);
  const problem = (pointer: string, message: string) => [
    errorAt(doc, 'invalid-sdk-extension', pointer, `${PAGINATION}: ${message}`, PAGINATION_HINT),
  ];
  const isPointer = (v: unknown) => typeof v === 'string' && (v === '' || v.startsWith('/'));
  if (!isObject(value)) return problem(at, 'must be an object');
  const cursor = member(value, 'cursor');
  if (!isPointer(member(value, 'items')))
    return problem(joinPointer(at, 'items'), 'items must be a JSON pointer into the response');
  if (member(value, 'hasMore') !== undefined && !isPointer(member(value, 'hasMore')))
    return problem(joinPointer(at, 'hasMore'), 'hasMore must be a JSON pointer into the response');
  if (!isObject(cursor))
    return problem(joinPointer(at, 'cursor'), 'cursor must be an object with parameter and from');
  const parameter = member(cursor, 'parameter');
  if (typeof parameter !== 'string' || parameter === '')
    return problem(
      joinPointer(at, 'cursor', 'parameter'),
      'cursor.parameter must name the query parameter that takes the cursor',
    );
  const from = member(cursor, 'from');
  const fromLastItem = member(cursor, 'fromLastItem');
  if ((from === undefined) === (fromLastItem === undefined))
    return problem(joinPointer(at, 'cursor'), 'cursor needs exactly one of from and fromLastItem');
  const [key, given] = from !== undefined ? ['from', from] : ['fromLastItem', fromLastItem];
  return isPointer(given)
    ? []
    : problem(joinPointer(at, 'cursor', key), `cursor.${key} must be a JSON pointer`);
}

function stringExtensions(doc: SourceDocument, info: object): Diagnostic[] {
  return RULES.flatMap(({ name, problem, hint }) => {
    if (!Object.prototype.hasOwnProperty.call(info, name)) return [];
    const value = member(info, name);
    const pointer = `/info/${name}`;
    if (typeof value !== 'string')
      return [
        errorAt(
          doc,
          'invalid-sdk-extension',
          pointer,
          `info.${name} must be a string, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
          hint,
        ),
      ];
    const why = problem(value);
    return why
      ? [errorAt(doc, 'invalid-sdk-extension', pointer, `info.${name}: ${why}`, hint)]
      : [];
  });
}

/**
 * A whole number from 1: it is compared with the one the last release recorded, so a string
 * ('2') or a fraction would be a second spelling of the same revision.
 */
function specRevision(doc: SourceDocument, info: object): Diagnostic[] {
  const name = 'x-sdk-spec-revision';
  if (!Object.prototype.hasOwnProperty.call(info, name)) return [];
  const value = member(info, name);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return [];
  return [
    errorAt(
      doc,
      'invalid-sdk-extension',
      `/info/${name}`,
      `info.${name} must be a whole number from 1, got ${JSON.stringify(value) ?? String(value)}`,
      'raise it by one with each change that corrects the description of the same info.version, for example 2',
    ),
  ];
}
