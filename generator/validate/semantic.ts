/**
 * Rules the OpenAPI JSON Schema cannot express, each a function from the document to its
 * problems. They run even when the schema check failed, so each one checks the type of
 * everything it reads; none of them throws on a malformed document.
 */
import type { Diagnostic } from '../shared/diagnostics.js';
import {
  isUrl,
  joinPointer,
  refPointer,
  resolvePointer,
  splitPointer,
} from '../shared/document/pointer.js';
import { followRefs as deref, isObject, member } from '../shared/document/read.js';
import type { SourceDocument } from '../load/load.js';
import { indexDocument, type OperationSite } from './document-index.js';
import { pathParameters } from './path-parameters.js';
import { errorAt, warningAt } from './report.js';
import { readingOf } from './tolerances.js';
import { closest } from './closest.js';
import { sdkExtensions } from './sdk-extensions.js';

export type Rule = (doc: SourceDocument) => Diagnostic[];

/** Every semantic rule, in the order they are documented; output order does not depend on it (diagnostics are sorted). */
export const semanticRules: readonly Rule[] = [
  uniqueOperationIds,
  references,
  pathParameters,
  enumValues,
  trailingSlashes,
  bearerSecurity,
  sdkExtensions,
];

/** operationIds name the generated functions, so two operations may not share one. */
export function uniqueOperationIds(doc: SourceDocument): Diagnostic[] {
  const first = new Map<string, OperationSite>();
  const diagnostics: Diagnostic[] = [];
  for (const site of indexDocument(doc).operations) {
    const id = member(site.operation, 'operationId');
    if (typeof id !== 'string') continue;
    const previous = first.get(id);
    if (!previous) {
      first.set(id, site);
    } else if (previous.pointer !== site.pointer) {
      diagnostics.push(
        errorAt(
          doc,
          'duplicate-operation-id',
          joinPointer(site.pointer, 'operationId'),
          `operationId '${id}' is already used by ${describeOperation(previous)} at #${previous.pointer}`,
          'operationIds become function names in the client; give each operation its own',
        ),
      );
    }
  }
  return diagnostics;
}

/**
 * Local `$ref`s must resolve. Refs to other files were made local by the loader
 * (`load/split/load-spec.ts`), so one left here means the document was read without its files;
 * refs to URLs are not fetched.
 */
export function references(doc: SourceDocument): Diagnostic[] {
  const { refs, anchors } = indexDocument(doc);
  const diagnostics: Diagnostic[] = [];
  for (const { pointer, ref } of refs) {
    if (isUrl(ref)) {
      diagnostics.push(
        errorAt(
          doc,
          'unsupported-ref',
          pointer,
          `$ref '${ref}' points to a URL, which the generator does not fetch`,
          'download the file next to the spec and refer to it by a relative path, such as ./schemas/Name.yaml',
        ),
      );
      continue;
    }
    if (!ref.startsWith('#')) {
      diagnostics.push(
        errorAt(
          doc,
          'unresolved-ref',
          pointer,
          `$ref '${ref}' points to another file, which was not read with this document`,
          "give the spec's root file with --spec: the files its $refs name are read with it",
        ),
      );
      continue;
    }
    const target = refPointer(ref);
    if (target === undefined) {
      // `#name` refers to a schema's `$anchor` (JSON Schema 2020-12, used by OpenAPI 3.1).
      if (/^#[A-Za-z_][-A-Za-z0-9._]*$/.test(ref) && anchors.has(ref.slice(1))) continue;
      diagnostics.push(
        errorAt(
          doc,
          'unresolved-ref',
          pointer,
          `$ref '${ref}' is not a JSON pointer (#/...) nor a known $anchor`,
        ),
      );
      continue;
    }
    if (resolvePointer(doc.value, target).found) continue;
    const { message, hint } = explainMissing(doc.value, target);
    diagnostics.push(
      errorAt(doc, 'unresolved-ref', pointer, `$ref '${ref}' does not resolve: ${message}`, hint),
    );
  }
  return diagnostics;
}

/** Which step of a pointer is missing, and the closest existing name there. */
function explainMissing(root: unknown, target: string): { message: string; hint?: string } {
  const tokens = splitPointer(target) ?? [];
  let parent = '';
  for (const token of tokens) {
    const next = joinPointer(parent, token);
    const here = resolvePointer(root, parent).value;
    if (!resolvePointer(root, next).found) {
      const guess = closest(token, isObject(here) ? Object.keys(here) : []);
      return {
        message: `#${parent} has no '${token}'`,
        ...(guess !== undefined ? { hint: `did you mean '#${joinPointer(parent, guess)}'?` } : {}),
      };
    }
    parent = next;
  }
  return { message: 'the target does not exist' };
}

/**
 * An `enum` should allow something, and list each value once; both are SHOULDs in JSON
 * Schema that published documents break and peers generate from, so both are warnings with
 * one reading (`TOLERANCES`): an empty enum constrains nothing, a repeated value counts once.
 */
export function enumValues(doc: SourceDocument): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const { pointer, values } of indexDocument(doc).enums) {
    if (values.length === 0) {
      diagnostics.push(
        warningAt(
          doc,
          'enum-empty',
          pointer,
          'enum has no values, so strictly no value is valid',
          `read as ${readingOf('enum-empty')}; list the allowed values, or remove the enum`,
        ),
      );
      continue;
    }
    const seen = new Map<string, number>();
    values.forEach((value, index) => {
      const key = canonical(value);
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, index);
        return;
      }
      diagnostics.push(
        warningAt(
          doc,
          'enum-duplicate',
          joinPointer(pointer, index),
          `enum value ${JSON.stringify(value) ?? String(value)} is listed twice (first at index ${first})`,
          `read as ${readingOf('enum-duplicate')}; remove the repeated value`,
        ),
      );
    });
  }
  return diagnostics;
}

/** A type-tagged, key-sorted text for a JSON value, so `1` and `'1'` differ and key order does not matter. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return `${typeof value}:${String(value)}${typeof value === 'string' ? `:${value.length}` : ''}`;
}

/** House rules, switched on by the document's top-level `x-codegen-rules`. */
function houseRule(doc: SourceDocument, name: string): boolean {
  return member(member(doc.value, 'x-codegen-rules'), name) === true;
}

/** `x-codegen-rules.trailingSlash: true`: every path ends with `/`. */
export function trailingSlashes(doc: SourceDocument): Diagnostic[] {
  const paths = member(doc.value, 'paths');
  if (!houseRule(doc, 'trailingSlash') || !isObject(paths)) return [];
  return Object.keys(paths)
    .filter((path) => path.startsWith('/') && !path.endsWith('/'))
    .map((path) =>
      errorAt(
        doc,
        'path-trailing-slash',
        joinPointer('/paths', path),
        `path '${path}' does not end with '/'`,
        `rename it to '${path}/' (x-codegen-rules.trailingSlash is on)`,
      ),
    );
}

/**
 * `x-codegen-rules.bearerSecurity: true`: an `http`/`bearer` security scheme exists, and every
 * operation requires it: its effective security (its own, else the top-level one) is not
 * empty and every alternative in it includes a bearer scheme.
 */
export function bearerSecurity(doc: SourceDocument): Diagnostic[] {
  if (!houseRule(doc, 'bearerSecurity')) return [];
  const schemes = member(member(doc.value, 'components'), 'securitySchemes');
  const bearer = new Set(
    Object.entries(isObject(schemes) ? schemes : {})
      .filter(([name, scheme]) => {
        const target = deref(
          doc.value,
          scheme,
          joinPointer('/components/securitySchemes', name),
        ).value;
        const kind = member(target, 'scheme');
        return (
          member(target, 'type') === 'http' &&
          typeof kind === 'string' &&
          kind.toLowerCase() === 'bearer'
        );
      })
      .map(([name]) => name),
  );
  if (bearer.size === 0) {
    return [
      errorAt(
        doc,
        'operation-security',
        '/components/securitySchemes',
        "no security scheme has type 'http' and scheme 'bearer'",
        'x-codegen-rules.bearerSecurity requires one, for example components.securitySchemes.bearerAuth: {type: http, scheme: bearer}',
      ),
    ];
  }
  const example = `security: [{${[...bearer][0]}: []}]`;
  const topLevel = member(doc.value, 'security');
  const diagnostics: Diagnostic[] = [];
  for (const site of indexDocument(doc).operations) {
    if (site.section !== 'paths') continue;
    const own = member(site.operation, 'security');
    const requirements = Array.isArray(own) ? own : Array.isArray(topLevel) ? topLevel : [];
    const where = Array.isArray(own) ? joinPointer(site.pointer, 'security') : site.pointer;
    const inherited = Array.isArray(own) ? '' : ' (inherited from the top-level security)';
    if (requirements.length === 0) {
      diagnostics.push(
        errorAt(
          doc,
          'operation-security',
          where,
          `${describeOperation(site)} requires no authentication${inherited}`,
          `add ${example} to the operation or at the top level`,
        ),
      );
      continue;
    }
    const open = requirements.findIndex(
      (requirement) =>
        isObject(requirement) && !Object.keys(requirement).some((name) => bearer.has(name)),
    );
    if (open >= 0) {
      diagnostics.push(
        errorAt(
          doc,
          'operation-security',
          Array.isArray(own) ? joinPointer(where, open) : where,
          `${describeOperation(site)} can be called without bearer authentication: security requirement ${open} does not include ${[...bearer].map((name) => `'${name}'`).join(' or ')}${inherited}`,
          `every alternative in 'security' must include a bearer scheme, for example ${example}`,
        ),
      );
    }
  }
  return diagnostics;
}

function describeOperation(site: OperationSite): string {
  return site.section === 'paths'
    ? `${site.method.toUpperCase()} ${site.key}`
    : `webhook '${site.key}' ${site.method.toUpperCase()}`;
}
