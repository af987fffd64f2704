/**
 * Path templates against path parameters: every `{name}` in a path must be declared as an
 * `in: path` parameter of each operation (directly, or on the path item, or through a `$ref`
 * to `components.parameters`), every declared path parameter must occur in the template, and
 * must say `required: true` (OpenAPI 3.x requires it: a path segment cannot be absent).
 */
import type { Diagnostic } from '../shared/diagnostics.js';
import { pathItemOperations } from '../shared/document/methods.js';
import { joinPointer } from '../shared/document/pointer.js';
import {
  followRefs as deref,
  isObject,
  member,
  type RawObject as JsonObject,
} from '../shared/document/read.js';
import type { SourceDocument } from '../load/load.js';
import { errorAt } from './report.js';
import { diagnosticAt } from '../shared/diagnostics.js';

interface DeclaredParameter {
  readonly name: string;
  readonly location: string;
  /** Where it is listed: the item of the `parameters` array. */
  readonly site: string;
  /** Where it is defined: the same, or the `components.parameters` entry a `$ref` names. */
  readonly definition: string;
  readonly value: JsonObject;
}

export function pathParameters(doc: SourceDocument): Diagnostic[] {
  const paths = member(doc.value, 'paths');
  if (!isObject(paths)) return [];
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  const reportOnce = (key: string, make: () => Diagnostic) => {
    if (reported.has(key)) return;
    reported.add(key);
    diagnostics.push(make());
  };

  for (const [template, raw] of Object.entries(paths)) {
    if (!template.startsWith('/')) continue;
    const item = deref(doc.value, raw, joinPointer('/paths', template));
    if (!isObject(item.value)) continue;
    // A query in the key (OpenAI's `/responses/{id}?beta=true`) is sent as it is with every
    // call; a placeholder in it would be a parameter no style describes.
    const query = template.indexOf('?');
    if (query >= 0 && template.includes('{', query))
      diagnostics.push(
        errorAt(
          doc,
          'path-query-template',
          joinPointer('/paths', template),
          `the path ${template} has a query string with a parameter in it; only a fixed query (such as ?beta=true) may follow the path`,
          'declare the parameter under parameters with in: query, and keep the path key to the path',
        ),
      );
    const names = new Set([...template.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? ''));
    const shared = readParameters(doc.value, item.value, item.pointer);
    const operations = pathItemOperations(item.value).flatMap(({ method, keys, operation }) =>
      isObject(operation)
        ? [{ method, pointer: joinPointer(item.pointer, ...keys), operation }]
        : [],
    );

    for (const { method, pointer, operation } of operations) {
      const own = readParameters(doc.value, operation, pointer);
      // Path-item parameters apply to every operation under it (an operation's own parameter
      // of the same name and location overrides, which changes nothing here).
      const all = [...shared.declared, ...own.declared];
      checkQueryString(all, method, template, doc, reportOnce);
      const declared = new Set(all.filter((p) => p.location === 'path').map((p) => p.name));
      for (const name of names) {
        if (declared.has(name) || shared.unsure(name) || own.unsure(name)) continue;
        diagnostics.push(
          errorAt(
            doc,
            'path-parameter-undeclared',
            pointer,
            `${method.toUpperCase()} ${template} does not declare the path parameter '${name}'`,
            `add {name: ${name}, in: path, required: true, schema: {type: string}} to the parameters of the operation or of its path item`,
          ),
        );
      }
      checkDeclared(own.declared, names, template, doc, reportOnce);
    }
    checkDeclared(shared.declared, names, template, doc, reportOnce);
  }
  return diagnostics;
}

/**
 * OpenAPI 3.2's `in: querystring` is the whole query string, so an operation has one at most,
 * and no `in: query` parameter beside it (the specification forbids both).
 */
function checkQueryString(
  parameters: readonly DeclaredParameter[],
  method: string,
  template: string,
  doc: SourceDocument,
  reportOnce: (key: string, make: () => Diagnostic) => void,
): void {
  const whole = parameters.filter((p) => p.location === 'querystring');
  const first = whole[0];
  if (!first) return;
  const query = parameters.find((p) => p.location === 'query');
  const other = whole[1] ?? query;
  if (!other) return;
  // At the list that holds the second one, where the 3.2 schema reports the same problem in
  // general words (`querystring-mixed` restates it, see validate/index.ts).
  const list = other.site.slice(0, other.site.lastIndexOf('/'));
  reportOnce(`querystring ${other.site} ${first.site}`, () =>
    errorAt(
      doc,
      'querystring-mixed',
      list,
      `${method.toUpperCase()} ${template} has ${other === query ? 'the query' : 'a second querystring'} parameter '${other.name}' beside the querystring parameter '${first.name}', which is the whole query string`,
      other === query
        ? `move '${other.name}' into the querystring parameter's schema, or describe the query with in: query parameters only`
        : 'describe the whole query string with one querystring parameter',
    ),
  );
}

function checkDeclared(
  parameters: readonly DeclaredParameter[],
  names: ReadonlySet<string>,
  template: string,
  doc: SourceDocument,
  reportOnce: (key: string, make: () => Diagnostic) => void,
): void {
  for (const parameter of parameters) {
    if (parameter.location !== 'path') continue;
    if (!names.has(parameter.name)) {
      reportOnce(`unused ${parameter.site}`, () =>
        errorAt(
          doc,
          'path-parameter-unused',
          parameter.site,
          `path parameter '${parameter.name}' does not appear in the path '${template}'`,
          `add {${parameter.name}} to the path, or remove the parameter (or change its 'in')`,
        ),
      );
    }
    if (parameter.value['required'] !== true) {
      // At `required` when it is there (false), else at the parameter, where it must be added.
      const pointer = Object.hasOwn(parameter.value, 'required')
        ? joinPointer(parameter.definition, 'required')
        : parameter.definition;
      reportOnce(`optional ${parameter.definition}`, () =>
        // Other generators take such a parameter as required, and so does the IR: a warning.
        diagnosticAt(
          doc,
          'path-parameter-optional',
          pointer,
          `path parameter '${parameter.name}' must have required: true`,
          {
            severity: 'warning',
            hint: 'a path parameter is part of the URL and can never be left out; it is taken as required',
          },
        ),
      );
    }
  }
}

interface Parameters {
  readonly declared: readonly DeclaredParameter[];
  /**
   * Whether a malformed entry might declare `name`: one with that name but no readable `in`,
   * or one that cannot be read at all (an unresolved `$ref`). The schema check or the
   * reference rule reports those; claiming the name is undeclared as well would repeat the
   * one mistake for every operation that uses a broken shared parameter.
   */
  unsure(name: string): boolean;
}

/** The parameters listed on an operation or path item, with `$ref`s followed. */
function readParameters(root: unknown, owner: JsonObject, ownerPointer: string): Parameters {
  const list = member(owner, 'parameters');
  const declared: DeclaredParameter[] = [];
  const unsureNames = new Set<string>();
  let unreadable = false;
  (Array.isArray(list) ? list : []).forEach((entry, index) => {
    const site = joinPointer(ownerPointer, 'parameters', index);
    const target = deref(root, entry, site);
    const name = member(target.value, 'name');
    const location = member(target.value, 'in');
    if (isObject(target.value) && typeof name === 'string' && typeof location === 'string') {
      declared.push({ name, location, site, definition: target.pointer, value: target.value });
    } else if (typeof name === 'string') {
      unsureNames.add(name);
    } else if (isObject(target.value)) {
      unreadable = true;
    }
  });
  return { declared, unsure: (name) => unreadable || unsureNames.has(name) };
}
