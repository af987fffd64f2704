/**
 * What the Swagger 2.0 document needs before Scalar's upgrader sees it, for constructs the
 * upgrader converts wrongly or not at all (each step says which). Works on a copy; the
 * pointers of `findings` are the original's, since no step moves what it reports on.
 */
import { joinPointer } from '../../shared/document/pointer.js';
import { isObject, member } from '../../shared/document/read.js';
import { readDraft4Forms } from './draft4.js';
import { isBodyLike, OPERATION_KEYS, resolveParameter } from './parameters.js';

type Mutable = Record<string, unknown>;

/** A located warning about a construct OpenAPI 3 (or the client) cannot carry as written. */
export interface Finding {
  readonly code: string;
  readonly pointer: string;
  readonly message: string;
  readonly hint: string;
}

export interface Prepared {
  /** The 2.0 document to upgrade, with body and form parameters where each operation has them. */
  readonly document: Mutable;
  /** Members of path items that are not operations, kept out of the upgrader's way (`repair.ts` puts them back). */
  readonly aside: ReadonlyMap<string, Mutable>;
  readonly findings: readonly Finding[];
}

export function prepare(original: Mutable): Prepared {
  const document = structuredClone(original);
  // Schemas first, before body parameters are copied into operations (`pushDownBodies`).
  const findings = [...readDraft4Forms(document), ...collectionFormats(document)];
  const aside = new Map<string, Mutable>();
  const paths = member(document, 'paths');
  for (const [path, item] of Object.entries(isObject(paths) ? paths : {})) {
    if (!isObject(item)) continue;
    const pathItem = item as Mutable;
    // The upgrader treats every member but `parameters` as an operation: an extension
    // (`x-…: null`) or a `$ref` would be written into, or make it throw.
    const set: Mutable = {};
    for (const [key, value] of Object.entries(pathItem)) {
      if (key === 'parameters' || (OPERATION_KEYS.has(key) && isObject(value))) continue;
      set[key] = value;
      delete pathItem[key];
    }
    if (Object.keys(set).length > 0) aside.set(path, set);
    pushDownBodies(document, pathItem);
  }
  return { document, aside, findings };
}

/**
 * Gives every operation its body and form parameters, resolved. The upgrader leaves a
 * `$ref` to a body parameter in `parameters` (where OpenAPI 3 has no body), and applies a
 * path item's body only to the operations listed after `parameters`.
 */
function pushDownBodies(document: Mutable, pathItem: Mutable): void {
  const inline = (list: unknown): unknown[] =>
    (Array.isArray(list) ? list : []).map((entry) => {
      const resolved = resolveParameter(document, entry);
      return resolved !== entry && isBodyLike(resolved) ? structuredClone(resolved) : entry;
    });
  const shared = inline(pathItem.parameters);
  const sharedBodies = shared.filter(isBodyLike);
  if (Array.isArray(pathItem.parameters))
    pathItem.parameters = shared.filter((p) => !isBodyLike(p));
  for (const key of OPERATION_KEYS) {
    const operation = pathItem[key];
    if (!isObject(operation)) continue;
    const own = inline((operation as Mutable).parameters);
    // An operation's parameter overrides the path item's of the same name and place; a
    // body parameter overrides any other body.
    const overridden = (p: unknown) =>
      own.some(
        (o) =>
          member(o, 'in') === member(p, 'in') &&
          (member(p, 'in') === 'body' || member(o, 'name') === member(p, 'name')),
      );
    const added = sharedBodies.filter((p) => !overridden(p)).map((p) => structuredClone(p));
    if (own.length + added.length > 0 || Array.isArray((operation as Mutable).parameters))
      (operation as Mutable).parameters = [...own, ...added];
  }
}

/**
 * Lists in parameters and headers. OpenAPI 3 has styles for csv, ssv, pipes and multi in
 * the query and csv in paths and headers; the generated client writes csv and multi only,
 * and a form field's list as one field per item. Each format the client does not send as
 * written is a located warning saying what it sends; a format OpenAPI 3 has no style for
 * becomes csv (the upgrader would drop it, and a query list would then go out as multi).
 */
function collectionFormats(document: Mutable): Finding[] {
  const findings: Finding[] = [];
  const visit = (pointer: string, value: unknown, place: unknown) => {
    if (!isObject(value) || '$ref' in value) return;
    checkList(findings, pointer, value as Mutable, place);
  };
  const visitList = (pointer: string, list: unknown) => {
    if (Array.isArray(list))
      list.forEach((p, i) => visit(joinPointer(pointer, i), p, member(p, 'in')));
  };
  const visitHeaders = (pointer: string, response: unknown) => {
    const headers = member(response, 'headers');
    for (const [name, header] of Object.entries(isObject(headers) ? headers : {}))
      visit(joinPointer(pointer, 'headers', name), header, 'response header');
  };
  for (const [name, p] of Object.entries(asRecord(document.parameters)))
    visit(joinPointer('/parameters', name), p, member(p, 'in'));
  for (const [name, r] of Object.entries(asRecord(document.responses)))
    visitHeaders(joinPointer('/responses', name), r);
  for (const [path, item] of Object.entries(asRecord(document.paths))) {
    visitList(joinPointer('/paths', path, 'parameters'), member(item, 'parameters'));
    for (const method of OPERATION_KEYS) {
      const operation = member(item, method);
      visitList(joinPointer('/paths', path, method, 'parameters'), member(operation, 'parameters'));
      for (const [status, r] of Object.entries(asRecord(member(operation, 'responses'))))
        visitHeaders(joinPointer('/paths', path, method, 'responses', status), r);
    }
  }
  return findings;
}

function checkList(findings: Finding[], pointer: string, owner: Mutable, place: unknown): void {
  const items = owner.items;
  // A list inside a list: OpenAPI 3 has no format for the inner one.
  if (isObject(items) && 'collectionFormat' in items) {
    const inner = items as Mutable;
    if (inner.collectionFormat !== 'csv')
      findings.push({
        code: 'swagger-collection-format',
        pointer: joinPointer(pointer, 'items', 'collectionFormat'),
        message: `collectionFormat '${String(inner.collectionFormat)}' of a list inside a list has no OpenAPI 3 equivalent`,
        hint: 'it is ignored; declare the inner list as a string the caller formats',
      });
    delete inner.collectionFormat;
  }
  if (owner.type !== 'array') {
    if (place === 'response header') delete owner.collectionFormat;
    return;
  }
  const format = typeof owner.collectionFormat === 'string' ? owner.collectionFormat : 'csv';
  const at = joinPointer(pointer, 'collectionFormat');
  const where = 'collectionFormat' in owner ? at : joinPointer(pointer, 'type');
  if (place === 'formData') {
    // A list of files can only be one part per file, whatever the format says.
    if (format !== 'multi' && member(items, 'type') !== 'file')
      findings.push({
        code: 'swagger-collection-format',
        pointer: where,
        message: `form field '${String(owner.name)}' is a list in collectionFormat '${format}'${'collectionFormat' in owner ? '' : ' (the default)'}, which the generated client does not send`,
        hint: "the client sends one field per item (collectionFormat 'multi'); declare `collectionFormat: multi` if the server accepts that",
      });
    return;
  }
  const supported = place === 'query' ? ['csv', 'multi'] : ['csv'];
  // ssv and pipes in the query become OpenAPI 3 styles (spaceDelimited, pipeDelimited),
  // which the client writes as they are defined.
  const hasStyle = place === 'query' && (format === 'ssv' || format === 'pipes');
  if (!supported.includes(format) && !hasStyle) {
    findings.push({
      code: 'swagger-collection-format',
      pointer: where,
      message: `collectionFormat '${format}' has no OpenAPI 3 equivalent in a ${place === 'response header' ? 'response header' : `${String(place)} parameter`}`,
      hint: "the client sends the list comma-separated (collectionFormat 'csv')",
    });
    owner.collectionFormat = 'csv';
  }
  // The upgrader moves a header's type into `schema` but leaves this, which OpenAPI 3 forbids there.
  if (place === 'response header') delete owner.collectionFormat;
}

function asRecord(value: unknown): Readonly<Record<string, unknown>> {
  return isObject(value) ? value : {};
}
