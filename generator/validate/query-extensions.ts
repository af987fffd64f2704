/**
 * An operation's `x-sdk-query` and `x-sdk-invalidates`: what the method alone does not say about
 * an operation's place in TanStack Query.
 *
 * - `x-sdk-query: write` makes an operation a mutation whatever its method: a GET that creates
 *   something each time (a payment provider's setup intent, a one-time download link) must not
 *   be cached and refetched as a read. `read` makes a POST search a query.
 * - `x-sdk-invalidates: [operationId, …]` names the reads a successful write changes beyond
 *   its own path: starting to charge changes a station's availability.
 *
 * Each is refused here, at its own line, when it has the wrong shape, names no operation or
 * names one that is not a read (it has no key to invalidate), or sits on a read.
 */
import type { Diagnostic } from '../shared/diagnostics.js';
import { member } from '../shared/document/read.js';
import { joinPointer } from '../shared/document/pointer.js';
import type { SourceDocument } from '../load/load.js';
import { errorAt } from './report.js';
import type { OperationSite } from './document-index.js';
import { queryRole as roleBy } from '../shared/query-role.js';

export const QUERY_ROLE = 'x-sdk-query';
export const INVALIDATES = 'x-sdk-invalidates';

const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The role an operation has by its method and its `x-sdk-query`, as the plan reads it. */
const roleOf = (site: OperationSite) => roleBy(site.method, member(site.operation, QUERY_ROLE));

export function queryExtensions(
  doc: SourceDocument,
  operations: readonly OperationSite[],
): Diagnostic[] {
  const byId = new Map<string, OperationSite>();
  for (const site of operations) {
    const id = member(site.operation, 'operationId');
    if (typeof id === 'string' && !byId.has(id)) byId.set(id, site);
  }
  return operations.flatMap((site) => [...queryRole(doc, site), ...invalidates(doc, site, byId)]);
}

function queryRole(doc: SourceDocument, site: OperationSite): Diagnostic[] {
  if (!has(site.operation, QUERY_ROLE)) return [];
  const value = member(site.operation, QUERY_ROLE);
  if (value === 'read' || value === 'write') return [];
  return [
    errorAt(
      doc,
      'invalid-sdk-extension',
      joinPointer(site.pointer, QUERY_ROLE),
      `${QUERY_ROLE} must be 'read' or 'write', got ${JSON.stringify(value) ?? String(value)}`,
      "'write' for an operation that must not be cached as a query (a GET that creates something each time), 'read' for one that only reads (a POST search)",
    ),
  ];
}

function invalidates(
  doc: SourceDocument,
  site: OperationSite,
  byId: ReadonlyMap<string, OperationSite>,
): Diagnostic[] {
  if (!has(site.operation, INVALIDATES)) return [];
  const value = member(site.operation, INVALIDATES);
  const at = joinPointer(site.pointer, INVALIDATES);
  const hint =
    'a list of the operationIds of the reads a success changes, for example [stationsAround]';
  if (!Array.isArray(value))
    return [errorAt(doc, 'invalid-sdk-extension', at, `${INVALIDATES} must be a list`, hint)];
  const problems: Diagnostic[] = [];
  if (roleOf(site) !== 'write')
    problems.push(
      errorAt(
        doc,
        'invalid-sdk-extension',
        at,
        `${INVALIDATES} is read on writes only, and this operation is a read`,
        `${QUERY_ROLE}: write makes it a mutation`,
      ),
    );
  value.forEach((id: unknown, i) => {
    const pointer = joinPointer(at, String(i));
    const target = typeof id === 'string' ? byId.get(id) : undefined;
    if (typeof id !== 'string' || target === undefined)
      problems.push(
        errorAt(
          doc,
          'invalid-sdk-extension',
          pointer,
          typeof id === 'string'
            ? `${INVALIDATES}: no operation has the operationId '${id}'`
            : `${INVALIDATES}: each entry must be an operationId`,
          hint,
        ),
      );
    else if (roleOf(target) !== 'read')
      problems.push(
        errorAt(
          doc,
          'invalid-sdk-extension',
          pointer,
          `${INVALIDATES}: '${id}' is not a read, so it has no query to invalidate`,
          hint,
        ),
      );
  });
  return problems;
}
