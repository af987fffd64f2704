/**
 * `$id` in an OpenAPI 3.1 schema, as JSON Schema reads it: a schema with an `$id` sets the
 * base its `$ref`s (its own and those below it) resolve against. The loader resolves every
 * `$ref` against the file it is written in, as Redocly does (`crawl.ts`, `bundle.ts`), so
 * where the two readings part this says so, at the `$ref`, and never reads one silently:
 *
 * - when JSON Schema's reading names a schema of the spec by its `$id` (`#/$defs/Owner`
 *   under `$id: https://example.com/pet`), the `$ref` is read so: rewritten as the path to
 *   that place from the file it is in, which the bundler then follows;
 * - when it names a file by a relative `$id`, which the loader did not read for it: an error
 *   (`unsupported-ref`) whose hint gives the `$ref` written so that both read the same;
 * - when it names nothing the spec holds (an `$id` such as `https://example.com/pet`, which
 *   only a fetch could reach): a warning that the `$ref` is read against the file, as peers
 *   read it.
 *
 * 3.0's Schema Object has no `$id` (an `$id` there is an unknown keyword or example data), so
 * only 3.1 documents are read so. Examples, defaults, extensions and names are skipped as the
 * validator skips them (`shared/document/name-maps.ts`).
 */
import { dirname, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { isExtensionKey, NAME_MAPS } from '../../shared/document/name-maps.js';
import {
  joinPointer,
  refPointer,
  resolvePointer,
  splitPointer,
} from '../../shared/document/pointer.js';
import { isObject } from '../../shared/document/read.js';
import type { SourceDocument } from '../load.js';

/** One parsed file of the spec: its absolute path and its document. */
export interface IdFile {
  readonly absolute: string;
  readonly document: SourceDocument;
}

/** Whether the root document is one whose schemas read `$id` (OpenAPI 3.1 and 3.2). */
export function readsSchemaIds(root: unknown): boolean {
  return isObject(root) && typeof root.openapi === 'string' && /^3\.[12]\./.test(root.openapi);
}

/** A schema with an `$id`: where it is, and its `$id` as written and resolved. */
interface Resource {
  readonly file: IdFile;
  readonly pointer: string;
}

/** A `$ref` under at least one `$id`. */
interface ScopedRef {
  readonly file: IdFile;
  readonly pointer: string;
  readonly ref: string;
  /** The nearest `$id` as written, and the base it gives. */
  readonly id: string;
  readonly base: URL;
}

/** What the `$id`s of a spec's files change about their `$ref`s. */
export interface SchemaIds {
  readonly diagnostics: readonly Diagnostic[];
  /** Each file whose `$ref`s JSON Schema reads elsewhere, with them rewritten so (a copy). */
  readonly documents: ReadonlyMap<string, SourceDocument>;
}

export function readSchemaIds(files: readonly IdFile[]): SchemaIds {
  const resources = new Map<string, Resource>();
  const scoped: ScopedRef[] = [];
  for (const file of files) walk(file, resources, scoped);
  const diagnostics: Diagnostic[] = [];
  const rewrites = new Map<IdFile, { pointer: string; ref: string }[]>();
  for (const site of scoped) {
    const found = check(site, resources);
    if ('ref' in found) {
      const list = rewrites.get(site.file) ?? [];
      list.push({ pointer: site.pointer, ref: found.ref });
      rewrites.set(site.file, list);
    } else diagnostics.push(...found.diagnostics);
  }
  const documents = new Map<string, SourceDocument>();
  for (const [file, list] of rewrites)
    documents.set(file.absolute, { ...file.document, value: rewritten(file.document.value, list) });
  return { diagnostics, documents };
}

/**
 * `value` with the `$ref`s at `sites` (pointers of `$ref` members) set, copying only the
 * objects on their way: a parsed value may be shared through the load cache.
 */
function rewritten(value: unknown, sites: readonly { pointer: string; ref: string }[]): unknown {
  const copies = new Set<unknown>();
  const copy = (node: unknown): Record<string, unknown> | unknown[] => {
    const made = Array.isArray(node) ? [...node] : { ...(node as Record<string, unknown>) };
    copies.add(made);
    return made;
  };
  const root = { value };
  for (const { pointer, ref } of sites) {
    const tokens = splitPointer(pointer) ?? [];
    let parent: Record<string, unknown> = root;
    let key = 'value';
    for (const token of tokens) {
      const node = parent[key];
      const own = copies.has(node) ? node : copy(node);
      parent[key] = own;
      parent = own as Record<string, unknown>;
      key = token;
    }
    parent[key] = ref;
  }
  return root.value;
}

/** Keys whose value is example or default data. */
const LITERALS = new Set(['example', 'default', 'const', 'enum']);

interface Frame {
  readonly node: unknown;
  readonly pointer: string;
  readonly parentKey: string | undefined;
  readonly grandparentKey: string | undefined;
  readonly base: URL;
  readonly id: string | undefined;
}

function walk(file: IdFile, resources: Map<string, Resource>, scoped: ScopedRef[]): void {
  const own = pathToFileURL(file.absolute);
  const stack: Frame[] = [
    {
      node: file.document.value,
      pointer: '',
      parentKey: undefined,
      grandparentKey: undefined,
      base: own,
      id: undefined,
    },
  ];
  while (stack.length > 0) {
    const { node, pointer, parentKey, grandparentKey, ...frame } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      node.forEach((item, index) =>
        stack.push({
          ...frame,
          node: item,
          pointer: joinPointer(pointer, index),
          parentKey: undefined,
          grandparentKey: undefined,
        }),
      );
      continue;
    }
    const record = node as Record<string, unknown>;
    const names = parentKey !== undefined && NAME_MAPS.has(parentKey);
    let { base, id } = frame;
    if (!names && typeof record.$id === 'string') {
      const resolved = resolveUrl(record.$id, base);
      if (resolved) {
        resolved.hash = '';
        base = resolved;
        id = record.$id;
        if (!resources.has(resolved.href)) resources.set(resolved.href, { file, pointer });
      }
    }
    if (!names && typeof record.$ref === 'string' && id !== undefined && base.href !== own.href)
      scoped.push({ file, pointer: joinPointer(pointer, '$ref'), ref: record.$ref, id, base });
    for (const [key, value] of Object.entries(record)) {
      if (isExtensionKey(key, parentKey, grandparentKey)) continue;
      if (!names && (LITERALS.has(key) || (key === 'examples' && Array.isArray(value)))) continue;
      if (!names && key === 'value' && grandparentKey === 'examples') continue;
      stack.push({
        node: value,
        pointer: joinPointer(pointer, key),
        parentKey: key,
        grandparentKey: parentKey,
        base,
        id,
      });
    }
  }
}

/** The `$ref` as JSON Schema reads it, written from its file; or why it cannot be read so. */
function check(
  site: ScopedRef,
  resources: ReadonlyMap<string, Resource>,
): { readonly ref: string } | { readonly diagnostics: readonly Diagnostic[] } {
  const none = { diagnostics: [] };
  const own = pathToFileURL(site.file.absolute);
  const ours = resolveUrl(site.ref, own);
  const theirs = resolveUrl(site.ref, site.base);
  if (!ours || !theirs || ours.href === theirs.href) return none;
  const fragment = decodeURIComponent(theirs.hash.slice(1));
  const document = new URL(theirs.href);
  document.hash = '';
  const pointer = refPointer(`#${fragment}`);
  const resource = resources.get(document.href);
  // A schema of the spec with that `$id`, and something at the fragment in it (an `$id` that
  // only names the schema, with a `$ref` written from the document's root, names nothing).
  const embedded =
    resource &&
    pointer !== undefined &&
    resolvePointer(resource.file.document.value, resource.pointer + pointer).found
      ? { file: resource.file.absolute, pointer: resource.pointer }
      : undefined;
  if (embedded && pointer !== undefined)
    return { ref: suggestion(site.file.absolute, embedded.file, embedded.pointer + pointer) };
  const place =
    !resource && document.protocol === 'file:'
      ? { file: fileURLToPath(document), pointer: '' }
      : undefined;
  if (!place)
    return {
      diagnostics: [
        at(
          site,
          'warning',
          'ref-under-id',
          `$ref '${site.ref}' is read against the file it is written in, not against the $id '${site.id}' above it, where JSON Schema would resolve it (to ${theirs.href}, which nothing in the spec holds)`,
          'Redocly and openapi-typescript read it the same way; drop the $id for JSON Schema to read it so too',
        ),
      ],
    };
  const written =
    pointer === undefined
      ? undefined
      : suggestion(site.file.absolute, place.file, place.pointer + pointer);
  return {
    diagnostics: [
      at(
        site,
        'error',
        'unsupported-ref',
        `$ref '${site.ref}' is under the $id '${site.id}', against which JSON Schema resolves it to another file (${theirs.href}) than the one it is written in, which the generator reads it against`,
        written === undefined
          ? 'write the $ref as a path from the file it is in, or drop the $id'
          : `write the $ref as a path from the file it is in, '${written}', for both readings to agree`,
      ),
    ],
  };
}

/** `target#pointer` as a `$ref` written in `from`: `#pointer` within the file itself. */
function suggestion(from: string, target: string, pointer: string): string {
  const path = target === from ? '' : relative(dirname(from), target).split('\\').join('/');
  return `${path.startsWith('.') || path === '' ? path : `./${path}`}#${pointer}`;
}

function at(
  site: ScopedRef,
  severity: 'error' | 'warning',
  code: string,
  message: string,
  hint: string,
): Diagnostic {
  const where = site.file.document.locate(site.pointer);
  return diagnostic({
    code,
    severity,
    message,
    hint,
    file: site.file.document.file,
    pointer: site.pointer,
    line: where.line,
    column: where.column,
  });
}

function resolveUrl(reference: string, base: URL): URL | undefined {
  try {
    return new URL(reference, base);
  } catch {
    return undefined;
  }
}
